"""The only door from a hand to a search agent: re-deals of the cards a seat cannot see."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardkit.state import State

__all__ = ["Sampler"]


class Sampler:
    """Re-deals of the cards hidden from ``seat``, consistent with all that seat can see.

    Built from ``state.determinize(seat, rng)``, never from ``state`` itself, so nothing here
    (or in any sample) depends on where the hidden cards really are: the copy is re-dealt once
    and scrubbed of its seed and deck order before the agent gets it, and every sample is a
    fresh re-deal of that copy.
    """

    def __init__(self, state: State, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self._rng = rng
        self._world = state.determinize(seat, rng)
        self._world.forget_origin()

    def sample(self) -> State:
        """A new state with the hidden cards dealt again at random."""
        return self._world.determinize(self.seat, self._rng)
