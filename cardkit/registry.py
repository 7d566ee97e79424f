"""Finding games: the ``cardkit.games`` entry-point group.

The stable import path of :mod:`cardkit.engine.registry`, in the services.
"""

from cardkit.engine.registry import *  # noqa: F403
from cardkit.engine.registry import __all__ as __all__
