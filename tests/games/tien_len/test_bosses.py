"""The bots' counted endgame: whether a hand goes out by bosses alone
(:func:`~cardkit_games.tien_len.bots.agents.bosses_take_it_out`, on strength masks, kept)
answers as the rule says it, worked out here on combinations, and on known hands. The boss test
itself is held to listing every beating play in ``test_greedy_counting.py``."""

from __future__ import annotations

from cardkit_games.tien_len.bots.agents import bosses_take_it_out, hand_units
from cardkit_games.tien_len.rules import climbing_rules, lead_plays
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.climbing import ClimbingRules
from cardkit.libraries.climbing import beating_combinations
from cardkit.values.cards import STANDARD_CARDS, CardSet

#: A hand of up to 13 cards and the unseen cards (some of the rest); rank-heavy draws give
#: sets and double sequences often.
DEALS = st.permutations(STANDARD_CARDS).flatmap(lambda cards: st.tuples(
    st.integers(1, 8).map(lambda n: list(cards[:n])),
    st.integers(0, 39).map(lambda n: list(cards[13:13 + n]))))


def _out_by_listing(hand: CardSet, unseen: CardSet, rules: ClimbingRules) -> bool:
    """One unit, or a lead that no combination of the unseen cards beats the ordinary way
    (bombs on 2s aside), that lowers the units and leaves a hand that again goes out so."""
    units = hand_units(rules.strength_mask(hand))
    if units <= 1:
        return True
    for combo in lead_plays(hand, rules):
        rest = CardSet.from_mask(hand.mask & ~CardSet(combo.cards).mask)
        if hand_units(rules.strength_mask(rest)) >= units:
            continue
        if not beating_combinations(unseen, combo, rules) and _out_by_listing(rest, unseen, rules):
            return True
    return False


@settings(max_examples=40, deadline=None)
@given(deal=DEALS, rules_name=st.sampled_from(["never", "as_top_only"]))
def test_the_kept_endgame_answers_as_listing_the_plays(deal: tuple[list, list],
                                                       rules_name: str) -> None:
    hand, others = deal
    rules = climbing_rules({"twos_in_sequences": rules_name})
    unseen = rules.strength_mask(others)
    assert bosses_take_it_out(rules.strength_mask(hand), unseen, rules) == _out_by_listing(
        CardSet(hand), CardSet(others), rules)


def test_bosses_that_take_it_out_are_found() -> None:
    """A pair of 2s and a 3 go out when nothing unseen beats the pair; with the higher 2s
    unseen, neither the pair nor a single 2 is a boss, and the hand does not."""
    rules = climbing_rules({"twos_in_sequences": "never"})
    hand = [card for card in STANDARD_CARDS if card.text in ("2S", "2C", "3S")]
    assert bosses_take_it_out(rules.strength_mask(hand), 0, rules)
    unseen = rules.strength_mask([card for card in STANDARD_CARDS
                                  if card.text in ("4S", "4C", "2D", "2H")])
    assert not bosses_take_it_out(rules.strength_mask(hand), unseen, rules)
