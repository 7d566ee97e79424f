"""The counted endgame on strength masks (``bosses``) answers as the greedy agent's own, on
combinations: every play's boss test, and whether a hand goes out by bosses alone."""

from __future__ import annotations

from cardkit_games.tien_len.bots.agents import bosses_take_it_out, is_boss
from cardkit_games.tien_len.bots.bosses import is_boss_mask, out_by_bosses
from cardkit_games.tien_len.rules import climbing_rules
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.libraries.climbing import all_combinations
from cardkit.values.cards import STANDARD_CARDS, CardSet

#: A hand of up to 13 cards and the unseen cards (some of the rest); rank-heavy draws give
#: sets and double sequences often.
DEALS = st.permutations(STANDARD_CARDS).flatmap(lambda cards: st.tuples(
    st.integers(1, 13).map(lambda n: list(cards[:n])),
    st.integers(0, 39).map(lambda n: list(cards[13:13 + n]))))


@settings(max_examples=150, deadline=None)
@given(deal=DEALS, rules_name=st.sampled_from(["never", "as_top_only"]))
def test_the_mask_endgame_answers_as_the_combinations_one(deal: tuple[list, list],
                                                          rules_name: str) -> None:
    hand, others = deal
    rules = climbing_rules({"twos_in_sequences": rules_name})
    unseen = rules.strength_mask(others)
    for combo in all_combinations(CardSet(hand), rules):
        found = rules.strength_mask(combo.cards)
        assert is_boss_mask(found, unseen, rules) == is_boss(combo, unseen, rules), combo
    assert out_by_bosses(rules.strength_mask(hand), unseen, rules) == bosses_take_it_out(
        CardSet(hand), unseen, rules)


def test_bosses_that_take_it_out_are_found() -> None:
    """A pair of 2s and a 3 go out when nothing unseen beats the pair; with the higher 2s
    unseen, neither the pair nor a single 2 is a boss, and the hand does not."""
    rules = climbing_rules({"twos_in_sequences": "never"})
    hand = [card for card in STANDARD_CARDS if card.text in ("2S", "2C", "3S")]
    assert out_by_bosses(rules.strength_mask(hand), 0, rules)
    unseen = rules.strength_mask([card for card in STANDARD_CARDS
                                  if card.text in ("4S", "4C", "2D", "2H")])
    assert not out_by_bosses(rules.strength_mask(hand), unseen, rules)
