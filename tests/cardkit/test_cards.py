"""Cards, card sets and decks."""

import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardkit.values.cards import ALL_CARDS, JOKERS, Card, CardSet, Rank, Suit, parse_cards
from cardkit.values.deck import (
    FORTY_CARD_SPANISH,
    STANDARD_52,
    WITH_JOKERS_54,
    DeckSpec,
    deal_round_robin,
    derive_seed,
)

cards_strategy = st.sets(st.sampled_from(ALL_CARDS), max_size=20)


def test_parse_accepts_every_spelling():
    assert [c.text for c in parse_cards("7H 10d TH qs A♣ X1")] == ["7H", "10D", "10H", "QS", "AC",
                                                                   "X1"]
    assert Card.parse("10♥") is Card.parse("th") is Card.of(Rank.TEN, Suit.HEARTS)
    assert Card.parse("JK2") is JOKERS[1]


def test_parse_keeps_order_given():
    assert [c.text for c in parse_cards("KS 2C 7H")] == ["KS", "2C", "7H"]


@pytest.mark.parametrize("token", ["ZZ", "11H", "1", "HH", "X3", "7"])
def test_bad_token_names_the_token(token):
    with pytest.raises(ValueError, match=repr(token)):
        parse_cards(f"7H {token}")


def test_text_forms():
    card = Card.parse("10h")
    assert str(card) == "10H" and card.unicode == "10♥" and repr(card) == "Card(10H)"
    assert JOKERS[0].is_joker and JOKERS[0].rank is None and str(JOKERS[0]) == "X1"


def test_cards_are_interned_and_immutable():
    card = Card.parse("QS")
    assert pickle.loads(pickle.dumps(card)) is card
    with pytest.raises(AttributeError):
        card.index = 3  # type: ignore[misc]


def test_index_layout_is_suit_major():
    for card in ALL_CARDS[:52]:
        assert card.index == card.suit * 13 + card.rank - 1
    assert CardSet("AH 3H KH").in_suit(Suit.HEARTS) == 0b1000000000101


@given(cards_strategy, cards_strategy)
def test_cardset_algebra_agrees_with_python_sets(a, b):
    x, y = CardSet(a), CardSet(b)
    assert set(x | y) == a | b
    assert set(x & y) == a & b
    assert set(x - y) == a - b
    assert set(x ^ y) == a ^ b
    assert len(x) == len(a)
    assert (x <= y) == (a <= b) and (x < y) == (a < b)
    assert x.isdisjoint(y) == a.isdisjoint(b)
    assert (x == y) == (a == b)
    if a == b:
        assert hash(x) == hash(y)
    for card in ALL_CARDS:
        assert (card in x) == (card in a)


@given(cards_strategy)
def test_cardset_iterates_in_index_order_and_round_trips(a):
    cardset = CardSet(a)
    assert [c.index for c in cardset] == sorted(c.index for c in a)
    assert CardSet(cardset.to_list()) == cardset
    assert CardSet.from_mask(cardset.mask) == cardset
    assert pickle.loads(pickle.dumps(cardset)) == cardset
    assert CardSet(str(cardset)) == cardset


def test_cardset_add_remove_and_immutability():
    hand = CardSet("7H 8H")
    assert hand.add(Card.parse("9H")) == CardSet("7H 8H 9H")
    assert hand.remove(Card.parse("7H")) == CardSet("8H")
    with pytest.raises(KeyError):
        hand.remove(Card.parse("2C"))
    with pytest.raises(AttributeError):
        hand.mask = 0  # type: ignore[misc]


def test_deck_specs():
    assert STANDARD_52.size == 52 and WITH_JOKERS_54.size == 54
    assert FORTY_CARD_SPANISH.size == 40
    assert not any(c.rank in (8, 9, 10) for c in FORTY_CARD_SPANISH.cards)
    with pytest.raises(ValueError, match="0 or more jokers"):
        DeckSpec.standard(jokers=-1)


def test_shuffle_is_seeded_and_never_uses_the_global_rng():
    random.seed(1)
    first = STANDARD_52.shuffled(random.Random(42))
    random.seed(2)
    assert STANDARD_52.shuffled(random.Random(42)) == first
    assert sorted(first, key=lambda c: c.index) == list(STANDARD_52.cards)


def test_stacked_deck_top_first_and_rest_shuffled():
    deck = STANDARD_52.stacked("KS QS", random.Random(3))
    assert [c.text for c in deck[:2]] == ["KS", "QS"]
    assert len(deck) == 52 and len(set(deck)) == 52
    assert STANDARD_52.stacked("KS QS", random.Random(3)) == deck


@pytest.mark.parametrize(("top", "message"), [("KS KS", "twice"), ("X1", "not in the")])
def test_stacked_deck_refuses_duplicates_and_strangers(top, message):
    with pytest.raises(ValueError, match=message):
        STANDARD_52.stacked(top)


def test_deal_round_robin_one_at_a_time():
    deck = parse_cards("AC 2C 3C 4C 5C 6C 7C")
    hands, rest = deal_round_robin(deck, [1, 0], 3)
    assert [c.text for c in hands[1]] == ["AC", "3C", "5C"]
    assert [c.text for c in hands[0]] == ["2C", "4C", "6C"]
    assert [c.text for c in rest] == ["7C"]
    with pytest.raises(ValueError):
        deal_round_robin(deck, [0, 1], 4)


def test_derive_seed_is_stable_and_distinct():
    assert derive_seed(7, "hand", 1) == derive_seed(7, "hand", 1)
    assert len({derive_seed(7, "hand", k) for k in range(1000)}) == 1000
    assert derive_seed(7, "hand", 0) == 3240853126143246373  # pinned: records depend on it
