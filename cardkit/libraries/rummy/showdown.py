"""The table a knock leaves, as a :class:`~cardkit.rummy.Table`.

In a knock rummy (gin, Oklahoma gin) nothing is melded during play: at the knock the knocker
shows melds, the defender lays cards off on them (none after gin) and shows melds of their
own. :func:`cardkit.melds.best_with_layoffs` finds the defender's best reply
(:class:`~cardkit.melds.LayoffResult`); :func:`knock_table` lays it all out as the table a
screen shows and a result records: the knocker's melds first, numbered from 1 in the order
shown and grown by the lay-offs (each remembering that the defender laid it), then the
defender's own melds.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardkit.libraries.melds import LayoffResult, Meld
from cardkit.libraries.rummy.table import Table, TableMeld
from cardkit.values.cards import Card

__all__ = ["knock_table"]


def knock_table(knocker: int, melds: Sequence[Meld], defender: int,
                defence: LayoffResult) -> Table:
    """The table after ``knocker`` shows ``melds`` and ``defender`` replies with ``defence``
    (its ``layoffs`` name the knocker's melds by index from 0, and its ``table_after`` holds
    them grown, so a wild card keeps the identity the reply gave it).

    >>> from cardkit.cards import parse_cards
    >>> from cardkit.melds import best_with_layoffs, classify
    >>> shown = (classify(parse_cards("5H 6H 7H")),)
    >>> reply = best_with_layoffs(parse_cards("8H 2C 2D 2S KC"), shown)
    >>> table = knock_table(0, shown, 1, reply)
    >>> [(entry.owner, [card.text for card in entry.meld.cards]) for entry in table]
    [(0, ['5H', '6H', '7H', '8H']), (1, ['2C', '2D', '2S'])]
    >>> table.lay_off_text()
    '8H on 1 by seat 1'
    """
    grown = defence.table_after or tuple(melds)
    if len(grown) != len(melds):
        raise ValueError(f"the reply grew {len(grown)} melds, the knocker showed {len(melds)}")
    laid: list[list[tuple[int, Card]]] = [[] for _ in melds]
    for card, index in defence.layoffs:
        laid[index].append((defender, card))
    entries = [TableMeld(knocker, meld, tuple(cards)) for meld, cards in zip(grown, laid,
                                                                              strict=True)]
    entries += [TableMeld(defender, meld) for meld in defence.own_melds]
    return Table(entries)
