"""Every worked example of the Tonk rules §10, through the public contract.

Naming: the examples call the dealer A and the player to A's left B. With the default stand-alone
dealer (the last seat), 2 players: B = seat 0, A = seat 1; 3 players: B = 0, C = 1, A = 2.
Examples 9 and 10 (4 players P1..P4): P1..P4 = seats 0..3 with P4 dealing, so P1 plays first.
Where an example only needs "the player who acts", that player is seat 0.
"""

from __future__ import annotations

import random

import pytest

import cardkit
from cardkit import IllegalAction, load_game
from tests.games.tonk.helpers import draw_and_discard, stack


def net(result, reason: str) -> list[float]:
    """Each seat's net from the transfers with ``reason``."""
    totals = [0.0] * len(result.payoffs)
    for t in result.transfers:
        if t.reason == reason:
            totals[t.payer] -= t.amount
            totals[t.payee] += t.amount
    return totals


# 1. Count ---------------------------------------------------------------------------------------

def test_01_count():
    game = load_game("tonk", players=2)
    state = game.new_hand(seed=1, deck=stack(["3S 7D KH AC 9C", "2C 2D 4H 4S 6C"]))
    state.apply("drop")
    assert state.result.details["counts"][0] == 30
    jokers = load_game("tonk", players=2, jokers=2)
    state = jokers.new_hand(seed=1, deck=stack(["X1 2S 5H QC QD", "2C 2D 4H 4S 6C"]))
    state.apply("drop")
    assert state.result.details["counts"][0] == 27


# 2. Dealt 50 ------------------------------------------------------------------------------------

def test_02_dealt_50():
    game = load_game("tonk", players=2)
    # B = seat 0 holds 50, A = seat 1 (dealer) holds 31
    state = game.new_hand(seed=2, deck=stack(["KS QH JD 10C 10S", "2C 3D 9H 8S 9D"]))
    assert state.is_over and state.result.ending == "initial_win"
    assert state.result.payoffs == (2, -2)
    following = game.definition.match.advance(game, state.context, state.result,
                                              random.Random(0))
    assert following.dealer == 0  # B deals next


# 3. Two qualifiers ------------------------------------------------------------------------------

def test_03_two_qualifiers_void_deal():
    game = load_game("tonk", players=3)
    state = game.new_hand(seed=3, deck=stack(["KS KH KD 10C 9S", "QS QH QD JC JS",
                                               "2C 3C 5D 7H 8D"]))
    assert state.result.ending == "void_deal"
    assert state.result.payoffs == (0, 0, 0) and state.result.transfers == ()
    following = game.definition.match.advance(game, state.context, state.result,
                                              random.Random(0))
    assert following.dealer == 0  # the deal passes to B


# 4. 49 in turn ----------------------------------------------------------------------------------

EXAMPLE_4 = ["AS AH 2C 2D 3S", "JS JH JD 10D 9D", "4S 5H 6C 7D 8S"]  # B 9, C 49, A 30


def test_04_49_in_turn_ignored_after_a_drop():
    game = load_game("tonk", players=3, initial_tonk_mode="50_auto_49_in_turn")
    state = game.new_hand(seed=4, deck=stack(EXAMPLE_4))
    assert not state.is_over
    state.apply("drop")
    assert state.result.ending == "drop"
    assert state.result.payoffs == (2, -1, -1)


def test_04_49_in_turn_wins_when_its_turn_starts():
    game = load_game("tonk", players=3, initial_tonk_mode="50_auto_49_in_turn")
    state = game.new_hand(seed=4, deck=stack(EXAMPLE_4))
    draw_and_discard(state)  # B plays on; C's first turn starts: E3
    assert state.result.ending == "initial_win"
    assert state.result.payoffs == (-2, 4, -2)


def test_04_default_mode_ends_at_the_deal():
    state = load_game("tonk", players=3).new_hand(seed=4, deck=stack(EXAMPLE_4))
    assert state.result.ending == "initial_win"
    assert state.result.payoffs == (-2, 4, -2)  # A and B each pay C 2


# 5. Ace worth 10 on the deal --------------------------------------------------------------------

