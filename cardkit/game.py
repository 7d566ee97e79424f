"""Game definitions (what a plugin declares) and configured games (what ``load_game`` returns).

The stable import path of :mod:`cardkit.engine.game`, in the engine.
"""

from cardkit.engine.game import *  # noqa: F403
from cardkit.engine.game import __all__ as __all__
