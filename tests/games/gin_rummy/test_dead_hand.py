"""Gin rummy rules §5.3, the draw (a dead hand: ``draw_stock_remaining``), with §9.6.

Seats as in the rules page's examples: P1 = seat 0 is the box (and deals), P2 = seat 1 the
captain, P3 = seat 2 the sitter, unless a test says otherwise."""

from __future__ import annotations

import random

from cardkit_games.gin_rummy.match import advance

import cardkit
from cardkit import Card
from tests.games.gin_rummy.helpers import BOX_P1, GAME3, P1, P2, both_decline, deck, next_roles


def _draw_and_throw_until_three(state) -> None:
    both_decline(state)
    while True:
        seat = state.current_player
        if seat == P2 and state.view(seat).stock_size == 3:
            return
        before = set(state.view(seat).hand)
        state.apply("draw stock")
        (drawn,) = set(state.view(seat).hand) - before
        state.apply(f"discard {drawn}")


def test_dead_hand() -> None:
    state = GAME3.new_hand(seed=12, context=BOX_P1)
    _draw_and_throw_until_three(state)
    before = set(state.view(P2).hand)
    state.apply("draw stock")
    assert state.view(P2).stock_size == 2
    (drawn,) = set(state.view(P2).hand) - before
    state.apply(f"discard {drawn}")
    assert state.result.ending == "draw" and state.result.payoffs == (0, 0, 0)
    nxt = advance(state.game, state.context, state.result, random.Random(0))
    assert nxt.roles == BOX_P1.roles and nxt.dealer == P1  # P1 deals again


def test_knock_on_the_last_playable_card() -> None:
    captain = "2C 3C 4C 5D 6D 7D 9S 9H 9C 8H"
    box = "10S JS QS KS AH AD AC 10D 8C 2H"
    cards = deck(captain, box)
    rest = cards[21:]
    rest.remove(Card.parse("KC"))
    rest.insert(28, Card.parse("KC"))  # the captain's 15th stock draw
    state = GAME3.new_hand(seed=1, deck=cards[:21] + rest, context=BOX_P1)
    _draw_and_throw_until_three(state)
    state.apply("draw stock")
    assert state.view(P2).stock_size == 2
    state.apply("knock KC")
    result = state.result
    assert result.details["knocker_deadwood"] == 8
    assert result.details["defender_deadwood"] == 20
    assert result.ending == "knock" and result.payoffs == (0, 12, 0)
    assert next_roles(state) == ("sitter", "box", "captain")  # P2 box, P3 captain, P1 sitter


def _throw_until(state, seat: int, stock: int) -> None:
    """Both decline; each player draws from the stock and throws the drawn card until ``seat``
    is to draw with ``stock`` cards left."""
    both_decline(state)
    while not (state.current_player == seat and len(state.view(seat).hand) == 10
               and state.view(seat).stock_size == stock):
        player = state.current_player
        before = set(state.view(player).hand)
        state.apply("draw stock")
        (drawn,) = set(state.view(player).hand) - before
        state.apply(f"discard {drawn}")


def test_taking_the_discard_with_three_left_does_not_end_the_hand() -> None:
    """§5.3: only a discard leaving exactly two in the stock ends the hand: a discard-pile draw at
    three continues play; the next stock draw (two left) and discard end it."""
    state = cardkit.load_game("gin-rummy").new_hand(seed=21, context=BOX_P1)
    _throw_until(state, P2, 3)
    state.apply("draw discard")
    taken = state.view(P2).info["taken"]
    throw = next(card for card in state.view(P2).hand if card is not taken)
    state.apply(f"discard {throw}")
    assert not state.is_over and state.current_player == P1 and state.view(P1).stock_size == 3
    before = set(state.view(P1).hand)
    state.apply("draw stock")
    (drawn,) = set(state.view(P1).hand) - before
    assert not state.is_over  # drawing to two does not end it: the discard does
    state.apply(f"discard {drawn}")
    assert state.result.ending == "draw" and state.result.winners == ()
    assert state.result.payoffs == (0, 0, 0) and state.view(P1).stock_size == 2


def test_draw_stock_remaining_zero_plays_the_stock_out() -> None:
    """§5.3/§8: with ``draw_stock_remaining = 0`` the last stock card is drawn and discarded."""
    state = cardkit.load_game("gin-rummy", draw_stock_remaining=0).new_hand(seed=4,
                                                                             context=BOX_P1)
    _throw_until(state, P2, 1)
    state.apply("draw stock")
    assert not state.is_over and state.view(P2).stock_size == 0
    state.apply("discard " + str(state.view(P2).hand[0]))
    assert state.result.ending == "draw"


def test_draw_stock_remaining_option() -> None:
    for remaining in (2, 4):
        state = cardkit.load_game("gin-rummy", draw_stock_remaining=remaining).new_hand(seed=5)
        both_decline(state)
        while not state.is_over:
            seat = state.current_player
            before = set(state.view(seat).hand)
            state.apply("draw stock")
            (drawn,) = set(state.view(seat).hand) - before
            state.apply(f"discard {drawn}")
        assert state.result.ending == "draw" and len(state.stock) == remaining
