"""Game records: every hand and match reproducible from game, version, options, seed or stacked.

The stable import path of :mod:`cardkit.services.records`, in the services.
"""

from cardkit.services.records import *  # noqa: F403
from cardkit.services.records import __all__ as __all__
