"""The three source readings added as options (issue: seed readings that should be options):
``spread_min_natural``, ``book_to_discard_trigger`` and ``spades_side_bet_hands``. Each is
tested in both readings through the public API, and under the conformance kit and
``determinize``."""

from __future__ import annotations

import random

import pytest

from cardkit import IllegalAction, load_game
from cardkit.services.testing import check_game
from tests.games.tonk.helpers import stack

SOURCE_READINGS = {"spread_min_natural": 1, "book_to_discard_trigger": "hit_to_four",
                   "spades_side_bet_hands": "first_hand"}


def _jokers_hand(min_natural: int):
    game = load_game("tonk", players=2, jokers=2, spread_min_natural=min_natural)
    state = game.new_hand(deck=stack(["5H X1 X2 KC QD", "2C 3D 8S 9S JH"], "4C",
                                     stock="10C 10D"), seed=1)
    state.apply("draw stock")
    return state


@pytest.mark.parametrize("min_natural", [0, 1])
def test_a_spread_may_hold_one_natural_card_when_jokers_are_wild_as_any_card(min_natural):
    """S004 ('as any card the player needs'): one natural card and two jokers make a run or a
    book; 0 and 1 play alike (a spread has at least three cards, there are two jokers)."""
    state = _jokers_hand(min_natural)
    legal = {str(action) for action in state.legal_actions()}
    assert "spread 5H X1=6H X2=7H" in legal and "spread X1=5C X2=5D 5H" in legal
    state.apply("spread 5H X1=3H X2=4H")
    assert [str(meld) for _, meld in state.view(0).table] == ["X1=3H X2=4H 5H"]


def test_by_default_a_spread_with_jokers_needs_two_natural_cards():
    """The default reading (2, as the Bicycle 'Tunk' rule): one natural card is not enough."""
    state = _jokers_hand(2)
    spreads = [action for action in state.legal_actions() if action.kind == "spread"]
    assert spreads and all(sum(not card.is_joker for card in action.cards) >= 2
                           for action in spreads)
    with pytest.raises(IllegalAction):
        state.apply("spread 5H X1=6H X2=7H")


def _books(trigger: str):
    game = load_game("tonk", players=2, completed_book_to_discard=True,
                     book_to_discard_trigger=trigger)
    return game.new_hand(deck=stack(["7C 7D 7H 7S 2D", "3C 4C 8H JS 9D"], "KD",
                                    stock="QC QH"), seed=1)


def test_any_four_card_book_leaves_the_table_by_default():
    """Default: a book laid with four cards goes under the discard pile at once."""
    state = _books("any_four_card_book")
    state.apply("draw stock")
    state.apply("spread 7C 7D 7H 7S")
    assert state.view(1).table == ()
    assert {card.text for card in state.zones()["discard pile"]} >= {"7C", "7D", "7H", "7S"}
    assert state.view(1).discard_top.text == "KD"


def test_only_a_book_hit_to_four_leaves_the_table_in_the_sources_reading():
    """S000/S004 'after it is hit': a book laid with four cards stays on the table..."""
    state = _books("hit_to_four")
    state.apply("draw stock")
    state.apply("spread 7C 7D 7H 7S")
    assert [str(meld) for _, meld in state.view(1).table] == ["7C 7D 7H 7S"]


def test_a_book_hit_to_four_leaves_the_table_in_both_readings():
    """... and a book completed by a hit leaves it in both readings."""
    for trigger in ("any_four_card_book", "hit_to_four"):
        game = load_game("tonk", players=2, completed_book_to_discard=True,
                         book_to_discard_trigger=trigger)
        state = game.new_hand(deck=stack(["7C 7D 7H 2D 9D", "7S 3C 4C 8H JS"], "KD",
                                         stock="QC QH"), seed=1)
        state.apply("draw stock")
        state.apply("spread 7C 7D 7H")
        state.apply("discard QC")
        state.apply("draw stock")
        state.apply("hit 7S 1")
        assert state.view(0).table == (), trigger
        assert "7S" in {card.text for card in state.zones()["discard pile"]}


def _second_hand_phase(hands: str) -> tuple[str, str]:
    game = load_game("tonk", players=2, spades_side_bet=True, spades_side_bet_hands=hands)
    match = game.new_match(seed=4)
    first = match.current.phase
    while not match.current.is_over:
        state = match.current
        state.apply(state.legal_actions()[0])
    second = match.next_hand()
    assert second is not None
    return first, second.phase


def test_the_side_bet_is_offered_in_every_hand_by_default():
    assert _second_hand_phase("every_hand") == ("bet", "bet")


def test_the_side_bet_is_offered_only_in_the_first_deal_in_the_sources_reading():
    """S000/S004 'in the first deal': the second hand of a match starts with the play; its
    views and result say nothing of a side bet."""
    first, second = _second_hand_phase("first_hand")
    assert (first, second) == ("bet", "start")
    game = load_game("tonk", players=2, spades_side_bet=True, spades_side_bet_hands="first_hand")
    match = game.new_match(seed=4)
    while not match.current.is_over:
        match.current.apply(match.current.legal_actions()[0])
    state = match.next_hand()
    assert state is not None and "side_bet_spades" not in state.view(0).info
    state.apply("drop")
    assert "side_bet" not in state.result.details


def test_the_conformance_kit_holds_under_the_sources_readings():
    for players in (2, 3):
        check_game("tonk", players=[players], presets=[None, "all_house_rules"],
                   options=SOURCE_READINGS, hands=8, seed=players)


def test_determinize_holds_under_the_sources_readings():
    """A re-deal looks the same to the seat: same view, same legal moves."""
    game = load_game("tonk", players=3, preset="all_house_rules", **SOURCE_READINGS)
    rng = random.Random(3)
    for seed in range(15):
        state = game.new_hand(seed=seed)
        while not state.is_over:
            seat = state.current_player
            copy = state.determinize(seat, rng)
            assert copy.view(seat) == state.view(seat)
            assert copy.legal_actions() == state.legal_actions()
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
