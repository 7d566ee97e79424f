"""How a runner asks an agent for a move: the one door between a hand and its agents."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit.engine.agents import Agent, reasoned_choice
from cardkit.engine.capabilities import Belief
from cardkit.services.search.sampler import Sampler
from cardkit.values.actions import Action

if TYPE_CHECKING:
    from cardkit.engine.state import State

__all__ = ["choose_action"]


def choose_action(agent: Agent, state: State, seat: int,
                  explain: bool = False) -> tuple[Action, str]:
    """Ask ``agent`` for ``seat``'s move in ``state``: the agent sees only the seat's view and
    the legal actions (and, if it searches, a sampler of the hidden cards built from a re-dealt
    copy). Returns the action and, when ``explain`` and the agent can say, why."""
    view = state.view(seat)
    legal = state.legal_actions()
    if len(legal) == 1 and getattr(agent, "uses_samples", False):
        return legal[0], "the only legal move"  # a forced move costs no search
    if getattr(agent, "uses_samples", False):  # duck-typed agents need not subclass Agent
        belief = state.game.definition.capability(Belief)
        build = belief.build if belief is not None and getattr(agent, "uses_belief", False) \
            else None
        sampler = Sampler(state, seat, agent.rng, belief=build)  # type: ignore[attr-defined]
        return agent.choose_with_samples(view, legal, sampler)  # type: ignore[attr-defined]
    if explain:
        return reasoned_choice(agent, view, legal)
    return agent.choose(view, legal), ""
