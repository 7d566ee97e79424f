"""The turn-phase machine: the base class of every game's hand state.

The stable import path of :mod:`cardkit.engine.state`, in the engine.
"""

from cardkit.engine.state import *  # noqa: F403
from cardkit.engine.state import __all__ as __all__
