"""How a runner asks an agent for a move: the one door between a hand and its agents."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, TypeGuard

from cardkit.engine.agents import Agent, reasoned_choice
from cardkit.engine.capabilities import Belief
from cardkit.services.search.sampler import Sampler
from cardkit.values.actions import Action

if TYPE_CHECKING:
    from cardkit.engine.state import State
    from cardkit.values.views import View

__all__ = ["SearchingAgent", "choose_action", "searches"]


class SearchingAgent(Protocol):
    """An agent that plans on samples of the hidden cards (the search agents of
    :mod:`cardkit.search`, or a game's own): :func:`choose_action` hands it a
    :class:`~cardkit.search.Sampler` of worlds consistent with its seat's view, drawn from its
    own ``rng`` and, when ``uses_belief``, weighted by the game's :class:`~cardkit.game.Belief`.
    An agent is one when its class has ``choose_with_samples`` (:func:`searches`)."""

    #: the generator the sampled worlds are drawn from (the agent's seed)
    rng: random.Random
    #: draw the worlds from the game's declared belief rather than uniformly
    uses_belief: bool

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """A move without samples (an agent is always one of :class:`~cardkit.agents.Agent`'s
        kind as well)."""

    def choose_with_samples(self, view: View, legal_actions: Sequence[Action],
                            sampler: Sampler) -> tuple[Action, str]:
        """The move planned on ``sampler``'s worlds, and why."""


#: Whether each agent class searches, decided once per class (asked at every move).
_SEARCHES: dict[type, bool] = {}


def searches(agent: object) -> TypeGuard[SearchingAgent]:
    """True if ``agent`` plans on samples of the hidden cards: its class has
    ``choose_with_samples`` (see :class:`SearchingAgent`)."""
    kind = type(agent)
    found = _SEARCHES.get(kind)
    if found is None:
        found = _SEARCHES[kind] = callable(getattr(kind, "choose_with_samples", None))
    return found


def choose_action(agent: Agent, state: State, seat: int, explain: bool = False,
                  legal: Sequence[Action] | None = None) -> tuple[Action, str]:
    """Ask ``agent`` for ``seat``'s move in ``state``: the agent sees only the seat's view and
    the legal actions (and, if it searches, a sampler of the hidden cards built from a re-dealt
    copy). Returns the action and, when ``explain`` and the agent can say, why. ``legal``
    offers a subset of the legal actions instead (a referee bridging to another engine offers
    only the moves both allow)."""
    view = state.view(seat)
    offered = state.legal_actions() if legal is None else list(legal)
    if searches(agent):  # duck-typed agents need not subclass Agent
        if len(offered) == 1:
            return offered[0], "the only legal move"  # a forced move costs no search
        belief = state.game.definition.capability(Belief)
        build = belief.build if belief is not None and agent.uses_belief else None
        sampler = Sampler(state, seat, agent.rng, belief=build)
        return agent.choose_with_samples(view, offered, sampler)
    if explain:
        return reasoned_choice(agent, view, offered)
    return agent.choose(view, offered), ""
