"""``cardkit.melds.candidates``: the arrangements a knocker may declare, and their thinning to
the ones an opponent's lay-offs can tell apart."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.libraries.melds import MeldRules, best_with_layoffs, deadwood_value
from cardkit.libraries.melds.candidates import (
    distinct_for_layoffs,
    layoff_signature,
    min_deadwood_arrangements,
    valid_arrangements,
)
from cardkit.libraries.melds.meld import classify
from cardkit.values.cards import STANDARD_CARDS, Card, CardSet, Suit

RULES = MeldRules()
# Hands rich in melds: cards from a few ranks and three suits, so sets, runs and overlaps abound.
SUITS = (Suit.CLUBS, Suit.HEARTS, Suit.SPADES)
NEAR = [card for card in STANDARD_CARDS if (card.rank or 0) <= 7 and card.suit in SUITS]
hands = st.lists(st.sampled_from(NEAR), min_size=8, max_size=11, unique=True).map(CardSet)


def _is_arrangement_of(hand: CardSet, arrangement) -> None:
    used = 0
    for meld in arrangement.melds:
        assert classify(meld.cards, RULES) is not None
        assert not meld.mask & used and meld.mask & ~hand.mask == 0
        used |= meld.mask
    assert CardSet.from_mask(hand.mask & ~used) == CardSet(arrangement.deadwood)
    assert arrangement.deadwood_value == sum(RULES.value(c) for c in arrangement.deadwood)


@settings(max_examples=40, deadline=None)
@given(hand=hands, limit=st.integers(0, 25))
def test_valid_arrangements_are_every_arrangement_within_the_limit(hand: CardSet,
                                                                   limit: int) -> None:
    found = valid_arrangements(hand, RULES, limit)
    for arrangement in found:
        _is_arrangement_of(hand, arrangement)
        assert arrangement.deadwood_value <= limit
    assert len({a.melds for a in found}) == len(found)  # each listed once
    least = deadwood_value(hand, RULES)
    assert bool(found) == (least <= limit)
    if found:
        assert min(a.deadwood_value for a in found) == least


@settings(max_examples=40, deadline=None)
@given(hand=hands)
def test_min_deadwood_arrangements_all_have_the_least_deadwood(hand: CardSet) -> None:
    found = min_deadwood_arrangements(hand, RULES)
    assert found
    least = deadwood_value(hand, RULES)
    for arrangement in found:
        _is_arrangement_of(hand, arrangement)
        assert arrangement.deadwood_value == least


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_the_distinct_classes_keep_every_score_the_defender_can_reach(data) -> None:
    """Thinning by lay-off signatures loses no (K, D) pair: the defender's least deadwood
    against each arrangement is the same as against its class's representative."""
    mine = data.draw(hands)
    theirs = CardSet(data.draw(st.lists(
        st.sampled_from([c for c in STANDARD_CARDS if c not in mine]), min_size=10,
        max_size=10, unique=True)))
    found = valid_arrangements(mine, RULES, 15)
    kept = distinct_for_layoffs(found, theirs, RULES)
    assert all(any(a is k for a in found) for k in kept)

    def outcome(arrangement) -> tuple[int, int]:
        reply = best_with_layoffs(theirs, arrangement.melds, RULES)
        return arrangement.deadwood_value, reply.deadwood_value

    assert {outcome(a) for a in found} == {outcome(k) for k in kept}


def test_layoff_signature_of_a_set_and_of_a_blocked_run() -> None:
    twos = classify(CardSet("2C 2H 2S"), RULES)
    assert twos is not None
    assert layoff_signature(twos, CardSet("2D 9C"), RULES) == ((), (Card.parse("2D"),))
    run = classify(CardSet("5H 6H 7H"), RULES)
    assert run is not None
    assert layoff_signature(run, CardSet("9H 10H"), RULES) == ((), ())
