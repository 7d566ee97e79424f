"""Copies of a state are independent: ``copy.copy``, ``copy.deepcopy``, ``pickle`` and
``clone()`` each give a state that plays on exactly as the original would, and playing the copy
leaves the original unchanged and still playable -- for every installed game and every option
set the conformance kit spreads its hands over."""

from __future__ import annotations

import copy
import functools
import pickle
import random
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.engine import registry
from cardkit.services.testing import spread_configurations


def _pickled(state: cardkit.State) -> cardkit.State:
    return pickle.loads(pickle.dumps(state))


COPIERS: dict[str, Callable[[cardkit.State], cardkit.State]] = {
    "copy.copy": copy.copy,
    "copy.deepcopy": copy.deepcopy,
    "pickle": _pickled,
    "clone": lambda state: state.clone(),
}


@functools.cache
def _configurations(name: str) -> tuple[cardkit.Game, ...]:
    definition = registry.game_definition(name)
    return tuple(game for players in definition.player_counts
                 for game in spread_configurations(definition, players))


def _random_moves(state: cardkit.State, rng: random.Random, steps: int | None) -> list[str]:
    """Play ``steps`` random moves (all of the hand when None); the moves' texts."""
    moves = []
    while not state.is_over and (steps is None or len(moves) < steps):
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        state.apply(action)
        moves.append(str(action))
    return moves


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(cardkit.available_games()), config=st.integers(0, 10_000),
       seed=st.integers(0, 2**32), steps=st.integers(0, 30),
       copier=st.sampled_from(sorted(COPIERS)))
def test_a_copy_is_independent_and_plays_on_identically(name: str, config: int, seed: int,
                                                          steps: int, copier: str) -> None:
    games = _configurations(name)
    game = games[config % len(games)]
    state = game.new_hand(seed=seed)
    _random_moves(state, random.Random(seed), steps)
    before = state.snapshot()
    twin = COPIERS[copier](state)
    assert twin is not state and twin.snapshot() == before
    assert twin.legal_actions() == state.legal_actions()
    # play the copy out: the original is untouched
    copied_moves = _random_moves(twin, random.Random(seed + 1), None)
    assert state.snapshot() == before
    # and the original still plays, the same moves to the same end
    assert _random_moves(state, random.Random(seed + 1), None) == copied_moves
    assert state.result == twin.result


def test_tien_len_original_still_plays_after_its_shallow_copy_is_played_out() -> None:
    # the reported case: copy.copy shared the hands, and the original then looped in advance()
    game = cardkit.load_game("tien-len", players=2)
    for seed in range(6):
        state = game.new_hand(seed=seed)
        before = state.snapshot()
        _random_moves(copy.copy(state), random.Random(seed), None)
        assert state.snapshot() == before
        assert _random_moves(state, random.Random(seed), None)
        assert state.is_over


def test_deepcopy_keeps_objects_shared_inside_a_container() -> None:
    state = cardkit.load_game("tonk").new_hand(seed=4)
    pair = copy.deepcopy([state, state])
    assert pair[0] is pair[1] and pair[0] is not state
