"""Tonk rules: the ending E7 (stock exhausted) in its three ``stock_exhaustion`` modes, the
``turn_cap`` guard, and its settlement 6.6 (``stock_end_multiplier``, ``stock_end_tie``), with
§9.4, §9.10 and §9.12.

Seat letters in the comments are those of the rules page's examples: with the default
stand-alone dealer (the last seat), 2 players: B = seat 0, A = seat 1 (where a test only needs
"the player who acts", that player is A = seat 0); 3 players: B = 0, C = 1, A = 2 (the dealer).
A comment may map them otherwise for its own test."""

from __future__ import annotations

import pytest

from cardkit import IllegalAction, load_game, parse_cards
from cardkit.values.cards import STANDARD_CARDS
from tests.games.tonk.helpers import TONKER, draw_and_discard, legal, stack

# ----- end_after_last_draw_turn (the default) ----------------------------------------------------

def to_last_stock_card(state) -> None:
    """Everybody draws from the stock and discards the card drawn, until one card is left."""
    while len(state.stock) > 1:
        draw_and_discard(state)


@pytest.mark.parametrize(("hands", "payoffs"), [
    (["2C 3C 4D 2H 3H", "AS 2S 3S AD 2D"], (-1, 1)),  # A 14, B 9
    (["2C 3C AH 2H AC", "AS 2S 3S AD 2D"], (0, 0)),   # both 9: a draw
])
def test_stock_end(hands, payoffs):
    state = load_game("tonk", players=2).new_hand(seed=15, deck=stack(hands))
    to_last_stock_card(state)
    assert state.current_player == 0
    draw_and_discard(state)  # A draws the last card, cannot go out, discards
    assert state.result.ending == "stock_out"
    assert state.result.payoffs == payoffs


def full_deck(hands: list[str], upcard: str, last_stock: str) -> list:
    """A whole stacked deck: the hands, the up-card, then every other card, with ``last_stock``
    the last cards of the stock (drawn last)."""
    deck = stack(hands, upcard)
    tail = parse_cards(last_stock)
    used = {c.index for c in deck} | {c.index for c in tail}
    return deck + [c for c in STANDARD_CARDS if c.index not in used] + tail


def test_end_after_last_draw_turn_the_last_drawer_may_tonk():
    """E7 end_after_last_draw_turn: the player drawing the last stock card may still tonk."""
    state = load_game("tonk", players=2).new_hand(seed=8, deck=full_deck(TONKER, "AH", "7H"))
    to_last_stock_card(state)
    assert state.current_player == 0
    state.apply("draw stock")
    assert state.view(0).stock_size == 0
    state.apply("spread 5H 6H 7H")
    state.apply("spread 9C 9D 9S")
    assert state.result.ending == "tonk" and state.result.payoffs == (2, -2)


def test_end_after_last_draw_turn_the_last_drawer_may_go_out_by_discard():
    """E7 end_after_last_draw_turn: going out by the discard takes precedence over E7."""
    deck = full_deck(["5H 6H 7H 8H 2C", "2D 3D 4S KC QD"], "AH", "9H")
    state = load_game("tonk", players=2).new_hand(seed=9, deck=deck)
    to_last_stock_card(state)
    state.apply("draw stock")
    state.apply("spread 5H 6H 7H 8H 9H")
    state.apply("discard 2C")
    assert state.result.ending == "out_by_discard" and state.result.payoffs == (1, -1)


# ----- end_when_discard_declined -----------------------------------------------------------------

def test_end_when_discard_declined():
    game = load_game("tonk", players=2, stock_exhaustion="end_when_discard_declined")
    state = game.new_hand(seed=15, deck=stack(["2C 3C 4D 2H 3H", "AS 2S 3S AD 2D"]))
    to_last_stock_card(state)
    draw_and_discard(state)
    assert not state.is_over and state.current_player == 1
    assert {str(a) for a in state.legal_actions()} == {"drop", "draw discard", "pass"}
    state.apply("pass")
    assert state.result.ending == "stock_out" and state.result.payoffs == (-1, 1)


def test_end_when_discard_declined_play_continues_and_the_taker_may_tonk():
    """E7 end_when_discard_declined: with the stock empty B takes A's discard and tonks."""
    game = load_game("tonk", players=2, stock_exhaustion="end_when_discard_declined")
    state = game.new_hand(seed=10, deck=full_deck(["2C 3D 4S KC QD", "5H 6H 9C 9D 9S"], "AH",
                                                  "7H"))
    to_last_stock_card(state)
    draw_and_discard(state)  # A draws the last card, 7H, and discards it
    assert not state.is_over and state.current_player == 1
    assert legal(state) == {"drop", "draw discard", "pass"}
    state.apply("draw discard")
    state.apply("spread 5H 6H 7H")
    state.apply("spread 9C 9D 9S")
    assert state.result.ending == "tonk" and state.result.payoffs == (-2, 2)