def test_05_ace_worth_10_on_the_deal():
    deck = stack(["AS KH KD KC 9S", "2C 3D 4H 6S 8C"])
    state = load_game("tonk", players=2, initial_count_ace_value=10).new_hand(seed=5, deck=deck)
    assert state.result.ending == "initial_win" and state.result.payoffs == (2, -2)
    state = load_game("tonk", players=2).new_hand(seed=5, deck=deck)
    assert not state.is_over and state.phase == "start"


# 6-8. Drops -------------------------------------------------------------------------------------

B12 = "AC 2D 3H 4S 2C"


@pytest.mark.parametrize(("hands", "ending", "payoffs"), [
    # 6: B 12, C 30, A 15: drop wins
    ([B12, "KS QS 5S 3S 2S", "5C 3D 4D 2H AH"], "drop", (2, -1, -1)),
    # 7: B 12, C 30, A 8: caught, A strictly lower
    ([B12, "KS QS 5S 3S 2S", "AD AH AS 2H 3D"], "caught", (-2, -1, 3)),
    # 8: B 10, C 25, A 10: caught by a tie
    (["AC 2D 3H 2C 2S", "KS 5S 3S 4H 3C", "AD AH AS 3D 4C"], "caught", (-2, -1, 3)),
])
def test_06_07_08_drops(hands, ending, payoffs):
    state = load_game("tonk", players=3).new_hand(seed=6, deck=stack(hands))
    state.apply("drop")
    assert state.result.ending == ending
    assert state.result.payoffs == payoffs


# 9-10. Caught drops with 4 players ------------------------------------------------------------

# Seat mapping for examples 9 and 10: P1..P4 = seats 0..3, P4 (seat 3) deals, so the turn order
# is P1, P2, P3, P4 and P2 drops at the start of its second turn. Five-card hands alone cannot
# hold these counts (example 10 needs two 7s: six aces), but counts are of the cards still in
# hand (§0), so players lay books first. The moves (``_p2_drops_on_turn_two``):
#   turn 1 P1: draw stock, lay the book of 7s, discard the card drawn (2 cards left);
#   turn 2 P2: draw stock, discard the card drawn (no spread, and nobody ever hits P2, so P2's
#              drop lock stays 0);
#   turn 3 P3: example 9: draw and discard; example 10: draw, lay the book of 8s, discard;
#   turn 4 P4: draw stock, discard the card drawn;
#   turn 5 P1: draw stock, discard the card drawn;
#   turn 6 P2: drop.
P1, P2, P3, P4 = 0, 1, 2, 3
UPCARD = "KC"
STOCK = "QD JH 10S 9C JD"  # one card per turn; each is discarded at once

# P1 keeps 2C 4D = 6, P2 2S 3C 4H AH 5S = 15, P3 AC AD 2H 3S 5D = 12, P4 5C 5H 4S 3D 3H = 20
EXAMPLE_9 = ["7C 7D 7S 2C 4D", "2S 3C 4H AH 5S", "AC AD 2H 3S 5D", "5C 5H 4S 3D 3H"]
# P1 keeps 3C 4D = 7, P2 2C 3D 4H 2S 3H = 14, P3 keeps AS 6H = 7, P4 5C 5D 4S 4C 2D = 20
EXAMPLE_10 = ["7C 7D 7S 3C 4D", "2C 3D 4H 2S 3H", "8C 8D 8H AS 6H", "5C 5D 4S 4C 2D"]


def _turn(state, seat: int, drawn: str, spread: str | None = None) -> None:
    """``seat`` draws ``drawn`` from the stock, lays ``spread`` if given, discards ``drawn``."""
    assert state.current_player == seat
    state.apply("draw stock")
    assert drawn in {c.text for c in state.view(seat).hand}
    if spread:
        state.apply(f"spread {spread}")
    state.apply(f"discard {drawn}")


def _p2_drops_on_turn_two(hands: list[str], p3_spread: str | None, **options):
    """Play the moves described above from a stacked deck and return the result."""
    game = load_game("tonk", players=4, **options)
    state = game.new_hand(seed=9, deck=stack(hands, UPCARD, STOCK))
    assert not state.is_over and state.context.dealer == P4
    _turn(state, P1, "QD", "7C 7D 7S")
    _turn(state, P2, "JH")
    _turn(state, P3, "10S", p3_spread)
    _turn(state, P4, "9C")
    _turn(state, P1, "JD")
    assert state.current_player == P2 and state.view(P2).info["drop_locks"][P2] == 0
    state.apply("drop")
    return state.result


