"""Playing a sampled hand out with the game's own policy, and judging how it went for a seat."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardkit.engine.agents import Agent
    from cardkit.engine.state import State

__all__ = ["OBJECTIVES", "Rollout", "relative_score"]

#: What a play-out is worth to the searching seat: its payoff against its best rival's
#: (``payoff``), or only who won (``wins``: +1 if the seat won, -1 if another seat did).
OBJECTIVES = ("payoff", "wins")


def relative_score(values: Sequence[float], seat: int) -> float:
    """``seat``'s value minus the best of the others': a play-out is judged by how the seat did
    against its strongest rival, since gin credits only the scorer and Tiến Lên pays by place
    (neither is zero-sum), and a two-player game reduces to the difference."""
    others = [value for other, value in enumerate(values) if other != seat]
    return float(values[seat] - max(others)) if others else float(values[seat])


class Rollout:
    """Plays a state to its end (at most ``max_actions`` actions) with one policy agent per
    seat, each choosing from its own view of the sampled world -- so the others play by what
    they could know there, never by the searching seat's knowledge. A hand cut off by the
    guard is scored by the game's ``evaluate`` when it has one (0 otherwise). ``objective``
    (one of :data:`OBJECTIVES`) says what a finished hand is worth."""

    def __init__(self, policies: Sequence[Agent], max_actions: int,
                 evaluate: Callable[[State], Sequence[float]] | None,
                 objective: str = "wins") -> None:
        self.policies = policies
        self.max_actions = max_actions
        self.evaluate = evaluate
        self.objective = objective

    def play(self, state: State, seat: int) -> tuple[float, bool]:
        """Play ``state`` out in place; ``seat``'s relative score and whether it won outright
        (sole best payoff, or among the winners of a game that names one winner)."""
        policies = self.policies
        steps = 0
        while state.result is None and steps < self.max_actions:
            player = state.current_player
            assert player is not None
            legal = state.legal_actions()
            action = legal[0] if len(legal) == 1 else policies[player].choose(
                state.view(player), legal)
            state.apply_unchecked(action)
            steps += 1
        result = state.result
        if result is None:
            if self.evaluate is None:
                return 0.0, False
            score = relative_score(self.evaluate(state), seat)
            return score, score > 0
        score = relative_score(result.payoffs, seat)
        won = seat in result.winners if result.winners else score > 0
        if self.objective == "wins":
            return (1.0 if won else -1.0 if result.winners else 0.0), won
        return score, won
