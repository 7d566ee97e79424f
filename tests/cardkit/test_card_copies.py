"""Cards with copies: the count-plane multiset against collections.Counter, and decks of
several standard decks, any number of jokers, stripped and custom decks."""

import pickle
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardkit.cards import ALL_CARDS, Card, CardMultiset, CardSet, parse_cards
from cardkit.deck import (
    FORTY_CARD_SPANISH,
    PINOCHLE_48,
    STANDARD_52,
    WITH_JOKERS_54,
    DeckSpec,
    deal_round_robin,
)


@st.composite
def deck_specs(draw: st.DrawFn) -> DeckSpec:
    """Decks of one to three copies and zero to eight jokers."""
    return DeckSpec.standard(decks=draw(st.integers(1, 3)), jokers=draw(st.integers(0, 8)))


@st.composite
def multisets(draw: st.DrawFn, max_size: int = 24) -> list[Card]:
    """Cards drawn (without replacement) from a deck of one to three copies and zero to eight
    jokers."""
    deck = draw(deck_specs())
    size = draw(st.integers(0, min(max_size, deck.size)))
    return draw(st.permutations(deck.cards))[:size]


def as_counter(multiset: CardMultiset) -> Counter[Card]:
    return Counter(multiset)


@given(multisets(), multisets())
def test_the_algebra_is_counter_algebra(first, second):
    a, b = CardMultiset(first), CardMultiset(second)
    ca, cb = Counter(first), Counter(second)
    assert as_counter(a) == ca and len(a) == len(first)
    assert as_counter(a + b) == ca + cb
    assert as_counter(a - b) == ca - cb
    assert as_counter(a | b) == ca | cb
    assert as_counter(a & b) == ca & cb
    assert (a <= b) == all(cb[card] >= n for card, n in ca.items())
    assert (a < b) == (a <= b and ca != cb)
    assert (a >= b) == (b <= a)
    assert a + b == b + a and a | b == b | a and a & b == b & a
    assert (a + b) - b == a
    assert a.isdisjoint(b) == (not ca & cb)


@given(multisets())
def test_counts_copies_iteration_and_membership(cards):
    multiset = CardMultiset(cards)
    counts = Counter(cards)
    assert list(multiset) == sorted(cards, key=lambda card: card.index)
    assert multiset.counts() == dict(sorted(counts.items(), key=lambda kv: kv[0].index))
    assert multiset.copies == max(counts.values(), default=0)
    for card in ALL_CARDS:
        assert multiset.count(card) == counts[card]
        assert (card in multiset) == (counts[card] > 0)
    for copies in (1, 2, 3, 4):
        assert set(multiset.at_least(copies)) == {c for c, n in counts.items() if n >= copies}
    for k in range(1, len(multiset.planes)):  # each plane inside the one before
        assert not multiset.planes[k] & ~multiset.planes[k - 1]
    assert CardMultiset.from_planes(multiset.planes) == multiset
    assert CardMultiset.from_counts(counts) == multiset
    assert pickle.loads(pickle.dumps(multiset)) == multiset
    assert hash(CardMultiset(reversed(cards))) == hash(multiset)
    assert bool(multiset) == bool(cards)


def test_adding_and_removing_copies():
    seven, eight = parse_cards("7H 8H")
    hand = CardMultiset("7H 8H")
    hand = hand.add(seven)
    assert hand.count(seven) == 2 and len(hand) == 3 and str(hand) == "7H 7H 8H"
    assert hand.remove(seven).count(seven) == 1
    assert hand.remove(seven, 2).count(seven) == 0
    with pytest.raises(KeyError):
        hand.remove(eight, 2)
    assert repr(hand) == "CardMultiset('7H 7H 8H')"
    assert hand.in_suit(seven.suit) == 0b11000000 and hand.in_suit(seven.suit, 2) == 0b1000000
    with pytest.raises(AttributeError):
        hand.planes = ()  # type: ignore[misc]
    with pytest.raises(ValueError, match="at_least"):
        hand.at_least(0)


