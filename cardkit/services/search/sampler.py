"""The only door from a hand to a search agent: re-deals of the cards a seat cannot see."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardkit.engine.state import State
    from cardkit.values.views import View

__all__ = ["Sampler"]


class Sampler:
    """Re-deals of the cards hidden from ``seat``, consistent with all that seat can see.

    Built from ``state.determinize(seat, rng)``, never from ``state`` itself, so nothing here
    (or in any sample) depends on where the hidden cards really are: the copy is re-dealt once
    and scrubbed of its seed and deck order before the agent gets it, and every sample is a
    fresh re-deal of that copy.

    With a ``belief`` (the game's :class:`~cardkit.game.Belief` capability), each re-deal
    is refined toward the worlds that fit what the seat saw the others do. The belief is built
    from the seat's view of the copy, which is the seat's real view.
    """

    def __init__(self, state: State, seat: int, rng: random.Random, *,
                 belief: Callable[[View], Callable[[State, random.Random], None]] | None = None
                 ) -> None:
        self.seat = seat
        self._rng = rng
        self._world = state.determinize(seat, rng)
        self._world.forget_origin()
        self._refine = belief(self._world.view(seat)) if belief is not None else None

    def sample(self) -> State:
        """A new state with the hidden cards dealt again at random (refined by the belief)."""
        world = self._world.determinize(self.seat, self._rng)
        if self._refine is not None:
            self._refine(world, self._rng)
        return world
