"""The generic ladder -- random, easy, normal, hard, expert as the roster builds them -- on the
test game and the example plugins, none of which has code of its own in cardkit: every rung
plays legal moves, is fair (the same view and seed give the same move whatever the hidden
cards are), repeats itself with a fixed budget, and refuses a bad parameter in one line that
names the valid ones."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardkit
from cardkit.engine.agents import Agent
from cardkit.game import Agents
from cardkit.services.search.choose import choose_action
from cardkit.services.search.roster import LADDER, ROSTER, agent_parameters
from cardkit.services.search.thinking import thinks
from testgames.knock_rummy import KNOCK_RUMMY
from tests.cardkit.test_search import decision_point

#: The test game and the three example plugins (docs/examples).
GAMES = ["knock-rummy", "oklahoma-gin", "conquian", "rummy500"]
#: A small fixed budget for the rungs that search: fast, and never reads the clock.
PLAYOUTS = 12


def load(name: str) -> cardkit.Game:
    if name == "knock-rummy":
        return KNOCK_RUMMY.configure(players=2)
    if name not in cardkit.available_games():
        pytest.skip(f"the {name} example is not installed")
    return cardkit.load_game(name)


def generic(game: cardkit.Game, rung: str, seat: int, seed: int, **params: Any) -> Agent:
    """The roster's generic ``rung`` for ``seat`` (not a game's own agent of that name), with a
    fixed budget if it searches."""
    factory = ROSTER.generic(game.definition)[rung]
    if thinks(factory):
        params.setdefault("iterations", PLAYOUTS)
    return factory(game, seat, seed, **params)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_offers_the_whole_ladder(name):
    game = load(name)
    assert tuple(game.definition.agent_names[:len(LADDER)]) == LADDER
    assert set(LADDER) <= set(ROSTER.generic(game.definition))


@pytest.mark.parametrize("name", GAMES)
def test_expert_builds_on_the_quick_strong_player_even_a_generic_one(name):
    """``expert``'s default move and roll-outs come from the game's own ``hard`` where it
    answers at once, else from its greedy player -- the roster's generic one for a rummy game
    without its own (Conquian, Rummy 500) -- never from ``random`` or a nested search."""
    game = load(name)
    expert = generic(game, "expert", 0, 1)
    own_hard = "hard" in (game.definition.capability(Agents) or Agents()).factories
    assert expert.policy_name == ("hard" if own_hard else "greedy")
    # a quick player may look ahead a little when given samples (Tiến Lên's hard), but it is
    # never a search with a budget of its own, and expert asks it without samples
    assert "iterations" not in agent_parameters(game.definition.agent_factory(
        expert.policy_name))
    state = decision_point(game, 3)
    seat = state.current_player
    view, legal = state.view(seat), state.legal_actions()
    quick = game.agent(expert.policy_name, seat, 1)
    assert expert.choose(view, legal) == quick.choose(view, legal)


@pytest.mark.parametrize("rung", LADDER)
@pytest.mark.parametrize("name", GAMES)
def test_every_rung_is_fair(name, rung):
    """Two hands that differ only in the cards hidden from the seat to move: the same move,
    and the same reason."""
    game = load(name)
    for seed in (1, 2):
        state = decision_point(game, seed)
        seat = state.current_player
        twin = state.determinize(seat, random.Random(seed + 70))
        assert twin.view(seat) == state.view(seat)
        assert any(twin.view(other) != state.view(other) for other in range(game.players)
                   if other != seat) or game.players == 1
        moves = [choose_action(generic(game, rung, seat, 9), world, seat, explain=True)
                 for world in (state, twin)]
        assert moves[0] == moves[1], (name, rung, seed)
        assert moves[0][0] in state.legal_actions()


@pytest.mark.parametrize("rung", LADDER)
@pytest.mark.parametrize("name", GAMES)
def test_a_fixed_budget_repeats_the_same_moves(name, rung):
    """The rung in seat 0 against ``normal``: the same seed, the same moves (and reasons),
    from the deal on: to the end of the hand, or 40 of the rung's own decisions (8 for a
    search, to keep it short)."""
    game = load(name)
    limit = 8 if thinks(ROSTER.generic(game.definition)[rung]) else 40

    def moves() -> list[str]:
        state = game.new_hand(seed=6)
        agents = [generic(game, rung, 0, 6),
                  *(generic(game, "normal", s, 6) for s in range(1, game.players))]
        played: list[str] = []
        own = 0
        while not state.is_over and own < limit:
            seat = state.current_player
            action, why = choose_action(agents[seat], state, seat, explain=True)
            state.apply(action)  # legal, or this raises
            played.append(f"{seat} {action} {why}")
            own += seat == 0
        return played

    first = moves()
    assert len(first) > 4
    assert moves() == first


@pytest.mark.parametrize("name", GAMES)
def test_a_bad_parameter_is_one_line_naming_the_valid_ones(name):
    game = load(name)
    for rung in LADDER:
        with pytest.raises(ValueError) as refused:
            game.agent(rung, 0, 0, thinking=1)
        message = str(refused.value)
        assert "\n" not in message and "no parameter 'thinking'" in message
        assert "takes" in message
    with pytest.raises(ValueError, match=r"^iterations must be a whole number of at least 1"):
        game.agent("expert", 0, 0, iterations=0)
    with pytest.raises(ValueError, match="has no agent 'master'; agents: random, easy, normal, "
                                         "hard, expert"):
        game.agent("master", 0, 0)