def test_a_card_set_mixes_in_and_converts_back():
    hand = CardMultiset("7H 7H")
    one = CardSet("7H 9C")
    assert str(hand + one) == "7H 7H 7H 9C"
    assert str(one + hand) == "7H 7H 7H 9C"
    assert str(hand - one) == "7H" and str(CardMultiset(one) - hand) == "9C"
    assert CardMultiset("7H 9C").as_cardset() == one
    with pytest.raises(ValueError, match="holds 7H twice"):
        hand.as_cardset()
    with pytest.raises(ValueError, match="plane 1"):
        CardMultiset.from_planes([1, 2])
    with pytest.raises(ValueError, match="-1 times"):
        CardMultiset.from_counts({one.to_list()[0]: -1})


def test_one_deck_specs_are_as_before():
    assert STANDARD_52.cards == tuple(ALL_CARDS[:52]) and STANDARD_52.copies == 1
    assert WITH_JOKERS_54.cards == tuple(ALL_CARDS)
    assert WITH_JOKERS_54.distinct == CardSet(ALL_CARDS)
    assert DeckSpec.standard(jokers=1).cards[-1].text == "X1"


def test_several_decks_and_any_number_of_jokers():
    two = DeckSpec.standard(decks=2, jokers=4)
    assert two.size == 108 and two.copies == 2 and two.name == "108-card deck (2 decks)"
    assert all(two.count(card) == 2 for card in ALL_CARDS)
    three = DeckSpec.standard(decks=3, jokers=5)
    assert three.size == 161 and three.count(Card.parse("X1")) == 3
    assert three.count(Card.parse("X2")) == 2
    assert DeckSpec.standard(jokers=8).count(Card.parse("X2")) == 4
    for bad, message in [({"decks": 0}, "1 or more standard decks"),
                         ({"jokers": -2}, "0 or more jokers"),
                         ({"without_ranks": (14,)}, "ranks are 1")]:
        with pytest.raises(ValueError, match=message):
            DeckSpec.standard(**bad)  # type: ignore[arg-type]


def test_stripped_and_custom_decks():
    assert FORTY_CARD_SPANISH.size == 40 and FORTY_CARD_SPANISH.copies == 1
    assert PINOCHLE_48.size == 48 and PINOCHLE_48.copies == 2
    assert {card.rank for card in PINOCHLE_48.cards} == {1, 9, 10, 11, 12, 13}
    no_twos = DeckSpec.standard(without_ranks=(2,))
    assert no_twos.size == 48 and Card.parse("2H") not in no_twos.cards
    euchre = DeckSpec.custom("9C 10C JC QC KC AC 9D 10D JD QD KD AD", copies=2, name="tiny")
    assert euchre.size == 24 and euchre.copies == 2 and str(euchre).startswith("tiny: 9C 10C")
    with pytest.raises(ValueError, match="no cards"):
        DeckSpec.custom([])
    with pytest.raises(ValueError, match="1 or more copies"):
        DeckSpec.custom("7H", copies=0)
    with pytest.raises(ValueError, match="'7Z' is not a card"):
        DeckSpec.custom("7Z")


def test_stacked_decks_with_copies():
    two = DeckSpec.standard(decks=2)
    deck = two.stacked("7H 7H KS", random.Random(5))
    assert [c.text for c in deck[:3]] == ["7H", "7H", "KS"]
    assert Counter(deck) == Counter(two.cards)
    assert two.stacked("7H 7H KS", random.Random(5)) == deck
    rest = list(two.cards)
    rest.remove(Card.parse("7H"))  # the first copy is the one stacked
    assert two.stacked("7H")[1:] == rest
    with pytest.raises(ValueError, match="more than 2 times; the 104-card deck"):
        two.stacked("7H 7H 7H")
    with pytest.raises(ValueError, match="X1 is not in the"):
        two.stacked("X1")
    with pytest.raises(ValueError, match="appears twice"):
        STANDARD_52.stacked("7H 7H")


@given(deck_specs(), st.integers(0, 2**32))
def test_shuffles_and_deals_conserve_the_copies(deck, seed):
    cards = deck.shuffled(random.Random(seed))
    assert Counter(cards) == Counter(deck.cards)
    players = min(4, deck.size // 11)
    hands, rest = deal_round_robin(cards, list(range(players)), 11)
    total = sum((CardMultiset(hand) for hand in hands.values()), CardMultiset(rest))
    assert total == deck.multiset
