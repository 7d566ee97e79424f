"""The ``expert`` search: offered wherever a game samples hidden cards, fair, validated,
deterministic for a number of play-outs, generic over plugins, and honest in its reason."""

from __future__ import annotations

import random

import pytest

import cardkit
from cardkit.engine.state import State
from cardkit.services.search.choose import choose_action
from cardkit.services.search.expert import ExpertAgent, confidence_words
from testgames.knock_rummy import KNOCK_RUMMY
from tests.cardkit.test_search import decision_point

EXPERT_GAMES = [("knock-rummy", 2), ("gin-rummy", 2), ("gin-rummy", 3), ("tonk", 2),
                ("tien-len", 4), ("oklahoma-gin", 2)]


def load(name: str, players: int) -> cardkit.Game:
    if name == "knock-rummy":
        return KNOCK_RUMMY.configure(players=players)
    if name not in cardkit.available_games():
        pytest.skip(f"{name} is not installed")
    return cardkit.load_game(name, players=players)


def test_expert_is_offered_where_hidden_cards_can_be_sampled(knock_rummy):
    names = KNOCK_RUMMY.agent_names
    assert names[:5] == ["random", "easy", "normal", "hard", "expert"]
    if "conquian" in cardkit.available_games():
        # Conquian re-deals (its zones); a copy keeping the engine's determinize cannot search
        conquian = cardkit.registry.game_definition("conquian")
        assert "expert" in conquian.agent_names
        no_redeal = type("NoRedeal", (conquian.state_class,), {"determinize": State.determinize})
        copy = conquian.variant(name="conquian-no-redeal", state_class=no_redeal)
        assert "expert" not in copy.agent_names and "hard" not in copy.agent_names


def test_expert_searches_with_the_games_own_hard_where_it_has_one(knock_rummy):
    gin = cardkit.load_game("gin-rummy", players=2).agent("expert", 0, 1, iterations=10)
    assert isinstance(gin, ExpertAgent) and gin.policy_name == "hard"
    assert gin.evaluator is not None  # gin's hard values positions: truncated play-outs
    generic = KNOCK_RUMMY.configure(players=2).agent("expert", 0, 1, iterations=10)
    assert generic.policy_name == "greedy" and generic.evaluator is None


@pytest.mark.parametrize(("name", "players"), EXPERT_GAMES)
def test_the_move_does_not_depend_on_the_hidden_cards(name, players):
    game = load(name, players)
    for seed in (1, 2):
        state = decision_point(game, seed)
        seat = state.current_player
        twin = state.determinize(seat, random.Random(seed + 50))
        assert twin.view(seat) == state.view(seat)
        moves = [choose_action(game.agent("expert", seat, seed=9, iterations=30), world, seat,
                               explain=True) for world in (state, twin)]
        assert moves[0] == moves[1]
        assert moves[0][0] in state.legal_actions()


@pytest.mark.parametrize(("name", "players"), EXPERT_GAMES[:3])
def test_iterations_make_the_expert_deterministic(name, players):
    game = load(name, players)
    state = decision_point(game, 4, skip=2)
    seat = state.current_player
    first, second = (choose_action(game.agent("expert", seat, seed=3, iterations=40), state,
                                   seat, explain=True) for _ in range(2))
    assert first == second


@pytest.mark.parametrize(("name", "players"), [("knock-rummy", 2), ("oklahoma-gin", 2),
                                               ("gin-rummy", 3)])
def test_expert_plays_whole_hands(name, players, knock_rummy):
    game = load(name, players)
    state = game.new_hand(seed=5)
    agents = [game.agent("expert", s, 5, iterations=8, width=3) for s in range(players)]
    while not state.is_over:
        seat = state.current_player
        action, _ = choose_action(agents[seat], state, seat)
        state.apply(action)  # legal, or this raises
    assert state.result is not None


