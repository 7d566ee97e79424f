"""Tiến Lên's ``hard`` agent (:mod:`cardkit_games.tien_len.bots.policy`): fair (the move depends on
the seat's view alone), deterministic, the greedy agent when untrained, and improved on that
start by a short training run."""

from __future__ import annotations

import random

import pytest
from cardkit_games.tien_len.bots import training
from cardkit_games.tien_len.bots.agents import GreedyAgent, hand_units
from cardkit_games.tien_len.bots.policy import (
    LOW_POSITION,
    MOVE_FEATURES,
    BaseAgent,
    HardAgent,
    _hand_reading,
    _sequence_is_boss,
    _set_is_boss,
    partition,
    untrained_weights,
    weights_for,
)
from cardkit_games.tien_len.bots.weights import TABLES
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.agents import choose_action
from cardkit.services.search.rollout import PolicyCheck


def _decisions(game: cardkit.Game, seed: int, games: int = 2, every: int = 3):
    """Every ``every``-th state of ``games`` games (greedy and hard mixed) where the player to
    move has a choice."""
    count = 0
    for number in range(games):
        state = game.new_hand(seed=seed + number)
        agents = [game.agent("hard" if s == number % game.players else "normal", s, seed)
                  for s in range(game.players)]
        while not state.is_over:
            seat = state.current_player
            if len(state.legal_actions()) > 1:
                count += 1
                if count % every == 0:
                    yield state
            action, _ = choose_action(agents[seat], state, seat)
            state.apply_unchecked(action)


def test_hard_is_the_games_own_agent():
    game = cardkit.load_game("tien-len")
    assert isinstance(game.agent("hard"), HardAgent)
    assert game.agent("search").name == "hard"  # the search keeps its older name


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_move_does_not_depend_on_the_hidden_cards(players):
    game = cardkit.load_game("tien-len", players=players)
    checked = 0
    for number, state in enumerate(_decisions(game, 30 + players)):
        seat = state.current_player
        twin = state.determinize(seat, random.Random(number))
        assert twin.view(seat) == state.view(seat)
        moves = [choose_action(game.agent("hard", seat, 5), world, seat, explain=True)
                 for world in (state, twin)]
        assert moves[0] == moves[1]
        checked += 1
    assert checked > 5


def test_the_agent_is_deterministic_for_a_seed():
    game = cardkit.load_game("tien-len")
    for state in _decisions(game, 9, games=1, every=2):
        seat = state.current_player
        for seed in (0, 99):
            moves = {choose_action(game.agent("hard", seat, seed), state, seat, explain=True)
                     for _ in range(2)}
            assert len(moves) == 1
        # the model alone uses no randomness at all
        moves = {choose_action(game.agent("hard", seat, seed, playouts=0), state, seat)[0]
                 for seed in (0, 1, 99)}
        assert len(moves) == 1


def test_the_lookahead_searches_only_close_decisions_and_can_change_the_move():
    """Where the model's best moves are close, the look-ahead's play-outs may pick another;
    where they are not, or without samples, the model's move stands."""
    game = cardkit.load_game("tien-len")
    changed = searched = 0
    for state in _decisions(game, 21, games=3, every=1):
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        agent = HardAgent(game, seat, 3, lookahead=True, playouts=12, steps=400)
        model = agent.choose(view, legal)
        assert model == HardAgent(game, seat, 3).choose(view, legal)
        move, why = choose_action(agent, state, seat, explain=True)
        assert move in legal
        searched += "sampled deals" in why
        changed += move != model
        assert (move != model) <= ("a look-ahead over the close moves" in why)
    assert searched > 5 and changed > 0


def test_the_agent_reads_only_the_view():
    game = cardkit.load_game("tien-len")
    for state in _decisions(game, 4, games=1):
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        agent = HardAgent(game, seat, 0)
        assert agent.choose(view, legal) in legal
        assert all(len(row) == len(MOVE_FEATURES) for row in agent.options(view, legal))


def test_untrained_weights_play_as_the_base_agent():
    game = cardkit.load_game("tien-len")
    differs = 0
    for state in _decisions(game, 6, games=4, every=1):
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        move = HardAgent(game, seat, 0, weights=untrained_weights()).choose(view, legal)
        assert move == BaseAgent(game, seat, 0).choose(view, legal)
        differs += move != GreedyAgent(game, seat, 0).choose(view, legal)
    assert differs  # the base agent is not the greedy one: it leads from the bottom


