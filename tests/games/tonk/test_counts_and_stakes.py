"""Tonk rules §0 (notation: a player's count, the stake S) and §1 (card values, the jokers' count
in hand), with §9.12 (counts are of the whole hand) and worked example 1 (count)."""

from __future__ import annotations

import pytest

from cardkit import load_game
from tests.games.tonk.helpers import LOW_HIGH, TONKER, draw_and_discard, stack

# ----- §0 the count (worked example 1) -----------------------------------------------------------

def test_example_1_count():
    game = load_game("tonk", players=2)
    state = game.new_hand(seed=1, deck=stack(["3S 7D KH AC 9C", "2C 2D 4H 4S 6C"]))
    state.apply("drop")
    assert state.result.details["counts"][0] == 30
    jokers = load_game("tonk", players=2, jokers=2)
    state = jokers.new_hand(seed=1, deck=stack(["X1 2S 5H QC QD", "2C 2D 4H 4S 6C"]))
    state.apply("drop")
    assert state.result.details["counts"][0] == 27


# ----- §0 S: every payment is k·S ----------------------------------------------------------------

def test_base_stake_scales_every_payment():
    state = load_game("tonk", players=2, base_stake=5).new_hand(seed=1, deck=stack(LOW_HIGH))
    state.apply("drop")
    assert state.result.payoffs == (5, -5)


@pytest.mark.parametrize(("players", "options", "hands", "upcard", "stock", "moves", "payoffs"), [
    (2, {}, ["KS QH JD 10C 10S", "2C 3D 9H 8S 9D"], "AH", "", [], (2, -2)),  # E1
    (2, {}, TONKER, "AH", "7H", ["draw stock", "spread 5H 6H 7H", "spread 9C 9D 9S"],
     (2, -2)),  # E4
    (3, {}, ["5H 6H 7H 8H 2C", "2D 3D 4S KC QD", "KD QS JS 6C 5S"], "AH", "9H",
     ["draw stock", "spread 5H 6H 7H 8H 9H", "discard 2C"], (2, -1, -1)),  # E5
    (2, {}, ["AC 2D 3H 4S 2C", "KS QS 5S 3S 2S"], "KH", "", ["drop"], (1, -1)),  # E6 won
    (3, {}, ["AC 2D 3H 4S 2C", "KS QS 5S 3S 2S", "AD AH AS 2H 3D"], "KH", "", ["drop"],
     (-2, -1, 3)),  # E6 caught (worked example 4)
    (2, {"double_double": True}, ["5H 6H KC KD KH", "8H 9H 4C 4D 4S"], "2C", "JD QD 7H",
     ["draw stock", "spread KC KD KH", "discard JD", "draw stock", "spread 4C 4D 4S",
      "discard QD", "draw stock", "spread 5H 6H 7H", "hit 8H 3", "hit 9H 3"], (-4, 4)),  # E8
])
def test_base_stake_scales_every_settlement(players, options, hands, upcard, stock, moves,
                                            payoffs):
    """§0: every transfer is k·S; base_stake = 2.5 scales each ending's payments."""
    for stake in (1, 2.5):
        game = load_game("tonk", players=players, base_stake=stake, **options)
        state = game.new_hand(seed=24, deck=stack(hands, upcard, stock))
        for move in moves:
            state.apply(move)
        assert state.result.payoffs == tuple(p * stake for p in payoffs)


def test_base_stake_scales_stock_ends_and_tied_stock_ends():
    """§0 and 6.6: the stock-end payment and the all_tied_paid payment are k·S too."""
    game = load_game("tonk", players=3, base_stake=2.5, stock_end_tie="all_tied_paid")
    state = game.new_hand(seed=25, deck=stack(["2C 3C AH 2H AC", "AS 2S 3S AD 2D",
                                               "KC KD QH 10S 8C"]))
    while not state.is_over:
        draw_and_discard(state)
    assert state.result.ending == "stock_out" and state.result.payoffs == (2.5, 2.5, -5)


# ----- §1 jokers in the deck and in the count ----------------------------------------------------

def test_jokers_and_joker_hand_value():
    game = load_game("tonk", players=2, jokers=2, joker_hand_value=15)
    assert game.deck_spec.size == 54
    state = game.new_hand(seed=3, deck=stack(["X1 2S 5H QC 3D", "2C 2D 4H 4S 6C"]))
    state.apply("drop")
    assert state.result.details["counts"][0] == 15 + 2 + 5 + 10 + 3
