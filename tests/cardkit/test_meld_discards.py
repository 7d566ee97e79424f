"""Deadwood for discard decisions (``deadwood_without_each``, ``deadwood_cards``) answers what
``deadwood_value`` answers card by card, and ``all_melds``' fast path without wild cards lists
what the general enumeration lists, in the same order."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardkit.libraries.melds import (
    MeldRules,
    all_melds,
    best_arrangement,
    deadwood_cards,
    deadwood_value,
    deadwood_without_each,
    hand_mask,
)
from cardkit.libraries.melds.shapes import _enumerate_melds
from cardkit.libraries.melds.tables import meld_tables
from cardkit.values.cards import JOKERS, STANDARD_CARDS, Card, CardSet

GIN = MeldRules()
HIGH = MeldRules(ace="high_or_low")
FORTY = MeldRules(run_ranks=(1, 2, 3, 4, 5, 6, 7, 11, 12, 13))
SETS_OF_3 = MeldRules(set_sizes=(3,), min_run=4)
TONK_JOKERS = MeldRules(wild=JOKERS)
NATURAL_RULES = [GIN, HIGH, FORTY, SETS_OF_3]

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: Cards of few ranks, so hands hold sets (and four of a kind) often.
CROWDED = [card for card in STANDARD_CARDS if card.rank in (1, 2, 3, 4, 5, 12, 13)]


def hands(pool: list[Card], low: int, high: int) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(pool), min_size=low, max_size=high, unique=True)


@FAST
@given(hand=st.one_of(hands(STANDARD_CARDS, 1, 12), hands(CROWDED, 1, 12)),
       rules=st.sampled_from(NATURAL_RULES))
def test_deadwood_without_each_card_is_the_deadwood_of_the_hand_less_it(
        hand: list[Card], rules: MeldRules) -> None:
    held = CardSet(hand)
    expected = [deadwood_value(held.remove(card), rules) for card in held]
    assert deadwood_without_each(held, rules) == expected
    assert deadwood_without_each(held.mask, rules) == expected  # remembered: the same answer


@FAST
@given(hand=hands(STANDARD_CARDS, 1, 9), jokers=st.sampled_from([JOKERS[:1], JOKERS]))
def test_deadwood_without_each_with_wild_cards(hand: list[Card], jokers: list[Card]) -> None:
    held = CardSet([*hand, *jokers])
    expected = [deadwood_value(held.remove(card), TONK_JOKERS) for card in held]
    assert deadwood_without_each(held, TONK_JOKERS) == expected


@FAST
@given(hand=st.one_of(hands(STANDARD_CARDS, 1, 12), hands(CROWDED, 1, 12)),
       rules=st.sampled_from(NATURAL_RULES))
def test_deadwood_cards_bound_every_discard(hand: list[Card], rules: MeldRules) -> None:
    held = CardSet(hand)
    least, dead = deadwood_cards(held, rules)
    assert least == deadwood_value(held, rules) == best_arrangement(held, rules).deadwood_value
    assert not dead & ~held.mask
    values = rules.card_values
    assert sum(values[card.rank - 1] for card in held if card.mask & dead) == least
    for card, left in zip(held, deadwood_without_each(held, rules), strict=True):
        if card.mask & dead:  # a deadwood card leaves exactly the least less its value
            assert left == least - values[card.rank - 1]
        else:  # any other at least that much
            assert left >= least - values[card.rank - 1]


@FAST
@given(hand=st.one_of(hands(STANDARD_CARDS, 0, 13), hands(CROWDED, 0, 13)),
       rules=st.sampled_from(NATURAL_RULES))
def test_all_melds_without_wild_cards_as_the_enumeration_lists_them(
        hand: list[Card], rules: MeldRules) -> None:
    found = all_melds(hand, rules)
    assert found == _enumerate_melds(hand_mask(hand), meld_tables(rules))
    assert all_melds(hand, rules) == found  # the remembered groups give the same again