def test_a_margin_keeps_the_base_move_unless_the_model_is_sure():
    game = cardkit.load_game("tien-len")
    weights = dict(zip(MOVE_FEATURES, [0.0] * len(MOVE_FEATURES), strict=True))
    weights.update({"cards/13": -1.0, "pass": -0.5})  # shed as many cards as possible
    move = tuple(weights[name] for name in MOVE_FEATURES)
    eager = {"move": move, "margin": (0.0,)}
    changed = 0
    for state in _decisions(game, 12, games=3, every=1):
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        base, best, advantage = HardAgent(game, seat, 0, weights=eager).advantage(view, legal)
        assert advantage >= 0 and (advantage > 0) == (best != base)
        if best == base or any(len(a.cards) == len(view.hand) for a in legal):
            continue
        changed += 1
        assert HardAgent(game, seat, 0, weights=eager).choose(view, legal) == best
        cautious = {"move": move, "margin": (advantage,)}
        assert HardAgent(game, seat, 0, weights=cautious).choose(view, legal) == base
    assert changed > 3


def test_the_best_margin_keeps_the_changes_that_gained():
    # (model's advantage, true gain): the two most confident changes gained, the rest lost
    found = [(0.9, 1.0), (0.7, 2.0), (0.5, -1.0), (0.3, -1.0), (0.1, 0.5)]
    margin = training.best_margin(found)
    assert 0.5 < margin < 0.7
    assert [a > margin for a, _ in found] == [True, True, False, False, False]
    # nothing gained: a margin above every advantage, so the base agent plays
    assert training.best_margin([(0.4, -1.0), (0.2, 0.0)]) > 0.4
    assert training.best_margin([]) == 0.0


def test_the_partition_is_greedy_s_plan():
    rng = random.Random(3)
    deck = list(range(52))
    for _ in range(200):
        cards = rng.sample(deck, rng.randint(1, 13))
        smask = sum(1 << strength for strength in cards)
        plan = partition(smask)
        assert plan.units == hand_units(smask)
        # the plan covers the hand: sequences plus the cards left at each rank
        held = [(smask >> 4 * p & 0xF).bit_count() for p in range(13)]
        for low, high in plan.sequences:
            for p in range(low, high + 1):
                held[p] -= 1
        assert held == list(plan.counts)


def test_parameters_are_validated():
    game = cardkit.load_game("tien-len")
    with pytest.raises(ValueError, match="takes close, playouts, steps, margin"):
        game.agent("hard", 0, 0, iterations=10)
    for bad in ({"playouts": -1}, {"playouts": 2.5}, {"steps": True}, {"close": -0.1},
                {"margin": "1"}, {"playouts": 10_000}, {"rollout": "greedy"}):
        with pytest.raises(ValueError):
            game.agent("hard", 0, 0, **bad)
    assert game.agent("hard", 0, 0, playouts=0).lookahead is None
    # a budget below one world of the moves in the race plays the model's move
    for state in _decisions(game, 21, games=1, every=1):
        seat = state.current_player
        tiny = game.agent("hard", seat, 0, playouts=1)
        assert choose_action(tiny, state, seat)[0] == HardAgent(game, seat, 0).choose(
            state.view(seat), state.legal_actions())


def test_the_shipped_weights_fit_the_model():
    for players, table in TABLES.items():
        assert set(table) == {"move", "margin"}, players
        assert len(table["move"]) == len(MOVE_FEATURES), players
        assert len(table["margin"]) == 1 and table["margin"][0] >= 0, players
    for players in (2, 3, 4):
        assert len(weights_for(players)["move"]) == len(MOVE_FEATURES)


def test_a_short_training_run_beats_its_untrained_start():
    """A training run cut to seconds still learns: on held-out decisions (other deals than the
    training's), the moves the trained model picks where it leaves the base agent (past its
    fitted margin) are worth more, played out on the true cards, than the untrained start's
    (the base agent's, which gains 0 by definition)."""
    game = cardkit.load_game("tien-len")
    budget = training.Budget(rounds=1, games=150, candidates=2, margin_games=100)
    weights = training.train(4, seed=3, budget=budget)
    assert training.decision_gain(game, untrained_weights(), 4, seed=2)[0] == 0.0
    gain, _, changed = training.decision_gain(game, weights, 120, seed=2)
    assert changed > 20 and gain > 0


