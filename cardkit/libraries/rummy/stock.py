"""Reshuffling the discard pile into the stock, as a declared rule.

When the stock runs out many rummies turn the discard pile over, shuffle it and play on, instead
of ending the deal. A :class:`Reshuffle` says how often (``times``: None for as often as
needed) and what stays up (``keep``: the top cards of the pile that start the new pile, one by
default). The shuffle is drawn from the hand's seed (:func:`reshuffled`), so a hand replays
exactly from its record.

The cards shuffled back were seen by everyone and are hidden again: the state keeps them in its
``recycled`` zone (:class:`~cardkit.zones.Zones`), so that nothing treats the public history,
which names them, as a leak of the stock.
"""

from __future__ import annotations

import random

import attrs

from cardkit.values.cards import Card
from cardkit.values.deck import derive_seed

__all__ = ["Reshuffle", "reshuffled"]


@attrs.frozen
class Reshuffle:
    """The pile goes back into the stock when the stock is out: at most ``times`` times a deal
    (None: whenever needed), the top ``keep`` cards of the pile staying up."""

    times: int | None = None
    keep: int = 1

    def __attrs_post_init__(self) -> None:
        if self.times is not None and self.times < 1:
            raise ValueError("Reshuffle.times must be at least 1 (or None: whenever needed)")
        if self.keep < 0:
            raise ValueError("Reshuffle.keep must be at least 0")

    def allows(self, done: int, pile: int) -> bool:
        """True when a pile of ``pile`` cards may be shuffled back after ``done`` reshuffles:
        some are left once the top ``keep`` stay up, and the limit is not reached."""
        return pile > self.keep and (self.times is None or done < self.times)


def reshuffled(pile: list[Card], keep: int, seed: int, number: int
               ) -> tuple[list[Card], list[Card]]:
    """The new stock (its top last) and the new pile after reshuffle ``number`` of a hand dealt
    from ``seed``: every card of ``pile`` (its top last) but the top ``keep``, shuffled."""
    split = len(pile) - keep
    stock = list(pile[:split])
    random.Random(derive_seed(seed, "reshuffle", number)).shuffle(stock)
    return stock, list(pile[split:])
