"""Statistics per move at the root, shared across sampled worlds, and the race between moves.

Every sampled world plays the default move (the game policy's own choice) and each move still
in the race, so a move is always judged by its *paired* difference from the default on the same
deal: the luck of the deal cancels, and far fewer worlds separate two moves than independent
samples would need. A move whose upper confidence bound falls below another's lower bound
leaves the race, and the next candidate (by prior) takes its place -- progressive widening for
wide choices such as Tonk's spreads and hits or Tiến Lên's combinations.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from cardkit.values.actions import Action

__all__ = ["MoveStats", "Race"]


@attrs.define
class MoveStats:
    """One move's record over the worlds it was played in: its own scores and wins, and the
    sums of its paired differences from the default move."""

    action: Action
    prior: float = 0.0
    worlds: int = 0
    score: float = 0.0
    wins: int = 0
    diff: float = 0.0
    diff_squares: float = 0.0

    def add(self, score: float, won: bool, default_score: float) -> None:
        """Record one world's play-out of this move next to the default's."""
        self.worlds += 1
        self.score += score
        self.wins += won
        difference = score - default_score
        self.diff += difference
        self.diff_squares += difference * difference

    @property
    def mean_diff(self) -> float:
        """Mean gain over the default move (0 before any world)."""
        return self.diff / self.worlds if self.worlds else 0.0

    @property
    def stderr(self) -> float:
        """Standard error of :attr:`mean_diff` (infinite below two worlds)."""
        if self.worlds < 2:
            return math.inf
        mean = self.mean_diff
        variance = max(self.diff_squares / self.worlds - mean * mean, 0.0)
        return math.sqrt(variance * self.worlds / (self.worlds - 1) / self.worlds)

    @property
    def win_rate(self) -> float:
        """Share of worlds this move won."""
        return self.wins / self.worlds if self.worlds else 0.0


class Race:
    """The moves under consideration: the default (always in) and up to ``width - 1`` others
    taken in prior order; ``z`` is the width of the confidence bounds that eliminate moves and
    ``min_worlds`` how many worlds a move gets before it can be eliminated."""

    def __init__(self, default: MoveStats, others: Sequence[MoveStats], width: int,
                 z: float, min_worlds: int) -> None:
        self.default = default
        self.waiting = sorted(others, key=lambda stats: -stats.prior)
        self.running: list[MoveStats] = []
        self.done: list[MoveStats] = []
        self.width = width
        self.z = z
        self.min_worlds = min_worlds
        self._fill()

    def _fill(self) -> None:
        while self.waiting and len(self.running) < self.width - 1:
            self.running.append(self.waiting.pop(0))

    def bounds(self, stats: MoveStats) -> tuple[float, float]:
        """The confidence interval of a move's gain over the default (the default: exactly 0)."""
        if stats is self.default:
            return 0.0, 0.0
        spread = self.z * stats.stderr
        return stats.mean_diff - spread, stats.mean_diff + spread

    def eliminate(self) -> None:
        """Drop the moves that are clearly worse than another, and let waiting ones in."""
        ready = [s for s in self.running if s.worlds >= self.min_worlds]
        if not ready:
            return
        best_lower = max([0.0] + [self.bounds(s)[0] for s in ready])
        for stats in ready:
            if self.bounds(stats)[1] < best_lower:
                self.running.remove(stats)
                self.done.append(stats)
        self._fill()

    @property
    def settled(self) -> bool:
        """True when only the default is left and nothing waits."""
        return not self.running and not self.waiting

    def best(self, margin: float) -> MoveStats:
        """The move to play: the one with the best mean gain over the default, if that gain is
        more than ``margin`` standard errors (otherwise the default: a noisy edge is no reason
        to leave the policy's move)."""
        contenders = [s for s in self.running + self.done if s.worlds >= self.min_worlds]
        if not contenders:
            return self.default
        best = max(contenders, key=lambda s: (s.mean_diff, -s.stderr))
        if best.mean_diff > 0 and best.mean_diff > margin * best.stderr:
            return best
        return self.default