def _paid(result) -> list[tuple[int, int, float]]:
    """The transfers as sorted (payer, payee, amount) triples."""
    return sorted((t.payer, t.payee, t.amount) for t in result.transfers)


@pytest.mark.parametrize(("mode", "transfers", "payoffs"), [
    # P2->P1 2, P2->P3 1, P3->P1 1, P4->P1 1: P1 +4, P2 -3, P3 0, P4 -1
    ("standard", [(P2, P1, 2), (P2, P3, 1), (P3, P1, 1), (P4, P1, 1)], (4, -3, 0, -1)),
    # P2->P1 2+1, P2->P3 2, P3->P1 1, P4->P1 1: P1 +5, P2 -5, P3 +1, P4 -1
    ("double_plus_base", [(P2, P1, 2), (P2, P1, 1), (P2, P3, 2), (P3, P1, 1), (P4, P1, 1)],
     (5, -5, 1, -1)),
    # P2->P1 2, P2->P3 2: P1 +2, P3 +2, P2 -4, P4 0
    ("double_only", [(P2, P1, 2), (P2, P3, 2)], (2, -4, 2, 0)),
    # P2->P1 2: P1 +2, P2 -2, others 0
    ("texas", [(P2, P1, 2)], (2, -2, 0, 0)),
])
def test_09_caught_settlements(mode, transfers, payoffs):
    """Example 9 with default options: P2 drops with 15; P1 6, P3 12, P4 20; winner P1."""
    result = _p2_drops_on_turn_two(EXAMPLE_9, None, caught_settlement=mode)
    assert result.details["counts"] == [6, 15, 12, 20]
    assert result.details["dropper"] == P2
    assert [len(cards) for cards in result.details["revealed"]] == [2, 5, 5, 5]
    assert result.ending == "caught" and result.winners == (P1,)
    assert _paid(result) == sorted(transfers)
    assert result.payoffs == payoffs


def test_10_tied_winners():
    """Example 10 with default options: P2 drops with 14; P1 7, P3 7, P4 20; P1 and P3 both
    win and each is paid in full."""
    result = _p2_drops_on_turn_two(EXAMPLE_10, "8C 8D 8H")
    assert result.details["counts"] == [7, 14, 7, 20]
    assert result.details["dropper"] == P2
    assert [len(cards) for cards in result.details["revealed"]] == [2, 5, 2, 5]
    assert result.ending == "caught" and result.winners == (P1, P3)
    # P2 pays P1 2 and P3 2; P4 pays P1 1 and P3 1
    assert _paid(result) == sorted([(P2, P1, 2), (P2, P3, 2), (P4, P1, 1), (P4, P3, 1)])
    assert result.payoffs == (3, -4, 3, -2)


def test_10_tied_winners_settle_hook():
    """The same counts through the ``settle_drop`` hook a variant would wrap (seats P1..P4 =
    0..3): both tied winners are paid in full, never a split."""
    game = load_game("tonk", players=4)
    state = game.new_hand(seed=1)
    ending, winners, transfers = game.hooks.settle_drop(state, P2, [7, 14, 7, 20])
    result = cardkit.Result.from_transfers(ending, 4, transfers, winners)
    assert ending == "caught" and winners == (P1, P3)
    assert result.payoffs == (3, -4, 3, -2)


# 11. Tonk ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("condition", ["any", "whole_hand_one_turn", "new_spread"])
def test_11_tonk(condition):
    game = load_game("tonk", players=2, tonk_double_condition=condition)
    state = game.new_hand(seed=11, deck=stack(["5H 6H 9C 9D 9S", "2C 3D 4S KC QD"], "JH", "7H"))
    state.apply("draw stock")
    state.apply("spread 5H 6H 7H")
    state.apply("spread 9C 9D 9S")
    assert state.result.ending == "tonk"
    assert state.result.payoffs == (2, -2)


# 12. Out by discard -----------------------------------------------------------------------------

def test_12_out_by_discard():
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


# 13. Tonk by hits only --------------------------------------------------------------------------