@pytest.mark.parametrize(("params", "needle"), [
    ({"iterations": 0}, "iterations must be a whole number of at least 1"),
    ({"time_limit": -1}, "time_limit must be a number of seconds above 0"),
    ({"width": 1}, "width must be a whole number of at least 2"),
    ({"margin": -1}, "margin must be a number of at least 0"),
    ({"policy": "expert"}, "policy must be one of"),
    ({"policy": "search"}, "policy must be one of"),
    ({"opponents": "nobody"}, "opponents must be one of"),
    ({"depth": -1}, "depth must be a whole number of at least 0"),
    ({"depth": 1.5}, "depth must be a whole number"),
    ({"objective": "glory"}, "objective must be one of points, payoff, wins"),
    ({"close": -1}, "close must be a number of points of at least 0"),
    ({"close": "near"}, "close must be a number of points"),
    ({"belief": "yes"}, "belief must be True or False"),
    ({"thinking": 1}, "no parameter 'thinking'"),
])
def test_expert_parameters_are_validated(knock_rummy, params, needle):
    game = cardkit.load_game("knock-rummy")
    with pytest.raises(ValueError, match=needle):
        game.agent("expert", 0, 0, **params)


def test_full_play_outs_and_other_objectives_work():
    game = cardkit.load_game("gin-rummy", players=2)
    state = decision_point(game, 3)
    seat = state.current_player
    for params in ({"depth": 0}, {"objective": "wins"}, {"objective": "payoff"},
                   {"policy": "greedy", "opponents": "hard"}):
        agent = game.agent("expert", seat, 2, iterations=20, **params)
        action, reason = choose_action(agent, state, seat, explain=True)
        assert action in state.legal_actions() and reason


def test_the_reason_fits_the_sample():
    game = cardkit.load_game("gin-rummy", players=2)
    state = decision_point(game, 2, skip=4)
    seat = state.current_player
    _, few = choose_action(game.agent("expert", seat, 1, iterations=6), state, seat,
                           explain=True)
    assert "%" not in few
    assert confidence_words(5.0, 1.0, 5).startswith("a guess")
    assert confidence_words(5.0, 1.0, 5, "X").startswith("looks better than X (a guess")
    assert confidence_words(0.5, 1.0, 200, "X").startswith("about as good as X: a close call")
    assert confidence_words(1.9, 1.0, 200, "X").startswith("about as good as X")
    assert confidence_words(2.5, 1.0, 200, "X").startswith("probably better than X over 200")
    assert confidence_words(4.0, 1.0, 200, "X") == (
        "clearly better than X over 200 sampled deals (+4.0 ±2.0 points a hand)")
    assert confidence_words(-4.0, 1.0, 200, "X", unit=None) == (
        "clearly worse than X over 200 sampled deals")


def test_only_the_close_decisions_of_a_ranking_policy_are_searched():
    """Gin's ``hard`` ranks its moves in points: where none is within ``close`` of its own move
    the expert plays that move without a search, and where some are, only those race."""
    game = cardkit.load_game("gin-rummy", players=2)
    quick = searched = 0
    for seed in range(3):
        state = game.new_hand(seed=seed)
        hard = [game.agent("hard", s, 4) for s in range(2)]
        expert = game.agent("expert", 0, 4, iterations=12, close=0.5)
        assert expert.ranker is not None
        while not state.is_over:
            seat = state.current_player
            legal = state.legal_actions()
            move = hard[seat].choose(state.view(seat), legal)
            if seat == 0 and len(legal) > 1:
                found, why = choose_action(expert, state, seat, explain=True)
                ranked = hard[seat].rank(state.view(seat), legal)
                close = [a for a, v in ranked[1:] if v >= ranked[0][1] - 0.5]
                if not close:
                    assert found == move and why.endswith("no other move is close")
                    quick += 1
                else:
                    assert found == move or found in close
                    searched += 1
            state.apply_unchecked(move)
    assert quick > 5 and searched > 5
