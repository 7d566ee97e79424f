"""The table of a rummy hand: every meld laid, who laid it, and every card laid off on it.

A :class:`Table` is an immutable value (a state's clone shares it): laying a meld or a card
gives a new table. Melds are numbered from 1 in the order they were laid, the number a player
types (``lay 8H 2``). Each :class:`TableMeld` remembers its owner (who laid it) and every card
laid off on it with the seat that laid it, so that a game can score cards by who put them down
(Rummy 500 credits a lay-off to the player who made it, whoever owns the meld).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from cardkit.libraries.melds import DEFAULT_RULES, Meld, MeldRules, lay_off
from cardkit.values.cards import Card

__all__ = ["Table", "TableMeld"]


@attrs.frozen
class TableMeld:
    """One meld on the table: its ``owner`` (the seat that laid it), the ``meld`` as it stands
    now, and ``laid_off``: ``(seat, card)`` for every card laid off on it, in order."""

    owner: int
    meld: Meld
    laid_off: tuple[tuple[int, Card], ...] = ()

    def laid_by(self, seat: int) -> tuple[Card, ...]:
        """The cards of this meld that ``seat`` put down: the meld's own cards if ``seat``
        owns it (less the lay-offs of others), and ``seat``'s lay-offs on it."""
        others = {card for who, card in self.laid_off if who != seat}
        if self.owner == seat:
            return tuple(card for card in self.meld.cards if card not in others)
        return tuple(card for who, card in self.laid_off if who == seat)


def _melds(value: Any) -> tuple[TableMeld, ...]:
    return tuple(value)


@attrs.frozen
class Table:
    """The melds on the table, numbered from 1 (see the module's docstring)."""

    melds: tuple[TableMeld, ...] = attrs.field(default=(), converter=_melds)

    def __len__(self) -> int:
        return len(self.melds)

    def __iter__(self) -> Iterator[TableMeld]:
        return iter(self.melds)

    def __getitem__(self, number: int) -> TableMeld:
        """Meld ``number`` (from 1); ``IndexError`` when there is none."""
        if not 1 <= number <= len(self.melds):
            raise IndexError(f"there is no meld {number} on the table")
        return self.melds[number - 1]

    def lay(self, seat: int, meld: Meld) -> Table:
        """The table with ``meld`` laid by ``seat`` (it becomes the last number)."""
        return Table((*self.melds, TableMeld(seat, meld)))

    def without(self, number: int) -> Table:
        """The table with meld ``number`` taken off it (a game that removes a meld, such as
        Tonk's completed book going under the pile): the melds after it move down a number;
        ``IndexError`` when there is none."""
        self[number]
        return Table(self.melds[:number - 1] + self.melds[number:])

    def lay_off(self, seat: int, card: Card, number: int, rules: MeldRules = DEFAULT_RULES,
                end: str | None = None, declared: Card | None = None,
                sort_set: bool = True) -> Table:
        """The table with ``card`` laid off by ``seat`` on meld ``number``; ``end`` (``low`` or
        ``high``), ``declared`` and ``sort_set`` are those of :func:`cardkit.melds.lay_off`
        (which raises ``ValueError`` when the card does not fit there)."""
        entry = self[number]
        grown = lay_off(entry.meld, card, rules, end=end, declared=declared, sort_set=sort_set)
        changed = attrs.evolve(entry, meld=grown, laid_off=(*entry.laid_off, (seat, card)))
        melds = list(self.melds)
        melds[number - 1] = changed
        return Table(melds)

    def cards(self) -> Iterator[Card]:
        """Every card on the table, meld by meld."""
        for entry in self.melds:
            yield from entry.meld.cards

    def laid_by(self, seat: int) -> list[tuple[Card, Meld]]:
        """Every card ``seat`` put on the table, each with the meld it lies in (melds it laid
        and lay-offs it made on anyone's melds): what meld scoring counts."""
        return [(card, entry.meld) for entry in self.melds for card in entry.laid_by(seat)]

    def view_entries(self) -> tuple[tuple[int, Meld], ...]:
        """What a view shows as ``View.table``: ``(owner, meld)`` for each meld, in number
        order."""
        return tuple((entry.owner, entry.meld) for entry in self.melds)

    def lay_offs(self) -> tuple[tuple[int, Card, int], ...]:
        """``(seat, card, meld number)`` for every lay-off, meld by meld."""
        return tuple((seat, card, number) for number, entry in enumerate(self.melds, 1)
                     for seat, card in entry.laid_off)

    def lay_off_text(self) -> str:
        """Every lay-off in words (``9D on 2 by seat 0, 10D on 2 by seat 1``; "" for none):
        what a view shows in ``info["lay_offs"]``."""
        return ", ".join(f"{card} on {number} by seat {seat}"
                         for seat, card, number in self.lay_offs())

    def to_data(self) -> list[dict[str, Any]]:
        """Plain JSON data for a result's details: each meld's owner, cards (card texts) and
        lay-offs (``[seat, card text]``)."""
        return [{"owner": entry.owner, "cards": [card.text for card in entry.meld.cards],
                 "laid_off": [[seat, card.text] for seat, card in entry.laid_off]}
                for entry in self.melds]