def _example_13(**options):
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
def test_13_tonk_by_hits_only(condition, paid):
    state = _example_13(tonk_double_condition=condition)
    state.apply("hit QD 3")
    assert state.result.ending == "tonk"
    assert state.result.payoffs == (2 * paid, -paid, -paid)


def test_13_runs_only_forbids_the_book_hit():
    state = _example_13(hit_targets="runs_only")
    with pytest.raises(IllegalAction, match="only runs"):
        state.apply("hit QD 3")


# 14. Hit lock -----------------------------------------------------------------------------------

def _example_14(counting: str):
    # turn order A, C, B: A = seat 0, C = seat 1, B = seat 2 (dealer); 7-card hands
    game = load_game("tonk", players=3, hand_size=7, hit_penalty_counting=counting)
    hands = ["4H 8H 2C 3C 5C 6D 7D", "9H KC QC JD 2S 3S 10S",
             "5H 6H 7H 9C 9D 9S JS"]
    state = game.new_hand(seed=14, deck=stack(hands, "AD", "AC AS QS"))
    draw_and_discard(state)  # A
    draw_and_discard(state)  # C
    state.apply("draw stock")  # B draws QS
    state.apply("spread 5H 6H 7H")
    state.apply("spread 9C 9D 9S")
    state.apply("discard QS")  # B keeps JS
    state.apply("draw stock")  # A
    state.apply("hit 4H 1")
    state.apply("hit 8H 1")
    assert state.view(0).info["drop_locks"][2] == (2 if counting == "per_card" else 1)
    state.apply("discard 2C")
    state.apply("draw stock")  # C
    state.apply("hit 9H 2")
    lock = state.view(1).info["drop_locks"][2]
    state.apply("discard 2S")
    return state, lock


def _b_turns_until_drop(state) -> int:
    turns = 0
    while True:
        assert state.current_player == 2
        turns += 1
        if "drop" in {str(a) for a in state.legal_actions()}:
            return turns
        draw_and_discard(state)  # B
        draw_and_discard(state)  # A
        draw_and_discard(state)  # C


def test_14_hit_lock_per_card():
    state, lock = _example_14("per_card")
    assert lock == 3
    assert _b_turns_until_drop(state) == 4  # locked for three turns, free on the fourth


def test_14_hit_lock_per_turn():
    state, lock = _example_14("per_turn")
    assert lock == 2
    assert _b_turns_until_drop(state) == 3


# 15. Stock end ----------------------------------------------------------------------------------

def _to_last_stock_card(state) -> None:
    while len(state.stock) > 1:
        draw_and_discard(state)


@pytest.mark.parametrize(("hands", "payoffs"), [
    (["2C 3C 4D 2H 3H", "AS 2S 3S AD 2D"], (-1, 1)),  # A 14, B 9
    (["2C 3C AH 2H AC", "AS 2S 3S AD 2D"], (0, 0)),   # both 9: a draw
])
def test_15_stock_end(hands, payoffs):
    state = load_game("tonk", players=2).new_hand(seed=15, deck=stack(hands))
    _to_last_stock_card(state)
    assert state.current_player == 0
    draw_and_discard(state)  # A draws the last card, cannot go out, discards
    assert state.result.ending == "stock_out"
    assert state.result.payoffs == payoffs


def test_15_end_when_discard_declined():
    game = load_game("tonk", players=2, stock_exhaustion="end_when_discard_declined")
    state = game.new_hand(seed=15, deck=stack(["2C 3C 4D 2H 3H", "AS 2S 3S AD 2D"]))
    _to_last_stock_card(state)
    draw_and_discard(state)
    assert not state.is_over and state.current_player == 1
    assert {str(a) for a in state.legal_actions()} == {"drop", "draw discard", "pass"}
    state.apply("pass")
    assert state.result.ending == "stock_out" and state.result.payoffs == (-1, 1)


# 16. Aces ---------------------------------------------------------------------------------------

ACES = ["AH 2H 3H QH KH", "4C 5D 6S 8C 9D"]


