"""Tonk's ``hard`` agent (:mod:`cardkit_games.tonk.bots.policy`): fair (the move depends on the
seat's view alone), deterministic, validated, the greedy agent when untrained, and improved on
that start by a short training run."""

from __future__ import annotations

import random

import pytest
from cardkit_games.tonk.bots import training
from cardkit_games.tonk.bots.agents import GreedyAgent
from cardkit_games.tonk.bots.policy import (
    MODELS,
    HardAgent,
    HistoryReader,
    untrained_weights,
    weights_for,
)
from cardkit_games.tonk.bots.weights import TABLES

import cardkit
from cardkit.agents import choose_action

PRESETS = [None, "all_house_rules"]


def _decisions(game: cardkit.Game, seed: int, hands: int = 6):
    """The states of ``hands`` hands (greedy and hard mixed) where the player has a choice."""
    for hand in range(hands):
        state = game.new_hand(seed=seed + hand)
        agents = [game.agent("hard" if s == hand % game.players else "normal", s, seed)
                  for s in range(game.players)]
        while not state.is_over:
            seat = state.current_player
            if len(state.legal_actions()) > 1:
                yield state
            action, _ = choose_action(agents[seat], state, seat)
            state.apply_unchecked(action)


def test_hard_is_the_games_own_agent():
    game = cardkit.load_game("tonk")
    assert isinstance(game.agent("hard"), HardAgent)
    assert game.agent("search").name == "hard"  # the search keeps its older name
    assert "hard" in game.definition.agent_names


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", PRESETS)
def test_the_move_does_not_depend_on_the_hidden_cards(players, preset):
    """A twin state with the hidden cards dealt again shows the seat the same view: a fresh
    agent with the same seed makes the same move, with the same reason, in both."""
    game = cardkit.load_game("tonk", players=players, preset=preset)
    checked = 0
    for number, state in enumerate(_decisions(game, 40 + players)):
        seat = state.current_player
        twin = state.determinize(seat, random.Random(number))
        assert twin.view(seat) == state.view(seat)
        moves = [choose_action(game.agent("hard", seat, 5), world, seat, explain=True)
                 for world in (state, twin)]
        assert moves[0] == moves[1]
        checked += 1
    assert checked > 20


def test_the_agent_is_deterministic_whatever_its_seed():
    game = cardkit.load_game("tonk")
    for state in _decisions(game, 7, hands=4):
        seat = state.current_player
        moves = {choose_action(game.agent("hard", seat, seed), state, seat)[0]
                 for seed in (0, 1, 99)}
        assert len(moves) == 1


def test_a_reused_agent_moves_as_a_fresh_one():
    """The incremental history reader gives what a fresh reading of the view gives, also when
    the same agent is asked about two lines of play from one position (as in a search)."""
    game = cardkit.load_game("tonk")
    reused = [game.agent("hard", s, 3) for s in range(2)]
    for state in _decisions(game, 11, hands=4):
        seat = state.current_player
        fresh = game.agent("hard", seat, 3)
        assert choose_action(reused[seat], state, seat) == choose_action(fresh, state, seat)
        branch = state.clone()
        action = state.legal_actions()[-1]
        branch.apply_unchecked(action)
        if not branch.is_over and len(branch.legal_actions()) > 1:
            other = branch.current_player
            assert choose_action(reused[other], branch, other) == \
                choose_action(game.agent("hard", other, 3), branch, other)


def test_the_agent_reads_only_the_view():
    """The agent is handed a view and the legal moves, nothing else: the history reader
    rebuilds every hand size and hit-lock from the view's public log."""
    game = cardkit.load_game("tonk", players=3, preset="all_house_rules")
    agent = HardAgent(game, 0, 0)
    reader = HistoryReader(game.options, agent.values, agent.deck_mask)
    for state in _decisions(game, 21, hands=5):
        seat = state.current_player
        view = state.view(seat)
        reading = reader.read_view(view)
        assert tuple(record.size for record in reading.seats) == view.hand_sizes
        action = HardAgent(game, seat, 0).choose(view, state.legal_actions())
        assert action in state.legal_actions()


def test_untrained_weights_play_as_greedy():
    game = cardkit.load_game("tonk")
    for state in _decisions(game, 3, hands=5):
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        assert HardAgent(game, seat, 0, weights=untrained_weights()).choose(view, legal) == \
            GreedyAgent(game, seat, 0).choose(view, legal)


def test_parameters_are_validated():
    game = cardkit.load_game("tonk")
    assert game.agent("hard", 0, 0, drop_margin=0.5).drop_margin == 0.5
    for bad in (3, "1", True, None):
        with pytest.raises(ValueError, match="drop_margin must be a number from -2 to 2"):
            game.agent("hard", 0, 0, drop_margin=bad)
    with pytest.raises(ValueError, match="no parameter 'iterations'"):
        game.agent("hard", 0, 0, iterations=10)


def test_the_shipped_weights_fit_the_models():
    for players, table in TABLES.items():
        assert set(table) == set(MODELS), players
        for name, features in MODELS.items():
            assert len(table[name]) == len(features), (players, name)
    for players in (2, 3, 4):
        assert set(weights_for(players)) == set(MODELS)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hard_plays_whole_hands(players):
    game = cardkit.load_game("tonk", players=players, preset="all_house_rules")
    for seed in range(3):
        state = game.new_hand(seed=seed)
        agents = [game.agent("hard", s, seed) for s in range(players)]
        while not state.is_over:
            seat = state.current_player
            action, _ = choose_action(agents[seat], state, seat)
            state.apply(action)  # legal, or this raises
        assert state.result is not None


def test_a_short_training_run_beats_its_untrained_start():
    """A training run cut to seconds still learns: on held-out decisions (other deals than
    the training's), the moves the trained weights pick are worth more, by paired play-outs on
    the true cards, than the untrained start's (the greedy agent's, which gains 0 by
    definition)."""
    game = cardkit.load_game("tonk")
    budget = training.Budget(count_hands=1000, rounds=1, start_hands=200, discard_hands=120,
                             rollouts=3)
    weights = training.train(2, seed=5, budget=budget)
    assert training.decision_gain(game, untrained_weights(), 20, seed=1)[0] == 0.0
    gain, _, changed = training.decision_gain(game, weights, 150, seed=1)
    assert changed > 20 and gain > 0


def test_training_is_reproducible_from_its_seed(tmp_path):
    budget = training.Budget(count_hands=200, rounds=1, start_hands=20, discard_hands=20,
                             rollouts=2)
    first = training.train(2, seed=8, budget=budget)
    assert first == training.train(2, seed=8, budget=budget)
    assert first != training.train(2, seed=9, budget=budget)
    path = tmp_path / "weights.py"
    training.write_weights({2: first}, path)
    namespace: dict = {}
    exec(path.read_text(), namespace)
    assert namespace["TABLES"] == {2: first}
