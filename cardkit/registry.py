"""Finding games: the ``cardkit.games`` entry-point group.

The stable import path of :mod:`cardkit.services.registry`, in the services.
"""

from cardkit.services.registry import *  # noqa: F403
from cardkit.services.registry import __all__ as __all__
