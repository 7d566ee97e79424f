"""The strength ladder every game with a policy gets: ``easy`` < ``normal`` < ``hard``.

- ``normal`` is the game's ``greedy`` agent (its own, or the generic one of a rummy game,
  :mod:`~cardkit.services.search.melding`);
- ``easy`` is that greedy agent making mistakes: each decision with more than one legal move is,
  with probability ``mistakes`` (default 0.35), a uniformly random legal move instead -- it
  still spreads, knocks and goes out most of the time, but throws away good cards and misses
  chances a beginner learns to punish;
- ``hard``, for a game that declares no fast strong player of its own, is the search agent
  (:class:`~cardkit.search.agent.SearchAgent`) held to a thought's time, ``HARD_TIME_LIMIT``
  (20 ms) a decision: it keeps the greedy move unless a few sampled play-outs say clearly that
  another is better; ``search`` is the same search at its full second (the older name of
  ``hard``). Both need a state that implements ``determinize``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardkit.engine.agents import Agent, reasoned_choice
from cardkit.services.search.agent import SearchAgent
from cardkit.values.actions import Action
from cardkit.values.deck import derive_seed

if TYPE_CHECKING:
    from cardkit.engine.game import Game
    from cardkit.values.views import View

__all__ = ["DEFAULT_MISTAKES", "HARD_TIME_LIMIT", "MistakenAgent", "easy_agent", "hard_agent",
           "normal_agent", "search_agent"]

#: The share of decisions ``easy`` plays at random.
DEFAULT_MISTAKES = 0.35
#: Seconds the generic ``hard`` thinks a decision when no budget is given: the rung answers at
#: once, as a player's fast strong move does; ``expert`` and ``search`` take a second.
HARD_TIME_LIMIT = 0.02


class MistakenAgent(Agent):
    """An agent that plays like ``base`` except that, with probability ``mistakes``, a decision
    with a choice is a uniformly random legal move (its own seeded ``random.Random``)."""

    name = "easy"

    def __init__(self, base: Agent, mistakes: float, seed: int) -> None:
        self.base = base
        self.mistakes = mistakes
        self.rng = random.Random(seed)

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """The base agent's move, or now and then a random one."""
        return self.choose_with_reason(view, legal_actions)[0]

    def choose_with_reason(self, view: View, legal_actions: Sequence[Action]
                           ) -> tuple[Action, str]:
        """The move and why (a random move says so)."""
        if len(legal_actions) > 1 and self.rng.random() < self.mistakes:
            return legal_actions[self.rng.randrange(len(legal_actions))], "a careless move"
        return reasoned_choice(self.base, view, legal_actions)


def _policy_name(game: Game) -> str:
    return "greedy" if "greedy" in game.definition.agent_names else "random"


def easy_agent(game: Game, seat: int, seed: int, *,
               mistakes: float = DEFAULT_MISTAKES) -> Agent:
    """The ``easy`` agent: the game's greedy agent with ``mistakes`` random moves."""
    if not (isinstance(mistakes, int | float) and not isinstance(mistakes, bool)
            and 0 <= mistakes <= 1):
        raise ValueError(f"mistakes must be a share between 0 and 1, not {mistakes!r}")
    base = game.definition.agent_factory(_policy_name(game))(game, seat, seed)
    return MistakenAgent(base, float(mistakes), derive_seed(seed, "mistakes"))


def normal_agent(game: Game, seat: int, seed: int) -> Agent:
    """The ``normal`` agent: the game's greedy agent."""
    return game.definition.agent_factory(_policy_name(game))(game, seat, seed)


def hard_agent(game: Game, seat: int, seed: int, *, iterations: int | None = None,
               time_limit: float | None = None, width: int | None = None,
               margin: float = 1.0,
               z: float = 2.0, policy: str | None = None,
               objective: str | None = None, belief: bool = True) -> Agent:
    """The generic ``hard`` agent: the search at ``HARD_TIME_LIMIT`` a decision unless given
    a budget (see :class:`SearchAgent` for the parameters)."""
    if iterations is None and time_limit is None:
        time_limit = HARD_TIME_LIMIT
    return search_agent(game, seat, seed, iterations=iterations, time_limit=time_limit,
                        width=width, margin=margin, z=z, policy=policy, objective=objective,
                        belief=belief)


def search_agent(game: Game, seat: int, seed: int, *, iterations: int | None = None,
                 time_limit: float | None = None, width: int | None = None,
                 margin: float = 1.0,
                 z: float = 2.0, policy: str | None = None,
                 objective: str | None = None, belief: bool = True) -> Agent:
    """The ``search`` agent: the search at its full default budget (see :class:`SearchAgent`
    for the parameters)."""
    return SearchAgent(game, seat, seed, iterations=iterations, time_limit=time_limit,
                       width=width, margin=margin, z=z, policy=policy, objective=objective,
                       belief=belief)
