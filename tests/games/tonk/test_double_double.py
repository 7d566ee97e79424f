"""Tonk rules: the ending E8 (double-double) and its settlement 6.8 (``double_double``,
``double_double_winner``), with §9.16."""

from __future__ import annotations

import pytest

from cardkit import IllegalAction, load_game
from tests.games.tonk.helpers import legal, stack


def _double_double_hand(b_keeps: str, **options):
    game = load_game("tonk", players=2, double_double=True, **options)
    state = game.new_hand(seed=19, deck=stack(["5H 6H KC KD KH", f"{b_keeps} 4C 4D 4S"],
                                              "2C", "JD QD 7H"))
    state.apply("draw stock")  # A: JD
    state.apply("spread KC KD KH")
    state.apply("discard JD")
    state.apply("draw stock")  # B: QD
    state.apply("spread 4C 4D 4S")
    state.apply("discard QD")
    state.apply("draw stock")  # A: 7H
    state.apply("spread 5H 6H 7H")  # tonk, spread number 3
    return state


def test_double_double_responder():
    state = _double_double_hand("8H 9H")
    assert state.phase == "respond" and state.current_player == 1
    state.apply("hit 8H 3")
    state.apply("hit 9H 3")
    assert state.result.ending == "double_double"
    assert state.result.payoffs == (-4, 4)


def test_double_double_original_tonker():
    state = _double_double_hand("8H 9H", double_double_winner="original_tonker")
    state.apply("hit 8H 3")
    state.apply("hit 9H 3")
    assert state.result.payoffs == (4, -4)


def test_no_double_double_when_b_cannot_empty_the_hand():
    state = _double_double_hand("8H KS")
    state.apply("hit 8H 3")  # KS fits nowhere: the normal tonk is paid
    assert state.result.ending == "tonk" and state.result.payoffs == (2, -2)


def test_double_double_only_onto_runs_laid_in_the_tonk_turn():
    """6.8: B may hit only the run(s) A laid in the out-turn, not A's older run; B cannot empty
    the hand, so the normal tonk is paid."""
    game = load_game("tonk", players=2, double_double=True)
    state = game.new_hand(seed=21, deck=stack(["2C 3C 4C 5H 6H", "5C 8H KD KS KH"], "AD",
                                              "JD 10S 7H"))
    state.apply("draw stock")  # A: JD
    state.apply("spread 2C 3C 4C")
    state.apply("discard JD")
    state.apply("draw stock")  # B: 10S
    state.apply("spread KD KH KS")
    state.apply("discard 10S")
    state.apply("draw stock")  # A: 7H
    state.apply("spread 5H 6H 7H")  # tonk, spread 3
    assert state.phase == "respond" and legal(state) == {"hit 8H 3", "pass"}
    with pytest.raises(IllegalAction, match="just laid"):
        state.apply("hit 5C 1")
    state.apply("hit 8H 3")
    assert state.result.ending == "tonk" and state.result.payoffs == (2, -2)


def test_double_double_needs_two_players():
    """6.8: with 3 players double_double has no effect; the tonk is paid at once."""
    game = load_game("tonk", players=3, double_double=True)
    state = game.new_hand(seed=22, deck=stack(["5H 6H 9C 9D 9S", "8H 2C 3D 4S KC",
                                               "KD QD JD 6C 5S"], "AH", "7H"))
    state.apply("draw stock")
    state.apply("spread 9C 9D 9S")
    state.apply("spread 5H 6H 7H")
    assert state.result.ending == "tonk" and state.result.payoffs == (4, -2, -2)
