"""Agents: anything that picks an action from a view.

``Agent.choose(view, legal_actions) -> action``. Agents only ever see a
:class:`~cardkit.views.View`.
Every game offers ``random``; games add their own (``greedy`` …) in their definition's
``agents`` table, as factories ``(game, seat, seed) -> Agent``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from cardkit.values.actions import Action

if TYPE_CHECKING:
    from cardkit.engine.game import Game
    from cardkit.engine.state import State
    from cardkit.values.views import View

__all__ = ["Agent", "AgentFactory", "RandomAgent", "random_agent", "reasoned_choice"]


class Agent:
    """Base class for agents. Subclasses implement :meth:`choose`; those that can say why they
    chose a move also implement :meth:`choose_with_reason` (the CLI's ``hint`` shows it).
    Agents that plan on samples of the hidden cards (:mod:`cardkit.search`) also implement
    ``choose_with_samples(view, legal, sampler)`` (the protocol
    :class:`cardkit.agents.SearchingAgent`); runners ask every agent through
    :func:`cardkit.agents.choose_action`.

    Play-outs inside a search ask :meth:`choose_in` instead, on the sampled world itself: an
    agent fast enough to be a roll-out policy may override it to read that world directly
    rather than a :class:`~cardkit.views.View` built for every move, under a promise the
    conformance kit checks (:func:`cardkit.testing.check_policy`)."""

    name: str = "agent"

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """Pick one of ``legal_actions``."""
        raise NotImplementedError

    def choose_with_reason(self, view: View, legal_actions: Sequence[Action]) -> tuple[Action, str]:
        """The chosen action and a short reason (empty if the agent cannot say)."""
        return self.choose(view, legal_actions), ""

    def choose_in(self, state: State, seat: int, legal_actions: Sequence[Action]) -> Action:
        """``seat``'s move in ``state`` (a sampled world of a search, ``seat`` to play): by
        default :meth:`choose` of ``state.view(seat)``.

        An override skips the view and reads ``state`` directly, and promises two things: it
        returns exactly what :meth:`choose` returns for ``state.view(seat)`` (its own memory
        moving the same way), and so it reads nothing ``seat`` may not see -- the same view
        gives the same move whatever the hidden cards are. The conformance kit checks both at
        every step of many hands (:func:`cardkit.testing.check_policy`), and
        ``Rollout(check=True)`` checks them at every step of its play-outs."""
        return self.choose(state.view(seat), legal_actions)


class RandomAgent(Agent):
    """Chooses uniformly among the legal actions, from its own ``random.Random(seed)``."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """A uniformly random legal action."""
        return legal_actions[self.rng.randrange(len(legal_actions))]

    def choose_in(self, state: State, seat: int, legal_actions: Sequence[Action]) -> Action:
        """A uniformly random legal action (no view needed: the same draw as :meth:`choose`)."""
        return legal_actions[self.rng.randrange(len(legal_actions))]

    def choose_with_reason(self, view: View, legal_actions: Sequence[Action]) -> tuple[Action, str]:
        """A random action; the reason says so."""
        return self.choose(view, legal_actions), "chosen at random"


def reasoned_choice(agent: Any, view: View, legal_actions: Sequence[Action]
                    ) -> tuple[Action, str]:
    """``agent``'s move and its reason: its ``choose_with_reason`` where it has one, else its
    ``choose`` and no reason. All an agent needs is ``choose`` (it need not subclass
    :class:`Agent`); reasons are optional, and whoever wants one asks through here."""
    explain = getattr(agent, "choose_with_reason", None)
    if explain is None:
        return agent.choose(view, legal_actions), ""
    action, reason = explain(view, legal_actions)
    return action, reason


#: ``(game, seat, seed, **params) -> Agent``; parameters are keyword arguments with defaults.
AgentFactory = Callable[..., Agent]


def random_agent(game: Game, seat: int, seed: int) -> Agent:
    """The ``random`` agent factory every game has."""
    return RandomAgent(seed)
