"""Game definitions and configured games.

The stable import path of :mod:`cardkit.engine.definition` (``GameDefinition``),
:mod:`cardkit.engine.capabilities`, :mod:`cardkit.engine.game` (``Game``) and the match
context of :mod:`cardkit.engine.match`, in the engine; ``agent_parameters`` is the agent
roster's (:mod:`cardkit.services.search.roster`).
"""

from cardkit.engine.capabilities import *  # noqa: F403
from cardkit.engine.capabilities import __all__ as _capabilities
from cardkit.engine.definition import GameDefinition
from cardkit.engine.game import Game
from cardkit.engine.match import (
    HandContext,
    MatchOutcome,
    MatchRules,
    points_target_match,
    rotating_dealer_match,
)
from cardkit.services.search.roster import agent_parameters

__all__ = [
    *_capabilities,
    "Game",
    "GameDefinition",
    "HandContext",
    "MatchOutcome",
    "MatchRules",
    "agent_parameters",
    "points_target_match",
    "rotating_dealer_match",
]
