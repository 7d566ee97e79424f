"""The skill trace: duplicate pairing, its statistics, the ladder, and its outputs."""

from __future__ import annotations

import csv
import io
import json
import math

import pytest
from click.testing import CliRunner

import cardkit
from cardkit.engine.registry import game_definition
from cardkit.frontends.lab import SerialBackend, Variant, run_experiment
from cardkit.frontends.lab.report import build_trace_table, to_csv
from cardkit.frontends.lab.simulate import ChunkResult, play_duplicate
from cardkit.frontends.lab.skill import deal_gains, hand_gain, resolve_ladder, trace_metrics
from cardkit.frontends.lab.stats import mean_interval, wilson_interval
from cardkit.values.deck import derive_seed


def _chunk(seats, payoffs, winners) -> ChunkResult:
    data = ChunkResult(0, "trace random>greedy", 0)
    data.seats.extend(seats)
    data.payoffs.extend(payoffs)
    data.winners.extend(winners)
    return data


def test_hand_gain_is_the_payoff_in_a_zero_sum_hand_and_relative_otherwise():
    assert hand_gain((2.0, -1.0, -1.0), 0) == 2.0
    assert hand_gain((30.0, 10.0), 1) == -10.0  # gin-like points: half the margin


def test_deal_gains_average_the_plays_of_each_deal():
    # two deals of a two-player game: the stronger agent in seat 0, then in seat 1
    data = _chunk([0, 1, 0, 1], [(1, -1), (-2, 2), (-1, 1), (1, -1)],
                  [(0,), (1,), (1,), (0,)])
    assert deal_gains(data, 2) == [1.5, -1.0]
    with pytest.raises(ValueError, match="whole deals"):
        deal_gains(_chunk([0], [(1, -1)], [(0,)]), 2)


def test_trace_metrics_use_a_t_interval_over_deals_and_wilson_over_hands():
    payoffs = [(1, -1), (-2, 2), (-1, 1), (1, -1), (3, -3), (1, -1)]
    winners = [(0,), (1,), (1,), (0,), (0,), (0,)]
    data = _chunk([0, 1, 0, 1, 0, 1], payoffs, winners)
    gain, wins, draws, order = trace_metrics(data, 2, "random", "greedy")
    per_deal = [1.5, -1.0, 1.0]
    average = sum(per_deal) / 3
    variance = sum((g - average) ** 2 for g in per_deal) / 2
    assert gain.n == 3 and math.isclose(gain.value, average)
    assert (gain.low, gain.high) == pytest.approx(mean_interval(average, variance, 3))
    # the stronger agent won plays 1, 2 and 5 (both seats of deal 0, seat 0 of deal 2)
    assert (wins.successes, wins.n) == (3, 6)
    assert (wins.low, wins.high) == pytest.approx(wilson_interval(3, 6))
    assert order.value == pytest.approx((0.5 - 0.5) / 0.5)
    assert (draws.successes, draws.n) == (0, 6)
    assert gain.key == "trace.random>greedy.gain"


def test_play_duplicate_puts_the_stronger_agent_in_every_seat_on_the_same_deal():
    game = cardkit.load_game("tonk", players=3)
    greedy = game.definition.agent_factory("greedy")
    random_ = game.definition.agent_factory("random")
    plays = play_duplicate(game, greedy, random_, deal_seed=5, agent_seed=9)
    assert [seat for seat, _, _ in plays] == [0, 1, 2]
    # the same agent on both sides replays one game n times: the gain is exactly zero
    same = play_duplicate(game, greedy, greedy, deal_seed=5, agent_seed=9)
    assert len({payoffs for _, _, payoffs in same}) == 1
    data = _chunk(*zip(*[(s, p, w) for s, w, p in same], strict=True))
    assert deal_gains(data, 3) == [pytest.approx(0.0)]


def test_the_ladder_keeps_the_agents_the_game_offers_and_notes_the_rest():
    definition = game_definition("tonk")
    rungs, notes = resolve_ladder(definition, ["random", "easy", "normal", "nobody"])
    assert rungs[0] == "random"
    if "normal" in definition.agent_names:
        assert rungs == ("random", "easy", "normal")
    else:
        assert rungs[-1] == "greedy" and any("'greedy' agent stands in" in n for n in notes)
    assert any("'nobody'" in note and "skipped" in note for note in notes)
    with pytest.raises(ValueError, match="twice"):
        resolve_ladder(definition, ["random", "random"])


