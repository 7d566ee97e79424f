"""Agents: anything that picks an action from a view.

The stable import path of :mod:`cardkit.engine.agents`, in the engine, and of
``choose_action``, ``SearchingAgent`` and ``searches``
(:mod:`cardkit.services.search.choose`), in the services.
"""

from cardkit.engine.agents import *  # noqa: F403
from cardkit.engine.agents import __all__ as _agents
from cardkit.services.search.choose import SearchingAgent, choose_action, searches

__all__ = [*_agents, "SearchingAgent", "choose_action", "searches"]
