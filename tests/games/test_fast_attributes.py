"""CPython 3.11 keeps at most 29 instance attributes in the shared-key form that makes
``state.attribute`` one indexed load; a 30th turns the instance's dict into an ordinary one and
every attribute read on the hot path gets slower (measured: about a fifth). Tiến Lên and gin
rummy, whose speed is measured against earlier commits, stay within it through a whole hand."""

from __future__ import annotations

import random

import pytest

import cardkit

SHARED_KEYS_LIMIT = 29


@pytest.mark.parametrize(("game", "players"), [("tien-len", 4), ("gin-rummy", 2),
                                                ("gin-rummy", 3)])
def test_a_hand_keeps_its_attributes_within_the_fast_form(game, players):
    rng = random.Random(7)
    for seed in range(5):
        state = cardkit.load_game(game, players=players).new_hand(seed=seed)
        while state.result is None:
            state.view(state.current_player)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            assert len(vars(state)) <= SHARED_KEYS_LIMIT, sorted(vars(state))
        assert len(vars(state.clone())) <= SHARED_KEYS_LIMIT