def test_training_is_reproducible_from_its_seed(tmp_path):
    budget = training.Budget(rounds=1, games=6, candidates=2)
    first = training.train(4, seed=8, budget=budget)
    assert first == training.train(4, seed=8, budget=budget)
    path = tmp_path / "weights.py"
    training.write_weights({4: first}, path)
    namespace: dict = {}
    exec(path.read_text(), namespace)
    assert namespace["TABLES"] == {4: first}


def test_the_model_decides_alike_in_a_world_and_from_its_view():
    """The model's ``choose_in`` (a play-out's move, read from the world) is its ``choose`` of
    the seat's view, and does not change when the hidden cards are dealt again."""
    game = cardkit.load_game("tien-len")
    checked = 0
    for number in range(3):
        state = game.new_hand(seed=70 + number)
        checks = [PolicyCheck(HardAgent(game, seat, 4), seed=seat) for seat in range(4)]
        while not state.is_over:
            seat = state.current_player
            legal = state.legal_actions()
            if len(legal) > 1:
                checked += 1
                action = checks[seat](state, seat, legal)  # raises where the promise breaks
            else:
                action = legal[0]
            state.apply_unchecked(action)
    assert checked > 50


@pytest.mark.parametrize("params", [{}, {"rollout": "model"}])
def test_the_lookahead_is_fair_and_repeats_for_a_seed_with_either_rollout(params):
    game = cardkit.load_game("tien-len")
    checked = 0
    for number, state in enumerate(_decisions(game, 50, games=1, every=2)):
        seat = state.current_player
        twin = state.determinize(seat, random.Random(number))
        moves = {choose_action(game.agent("hard", seat, 5, playouts=12, steps=300, **params),
                               world, seat, explain=True)
                 for world in (state, twin, state)}
        assert len(moves) == 1
        checked += 1
    assert checked > 5


def _sequence_is_boss_by_rank(low: int, high: int, unseen: int) -> bool:
    """No run of unseen ranks as long as ``low``..``high`` ends higher, below the 2s (12)."""
    length = high - low + 1
    for end in range(high + 1, 12):
        start = end - length + 1
        if all(unseen >> 4 * p & 0xF for p in range(start, end + 1)):
            return False
    return True


def _reading_by_rank(smask: int, unseen: int) -> tuple[int, int, int, int, int]:
    """The model's hand reading worked out rank by rank (the plan's sets asked of
    ``_set_is_boss`` one by one): what ``policy._hand_reading`` reads on masks."""
    plan = partition(smask)
    singles = low = bosses = 0
    for p, count in enumerate(plan.counts):
        if not count:
            continue
        top_suit = (smask >> 4 * p & 0xF).bit_length() - 1
        if count == 1:
            singles += 1
            low += p <= LOW_POSITION
        if count < 4 and _set_is_boss(p, count, top_suit, unseen):
            bosses += 1
    bosses += sum(1 for low_p, high_p in plan.sequences
                  if _sequence_is_boss_by_rank(low_p, high_p, unseen))
    controls = (smask >> 4 * 12 & 0xF).bit_count() + sum(
        1 for p in range(13) if (smask >> 4 * p & 0xF) == 0xF)
    return plan.units, singles, low, bosses, controls


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=0, max_size=52, unique=True),
       st.integers(0, 13), st.integers(0, 52))
def test_the_hand_reading_on_masks_is_the_rank_by_rank_one(strengths, size, unseen_size):
    """Whatever the hand and the cards unseen: the same units, singles, bosses, controls."""
    smask = sum(1 << s for s in strengths[:size])
    unseen = sum(1 << s for s in strengths[size:size + unseen_size])
    assert _hand_reading(smask, unseen) == _reading_by_rank(smask, unseen)
    for low in range(10):  # every sequence of three ranks or more below the 2s
        for high in range(low + 2, 12):
            assert _sequence_is_boss(low, high, unseen) == _sequence_is_boss_by_rank(
                low, high, unseen)
