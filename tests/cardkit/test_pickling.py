"""Games and states pickle (multiprocessing, notebooks): a restored state plays on exactly as
the original does."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.engine.agents import RandomAgent
from testgames.knock_rummy import KNOCK_RUMMY

GAMES = [("tonk", 2), ("tonk", 4), ("gin-rummy", 2), ("gin-rummy", 3), ("tien-len", 4)]


def play_out(state: cardkit.State, seed: int) -> list[str]:
    agents = [RandomAgent(seed + seat) for seat in range(state.players)]
    moves = []
    while not state.is_over:
        seat = state.seat_to_play
        action = agents[seat].choose(state.view(seat), state.legal_actions())
        state.apply(action)
        moves.append(str(action))
    return moves


@settings(max_examples=15, deadline=None)
@given(game_index=st.integers(0, len(GAMES) - 1), seed=st.integers(0, 10_000),
       steps=st.integers(0, 40))
def test_a_pickled_state_plays_on_identically(game_index: int, seed: int, steps: int) -> None:
    name, players = GAMES[game_index]
    game = cardkit.load_game(name, players=players)
    state = game.new_hand(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    restored = pickle.loads(pickle.dumps(state))
    assert restored.snapshot() == state.snapshot()
    assert restored.legal_actions() == state.legal_actions()
    assert restored.phase == state.phase
    assert play_out(restored, seed) == play_out(state, seed)
    assert restored.result == state.result


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_a_game_and_a_match_pickle(name: str, players: int) -> None:
    game = cardkit.load_game(name, players=players)
    again = pickle.loads(pickle.dumps(game))
    assert again.definition is game.definition and again.options == game.options
    match = game.new_match(seed=3)
    assert pickle.loads(pickle.dumps(match)).current.snapshot() == match.current.snapshot()


def test_an_installed_definition_travels_by_name_another_by_value() -> None:
    installed = cardkit.registry.game_definition("tonk")
    assert len(pickle.dumps(installed)) < 200  # by name
    variant = KNOCK_RUMMY.variant(name="knock-rummy-variant")
    state = variant.configure(players=2).new_hand(seed=1)
    again = pickle.loads(pickle.dumps(state))  # by value: its functions are module-level
    assert again.game.definition.name == "knock-rummy-variant"
    assert again.snapshot() == state.snapshot()


@pytest.mark.parametrize("name", cardkit.available_games())
def test_every_installed_games_in_memory_variant_pickles_by_value(name: str) -> None:
    # its option defaults, deck and meld rules functions must be module-level ones (a closure
    # or a lambda cannot be pickled)
    variant = cardkit.registry.game_definition(name).variant(name=f"{name}-in-memory")
    again = pickle.loads(pickle.dumps(variant))
    assert again is not variant and again.name == variant.name
    for players in variant.player_counts:
        game = variant.configure(players=players)
        state = game.new_hand(seed=1)
        restored = pickle.loads(pickle.dumps(state))
        assert restored.game.definition.name == variant.name
        assert restored.game.options == game.options
        assert restored.snapshot() == state.snapshot()
        assert play_out(restored, 1) == play_out(state, 1)
