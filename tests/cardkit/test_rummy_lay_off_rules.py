"""What the rummy kit grew for Tonk (cardkit.rummy): lay-offs onto chosen melds and without an
end, moves built once, a limit on the lay-offs of a turn, wild cards interchangeable in "can
this card be used?", the meld an offered move lays, a meld taken off the table, the reshuffle."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit.rummy
from cardkit.cards import JOKERS, STANDARD_CARDS, Card, CardSet, parse_cards
from cardkit.melds import MeldRules, classify
from cardkit.rummy import (
    Table,
    cheapest_use,
    lay_off_actions,
    meld_actions,
    meld_of_move,
    usable,
)
from cardkit.values.actions import Action

HIGH_OR_LOW = MeldRules(ace="high_or_low")
WILD = MeldRules(ace="high_or_low", wild=JOKERS, min_natural=2)


def _table(*melds: str, rules: MeldRules = HIGH_OR_LOW) -> Table:
    table = Table()
    for seat, text in enumerate(melds):
        meld = classify(parse_cards(text), rules)
        assert meld is not None, text
        table = table.lay(seat, meld)
    return table


def test_an_ace_fitting_both_ends_is_one_move_without_ends():
    table = _table("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    ace = parse_cards("AH")
    assert [str(m) for m in lay_off_actions(ace, table, HIGH_OR_LOW)] == ["lay low AH 1",
                                                                          "lay high AH 1"]
    assert [str(m) for m in lay_off_actions(ace, table, HIGH_OR_LOW, kind="hit", ends=False)] \
        == ["hit AH 1"]


def test_numbers_choose_the_melds_and_their_order():
    table = _table("3H 4H 5H", "7C 7D 7S", "8S 9S 10S")
    cards = parse_cards("6H 7H JS")
    every = [str(m) for m in lay_off_actions(cards, table, HIGH_OR_LOW)]
    assert every == ["lay 6H 1", "lay 7H 2", "lay JS 3"]
    assert [str(m) for m in lay_off_actions(cards, table, HIGH_OR_LOW, numbers=[3, 1])] == [
        "lay JS 3", "lay 6H 1"]
    assert lay_off_actions(cards, table, HIGH_OR_LOW, numbers=[]) == []


def test_lay_off_moves_are_built_once_and_equal_a_fresh_move():
    table = _table("5H 6H 7H", rules=WILD)
    cards = (*parse_cards("8H"), JOKERS[0])
    first = lay_off_actions(cards, table, WILD)
    again = lay_off_actions(cards, table, WILD)
    assert all(a is b for a, b in zip(first, again, strict=True))
    four, eight = Card.parse("4H"), Card.parse("8H")
    assert first == [Action("lay", cards=(eight,), target=1),
                     Action("lay", cards=(JOKERS[0],), target=1, declared=((JOKERS[0], four),)),
                     Action("lay", cards=(JOKERS[0],), target=1,
                            declared=((JOKERS[0], eight),))]


def test_a_limit_on_the_lay_offs_of_the_turn():
    table = _table("3H 4H 5H")
    seven = Card.parse("7H")
    hand = CardSet("6H 7H KC")
    assert cheapest_use(seven, hand, table, HIGH_OR_LOW) == 2        # 6H, then 7H
    assert cheapest_use(seven, hand, table, HIGH_OR_LOW, lay_offs=1) is None
    assert cheapest_use(seven, hand, table, HIGH_OR_LOW, lay_offs=0) is None
    assert not usable(seven, hand, table, HIGH_OR_LOW, lay_offs=1)
    # a new meld needs no lay-off at all
    assert cheapest_use(seven, CardSet("7H 8H 9H"), table, HIGH_OR_LOW, lay_offs=0) == 3


def test_numbers_say_which_melds_take_lay_offs_in_the_search():
    table = _table("7C 7D 7S", "3H 4H 5H")
    seven = Card.parse("7H")
    assert cheapest_use(seven, CardSet("7H KC"), table, HIGH_OR_LOW) == 1
    assert cheapest_use(seven, CardSet("7H KC"), table, HIGH_OR_LOW, numbers=[2]) is None
    assert usable(seven, CardSet("6H 7H"), table, HIGH_OR_LOW, numbers=[2])


def test_wild_cards_are_interchangeable_when_asked_whether_one_can_be_used():
    """The search lays the first wild card it finds; any other would do as well."""
    table = _table("JD QD KD", "6C 6D 6S", rules=WILD)
    hand = CardSet([Card.parse("9S"), *JOKERS])
    for joker in JOKERS:
        assert cheapest_use(joker, hand, table, WILD) == 1
        assert cheapest_use(joker, hand, table, WILD, numbers=[1], lay_offs=1) == 1


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**30), jokers=st.integers(0, 2),
       ace=st.sampled_from(["low", "high_or_low"]))
def test_the_meld_of_an_offered_move_is_the_meld_it_classifies_as(seed, jokers, ace):
    rules = MeldRules(ace=ace, wild=JOKERS, min_natural=1)
    rng = random.Random(seed)
    hand = CardSet([*rng.sample(STANDARD_CARDS, 9), *JOKERS[:jokers]])
    for move in meld_actions(hand, rules):
        meld = meld_of_move(move, rules)
        assert meld == classify(move.cards, rules, move.declared), str(move)
        assert sorted(card.index for card in meld.cards) == sorted(c.index for c in move.cards)


def test_a_high_ace_follows_the_king():
    move = Action("meld", cards=parse_cards("AH QH KH"))
    assert str(meld_of_move(move, HIGH_OR_LOW)) == "QH KH AH"
    assert str(meld_of_move(Action("meld", cards=parse_cards("3H AH 2H")), HIGH_OR_LOW)) \
        == "AH 2H 3H"
    assert str(meld_of_move(Action("meld", cards=parse_cards("7S 7C 7D")), HIGH_OR_LOW)) \
        == "7C 7D 7S"


def test_a_meld_taken_off_the_table():
    table = _table("3H 4H 5H", "7C 7D 7S", "8S 9S 10S")
    rest = table.without(2)
    assert [str(entry.meld) for entry in rest] == ["3H 4H 5H", "8S 9S 10S"]
    assert [entry.owner for entry in rest] == [0, 2]
    assert len(table) == 3  # the table is a value: it did not change
    with pytest.raises(IndexError):
        table.without(4)


def test_the_reshuffle_is_public():
    pile = parse_cards("2C 3C 4C 5C 6C")
    stock, kept = cardkit.rummy.reshuffled(pile, 1, seed=7, number=1)
    assert kept == pile[-1:] and sorted(stock, key=lambda c: c.index) == pile[:-1]
    assert cardkit.rummy.reshuffled(pile, 1, seed=7, number=1) == (stock, kept)


def test_a_set_may_keep_the_order_its_cards_were_laid():
    table = _table("6C 6H 6S")
    six = Card.parse("6D")
    assert str(table.lay_off(1, six, 1, HIGH_OR_LOW)[1].meld) == "6C 6D 6H 6S"
    assert str(table.lay_off(1, six, 1, HIGH_OR_LOW, sort_set=False)[1].meld) == "6C 6H 6S 6D"