@pytest.fixture(scope="module")
def traced():
    return run_experiment("tonk", [Variant("defaults"), Variant("3 turns",
                                                                {"hit_penalty_turns": 3})],
                          units=20, players=2, seed=3, skill_units=0, lead=False,
                          ladder="random,greedy", trace_units=12, backend=SerialBackend(),
                          chunk_size=10)


def test_an_experiment_reports_each_step_for_each_variant_paired_on_the_deals(traced):
    assert traced.ladder == ("random", "greedy") and traced.trace_units == 12
    for variant in range(2):
        gain = traced.metric(variant, "trace.random>greedy.gain")
        assert gain.n == 12 and gain.low <= gain.value <= gain.high
        assert traced.metric(variant, "trace.random>greedy.wins").n == 24
    difference = traced.differences[1]["trace.random>greedy.gain"]
    assert difference.test == "paired-t"
    # the trace's hands are counted as played: 20 play hands + 12 deals x 2 seats, twice
    assert traced.hands_played == 2 * (20 + 24)


def test_the_trace_does_not_depend_on_the_chunking(traced):
    again = run_experiment("tonk", [Variant("defaults")], units=20, players=2, seed=3,
                           skill_units=0, lead=False, ladder=["random", "greedy"],
                           trace_units=12, backend=SerialBackend(), chunk_size=3)
    key = "trace.random>greedy.gain"
    assert again.metric(0, key) == traced.metric(0, key)


def test_the_trace_is_in_the_json_csv_and_its_own_table(traced):
    data = json.loads(json.dumps(traced.to_dict()))
    assert data["skill_trace"]["steps"] == ["random>greedy"]
    keys = {m["key"] for m in data["variants"][1]["metrics"]}
    assert {"trace.random>greedy.gain", "trace.random>greedy.wins",
            "trace.random>greedy.order"} <= keys
    rows = list(csv.DictReader(io.StringIO(to_csv(traced))))
    assert any(row["metric"] == "trace.random>greedy.gain" and row["group"] == "skill trace"
               for row in rows)
    table = build_trace_table(traced, 1)
    assert table.row_count == 1 and len(table.columns) == 6


def test_a_ladder_with_one_agent_is_skipped_with_a_note():
    result = run_experiment("tonk", [Variant("defaults")], units=4, players=2, seed=1,
                            skill_units=0, lead=False, ladder="random,nobody",
                            backend=SerialBackend())
    assert result.ladder == () and any("skipped" in note for note in result.notes)


def test_cli_prints_the_skill_trace():
    from cardkit_cli.main import cli

    result = CliRunner().invoke(cli, ["lab", "tonk", "--hands", "10", "--players", "2",
                                      "--skill-hands", "0", "--no-lead", "--workers", "1",
                                      "--skill-trace", "random,greedy", "--trace-deals", "4"])
    assert result.exit_code == 0, result.output
    assert "skill trace" in result.output and "random → greedy" in result.output
    bad = CliRunner().invoke(cli, ["lab", "tonk", "--hands", "4", "--workers", "1",
                                   "--skill-trace", "random,random"])
    assert bad.exit_code != 0 and "twice" in bad.output and "Traceback" not in bad.output


def test_seeds_of_a_trace_deal_follow_the_lab_convention():
    # deal i of the trace is dealt like hand i of the main run (common random numbers)
    game = cardkit.load_game("tonk", players=2)
    greedy = game.definition.agent_factory("greedy")
    plays = play_duplicate(game, greedy, greedy, derive_seed(3, "hand", 0), 1)
    state = game.new_hand(seed=derive_seed(3, "hand", 0))
    agents = [greedy(game, s, derive_seed(1, "agent", s)) for s in range(2)]
    from cardkit.frontends.lab.simulate import play_hand

    play_hand(state, agents, None, game.definition.max_actions)
    assert plays[0][2] == tuple(float(p) for p in state.result.payoffs)
