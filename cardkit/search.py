"""A generic search agent for any game whose state can sample hidden cards.

Search agents in card games face one trap: the true state holds cards the player cannot see, and
a search run on it would cheat. Here the agent never receives the state. Its runner hands it a
:class:`Sampler` built from a copy in which every card hidden from that seat has already been
dealt again at random (``State.determinize``), so the sampler holds no hidden card; each sample
is a fresh re-deal of that copy.

:class:`SearchAgent` is determinized flat Monte Carlo ("perfect-information Monte Carlo"): for
each of ``samples`` re-deals of the hidden cards it tries every legal move, plays the hand out
with the game's ``greedy`` agents (``random`` where a game has none), and picks the move with the
best average result: its payoff minus the others' mean payoff. It works for any plugin whose
state implements ``determinize``; the registry offers it as the ``search`` agent of those games.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardkit.actions import Action
from cardkit.agents import Agent
from cardkit.deck import derive_seed

if TYPE_CHECKING:
    from cardkit.game import Game
    from cardkit.state import State
    from cardkit.views import View

__all__ = ["Sampler", "SearchAgent", "search_agent"]


class Sampler:
    """Re-deals of the cards hidden from ``seat``, consistent with all that seat can see.

    Built from ``state.determinize(seat, rng)``, never from ``state`` itself, so nothing here
    (or in any sample) depends on where the hidden cards really are.
    """

    def __init__(self, state: State, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self._rng = rng
        self._world = state.determinize(seat, rng)
        self._world.forget_origin()

    def sample(self) -> State:
        """A new state with the hidden cards dealt again at random."""
        return self._world.determinize(self.seat, self._rng)


class SearchAgent(Agent):
    """Determinized flat Monte Carlo search over the legal moves (see the module docstring).

    ``samples`` re-deals per decision; ``rollout`` names the agent that plays the hands out
    (``greedy`` where the game has one); ``max_actions`` bounds each play-out.
    """

    name = "search"
    uses_samples = True

    def __init__(self, game: Game, seat: int, seed: int, samples: int = 12,
                 rollout: str = "greedy", max_actions: int | None = None) -> None:
        self.seat = seat
        self.samples = samples
        self.rng = random.Random(seed)
        names = game.definition.agent_names
        policy = rollout if rollout in names else "random"
        self.rollout_agents = [game.agent(policy, other, derive_seed(seed, "rollout", other))
                               for other in range(game.players)]
        self.max_actions = max_actions or game.definition.max_actions

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """Without samples (a runner that does not offer them) play as the rollout policy."""
        return self.rollout_agents[self.seat].choose(view, legal_actions)

    def choose_with_samples(self, view: View, legal_actions: Sequence[Action],
                            sampler: Sampler) -> tuple[Action, str]:
        """The move with the best average payoff over ``samples`` re-deals, and why."""
        if len(legal_actions) == 1:
            return legal_actions[0], "the only legal move"
        totals = [0.0] * len(legal_actions)
        for _ in range(self.samples):
            world = sampler.sample()
            for index, action in enumerate(legal_actions):
                trial = world.clone()
                trial.apply_unchecked(action)
                totals[index] += self._play_out(trial)
        best = max(range(len(legal_actions)), key=lambda index: totals[index])
        return legal_actions[best], (
            f"best average result {totals[best] / self.samples:+.2f} over {self.samples} "
            "random deals of the cards I cannot see")

    def _play_out(self, state: State) -> float:
        agents = self.rollout_agents
        steps = 0
        while state.result is None and steps < self.max_actions:
            seat = state.seat_to_play
            state.apply_unchecked(agents[seat].choose(state.view(seat), state.legal_actions()))
            steps += 1
        if state.result is None:
            return 0.0
        # The result relative to the others: in games that are not zero-sum (gin credits only
        # the scorer, Tiến Lên pays by place) what the others gain matters as much.
        payoffs = state.result.payoffs
        others = (sum(payoffs) - payoffs[self.seat]) / (len(payoffs) - 1)
        return float(payoffs[self.seat] - others)


def search_agent(game: Game, seat: int, seed: int) -> Agent:
    """The ``search`` agent factory the registry offers for games that sample hidden cards."""
    return SearchAgent(game, seat, seed)
