"""The hint a player gets: the move the game's strongest agent would make for them, and why.

``cardkit play`` asks it of the hand on its screen; at a network table the server asks it of
the hand it holds, for the seat that asked (the client holds only its view, and a search plans
on re-deals of the hidden cards). Either way the agent sees only that seat's view and a sampler
built from a re-dealt copy, never a hidden card
(:func:`~cardkit.services.search.choose.choose_action`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from cardkit.engine.state import State as EngineState
from cardkit.services.search.choose import choose_action, searches
from cardkit.services.search.thinking import budget_params
from cardkit.values.actions import Action

if TYPE_CHECKING:
    from cardkit.engine.game import Game
    from cardkit.engine.state import State

__all__ = ["STRONGEST_FIRST", "Hint", "hint", "strongest_agent", "view_only_agent"]

#: The opponents worth offering as the strongest, strongest first (``greedy`` is ``normal``
#: under its own name; ``easy`` and ``random`` are never the strongest a game has).
STRONGEST_FIRST = ("expert", "hard", "normal", "greedy")


@attrs.frozen
class Hint:
    """A hint: the agent that gave it, its move and its reason (empty when it gives none)."""

    agent: str
    action: Action
    reason: str


def strongest_agent(game: Game) -> str:
    """The strongest agent the game offers: ``expert`` (a search on top of ``hard``, about a
    second a move with its default budget), else ``hard``, ``normal``/``greedy``, else
    ``random``."""
    names = game.definition.agent_names
    return next((name for name in STRONGEST_FIRST if name in names), "random")


def view_only_agent(game: Game) -> str:
    """The strongest agent that plans from the seat's view alone, for a hand whose hidden
    cards cannot be re-dealt (a state-like object that is not the engine's): a game's own
    ``hard`` where it does not search, else ``normal``/``greedy``, else ``random``."""
    names = game.definition.agent_names
    for name in STRONGEST_FIRST:
        if name in names and not searches(game.agent(name, 0, 0)):
            return name
    return "random"


def hint(state: State, seat: int, *, think: float | None = None, playouts: int | None = None,
         seed: int = 0) -> Hint:
    """What :func:`strongest_agent` (:func:`view_only_agent` for a hand that is not the
    engine's) would play for ``seat`` in ``state`` and why; ``think``
    (seconds) and ``playouts`` are a searching agent's budget (None: its default); ``seed``
    seeds the agent."""
    game = state.game
    # a search plans on re-deals of the hidden cards, which only the engine's hand can make
    name = strongest_agent(game) if isinstance(state, EngineState) else view_only_agent(game)
    budget = budget_params(game.definition.agent_factory(name), think, playouts)
    agent = game.agent(name, seat, seed, **budget)
    action, reason = choose_action(agent, state, seat, explain=True)
    return Hint(name, action, reason)
