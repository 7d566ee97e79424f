"""Tonk rules: the check at the deal (§2.6) and the endings it gives, E1 (win at the deal), E2
(void deal) and E3 (a dealt 49 played in turn), the table "Winning at the deal" of §5
(``initial_tonk_mode``, ``initial_count_ace_value``, ``low_initial_*``), their settlement 6.1
and 6.2 (the multipliers), with §9.5 and worked examples 2 (a dealt 50) and 3 (two qualifiers).

Seat letters in the comments are those of the rules page's examples: with the default
stand-alone dealer (the last seat), 2 players: B = seat 0, A = seat 1 (where a test only needs
"the player who acts", that player is A = seat 0); 3 players: B = 0, C = 1, A = 2 (the dealer).
A comment may map them otherwise for its own test."""

from __future__ import annotations

import random

from cardkit import load_game
from tests.games.tonk.helpers import draw_and_discard, stack

# ----- E1, E2 (worked examples 2 and 3) ----------------------------------------------------------

def test_example_2_dealt_50():
    game = load_game("tonk", players=2)
    # B = seat 0 holds 50, A = seat 1 (dealer) holds 31
    state = game.new_hand(seed=2, deck=stack(["KS QH JD 10C 10S", "2C 3D 9H 8S 9D"]))
    assert state.is_over and state.result.ending == "initial_win"
    assert state.result.payoffs == (2, -2)
    following = game.definition.match.advance(game, state.context, state.result,
                                              random.Random(0))
    assert following.dealer == 0  # B deals next


def test_example_3_two_qualifiers_void_deal():
    game = load_game("tonk", players=3)
    state = game.new_hand(seed=3, deck=stack(["KS KH KD 10C 9S", "QS QH QD JC JS",
                                               "2C 3C 5D 7H 8D"]))
    assert state.result.ending == "void_deal"
    assert state.result.payoffs == (0, 0, 0) and state.result.transfers == ()
    following = game.definition.match.advance(game, state.context, state.result,
                                              random.Random(0))
    assert following.dealer == 0  # the deal passes to B


# ----- E3: a dealt 49 played in turn (§9.5) ------------------------------------------------------

HANDS_49_IN_TURN = ["AS AH 2C 2D 3S", "JS JH JD 10D 9D", "4S 5H 6C 7D 8S"]  # B 9, C 49, A 30


def test_49_in_turn_ignored_after_a_drop():
    game = load_game("tonk", players=3, initial_tonk_mode="50_auto_49_in_turn")
    state = game.new_hand(seed=4, deck=stack(HANDS_49_IN_TURN))
    assert not state.is_over
    state.apply("drop")
    assert state.result.ending == "drop"
    assert state.result.payoffs == (2, -1, -1)


def test_49_in_turn_wins_when_its_turn_starts():
    game = load_game("tonk", players=3, initial_tonk_mode="50_auto_49_in_turn")
    state = game.new_hand(seed=4, deck=stack(HANDS_49_IN_TURN))
    draw_and_discard(state)  # B plays on; C's first turn starts: E3
    assert state.result.ending == "initial_win"
    assert state.result.payoffs == (-2, 4, -2)


def test_49_default_mode_ends_at_the_deal():
    state = load_game("tonk", players=3).new_hand(seed=4, deck=stack(HANDS_49_IN_TURN))
    assert state.result.ending == "initial_win"
    assert state.result.payoffs == (-2, 4, -2)  # A and B each pay C 2


B20 = "2C 3C 4D 5H 6S"
C49 = "JS JH JD 10D 9D"
A49 = "KS KH KD 10C 9S"


def test_e3_two_49s_the_first_in_turn_order_wins():
    """E3: C and A both hold 49 (nobody 50): C's first turn comes first, C wins."""
    game = load_game("tonk", players=3, initial_tonk_mode="50_auto_49_in_turn")
    state = game.new_hand(seed=1, deck=stack([B20, C49, A49]))
    assert not state.is_over
    draw_and_discard(state)  # B
    assert state.result.ending == "initial_win" and state.result.winners == (1,)
    assert state.result.payoffs == (-2, 4, -2)


def test_e3_the_first_player_with_49_wins_before_acting():
    """E3: the first player's first turn starts right after the deal; in the default mode the
    same two 49s void the deal (E2)."""
    hands = [A49, C49, B20]
    game = load_game("tonk", players=3, initial_tonk_mode="50_auto_49_in_turn")
    state = game.new_hand(seed=2, deck=stack(hands))
    assert state.result.ending == "initial_win" and state.result.payoffs == (4, -2, -2)
    assert "E3" in state.result.details["explanation"] and state.history == []
    state = load_game("tonk", players=3).new_hand(seed=2, deck=stack(hands))
    assert state.result.ending == "void_deal"


