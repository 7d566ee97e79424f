"""Tonk rules: the endings E4 (tonk) and E5 (out by the discard) and their settlement, 6.3
(``tonk_multiplier``, ``tonk_double_condition``) and 6.4 (``out_by_discard_multiplier``), with
worked example 5 (tonk by hits), also under ``hit_targets = runs_only`` (§3 phase C).

Seat letters in the comments are those of the rules page's examples: with the default
stand-alone dealer (the last seat), 2 players: B = seat 0, A = seat 1 (where a test only needs
"the player who acts", that player is A = seat 0); 3 players: B = 0, C = 1, A = 2 (the dealer).
A comment may map them otherwise for its own test."""

from __future__ import annotations

import pytest

from cardkit import IllegalAction, load_game
from tests.games.tonk.helpers import draw_and_discard, stack

# ----- E4 tonk, 6.3 (worked example 5) -----------------------------------------------------------

@pytest.mark.parametrize("condition", ["any", "whole_hand_one_turn", "new_spread"])
def test_tonk(condition):
    game = load_game("tonk", players=2, tonk_double_condition=condition)
    state = game.new_hand(seed=11, deck=stack(["5H 6H 9C 9D 9S", "2C 3D 4S KC QD"], "JH", "7H"))
    state.apply("draw stock")
    state.apply("spread 5H 6H 7H")
    state.apply("spread 9C 9D 9S")
    assert state.result.ending == "tonk"
    assert state.result.payoffs == (2, -2)


def _example_5(**options):
    game = load_game("tonk", players=3, **options)
    hands = ["4S QD 9H 9D 9C", "5S 6S 7S JC 2D", "QH QC QS 3C 4D"]
    state = game.new_hand(seed=13, deck=stack(hands, "AH", "KD 10C 10H 8S"))
    state.apply("draw stock")  # KD
    state.apply("spread 9C 9D 9H")
    state.apply("discard KD")
    state.apply("draw stock")  # 10C
    state.apply("spread 5S 6S 7S")
    state.apply("discard 10C")
    state.apply("draw stock")  # 10H
    state.apply("spread QC QH QS")
    state.apply("discard 10H")
    state.apply("draw stock")  # 8S
    state.apply("hit 4S 2")
    state.apply("hit 8S 2")
    return state


@pytest.mark.parametrize(("condition", "paid"), [("any", 2), ("new_spread", 1),
                                                  ("whole_hand_one_turn", 1)])
def test_example_5_tonk_by_hits_only(condition, paid):
    state = _example_5(tonk_double_condition=condition)
    state.apply("hit QD 3")
    assert state.result.ending == "tonk"
    assert state.result.payoffs == (2 * paid, -paid, -paid)


def test_example_5_runs_only_forbids_the_book_hit():
    state = _example_5(hit_targets="runs_only")
    with pytest.raises(IllegalAction, match="only runs"):
        state.apply("hit QD 3")


TONK_DECK = stack(["5H 6H 9C 9D 9S", "2C 3D 4S KC QD"], "JH", "7H")


def _tonk(**options):
    state = load_game("tonk", players=2, **options).new_hand(seed=8, deck=TONK_DECK)
    state.apply("draw stock")
    state.apply("spread 5H 6H 7H")
    state.apply("spread 9C 9D 9S")
    return state.result


def test_tonk_multiplier():
    assert _tonk(tonk_multiplier=5).payoffs == (5, -5)


def test_out_by_discard_multiplier_pays_the_non_qualifying_tonk():
    # the player took the up-card, so this is not a whole-hand-in-one-turn tonk? It is: the
    # hand began with 5 cards. A second-turn tonk is single:
    game = load_game("tonk", players=2, tonk_double_condition="whole_hand_one_turn",
                     out_by_discard_multiplier=3)
    state = game.new_hand(seed=9, deck=stack(["5H 6H 9C 9D KS", "2C 3D 4S KC QD"], "JH",
                                             "9S 10D 7H"))
    state.apply("draw stock")  # 9S
    state.apply("spread 9C 9D 9S")
    state.apply("discard KS")
    draw_and_discard(state)
    state.apply("draw stock")  # 7H
    state.apply("spread 5H 6H 7H")
    assert state.result.ending == "tonk" and state.result.payoffs == (3, -3)


# ----- E5 out by the discard, 6.4 ----------------------------------------------------------------

def test_out_by_discard():
    game = load_game("tonk", players=3, hand_size=9)
    hands = ["8C 8D KS 2C 2D 2H 3C 3D 3H", "4C 5D 6H 7S 9C 10D JH QS KC",
             "4D 5H 6S 7C 9D 10H JS QC KD"]
    state = game.new_hand(seed=12, deck=stack(hands, "AS", "9S JD QD 8S"))
    state.apply("draw stock")  # 9S
    state.apply("spread 2C 2D 2H")
    state.apply("spread 3C 3D 3H")
    state.apply("discard 9S")
    draw_and_discard(state)
    draw_and_discard(state)
    state.apply("draw stock")  # 8S
    state.apply("spread 8C 8D 8S")
    state.apply("discard KS")
    assert state.result.ending == "out_by_discard"
    assert state.result.payoffs == (2, -1, -1)
