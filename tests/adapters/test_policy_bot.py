"""A policy becomes a bot, and one evaluation call: policies over the encoding as agents, saved
and loaded with the encoding's fingerprint checked, seated by ``cardkit play --bot`` (a policy
file, a factory's import path, an installed agent), in ``serve --bots`` and the lab's trace;
``cardkit.evaluate`` and ``cardkit evaluate`` on duplicate deals, as ``bench/agents.py``."""

from __future__ import annotations

import importlib.util
import random
import sys
from importlib.metadata import EntryPoint
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from cardkit_cli.main import cli
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.adapters.policy import (
    MLPPolicy,
    PolicyAgent,
    PolicyError,
    encoding_fingerprint,
    load_policy,
)
from cardkit.frontends.adapters.arrays import observation_array
from cardkit.services.encoding import EncodingError, encoding_for
from cardkit.services.search import roster

BENCH = Path(__file__).resolve().parents[2] / "bench" / "agents.py"

FACTORY_MODULE = '''
from cardkit.adapters.policy import MLPPolicy, PolicyAgent

def learned(game, seat, seed):
    return PolicyAgent(MLPPolicy.initial(game, hidden=(8,), seed=seed), game, "learned")
'''


@pytest.fixture
def factory_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A module ``learned_bots`` on the path, with a factory ``learned``."""
    (tmp_path / "learned_bots.py").write_text(FACTORY_MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "learned_bots:learned"
    sys.modules.pop("learned_bots", None)


def run(*args: str) -> object:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_a_policy_plays_through_its_agent_from_views_only() -> None:
    game = cardkit.load_game("tien-len", players=4)
    policy = MLPPolicy.initial(game, hidden=(8,), seed=3)
    agents = [PolicyAgent(policy, game) for _ in range(4)]
    state = game.new_hand(seed=2)
    encoding = encoding_for(game)
    while not state.is_over:
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        move = agents[seat].choose(view, legal)
        observation = observation_array(encoding, view)
        mask = np.zeros(encoding.actions.size, dtype=np.int8)
        mask[list(encoding.actions.legal(legal))] = 1
        assert encoding.actions.encode(move) == policy.act(observation, mask)
        state.apply(move)
    with pytest.raises(EncodingError, match="is not legal now"):
        PolicyAgent(lambda observation, mask: int(np.argmin(mask)), game).choose(
            game.new_hand(seed=1).view(0), game.new_hand(seed=1).legal_actions())


def test_saved_policies_load_with_their_fingerprint_checked(tmp_path: Path) -> None:
    game = cardkit.load_game("tonk", players=2)
    policy = MLPPolicy.initial(game, hidden=(16, 8), seed=5)
    path = tmp_path / "tonk.npz"
    policy.save(path)
    loaded = load_policy(path)  # the game it was saved for, as configured
    state = game.new_hand(seed=9)
    observation = observation_array(encoding_for(game), state.view(0))
    mask = np.ones(encoding_for(game).actions.size, dtype=np.int8)
    assert np.allclose(loaded.probabilities(observation, mask),
                       policy.probabilities(observation, mask), atol=1e-5)
    assert loaded.fingerprint == encoding_fingerprint(game)
    assert encoding_fingerprint(cardkit.load_game("tonk", players=2)) == policy.fingerprint
    for other in (cardkit.load_game("tonk", players=3), cardkit.load_game("tonk", jokers=2)):
        assert encoding_fingerprint(other) != policy.fingerprint
        with pytest.raises(PolicyError, match="was trained on tonk .2 players. with encoding"):
            load_policy(path, other)
    (tmp_path / "bad.npz").write_bytes(b"not a policy")
    with pytest.raises(PolicyError, match="not a readable cardkit policy file"):
        load_policy(tmp_path / "bad.npz")


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**20))
def test_a_sampling_policy_is_seeded_and_stays_in_the_mask(seed: int) -> None:
    game = cardkit.load_game("tonk", players=2)
    size = encoding_for(game).actions.size
    rng = np.random.default_rng(seed)
    observation = rng.random(encoding_for(game).observation.size)
    mask = (rng.random(size) < 0.02).astype(np.int8)
    mask[seed % size] = 1
    first = MLPPolicy.initial(game, hidden=(4,), seed=1).copy(sample=True, seed=seed)
    second = MLPPolicy.initial(game, hidden=(4,), seed=1).copy(sample=True, seed=seed)
    picks = [first.act(observation, mask) for _ in range(5)]
    assert picks == [second.act(observation, mask) for _ in range(5)]
    assert all(mask[p] for p in picks)


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_agents_eval", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_evaluate_matches_the_strength_tables_on_the_same_deals() -> None:
    """The figures of ``bench/agents.py`` (hard against normal in two-player Tonk, its deals
    and seeds) and of ``cardkit.evaluate`` on the same deals are the same numbers."""
    bench = load_bench()
    deals = 12
    records = [r for deal in range(deals)
               for r in bench.play_deal(("tonk2", deal, "hard", "normal", {}))]
    report = cardkit.evaluate("tonk", "hard", "normal", players=2, deals=deals, seed=2026)
    assert [(o.deal, o.seat, o.net, o.payoff) for o in report.outcomes] == [
        (r["deal"], r["seat"], r["net"], r["payoff"]) for r in records]
    mean, half = bench.interval(bench._per_deal(records, "net"))
    assert (report.mean, report.half_width) == pytest.approx((mean, half))
    assert report.hands == 2 * deals and report.deals == deals
    assert str(report).startswith("hard against normal in tonk (2 players), 12 duplicate deals")


def test_evaluate_takes_policies_factories_and_fixed_budgets() -> None:
    game = cardkit.load_game("tonk", players=2)
    policy = MLPPolicy.initial(game, hidden=(8,), seed=2)
    by_policy = cardkit.evaluate(game, policy, "random", deals=6)
    by_agent = cardkit.evaluate(game, PolicyAgent(policy, game), "random", deals=6)
    assert by_policy.outcomes == by_agent.outcomes
    searched = [cardkit.evaluate(game, "expert", "normal", deals=2,
                                 params={"iterations": 12}).outcomes for _ in range(2)]
    assert searched[0] == searched[1]  # a fixed budget: the same play every run
    factory = cardkit.evaluate(game, lambda g, seat, seed: g.agent("normal", seat, seed),
                               "normal", deals=4)
    assert factory.mean == 0.0  # normal against itself, seeded alike: every deal cancels
    with pytest.raises(ValueError, match="seats must be among 0..1"):
        cardkit.evaluate(game, "normal", seats=[2])
    with pytest.raises(ValueError, match="no agent 'nobody'"):
        cardkit.evaluate(game, "nobody")


def test_play_seats_a_policy_file_and_refuses_another_games(tmp_path: Path) -> None:
    game = cardkit.load_game("tonk", players=2)
    path = tmp_path / "tonk-policy.npz"
    MLPPolicy.initial(game, hidden=(8,), seed=4).save(path)
    result = run("play", "tonk", "--players", "2", "--auto", "--hands", "1", "--seed", "3",
                 "--bot", str(path))
    assert result.exit_code == 0, result.output
    assert "tonk-policy bot" in result.output and "hand over" in result.output
    wrong = run("play", "gin-rummy", "--players", "2", "--auto", "--hands", "1",
                "--bot", str(path))
    assert wrong.exit_code == 2 and "was trained on tonk" in wrong.output
    missing = run("play", "tonk", "--auto", "--bot", str(tmp_path / "none.npz"))
    assert missing.exit_code == 2 and "not a readable cardkit policy file" in missing.output


def test_play_serve_and_the_lab_take_a_factory_by_its_import_path(factory_module: str) -> None:
    from cardkit_cli.seats import parse_bots

    from cardkit.frontends.lab.skill import resolve_ladder

    result = run("play", "tonk", "--players", "3", "--auto", "--hands", "1", "--seed", "3",
                 "--bot", factory_module)
    assert result.exit_code == 0, result.output
    assert f"{factory_module} bot" in result.output
    game = cardkit.load_game("tonk", players=3)
    assert parse_bots((f"1={factory_module},2",), game) == (None, factory_module, "expert")
    rungs, notes = resolve_ladder(game.definition, ["normal", factory_module])
    assert rungs == ("normal", factory_module) and not notes
    broken = run("play", "tonk", "--auto", "--bot", "learned_bots:missing")
    assert broken.exit_code == 2 and "cannot import it" in broken.output


def test_an_installed_agent_is_offered_by_name(factory_module: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    point = EntryPoint(name="tonk.learned", value=factory_module, group=roster.AGENTS_GROUP)
    everywhere = EntryPoint(name="*.mine", value=factory_module, group=roster.AGENTS_GROUP)
    monkeypatch.setattr(roster, "installed_agent_points", lambda: (point, everywhere))
    tonk = cardkit.load_game("tonk", players=2)
    assert {"learned", "mine"} <= set(tonk.definition.agent_names)
    gin = cardkit.load_game("gin-rummy", players=2)
    assert "mine" in gin.definition.agent_names
    assert "learned" not in gin.definition.agent_names
    assert isinstance(tonk.agent("learned", 1, 2), PolicyAgent)
    result = run("play", "tonk", "--players", "2", "--auto", "--hands", "1", "--seed", "1",
                 "--bot", "learned")
    assert result.exit_code == 0 and "learned bot" in result.output


def test_evaluate_command(tmp_path: Path) -> None:
    game = cardkit.load_game("tonk", players=2)
    path = tmp_path / "p.npz"
    MLPPolicy.initial(game, hidden=(8,), seed=4).save(path)
    result = run("evaluate", "tonk", "--players", "2", "--agent", str(path), "--rival",
                 "random", "--deals", "5")
    assert result.exit_code == 0, result.output
    report = cardkit.evaluate(game, load_policy(path), "random", deals=5)
    assert f"{report.mean:+.3f} ± {report.half_width:.3f}" in result.output
    assert "5 duplicate deals (10 hands)" in result.output
    bad = run("evaluate", "tonk", "--agent", "grandmaster")
    assert bad.exit_code == 2 and "has no bot 'grandmaster'" in bad.output


def _reference_vector(encoding, view) -> list[float]:
    """The observation as the encoding defined it before its fast form: plane by plane."""
    from cardkit.services.encoding import SeatPlanes

    observation = encoding.observation
    width = len(observation.deck)
    position = {card.index: i for i, card in enumerate(observation.deck)}
    vector = [0.0] * observation.size
    offset = 0
    order = [(view.seat + k) % observation.players for k in range(observation.players)]
    for plane in observation.planes:
        groups = [plane.cards(view, s) for s in order] if isinstance(plane, SeatPlanes) \
            else [plane.cards(view)]
        for cards in groups:
            for card in cards:
                if card.index in position:
                    vector[offset + position[card.index]] = 1.0
            offset += width
    for seat in order:
        if seat < len(view.hand_sizes) and view.hand_sizes[seat]:
            vector[offset] = view.hand_sizes[seat] / width
        offset += 1
    if view.stock_size:
        vector[offset] = view.stock_size / width
    offset += 1
    phases = observation.phases
    vector[offset + phases.index(view.phase if view.phase in phases else "over")] = 1.0
    offset += len(phases)
    if view.current_player is not None:
        vector[offset + (view.current_player - view.seat) % observation.players] = 1.0
    offset += observation.players
    for scalars in observation.scalars:  # the game's own numbers, as it reads them
        numbers = list(scalars.values(view))
        assert len(numbers) == scalars.size and all(0.0 <= n <= 1.0 for n in numbers)
        vector[offset:offset + scalars.size] = numbers
        offset += scalars.size
    assert offset == observation.size
    return vector


@pytest.mark.parametrize(("name", "players", "options"), [
    ("gin-rummy", 2, {}), ("tonk", 3, {"jokers": 2}), ("tien-len", 4, {}), ("conquian", 2, {})])
def test_fast_observations_equal_the_plane_by_plane_reading(name: str, players: int,
                                                            options: dict) -> None:
    game = cardkit.load_game(name, players=players, **options)
    encoding = encoding_for(game)
    for seed in range(2):
        state, rng = game.new_hand(seed=seed), random.Random(seed)
        while not state.is_over:
            for seat in range(players):
                view = state.view(seat)
                expected = _reference_vector(encoding, view)
                assert observation_array(encoding, view).tolist() == pytest.approx(expected)
                assert encoding.observation.encode(view) == pytest.approx(expected)
            state.apply_unchecked(rng.choice(state.legal_actions()))
