"""The table a knock leaves (:func:`cardkit.rummy.knock_table`)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.cards import STANDARD_CARDS, parse_cards
from cardkit.melds import MeldRules, best_arrangement, best_with_layoffs, classify
from cardkit.rummy import knock_table


def _texts(table):
    return [(entry.owner, [card.text for card in entry.meld.cards]) for entry in table]


def test_lay_offs_grow_the_knockers_melds_and_the_defenders_follow() -> None:
    shown = (classify(parse_cards("5H 6H 7H")), classify(parse_cards("QC QD QS")))
    reply = best_with_layoffs(parse_cards("8H 9H QH 2C 2D 2S KC"), shown)
    table = knock_table(1, shown, 0, reply)
    assert _texts(table) == [(1, ["5H", "6H", "7H", "8H", "9H"]), (1, ["QC", "QD", "QH", "QS"]),
                             (0, ["2C", "2D", "2S"])]
    assert table.lay_offs() == ((0, parse_cards("8H")[0], 1), (0, parse_cards("9H")[0], 1),
                                (0, parse_cards("QH")[0], 2))
    assert [card.text for card, _ in table.laid_by(1)] == ["5H", "6H", "7H", "QC", "QD", "QS"]


def test_after_gin_the_table_is_the_knockers_melds_and_the_defenders() -> None:
    shown = (classify(parse_cards("5H 6H 7H")),)
    reply = best_with_layoffs(parse_cards("8H 2C 2D 2S"), ())  # gin: no lay-offs
    assert _texts(knock_table(0, shown, 1, reply)) == [(0, ["5H", "6H", "7H"]),
                                                       (1, ["2C", "2D", "2S"])]


def test_a_reply_to_other_melds_is_refused() -> None:
    shown = (classify(parse_cards("5H 6H 7H")),)
    reply = best_with_layoffs(parse_cards("8H 9H"), shown)
    with pytest.raises(ValueError, match="the reply grew 1 melds, the knocker showed 2"):
        knock_table(0, (*shown, classify(parse_cards("2C 2D 2S"))), 1, reply)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_every_card_shown_lies_on_the_table_once(seed: int) -> None:
    rng = random.Random(seed)
    cards = rng.sample(STANDARD_CARDS, 20)
    rules = MeldRules()
    shown = best_arrangement(cards[:10], rules).melds
    reply = best_with_layoffs(cards[10:], shown, rules)
    table = knock_table(0, shown, 1, reply)
    on_table = sorted(card.index for card in table.cards())
    expected = [card for meld in shown for card in meld.cards]
    expected += [card for card, _ in reply.layoffs]
    expected += [card for meld in reply.own_melds for card in meld.cards]
    assert on_table == sorted(card.index for card in expected)
    assert [entry.owner for entry in table] == [0] * len(shown) + [1] * len(reply.own_melds)
    assert sorted(card.index for _, card, _ in table.lay_offs()) == sorted(
        card.index for card, _ in reply.layoffs)
