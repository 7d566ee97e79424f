"""Game records: every hand and match reproducible from game, version, options, seed or stacked.

The stable import path of :mod:`cardkit.engine.records`, in the services.
"""

from cardkit.engine.records import *  # noqa: F403
from cardkit.engine.records import __all__ as __all__
