"""A climbing game's orders, as one frozen value: :class:`ClimbingRules`."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from cardkit.libraries.climbing.kernel import pick_bits
from cardkit.libraries.climbing.tables import CLIMBING_TABLES, ClimbingTables
from cardkit.values.cards import Card, CardSet, Suit, card_mask
from cardkit.values.compiled import restore_rules, rules_state

__all__ = ["ClimbingRules"]


def _tuple_of_ints(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(int(v) for v in values)


def _tuple_of_suits(values: Iterable[int]) -> tuple[Suit, ...]:
    return tuple(Suit(v) for v in values)


def _frozenset_of_ints(values: Iterable[int]) -> frozenset[int]:
    return frozenset(int(v) for v in values)


@attrs.frozen
class ClimbingRules:
    """A climbing game's orders: which ranks and suits are stronger, and which ranks may stand in
    (double) sequences.

    ``rank_order`` lists ranks low to high (Tiến Lên: ``(3, 4, …, 13, 1, 2)``); a rank missing
    from it makes its cards unplayable in combinations. ``suit_order`` lists all four suits low to
    high. A sequence is ``min_sequence`` or more cards of ranks adjacent in ``rank_order`` (no
    wrap), all in ``sequence_ranks``; a double sequence is ``min_double_sequence`` or more pairs
    of adjacent ranks, all in ``double_sequence_ranks``.

    A value's lookup tables (:class:`~cardkit.libraries.climbing.tables.ClimbingTables`) are
    compiled when it is made, once per distinct value, and kept on it.
    """

    rank_order: tuple[int, ...] = attrs.field(converter=_tuple_of_ints)
    suit_order: tuple[Suit, ...] = attrs.field(converter=_tuple_of_suits)
    sequence_ranks: frozenset[int] = attrs.field(converter=_frozenset_of_ints)
    double_sequence_ranks: frozenset[int] = attrs.field(converter=_frozenset_of_ints)
    min_sequence: int = 3
    min_double_sequence: int = 3
    # the compiled tables, kept by CLIMBING_TABLES; never compared, hashed or pickled
    _tables: ClimbingTables = attrs.field(init=False, eq=False, repr=False)

    __getstate__ = rules_state
    __setstate__ = restore_rules

    def __attrs_post_init__(self) -> None:
        ranks = self.rank_order
        if len(set(ranks)) != len(ranks) or not all(1 <= r <= 13 for r in ranks) or not ranks:
            raise ValueError(f"rank_order must list distinct ranks 1-13, got {ranks}")
        if sorted(self.suit_order) != list(Suit):
            raise ValueError(
                f"suit_order must list each of the four suits once, got {self.suit_order}"
            )
        for name in ("sequence_ranks", "double_sequence_ranks"):
            extra = getattr(self, name) - set(ranks)
            if extra:
                raise ValueError(f"{name} has ranks not in rank_order: {sorted(extra)}")
        if self.min_sequence < 2 or self.min_double_sequence < 2:
            raise ValueError("min_sequence and min_double_sequence must be at least 2")
        CLIMBING_TABLES(self)

    def rank_position(self, rank: int) -> int:
        """The rank's position in ``rank_order`` (0 = lowest). ``ValueError`` if it has none."""
        try:
            return self._tables.rank_pos[int(rank)]
        except KeyError:
            raise ValueError(f"rank {rank} is not in this game's rank order") from None

    def suit_position(self, suit: Suit) -> int:
        """The suit's position in ``suit_order`` (0 = lowest)."""
        return self._tables.suit_pos[Suit(suit)]

    def strength(self, card: Card) -> int:
        """``rank_position * 4 + suit_position``: a total order of the cards (rank first, then
        suit). ``ValueError`` for a joker or a card whose rank is not in ``rank_order``."""
        s = self._tables.strength_of_index[card.index]
        if s < 0:
            raise ValueError(f"{card} has no strength in this game")
        return s

    def card_of_strength(self, strength: int) -> Card:
        """The card with this strength (inverse of :meth:`strength`)."""
        return self._tables.card_of_strength[strength]

    def strength_mask(self, hand: CardSet | Iterable[Card]) -> int:
        """The hand as a mask over strengths: bit ``strength(card)`` set for each card that has a
        strength (jokers and cards of ranks outside ``rank_order`` are dropped). The cards of
        rank position ``p`` are the nibble ``(smask >> 4 * p) & 0xF``, bit ``j`` = suit position
        ``j``."""
        mask = card_mask(hand)
        smask = 0
        for shift, width_mask, table in self._tables.smask_tables:
            smask |= table[(mask >> shift) & width_mask]
        return smask

    def cards_of_strength_mask(self, smask: int) -> tuple[Card, ...]:
        """The cards of a strength mask, weakest first (inverse of :meth:`strength_mask`)."""
        return tuple(pick_bits(smask, self._tables.card_of_strength, 0))