def test_end_when_discard_declined_ends_before_anything_else():
    """E7 end_when_discard_declined: declining ends the hand at once; nothing else may be done
    first (no spread from phase B), so the whole hand counts (§9.12)."""
    game = load_game("tonk", players=2, stock_exhaustion="end_when_discard_declined")
    state = game.new_hand(seed=11, deck=full_deck(["2C 3D 4S AC AD", "9C 9D 9S 2H AS"], "AH",
                                                  "KS"))
    to_last_stock_card(state)
    draw_and_discard(state)  # A discards KS
    with pytest.raises(IllegalAction):
        state.apply("spread 9C 9D 9S")
    state.apply("pass")
    assert state.result.ending == "stock_out"
    assert state.result.details["counts"] == [11, 30]
    assert state.result.payoffs == (1, -1)


def test_end_when_discard_declined_cannot_take_means_pass_or_drop():
    """E7 end_when_discard_declined with discard_pickup_must_meld: a discard that cannot be used
    cannot be taken; the player may still drop in phase A, or the hand ends."""
    game = load_game("tonk", players=2, stock_exhaustion="end_when_discard_declined",
                     discard_pickup_must_meld=True)
    state = game.new_hand(seed=12, deck=full_deck(["2C 3D 4S AC AD", "9C 9D 5S 2H AS"], "AH",
                                                  "KS"))
    to_last_stock_card(state)
    draw_and_discard(state)  # A discards KS
    assert legal(state) == {"drop", "pass"}


# ----- reshuffle and turn_cap (§9.10) ------------------------------------------------------------

def test_reshuffle_keeps_the_top_discard():
    """E7 reshuffle (§9.10): every discard but the top card becomes the new stock; the top card
    stays."""
    game = load_game("tonk", players=2, stock_exhaustion="reshuffle")
    state = game.new_hand(seed=13, deck=full_deck(["2C 3D 4S KC QD", "5H 6H 9C 9D 8S"], "AH",
                                                  "JH"))
    to_last_stock_card(state)
    draw_and_discard(state)  # A draws and discards JH; the stock is empty
    view = state.view(1)
    assert not state.is_over and view.discard_top.text == "JH"
    assert view.stock_size == 52 - 10 - 1  # the up-card and 40 discards, the top one kept
    assert len(state.zones()["discard pile"]) == 1
    assert "JH" not in {c.text for c in state.zones()["stock"]}


def test_reshuffle_takes_the_face_down_books_too():
    """E7 reshuffle with completed_book_to_discard: the books under the pile are discards and
    join the new stock; the visible top card stays (§4, §9.10)."""
    game = load_game("tonk", players=2, stock_exhaustion="reshuffle",
                     completed_book_to_discard=True)
    state = game.new_hand(seed=27, deck=full_deck(["9C 9D 9H 9S 2C", "5H 6H 3C 3D 8S"], "AH",
                                                  "JH"))
    state.apply("draw stock")
    drawn = next(c for c in state.view(0).hand if c.text not in {"9C", "9D", "9H", "9S", "2C"})
    state.apply("spread 9C 9D 9H 9S")
    state.apply(f"discard {drawn}")
    to_last_stock_card(state)
    draw_and_discard(state)  # the last stock card, JH, is discarded
    view = state.view(state.current_player)
    assert view.discard_top.text == "JH" and view.stock_size == 41 + 4
    assert {"9C", "9D", "9H", "9S"} <= {c.text for c in state.zones()["stock"]}


def test_stock_exhaustion_reshuffle_and_turn_cap():
    game = load_game("tonk", players=2, stock_exhaustion="reshuffle", turn_cap=100)
    state = game.new_hand(seed=13, deck=stack(["2C 3C 4D 2H 3H", "AS 2S 3S AD 2D"]))
    while not state.is_over:
        draw_and_discard(state)
    assert state.result.ending == "stock_out"
    assert state.turns == 101 and "turn cap" in state.result.details["explanation"]
    assert any("reshuffle" in e for e in state.result.details["events"])


# ----- 6.6 settlement (§9.4) ---------------------------------------------------------------------

def test_stock_end_multiplier_and_tie():
    def finish(**options):
        game = load_game("tonk", players=3, **options)
        state = game.new_hand(seed=14, deck=stack(["2C 3C AH 2H AC", "AS 2S 3S AD 2D",
                                                   "KC KD QH 10S 8C"]))
        while not state.is_over:
            draw_and_discard(state)
        return state.result

    assert finish().payoffs == (0, 0, 0)
    assert finish(stock_end_tie="all_tied_paid").payoffs == (1, 1, -2)
    game = load_game("tonk", players=2, stock_end_multiplier=4)
    state = game.new_hand(seed=14, deck=stack(["2C 3C 4D 2H 3H", "AS 2S 3S AD 2D"]))
    while not state.is_over:
        draw_and_discard(state)
    assert state.result.payoffs == (-4, 4)
