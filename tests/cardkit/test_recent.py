"""A match that lets go of its finished hands keeps counting them: hand k stays hand k, the
current hand plays on, and asking for what was let go says so instead of skipping it."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardkit
from cardkit.values.recent import Forgotten, Recent


@given(st.lists(st.integers(), min_size=1, max_size=30), st.integers(-5, 40))
def test_recent_counts_what_it_let_go_and_refuses_to_hand_it_out(items, before):
    recent = Recent(items)
    recent.forget(before)
    assert len(recent) == len(items)
    assert recent[-1] == items[-1]  # the last entry is always held
    assert 0 <= recent.first <= len(items) - 1
    for index in range(len(items)):
        if index < recent.first:
            with pytest.raises(Forgotten):
                recent[index]
        else:
            assert recent[index] == items[index]
    if recent.first:
        with pytest.raises(Forgotten):
            list(recent)
    else:
        assert list(recent) == items
    assert pickle.loads(pickle.dumps(recent))[-1] == items[-1]


def test_a_match_that_forgets_plays_on_as_one_that_does_not():
    game = cardkit.load_game("tonk", players=2)
    keeping, forgetting = game.new_match(seed=7), game.new_match(seed=7)
    for _ in range(400):
        for match in (keeping, forgetting):
            state = match.current
            if state.is_over:
                match.next_hand()
            else:
                legal = state.legal_actions()
                state.apply(next((a for a in legal if a.kind != "drop"), legal[0]))
        forgetting.forget_hands(keep=2)
    assert len(forgetting.hands) == len(keeping.hands) > 3
    assert forgetting.hands.first == len(keeping.hands) - 2
    assert forgetting.current.record() == keeping.current.record()
    assert forgetting.totals == keeping.totals
    with pytest.raises(Forgotten):
        forgetting.record()
