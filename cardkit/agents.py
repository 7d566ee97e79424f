"""Agents: anything that picks an action from a view.

The stable import path of :mod:`cardkit.engine.agents`, in the engine.
"""

from cardkit.engine.agents import *  # noqa: F403
from cardkit.engine.agents import __all__ as __all__
