"""``state.apply`` refuses what is neither an action nor its text at the entry, with a clear
TypeError, and leaves the state unchanged; an absurd meld number is a one-line refusal."""

import pytest

import cardkit
from cardkit import IllegalAction


@pytest.mark.parametrize("value", [None, 5, b"draw stock", 2.5, ["draw stock"]])
def test_apply_refuses_non_actions(value):
    state = cardkit.load_game("tonk", players=3).new_hand(seed=3)
    before = state.snapshot()
    with pytest.raises(TypeError, match=r"apply\(\) takes an Action or its text, not"):
        state.apply(value)
    assert state.snapshot() == before


def test_a_five_thousand_digit_meld_number_is_illegal_not_a_crash():
    state = cardkit.load_game("tonk", players=3).new_hand(seed=3)
    with pytest.raises(IllegalAction, match="not a meld number"):
        state.apply("hit 4C " + "9" * 5000)
