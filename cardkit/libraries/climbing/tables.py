"""The compiled tables of one :class:`~cardkit.libraries.climbing.rules.ClimbingRules` value.

:class:`ClimbingTables` is built once per distinct rules value (:data:`CLIMBING_TABLES`, the
library's :class:`~cardkit.values.compiled.Compiler`) when a value is made, and kept on it: the
strengths of the cards, the lookups that turn a hand into its *strength mask*, every single,
pair, triple and quad as a :class:`~cardkit.libraries.climbing.combination.Combination`, and
where (double) sequences may stand. A game's own tables over the value go in
:meth:`~cardkit.values.compiled.Compiled.derived`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit.libraries.climbing.combination import SET_TYPE_BY_SIZE, Combination
from cardkit.values.cards import ALL_CARDS, Card, Suit
from cardkit.values.compiled import Compiled, Compiler

if TYPE_CHECKING:
    from cardkit.libraries.climbing.rules import ClimbingRules

__all__ = ["CLIMBING_TABLES", "ClimbingTables", "climbing_tables"]


class ClimbingTables(Compiled):
    """Lookup tables for one :class:`ClimbingRules` value (read by the library's hot paths).

    - ``rank_pos``, ``suit_pos``: each rank's and suit's place in the orders;
    - ``strength_of_index`` (-1: none) and ``strength_bits`` (0: none): by card index, the
      card's strength and its bit in a strength mask; ``card_of_strength``: by strength, the
      card;
    - ``smask_tables``: ``(shift, width mask, table)`` lookups, two per suit, whose OR is a
      hand's strength mask;
    - ``set_combos[size][p][nibble]``: the set of ``size`` cards that rank position ``p``
      holding the suits ``nibble`` (exactly ``size`` of them) is, else None;
    - ``seq_ok``/``dseq_ok``: by rank position, whether a (double) sequence may use it, and
      ``seq_positions``/``dseq_positions`` the same as bits ``4p``.
    """

    __slots__ = ("card_of_strength", "dseq_ok", "dseq_positions", "rank_pos", "seq_ok",
                 "seq_positions", "set_combos", "smask_tables", "strength_bits",
                 "strength_of_index", "suit_pos")

    rules: ClimbingRules

    def __init__(self, rules: ClimbingRules) -> None:
        super().__init__(rules)
        ranks = rules.rank_order
        self.rank_pos = rank_pos = {r: p for p, r in enumerate(ranks)}
        self.suit_pos = suit_pos = {s: p for p, s in enumerate(rules.suit_order)}
        strength_of_index = [-1] * len(ALL_CARDS)
        card_of_strength: list[Card | None] = [None] * (4 * len(ranks))
        for card in ALL_CARDS[:52]:
            if card.rank in rank_pos and card.suit is not None:
                s = rank_pos[card.rank] * 4 + suit_pos[card.suit]
                strength_of_index[card.index] = s
                card_of_strength[s] = card
        self.strength_of_index: tuple[int, ...] = tuple(strength_of_index)
        self.strength_bits: tuple[int, ...] = tuple(
            1 << s if s >= 0 else 0 for s in strength_of_index)
        # every rank of the order has its four suits, so every strength has its card
        by_strength = [card for card in card_of_strength if card is not None]
        assert len(by_strength) == len(card_of_strength)
        self.card_of_strength: tuple[Card, ...] = tuple(by_strength)
        self.smask_tables = _smask_tables(strength_of_index)
        self.set_combos = _set_combos(by_strength, len(ranks))
        self.seq_ok = tuple(r in rules.sequence_ranks for r in ranks)
        self.dseq_ok = tuple(r in rules.double_sequence_ranks for r in ranks)
        self.seq_positions = sum(1 << 4 * p for p, ok in enumerate(self.seq_ok) if ok)
        self.dseq_positions = sum(1 << 4 * p for p, ok in enumerate(self.dseq_ok) if ok)


def _smask_tables(strength_of_index: list[int]) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Hand mask -> strength mask: per suit, two lookups (ranks A-7 and 8-K of that suit)."""
    tables = []
    for suit in Suit:
        for shift, width in ((0, 7), (7, 6)):
            table = []
            for bits in range(1 << width):
                m = 0
                for b in range(width):
                    if bits >> b & 1:
                        s = strength_of_index[suit * 13 + shift + b]
                        if s >= 0:
                            m |= 1 << s
                table.append(m)
            tables.append((suit * 13 + shift, (1 << width) - 1, tuple(table)))
    return tuple(tables)


def _set_combos(by_strength: list[Card], ranks: int
                ) -> dict[int, tuple[tuple[Combination | None, ...], ...]]:
    """Every single, pair, triple and quad, built once: ``[size][p][sub_nibble]``."""
    nibble_cards = tuple(
        tuple(tuple(by_strength[4 * p + b] for b in range(4) if nib >> b & 1)
              for nib in range(16))
        for p in range(ranks))
    return {
        size: tuple(
            tuple(
                Combination(type_, cards_of[sub], size, cards_of[sub][-1],
                            4 * p + sub.bit_length() - 1)
                if sub.bit_count() == size else None
                for sub in range(16)
            )
            for p, cards_of in enumerate(nibble_cards)
        )
        for size, type_ in SET_TYPE_BY_SIZE.items()
    }


#: The compiler of climbing rules: one :class:`ClimbingTables` per distinct value, kept on it.
CLIMBING_TABLES: Compiler[ClimbingRules, ClimbingTables] = Compiler(ClimbingTables, "_tables")


def climbing_tables(rules: ClimbingRules) -> ClimbingTables:
    """The compiled tables of ``rules`` (made with the value: this only reads them)."""
    return rules._tables
