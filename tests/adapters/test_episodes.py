"""Episodes that always pay, rewards as options, opponents as objects: the PettingZoo and
Gymnasium environments on hands decided at the deal (Tonk's 49 and 50, common with
``hand_size=7``), and the Gymnasium environment against agents, factories and policies."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.adapters.gymnasium import make_env
from cardkit.adapters.pettingzoo import env
from cardkit.adapters.policy import MLPPolicy, PolicyAgent
from cardkit.frontends.adapters.common import reward_of


def _decided_seed(players: int, **options: object) -> int:
    """A seed whose first PettingZoo hand is over at the deal."""
    for seed in range(2000):
        table = env("tonk", players=players, decided="pay", **options)
        table.reset(seed=seed)
        if table.state.is_over:
            return seed
    raise AssertionError("no hand decided at the deal")


def test_pettingzoo_pays_a_hand_decided_at_the_deal_through_last() -> None:
    """The bug: terminations all True after reset, rewards -2/+2, but last() gave 0."""
    table = env("tonk", players=2, decided="pay")
    table.reset(seed=69)
    assert table.state.is_over and table.state.result.ending == "initial_win"
    payoffs = list(table.state.result.payoffs)
    seen = {}
    for agent in table.agent_iter():
        _, reward, termination, _, info = table.last()
        assert termination and info["result"] is table.state.result
        seen[agent] = reward
        table.step(None)
    assert [seen[a] for a in table.possible_agents] == payoffs != [0, 0]


def test_pettingzoo_redeals_a_hand_decided_at_the_deal_by_default() -> None:
    table = env("tonk", players=2)
    table.reset(seed=69)
    assert not table.state.is_over and not any(table.terminations.values())
    redealt = table.infos["player_0"]["redealt"]
    assert [r.ending for r in redealt] == ["initial_win"]


def test_pettingzoo_api_test_passes_where_deals_are_often_decided() -> None:
    """The bug: api_test(env("tonk", players=3, hand_size=7)) failed ("terminations must all
    be False after reset")."""
    from pettingzoo.test import api_test

    for players in (2, 3):
        _decided_seed(players, hand_size=7)  # such deals exist at this option set
        api_test(env("tonk", players=players, hand_size=7), num_cycles=40)


def test_gymnasium_reset_never_returns_a_finished_hand_by_default() -> None:
    """The bug: reset(seed=110) against normal returned an 'initial_win' with an empty mask."""
    table = make_env("tonk", players=2, opponents="normal")
    observation, info = table.reset(seed=110)
    assert observation["action_mask"].any() and info["result"] is None
    assert [r.ending for r in info["redealt"]] == ["initial_win"]
    rng = np.random.default_rng(0)
    done = False
    while not done:  # the documented random loop runs to the end
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, terminated, truncated, info = table.step(int(rng.choice(legal)))
        done = terminated or truncated
    assert reward == info["result"].payoffs[0]


def test_gymnasium_pays_a_decided_hand_on_the_next_step() -> None:
    table = make_env("tonk", players=2, opponents="normal", decided="pay")
    observation, info = table.reset(seed=110)
    assert not observation["action_mask"].any() and info["decided"]
    _, reward, terminated, _, info = table.step(0)
    assert terminated and reward == info["result"].payoffs[0] != 0
    _, again, terminated, _, _ = table.step(0)
    assert terminated and again == 0.0  # paid once


def test_gymnasium_check_env_with_hands_decided_at_the_deal() -> None:
    from gymnasium.utils.env_checker import check_env

    for decided in ("redeal", "pay"):
        check_env(make_env("tonk", players=2, opponents="normal", hand_size=7,
                           decided=decided), skip_render_check=True)


def test_openspiel_returns_a_hand_decided_at_the_deal() -> None:
    pytest.importorskip("pyspiel")
    from cardkit.adapters.openspiel import load_game

    game = load_game("tonk", players=2, hand_size=7)
    for seed in range(200):
        state, rng = game.new_initial_state(), random.Random(seed)
        while state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        if state.is_terminal():
            assert state.returns() == list(map(float, state.hand.result.payoffs)) != [0, 0]
            return
    raise AssertionError("no deal of 200 was decided")


@settings(max_examples=40, deadline=None)
@given(payoffs=st.lists(st.integers(-50, 50), min_size=2, max_size=4), data=st.data())
def test_rewards_margin_is_zero_sum_and_rank_is_bounded(payoffs: list[int],
                                                        data: st.DataObject) -> None:
    seats = range(len(payoffs))
    assert sum(reward_of(payoffs, s, "margin") for s in seats) == pytest.approx(0.0)
    assert sum(reward_of(payoffs, s, "rank") for s in seats) == pytest.approx(0.0)
    seat = data.draw(st.sampled_from(list(seats)))
    assert -1 <= reward_of(payoffs, seat, "rank") <= 1
    assert reward_of(payoffs, seat, "payoff", 4.0) == payoffs[seat] / 4.0


@pytest.mark.parametrize("name", ["gin-rummy", "tien-len", "tonk"])
def test_reward_options_in_both_environments(name: str) -> None:
    table = env(name, players=3 if name != "gin-rummy" else 2, reward="margin",
                reward_scale=2.0)
    table.reset(seed=3)
    rng = random.Random(3)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] += reward
        if termination or truncation:
            table.step(None)
            continue
        table.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    payoffs = table.state.result.payoffs
    assert list(totals.values()) == pytest.approx(
        [reward_of(payoffs, s, "margin", 2.0) for s in range(len(payoffs))])
    with pytest.raises(ValueError, match="reward must be one of payoff, margin, rank"):
        make_env(name, reward="points")
    with pytest.raises(ValueError, match="decided must be one of redeal, pay"):
        env(name, decided="never")


