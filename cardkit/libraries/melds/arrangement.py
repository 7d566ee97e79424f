"""An arrangement: a hand split into disjoint melds and deadwood, as the search returns it.

The search's fast path leaves an arrangement's melds and deadwood unbuilt and packs what builds
them into an int; :func:`fill_arrangement` builds them the first time they are read.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from cardkit.libraries.melds.meld import Meld
from cardkit.libraries.melds.solve import solve
from cardkit.libraries.melds.tables import (
    M13,
    RANK_BITS,
    STD52,
    VALUE_SHIFT,
    MeldTables,
    tables_of_serial,
)
from cardkit.values.cards import ALL_CARDS, Card, CardMultiset, CardSet

__all__ = ["Arrangement", "fill_arrangement", "hand_bits", "hand_mask", "natural_arrangement"]


@attrs.frozen
class Arrangement:
    """A hand split into disjoint melds and deadwood.

    ``melds``: sets in rank order, then runs by suit and low end; ``deadwood``: the unmelded cards
    in card index order (clubs A-K, diamonds, hearts, spades, jokers); ``deadwood_value``: their
    count under the rules used.
    """

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    deadwood_value: int
    # The search's fast path leaves ``melds`` and ``deadwood`` unset and packs what builds them
    # into this int (see :func:`fill_arrangement`): most callers read only the
    # value, and building the meld objects was most of the search's cost. An int, so code that
    # walks attrs fields for cards finds none here.
    _source: int = attrs.field(default=0, init=False, eq=False, repr=False)

    def __getattr__(self, name: str) -> Any:
        # Reached only when a slot is unset: a lazily built arrangement's melds or deadwood.
        if name in ("melds", "deadwood") and self._source:
            fill_arrangement(self)
            return object.__getattribute__(self, name)
        raise AttributeError(f"'Arrangement' object has no attribute {name!r}")

    def to_dict(self) -> dict[str, Any]:
        """Plain data: ``melds`` (lists of card texts), ``deadwood`` (card texts) and
        ``deadwood_value`` (for ``cardkit hand --json`` and records)."""
        return {
            "melds": [[card.text for card in meld.cards] for meld in self.melds],
            "deadwood": [card.text for card in self.deadwood],
            "deadwood_value": int(self.deadwood_value),
        }


def hand_mask(hand: CardSet | Iterable[Card] | int) -> int:
    """The bitmask of a hand given as a CardSet, an iterable of cards, or already a mask."""
    if hand.__class__ is CardSet:
        return hand.mask
    if isinstance(hand, int):
        return hand
    mask = 0
    for card in hand:
        mask |= card.mask
    return mask


def hand_bits(hand: CardSet | CardMultiset | Iterable[Card] | int) -> int | CardMultiset:
    """The bitmask of a hand, or the hand as a :class:`~cardkit.cards.CardMultiset` when it
    holds a card twice (copies: a multiset with copies, or an iterable naming a card twice)."""
    if isinstance(hand, int):
        return hand
    if hand.__class__ is CardMultiset:
        planes = hand.planes
        if len(planes) > 1:
            return hand
        return planes[0] if planes else 0
    if hand.__class__ is CardSet:
        return hand.mask
    cards = hand if isinstance(hand, list | tuple) else list(hand)
    mask = 0
    for card in cards:
        mask |= card.mask
    if mask.bit_count() != len(cards):
        return CardMultiset(cards)
    return mask


_new_arrangement = Arrangement.__new__
_set_value = Arrangement.deadwood_value.__set__  # type: ignore[attr-defined]
_set_source = Arrangement._source.__set__  # type: ignore[attr-defined]
_set_melds = Arrangement.melds.__set__  # type: ignore[attr-defined]
_set_deadwood = Arrangement.deadwood.__set__  # type: ignore[attr-defined]


def fill_arrangement(arrangement: Arrangement) -> None:
    """Build the melds and deadwood of an arrangement :func:`best_arrangement` left unbuilt."""
    source = arrangement._source
    h = source & STD52
    sets = source >> 52 & STD52
    tables = tables_of_serial((source >> 104) - 1)  # MeldTables.source
    melds, deadwood = _parts(h, sets, tables)
    _set_melds(arrangement, melds)
    _set_deadwood(arrangement, deadwood)


def _parts(h: int, sets: int, tables: MeldTables) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """The melds and deadwood of natural cards ``h`` whose set cards are ``sets`` (the runs are
    each suit's tabled best)."""
    melds: list[Meld] = []
    if sets:
        set_melds = tables.melds
        ranks = (sets | sets >> 13 | sets >> 26 | sets >> 39) & M13
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            group = sets & low * RANK_BITS
            meld = set_melds.get(group)
            if meld is None:
                meld = tables.set_meld(group)
            melds.append(meld)
        h &= ~sets
    entries = tables.suit_entries  # filled as met (None: not yet)
    e0 = entries[0][h & M13] or tables.suit_entry(0, h & M13)
    e1 = entries[1][h >> 13 & M13] or tables.suit_entry(1, h >> 13 & M13)
    e2 = entries[2][h >> 26 & M13] or tables.suit_entry(2, h >> 26 & M13)
    e3 = entries[3][h >> 39] or tables.suit_entry(3, h >> 39)
    runs = e0[0] + e1[0] + e2[0] + e3[0]
    return (tuple(melds) + runs if melds else runs), e0[1] + e1[1] + e2[1] + e3[1]


def natural_arrangement(h: int, tables: MeldTables) -> Arrangement:
    """The arrangement of natural cards plus jokers that are not wild (dead cards), built (the
    same as :func:`~cardkit.libraries.melds.arrange.best_arrangement`'s)."""
    jokers = h >> 52
    h &= STD52
    score, sets = solve(h, tables)
    melds, deadwood = _parts(h, sets, tables)
    deadwood += tuple(ALL_CARDS[52 + i] for i in range(2) if jokers >> i & 1)
    value = (score >> VALUE_SHIFT) + jokers.bit_count() * tables.rules.wild_value
    return Arrangement(melds, deadwood, value)
