"""The API refuses what it cannot use at the door, in one line: an action's cards given as
anything but cards or card texts, a view of a seat the hand does not have."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardkit
from cardkit.values.actions import Action, parse_action
from cardkit.values.cards import Card


def test_card_texts_in_an_action_are_read_as_cards() -> None:
    assert Action("discard", cards=("AS",)) == parse_action("discard AS")
    assert Action("spread", cards=("9H", "7H", "8h")) == parse_action("spread 7H 8H 9H")
    assert Action("spread", cards=(Card.parse("9H"), "7H", "8H")) == \
        parse_action("spread 7H 8H 9H")
    state = cardkit.load_game("tonk").new_hand(seed=1)
    with pytest.raises(cardkit.IllegalAction, match="draw"):
        state.apply(Action("discard", cards=("AS",)))  # refused as a move, not AttributeError


@pytest.mark.parametrize(("cards", "error", "words"), [
    (("ZZ",), ValueError, "'ZZ' is not a card"),
    ((1,), TypeError, "not int 1"),
    (("AS", None), TypeError, "not NoneType"),
    ((b"AS", "KS"), TypeError, "not bytes"),
])
def test_an_action_of_things_that_are_no_cards_is_refused_when_built(cards, error, words):
    with pytest.raises(error, match=words):
        Action("spread", cards=cards)


@given(seat=st.one_of(st.integers(-10**30, 10**30), st.sampled_from([True, "0", 1.0, None])))
def test_a_view_of_a_seat_the_hand_does_not_have_is_refused(seat: object) -> None:
    for name in ("tonk", "tien-len", "gin-rummy"):
        state = cardkit.load_game(name).new_hand(seed=2)
        if type(seat) is int and 0 <= seat < state.players:
            assert state.view(seat).seat == seat
            continue
        with pytest.raises(ValueError, match=f"seat from 0 to {state.players - 1}"):
            state.view(seat)  # type: ignore[arg-type]


def test_view_minus_one_no_longer_shows_the_last_seat() -> None:
    state = cardkit.load_game("tonk", players=3).new_hand(seed=5)
    with pytest.raises(ValueError, match="not -1"):
        state.view(-1)
