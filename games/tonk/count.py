"""§0-§1: what each card counts, and a hand's count, on card bitmasks.

A hand's count is read four suits at a time from a table of every suit's 13-bit rank mask, so a
count costs four lookups whatever the hand holds (counts are taken at the deal, at every drop and
stock end, and by the rule lab's ``evaluate`` once a turn).
"""

from __future__ import annotations

from cardkit.cards import JOKERS, STANDARD_CARDS
from cardkit.melds import RANKS_PER_SUIT, SUIT_MASK

__all__ = ["HandCounter", "card_values", "hand_count", "hand_counter"]

_VALUES: dict[tuple[int, int], tuple[int, ...]] = {}
_COUNTERS: dict[tuple[int, int], HandCounter] = {}
_JOKER_SHIFT = len(STANDARD_CARDS)
_SUIT_2, _SUIT_3, _SUIT_4 = RANKS_PER_SUIT, 2 * RANKS_PER_SUIT, 3 * RANKS_PER_SUIT


def card_values(ace: int = 1, joker: int = 0) -> tuple[int, ...]:
    """Count value of each card index (§1: A = ``ace``, 2-10 face, J Q K = 10, joker =
    ``joker``)."""
    key = (ace, joker)
    values = _VALUES.get(key)
    if values is None:
        values = tuple(ace if card.rank == 1 else min(int(card.rank), 10)  # type: ignore[arg-type]
                       for card in STANDARD_CARDS) + (joker,) * len(JOKERS)
        _VALUES[key] = values
    return values


def hand_count(mask: int, values: tuple[int, ...]) -> int:
    """The count of the hand ``mask`` (§0: sum of the values of the cards held)."""
    total = 0
    while mask:
        low = mask & -mask
        total += values[low.bit_length() - 1]
        mask ^= low
    return total


class HandCounter:
    """The count of a hand mask under one pair of (ace, joker) values, by table lookups."""

    __slots__ = ("by_suit", "joker")

    def __init__(self, ace: int, joker: int) -> None:
        values = card_values(ace, joker)[:RANKS_PER_SUIT]
        self.joker = joker
        by_suit = [0] * (SUIT_MASK + 1)
        for ranks in range(1, SUIT_MASK + 1):  # a mask's count: its lowest card plus the rest
            low = ranks & -ranks
            by_suit[ranks] = by_suit[ranks ^ low] + values[low.bit_length() - 1]
        self.by_suit = by_suit

    def __call__(self, mask: int) -> int:
        """The count of the hand ``mask``."""
        by_suit = self.by_suit
        total = (by_suit[mask & SUIT_MASK] + by_suit[mask >> _SUIT_2 & SUIT_MASK]
                 + by_suit[mask >> _SUIT_3 & SUIT_MASK] + by_suit[mask >> _SUIT_4 & SUIT_MASK])
        if mask >> _JOKER_SHIFT:
            total += (mask >> _JOKER_SHIFT).bit_count() * self.joker
        return total


def hand_counter(ace: int = 1, joker: int = 0) -> HandCounter:
    """The (shared) :class:`HandCounter` for these values."""
    counter = _COUNTERS.get((ace, joker))
    if counter is None:
        counter = _COUNTERS[(ace, joker)] = HandCounter(ace, joker)
    return counter
