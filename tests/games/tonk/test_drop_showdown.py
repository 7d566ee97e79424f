"""Tonk rules: the ending E6 (a drop) and its settlement 6.5 (``drop_win_multiplier``,
``caught_settlement``), with §9.1-§9.3 and worked example 4 (caught). When a drop is allowed
(phase A, drop locks, ``drop_timing``) is tested in test_turn.py.

Seat letters in the comments are those of the rules page's examples: with the default
stand-alone dealer (the last seat), 2 players: B = seat 0, A = seat 1 (where a test only needs
"the player who acts", that player is A = seat 0); 3 players: B = 0, C = 1, A = 2 (the dealer).
A comment may map them otherwise for its own test."""

from __future__ import annotations

import pytest

import cardkit
from cardkit import load_game
from tests.games.tonk.helpers import LOW_HIGH, stack

# ----- the drop wins or is caught (worked example 4, §9.2) ---------------------------------------

B12 = "AC 2D 3H 4S 2C"


@pytest.mark.parametrize(("hands", "ending", "payoffs"), [
    # B 12, C 30, A 15: drop wins
    ([B12, "KS QS 5S 3S 2S", "5C 3D 4D 2H AH"], "drop", (2, -1, -1)),
    # worked example 4, B 12, C 30, A 8: caught, A strictly lower
    ([B12, "KS QS 5S 3S 2S", "AD AH AS 2H 3D"], "caught", (-2, -1, 3)),
    # B 10, C 25, A 10: caught by a tie (§9.2)
    (["AC 2D 3H 2C 2S", "KS 5S 3S 4H 3C", "AD AH AS 3D 4C"], "caught", (-2, -1, 3)),
])
def test_drop_wins_or_is_caught(hands, ending, payoffs):
    state = load_game("tonk", players=3).new_hand(seed=6, deck=stack(hands))
    state.apply("drop")
    assert state.result.ending == ending
    assert state.result.payoffs == payoffs


@pytest.mark.parametrize(("option", "value", "payoffs"), [
    ("drop_win_multiplier", 3, (3, -3)),
])
def test_drop_win_multiplier(option, value, payoffs):
    state = load_game("tonk", players=2, **{option: value}).new_hand(seed=7, deck=stack(LOW_HIGH))
    state.apply("drop")
    assert state.result.payoffs == payoffs


# ----- caught drops with four players (§9.1, §9.3) -----------------------------------------------

# Seat mapping for the caught drops with four players: P1..P4 = seats 0..3, P4 (seat 3) deals,
# so the turn order is P1, P2, P3, P4 and P2 drops at the start of its second turn. Five-card
# hands alone cannot hold these counts (the tied winners need two 7s: six aces), but counts are
# of the cards still in hand (§0), so players lay books first. The moves
# (``_p2_drops_on_turn_two``):
#   turn 1 P1: draw stock, lay the book of 7s, discard the card drawn (2 cards left);
#   turn 2 P2: draw stock, discard the card drawn (no spread, and nobody ever hits P2, so P2's
#              drop lock stays 0);
#   turn 3 P3: draw and discard, or (tied winners) draw, lay the book of 8s, discard;
#   turn 4 P4: draw stock, discard the card drawn;
#   turn 5 P1: draw stock, discard the card drawn;
#   turn 6 P2: drop.
P1, P2, P3, P4 = 0, 1, 2, 3
UPCARD = "KC"
STOCK = "QD JH 10S 9C JD"  # one card per turn; each is discarded at once

# P1 keeps 2C 4D = 6, P2 2S 3C 4H AH 5S = 15, P3 AC AD 2H 3S 5D = 12, P4 5C 5H 4S 3D 3H = 20
FOUR_PLAYERS_CAUGHT = ["7C 7D 7S 2C 4D", "2S 3C 4H AH 5S", "AC AD 2H 3S 5D", "5C 5H 4S 3D 3H"]


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
def test_caught_settlements(mode, transfers, payoffs):
    """Every caught_settlement (§9.1): P2 drops with 15; P1 6, P3 12, P4 20; winner P1."""
    result = _p2_drops_on_turn_two(FOUR_PLAYERS_CAUGHT, None, caught_settlement=mode)
    assert result.details["counts"] == [6, 15, 12, 20]
    assert result.details["dropper"] == P2
    assert [len(cards) for cards in result.details["revealed"]] == [2, 5, 5, 5]
    assert result.ending == "caught" and result.winners == (P1,)
    assert _paid(result) == sorted(transfers)
    assert result.payoffs == payoffs


# P1 keeps 3C 4D = 7, P2 2C 3D 4H 2S 3H = 14, P3 keeps AS 6H = 7, P4 5C 5D 4S 4C 2D = 20
FOUR_PLAYERS_TIED = ["7C 7D 7S 3C 4D", "2C 3D 4H 2S 3H", "8C 8D 8H AS 6H", "5C 5D 4S 4C 2D"]


def test_tied_winners():
    """§9.3, default options: P2 drops with 14; P1 7, P3 7, P4 20; P1 and P3 both
    win and each is paid in full."""
    result = _p2_drops_on_turn_two(FOUR_PLAYERS_TIED, "8C 8D 8H")
    assert result.details["counts"] == [7, 14, 7, 20]
    assert result.details["dropper"] == P2
    assert [len(cards) for cards in result.details["revealed"]] == [2, 5, 2, 5]
    assert result.ending == "caught" and result.winners == (P1, P3)
    # P2 pays P1 2 and P3 2; P4 pays P1 1 and P3 1
    assert _paid(result) == sorted([(P2, P1, 2), (P2, P3, 2), (P4, P1, 1), (P4, P3, 1)])
    assert result.payoffs == (3, -4, 3, -2)


def test_tied_winners_settle_hook():
    """The same counts through the ``settle_drop`` hook a variant would wrap (seats P1..P4 =
    0..3): both tied winners are paid in full, never a split."""
    game = load_game("tonk", players=4)
    state = game.new_hand(seed=1)
    ending, winners, transfers = game.hooks.settle_drop(state, P2, [7, 14, 7, 20])
    result = cardkit.Result.from_transfers(ending, 4, transfers, winners)
    assert ending == "caught" and winners == (P1, P3)
    assert result.payoffs == (3, -4, 3, -2)
