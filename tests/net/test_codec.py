"""The wire's views: the typed history travels as ``[seat, text]`` (plus the cards a move made
public), and comes back as the same moves."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.frontends.net.codec import CodecError
from cardkit.net import decode_view, encode_view
from cardkit.views import Move


def _played(name: str, players: int, seed: int, steps: int) -> cardkit.State:
    game = cardkit.load_game(name, players=players)
    state = game.new_hand(seed=seed)
    agents = [game.agent("normal", seat, seed) for seat in range(players)]
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
    return state


@settings(max_examples=12, deadline=None)
@given(st.sampled_from([("gin-rummy", 2), ("tonk", 3), ("tien-len", 4)]), st.integers(0, 500),
       st.integers(0, 40))
def test_a_view_round_trips_with_its_typed_history(game, seed, steps):
    state = _played(*game, seed, steps)
    view = state.view(0)
    again = decode_view(json.loads(json.dumps(encode_view(view))))
    assert again.history == view.history
    assert all(type(move) is Move for move in again.history)


def test_a_move_that_shows_a_card_carries_it_on_the_wire_and_others_stay_pairs():
    game = cardkit.load_game("gin-rummy", players=2)
    state = game.new_hand(seed=3)
    state.apply("decline upcard")
    state.apply("take upcard")
    history = encode_view(state.view(0))["history"]
    assert history == [[0, "decline upcard"], [1, "take upcard", ["6C"]]]
    moves = decode_view(encode_view(state.view(0))).history
    assert moves[1].shown == (cardkit.Card.parse("6C"),) and str(moves[1]) == "take upcard"


def test_a_history_of_pairs_from_before_the_shown_cards_still_decodes():
    data = encode_view(cardkit.load_game("tonk").new_hand(seed=1).view(0))
    data["history"] = [[0, "draw stock"], [0, "discard KS"], [None, "pass"]]
    moves = decode_view(data).history
    assert [(move.seat, move.action.kind, move.action.cards) for move in moves] == [
        (0, "draw", ()), (0, "discard", (cardkit.Card.parse("KS"),)), (None, "pass", ())]


@pytest.mark.parametrize(("entry", "message"), [
    ([0], "must be \\[seat, text\\]"),
    ([0, 5], "a move's text must be a string"),
    ([0, "fly away now"], "history"),
    ([0, "draw discard", ["ZZ"]], "history"),
])
def test_a_bad_move_on_the_wire_is_a_clear_codec_error(entry, message):
    data = encode_view(cardkit.load_game("tonk").new_hand(seed=1).view(0))
    data["history"] = [entry]
    with pytest.raises(CodecError, match=message):
        decode_view(data)
