"""What a climbing game plays: the kinds of combination, a combination, an extra beating rule.

Strength: a card's is ``rank_position * 4 + suit_position`` under a game's
:class:`~cardkit.libraries.climbing.rules.ClimbingRules` (rank first, then suit); the *key* of a
combination is its strongest card.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

import attrs

from cardkit.values.cards import Card, CardSet, format_cards

__all__ = ["SET_SIZE", "SET_TYPE_BY_SIZE", "TYPE_INDEX", "BeatRule", "Combination", "ComboType"]


class ComboType(enum.Enum):
    """The kinds of combination. Declaration order is the enumeration order of this library."""

    # Members are singletons: hash them by identity (Enum's own hash is a Python call, and
    # these are dict keys on the hot path).
    __hash__ = object.__hash__

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    QUAD = "quad"
    SEQUENCE = "sequence"
    DOUBLE_SEQUENCE = "double_sequence"



#: Each type's place in the enumeration order (its declaration order).
TYPE_INDEX: dict[ComboType, int] = {t: i for i, t in enumerate(ComboType)}
#: The number of cards of each set type (single, pair, triple, quad).
SET_SIZE: dict[ComboType, int] = {
    ComboType.SINGLE: 1,
    ComboType.PAIR: 2,
    ComboType.TRIPLE: 3,
    ComboType.QUAD: 4,
}
#: The set type of each size.
SET_TYPE_BY_SIZE: dict[int, ComboType] = {size: t for t, size in SET_SIZE.items()}


@attrs.frozen
class Combination:
    """A playable combination.

    ``cards`` are sorted by strength, low to high; ``length`` is the number of cards for a
    sequence, of pairs for a double sequence, else the card count; ``key`` is the strongest card
    (for triples and quads only its rank matters when comparing, but ``key`` is still the top
    card) and ``key_strength`` its strength under the rules that classified it.
    """

    type: ComboType
    cards: tuple[Card, ...]
    length: int
    key: Card
    key_strength: int

    @property
    def key_rank_position(self) -> int:
        """The rank position of the key (``key_strength // 4``)."""
        return self.key_strength >> 2

    @property
    def mask(self) -> int:
        """The card bitmask of the combination (as in :class:`CardSet`)."""
        m = 0
        for card in self.cards:
            m |= card.mask
        return m

    @property
    def cardset(self) -> CardSet:
        """The cards as a :class:`CardSet`."""
        return CardSet.from_mask(self.mask)

    def __str__(self) -> str:
        return format_cards(self.cards)


BeatRule = Callable[[Combination, Combination], bool]
"""An extra beating rule a game supplies (bombs): ``(candidate, top) -> True`` if ``candidate``
beats ``top`` beyond :func:`beats_normally`."""