def _play(table, seed: int) -> tuple[float, list[str]]:
    observation, _ = table.reset(seed=seed)
    rng = random.Random(seed)
    done = False
    while not done:
        legal = np.flatnonzero(observation["action_mask"]).tolist()
        observation, reward, terminated, truncated, _ = table.step(rng.choice(legal))
        done = terminated or truncated
    return reward, [text for _, text in table.unwrapped.state.history] \
        if hasattr(table, "unwrapped") else []


def test_gymnasium_opponents_as_names_factories_agents_and_policies() -> None:
    game = cardkit.load_game("tonk", players=3)
    policy = MLPPolicy.initial(game, hidden=(8,), seed=2)
    named = make_env(game, opponents="normal")
    factory = make_env(game, opponents=lambda g, seat, seed: g.agent("normal", seat, seed))
    # the same agents, seeded the same way: the same hands
    for seed in range(4):
        assert _play(named, seed) == _play(factory, seed)
    by_seat = make_env(game, opponents={1: policy, 2: PolicyAgent(policy, game)})
    reward, _ = _play(by_seat, 5)
    assert reward == by_seat.state.result.payoffs[0]
    listed = make_env(game, opponents=[None, "random", policy])
    _play(listed, 6)
    with pytest.raises(ValueError, match="no opponent given for seat 2"):
        make_env(game, opponents={1: "normal"})
    with pytest.raises(TypeError, match="an opponent is an agent name"):
        make_env(game, opponents=3.5)


def test_gymnasium_opponents_change_at_reset_and_take_a_budget() -> None:
    game = cardkit.load_game("tonk", players=2)
    table = make_env(game, opponents="random")
    table.reset(seed=1, options={"opponents": "expert"})
    assert table.opponents == "expert"
    budgeted = make_env(game, opponents="expert", opponent_params={"iterations": 30})
    first = _play(budgeted, 8)
    assert _play(budgeted, 8) == first  # a fixed budget: reproducible
    assert budgeted._agents[1].budget.iterations == 30
