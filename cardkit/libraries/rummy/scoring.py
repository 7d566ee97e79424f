"""Scoring helpers for games that score melded cards.

- :class:`Points`: what a card is worth, in hand and where it lies in a meld (``card_values``
  are one value per rank; Rummy 500's ace counts 15, but 1 at the low end of a run A-2-3);
- :func:`melded_minus_in_hand`: each seat's score as the value of every card it put on the
  table (its melds and its lay-offs on anyone's melds, valued where they lie) minus the value of
  the cards left in its hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from cardkit.libraries.melds import Meld, MeldRules
from cardkit.libraries.rummy.table import Table
from cardkit.values.cards import Card

__all__ = ["Points", "melded_minus_in_hand"]


def _values(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


@attrs.frozen
class Points:
    """Card values: ``values`` (one per rank, A..K) and ``wild`` (a wild card or joker) in
    hand; in a meld the card the physical card stands for is valued, except that
    ``ace_low_in_run`` / ``ace_high_in_run`` (when not None) value an ace at the low / high
    end of a run, and ``wild_in_meld`` (when not None) values a wild card in any meld."""

    values: tuple[int, ...] = attrs.field(default=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10),
                                          converter=_values)
    wild: int = 0
    ace_low_in_run: int | None = None
    ace_high_in_run: int | None = None
    wild_in_meld: int | None = None

    def __attrs_post_init__(self) -> None:
        if len(self.values) != 13:
            raise ValueError("Points.values needs 13 values, one per rank A..K")

    @classmethod
    def of_rules(cls, rules: MeldRules, **changes: int | None) -> Points:
        """The values of ``rules`` (``card_values``, ``wild_value``), with ``changes``."""
        return cls(rules.card_values, rules.wild_value, **changes)

    def in_hand(self, card: Card, rules: MeldRules | None = None) -> int:
        """What ``card`` costs left in hand (a joker, or a wild card of ``rules``: ``wild``)."""
        if card.is_joker or (rules is not None and card in rules.wild):
            return self.wild
        return self.values[card.rank - 1]  # type: ignore[operator]

    def hand(self, cards: Iterable[Card], rules: MeldRules | None = None) -> int:
        """The value of ``cards`` left in hand."""
        return sum(self.in_hand(card, rules) for card in cards)

    def in_meld(self, card: Card, meld: Meld) -> int:
        """What ``card`` is worth where it lies in ``meld``."""
        position = meld.cards.index(card)
        identity = meld.represents[position]
        if identity is not card and self.wild_in_meld is not None:
            return self.wild_in_meld
        if identity.rank == 1 and meld.is_run:
            if position == 0 and self.ace_low_in_run is not None:
                return self.ace_low_in_run
            if position == len(meld) - 1 and self.ace_high_in_run is not None:
                return self.ace_high_in_run
        return self.values[identity.rank - 1]  # type: ignore[operator]


def melded_minus_in_hand(table: Table, hands: Sequence[Iterable[Card]], points: Points,
                         rules: MeldRules | None = None) -> tuple[int, ...]:
    """Each seat's score: the value of the cards it put on ``table`` (:meth:`Table.laid_by`,
    each valued in its meld) minus the value of its hand in ``hands``."""
    return tuple(sum(points.in_meld(card, meld) for card, meld in table.laid_by(seat))
                 - points.hand(hand, rules) for seat, hand in enumerate(hands))