def test_16_aces_low():
    state = load_game("tonk", players=2).new_hand(seed=16, deck=stack(ACES, "JC", "KC"))
    state.apply("draw stock")
    legal = {str(a) for a in state.legal_actions()}
    assert "spread AH 2H 3H" in legal
    with pytest.raises(IllegalAction):
        state.apply("spread QH KH AH")
    with pytest.raises(IllegalAction):
        state.apply("spread KH AH 2H")


def test_16_aces_high_or_low():
    game = load_game("tonk", players=2, ace_in_runs="high_or_low")
    state = game.new_hand(seed=16, deck=stack(ACES, "JC", "KC"))
    state.apply("draw stock")
    with pytest.raises(IllegalAction):
        state.apply("spread KH AH 2H")
    state.apply("spread QH KH AH")
    assert state.view(0).table[0][1].represents[-1].text == "AH"


# 17. Must spread --------------------------------------------------------------------------------

def test_17_must_spread():
    game = load_game("tonk", players=2, must_spread=True)
    state = game.new_hand(seed=17, deck=stack(["7C 7D 7S 2H 9D", "4C 5D 6S 8C 9S"], "JC", "KC"))
    state.apply("draw stock")
    with pytest.raises(IllegalAction, match="must_spread"):
        state.apply("discard KC")
    state.apply("spread 7C 7D 7S")
    state.apply("discard KC")
    assert state.current_player == 1


def test_17_must_spread_three_aces_exception():
    game = load_game("tonk", players=2, must_spread=True)
    state = game.new_hand(seed=17, deck=stack(["AC AD AS 9H 5D", "4C 5C 6S 8C 9S"], "JC", "KC"))
    state.apply("draw stock")
    state.apply("discard KC")
    assert state.current_player == 1


# 18. Low deal -----------------------------------------------------------------------------------

def test_18_low_deal():
    game = load_game("tonk", players=3, low_initial_triple_max=9, low_initial_double_max=13)
    state = game.new_hand(seed=18, deck=stack(["AS AH 2C 2D 3S", "KC QC 9C 8D 7H",
                                                "KD QD JD 6H 5S"]))
    assert state.result.ending == "initial_win"
    assert state.result.payoffs == (6, -3, -3)
    state = game.new_hand(seed=18, deck=stack(["AS AH 2C 2D 3S", "AC 2S 3H 3D 4C",
                                                "KD QD JD 6H 5S"]))
    assert state.result.ending == "void_deal" and state.result.payoffs == (0, 0, 0)


# 19. Double-double ------------------------------------------------------------------------------

def _example_19(b_keeps: str, **options):
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


def test_19_double_double_responder():
    state = _example_19("8H 9H")
    assert state.phase == "respond" and state.current_player == 1
    state.apply("hit 8H 3")
    state.apply("hit 9H 3")
    assert state.result.ending == "double_double"
    assert state.result.payoffs == (-4, 4)


def test_19_double_double_original_tonker():
    state = _example_19("8H 9H", double_double_winner="original_tonker")
    state.apply("hit 8H 3")
    state.apply("hit 9H 3")
    assert state.result.payoffs == (4, -4)


def test_19_no_double_double_when_b_cannot_empty_the_hand():
    state = _example_19("8H KS")
    state.apply("hit 8H 3")  # KS fits nowhere: the normal tonk is paid
    assert state.result.ending == "tonk" and state.result.payoffs == (2, -2)


# 20. Spades side bet ----------------------------------------------------------------------------

def _example_20(a_spade: str, **options):
    # B = seat 0, C = seat 1, A = seat 2 (dealer); all three join
    game = load_game("tonk", players=3, spades_side_bet=True, **options)
    state = game.new_hand(seed=20, deck=stack(["6C 7D 8H 9C 10D", "KS 2H 3C 4D 6H",
                                                f"{a_spade} 2C 3D 4H 5C"]))
    for _ in range(3):
        state.apply("join bet")
    state.apply("drop")  # the hand itself is settled separately
    return state.result


def test_20_spades_side_bet():
    result = _example_20("9S")
    assert net(result, "spades side bet") == [-1, 2, -1]
    assert result.details["side_bet"]["winner"] == 1


def test_20_spades_side_bet_ace():
    assert net(_example_20("AS"), "spades side bet") == [-1, 2, -1]
    assert net(_example_20("AS", spades_bet_ace_high=True), "spades side bet") == [-1, -1, 2]
