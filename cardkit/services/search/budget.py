"""How long a search may think: a number of play-outs, a time limit, or both."""

from __future__ import annotations

import time

__all__ = ["Budget"]


class Budget:
    """A search's allowance for one decision.

    ``iterations`` caps the play-outs (a search given only iterations never reads the clock, so
    it is deterministic for a seed); ``time_limit`` caps the seconds. Started by :meth:`start`;
    :meth:`spent` is asked after each play-out.
    """

    def __init__(self, iterations: int | None, time_limit: float | None) -> None:
        self.iterations = iterations
        self.time_limit = time_limit
        self.used = 0
        self._deadline = 0.0

    def start(self) -> None:
        """Begin a decision: no play-out used, the clock (if any) running."""
        self.used = 0
        if self.time_limit is not None:
            self._deadline = time.perf_counter() + self.time_limit

    def charge(self, playouts: int = 1) -> None:
        """Count play-outs done."""
        self.used += playouts

    def spent(self) -> bool:
        """True once the iterations or the time are used up."""
        if self.iterations is not None and self.used >= self.iterations:
            return True
        return self.time_limit is not None and time.perf_counter() >= self._deadline
