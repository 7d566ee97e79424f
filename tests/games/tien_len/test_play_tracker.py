"""The tracked plays (rules.PlayTracker / legal_plays) equal a fresh enumeration of the hand
(lead_plays / beating_plays) at every turn of random games, under every bomb option."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from cardkit_games.tien_len.phases import PASS
from cardkit_games.tien_len.rules import beating_plays, bomb_rules, lead_plays

import cardkit


def _fresh_legal(state) -> list:
    seat = state.current_player
    hand = state.hands[seat]
    if state.top is None:
        combos = lead_plays(hand, state.rules, state.must_include)
    else:
        locked = bool(state.passed >> seat & 1)
        combos = beating_plays(hand, state.top, state.bomb_fight, state.rules,
                               bomb_rules(state.options), locked)
    return [(sorted(card.index for card in combo.cards)) for combo in combos]


@pytest.mark.parametrize("options", [
    {},
    {"twos_in_sequences": "as_top_only", "quad_beats_pair_of_twos": True},
    {"longer_double_sequence_beats_shorter": True, "cross_bomb_beating": True,
     "bombs_ignore_pass_lock": True},
])
def test_tracked_plays_equal_a_fresh_enumeration(options: dict) -> None:
    game = cardkit.load_game("tien-len", **options)
    rng = random.Random(7)
    for _ in range(40):
        state = game.new_hand(seed=rng.randrange(1 << 30))
        while state.result is None:
            legal = state.legal_actions()
            plays = [sorted(card.index for card in action.cards)
                     for action in legal if action is not PASS]
            assert plays == _fresh_legal(state)
            state.apply_unchecked(legal[rng.randrange(len(legal))])


def test_copies_and_pickles_follow_their_own_hands() -> None:
    game = cardkit.load_game("tien-len")
    state = game.new_hand(seed=3)
    state.apply_unchecked(state.legal_actions()[0])
    twin = copy.deepcopy(state)
    back = copy.copy(state)
    back.plays = pickle.loads(pickle.dumps(state.plays))  # the tracker travels empty
    rng = random.Random(1)
    redealt = state.determinize(state.current_player, rng)
    for other in (twin, back, redealt):
        plays = [sorted(card.index for card in action.cards)
                 for action in other.legal_actions() if action is not PASS]
        assert plays == _fresh_legal(other)
    assert twin.snapshot() == state.snapshot()