def test_e3_a_50_at_the_deal_ends_the_hand_before_a_49_matters():
    """§9.5: in 50_auto_49_in_turn a dealt 50 wins at the deal (E1); two 50s void it."""
    game = load_game("tonk", players=3, initial_tonk_mode="50_auto_49_in_turn")
    state = game.new_hand(seed=3, deck=stack([A49, "QS QH QD JC 10S", B20]))
    assert state.result.ending == "initial_win" and state.result.payoffs == (-2, 4, -2)
    state = game.new_hand(seed=3, deck=stack([B20, "QS QH QD JC 10S", "KS KH KD JH 10C"]))
    assert state.result.ending == "void_deal" and state.result.transfers == ()


def test_e3_a_tonk_by_an_earlier_player_ends_the_hand_first():
    """E3: the 49 is ignored when an earlier player tonks before the 49's first turn."""
    game = load_game("tonk", players=3, initial_tonk_mode="50_auto_49_in_turn")
    hands = ["5H 6H 9C 9D 9S", "JS JH JD 10D 9H", "2C 3D 4S KC QD"]  # C holds 49
    state = game.new_hand(seed=4, deck=stack(hands, "AH", "7H"))
    state.apply("draw stock")
    state.apply("spread 5H 6H 7H")
    state.apply("spread 9C 9D 9S")
    assert state.result.ending == "tonk" and state.result.payoffs == (4, -2, -2)


# ----- the counts that win at the deal, 6.1 multipliers ------------------------------------------

def test_ace_worth_10_on_the_deal():
    deck = stack(["AS KH KD KC 9S", "2C 3D 4H 6S 8C"])
    state = load_game("tonk", players=2, initial_count_ace_value=10).new_hand(seed=5, deck=deck)
    assert state.result.ending == "initial_win" and state.result.payoffs == (2, -2)
    state = load_game("tonk", players=2).new_hand(seed=5, deck=deck)
    assert not state.is_over and state.phase == "start"


def test_initial_multipliers():
    deck50 = stack(["KS QH JD 10C 10S", "2C 3D 9H 8S 9D"])
    deck49 = stack(["KS QH JD 10C 9S", "2C 3D 9H 8S 9D"])
    game = load_game("tonk", players=2, initial_50_multiplier=5, initial_49_multiplier=4)
    assert game.new_hand(seed=1, deck=deck50).result.payoffs == (5, -5)
    assert game.new_hand(seed=1, deck=deck49).result.payoffs == (4, -4)
    off = load_game("tonk", players=2, initial_tonk_mode="off")
    assert not off.new_hand(seed=1, deck=deck50).is_over


def test_low_deal():
    game = load_game("tonk", players=3, low_initial_triple_max=9, low_initial_double_max=13)
    state = game.new_hand(seed=18, deck=stack(["AS AH 2C 2D 3S", "KC QC 9C 8D 7H",
                                                "KD QD JD 6H 5S"]))
    assert state.result.ending == "initial_win"
    assert state.result.payoffs == (6, -3, -3)
    state = game.new_hand(seed=18, deck=stack(["AS AH 2C 2D 3S", "AC 2S 3H 3D 4C",
                                                "KD QD JD 6H 5S"]))
    assert state.result.ending == "void_deal" and state.result.payoffs == (0, 0, 0)


def test_low_count_doubles_alone_two_qualifiers_void_the_deal():
    """§5 table / E2: with only low_initial_double_max set, 9 and 13 both qualify (x2): void."""
    game = load_game("tonk", players=3, low_initial_double_max=13)
    state = game.new_hand(seed=5, deck=stack(["AS AH 2C 2D 3S", "AC 2S 3H 3D 4C",
                                               "KD QD JD 6H 5S"]))
    assert state.result.ending == "void_deal" and state.result.payoffs == (0, 0, 0)
    state = game.new_hand(seed=5, deck=stack(["AS AH 2C 2D 3S", "KC QC 9C 8D 7H",
                                               "KD QD JD 6H 5S"]))
    assert state.result.ending == "initial_win" and state.result.payoffs == (4, -2, -2)


def test_low_triple_and_a_50_void_the_deal():
    """E2: a low-count qualifier and a 50 are two qualifiers."""
    game = load_game("tonk", players=3, low_initial_triple_max=9)
    state = game.new_hand(seed=6, deck=stack(["AS AH 2C 2D 3S", "QS QH QD JC 10S",
                                               "KD 9D JD 6H 5S"]))
    assert state.result.ending == "void_deal" and state.result.transfers == ()


def test_low_counts_apply_in_every_mode_and_use_the_deal_ace_value():
    """§5: low counts qualify in any initial_tonk_mode (off included); aces count
    initial_count_ace_value on the deal (AS AH 2C 2D 3S = 27 with aces 10)."""
    hands = ["AS AH 2C 2D 3S", "KC QC 9C 8D 7H", "KD QD JD 6H 5S"]
    off = load_game("tonk", players=3, initial_tonk_mode="off", low_initial_triple_max=9)
    assert off.new_hand(seed=7, deck=stack(hands)).result.payoffs == (6, -3, -3)
    tens = load_game("tonk", players=3, low_initial_triple_max=9, initial_count_ace_value=10)
    state = tens.new_hand(seed=7, deck=stack(hands))
    assert not state.is_over and state.result is None
