"""Running experiments: determinism across workers and backends, match mode, the CLI."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from cardkit.frontends.lab import LocalBackend, SerialBackend, Variant, run_experiment
from cardkit.frontends.lab.report import to_csv
from tests.lab.helpers import register_test_games, unregister_test_games

VARIANTS = [Variant("defaults"), Variant("knock_limit=0", {"knock_limit": 0})]
TIMING = ("elapsed_seconds", "hands_per_second", "backend", "workers")


def _stable(result) -> dict:
    data = result.to_dict()
    for key in TIMING:
        data.pop(key)
    return data


@pytest.fixture(scope="module", autouse=True)
def test_games():
    """The knock-rummy test games, registered while this module runs (forked workers inherit
    the registration; the Dask backend registers them on its workers)."""
    register_test_games()
    yield
    unregister_test_games()


@pytest.fixture(scope="module")
def serial_result(test_games):
    return run_experiment("knock-rummy-evaluated", VARIANTS, units=40, seed=11,
                          skill_units=20, backend=SerialBackend(), chunk_size=7)


def test_results_do_not_depend_on_worker_count_or_chunking(serial_result):
    parallel = run_experiment("knock-rummy-evaluated", VARIANTS, units=40, seed=11,
                              skill_units=20, backend=LocalBackend(2), chunk_size=13)
    assert _stable(parallel) == _stable(serial_result)
    assert parallel.workers == 2


def test_a_different_seed_gives_different_hands(serial_result):
    other = run_experiment("knock-rummy-evaluated", VARIANTS[:1], units=40, seed=12,
                           skill_units=0, backend=SerialBackend())
    assert other.metric(0, "turns").value != serial_result.metric(0, "turns").value


def test_experiment_measures_every_metric(serial_result):
    keys = {m.key for m in serial_result.metrics[0]}
    assert {"win_rate.seat0", "payoff.seat1", "void_rate", "turns", "turns_p95",
            "lead.changes", "skill.win_rate", "skill.order", "first_seat_share"} <= keys
    assert serial_result.metric(0, "units").value == 40
    # the win share is over the decided hands; the others are counted apart
    decided = serial_result.metric(0, "skill.win_rate").n
    assert decided + serial_result.metric(0, "skill.draws").successes == 20
    # the game's own evaluation (minus deadwood) sees lead changes; hand sizes never would
    assert serial_result.metric(0, "lead.changes").value > 0
    # common random numbers: the baseline's deals are replayed, knock_limit=0 stops knocks
    assert serial_result.metric(1, "ending.stock_out").value > \
        serial_result.metric(0, "ending.stock_out").value
    assert "knock_limit=0" in serial_result.summary


def test_per_hand_metrics_use_paired_tests(serial_result):
    """Hand i of both variants shares its deal: per-hand metrics are compared with McNemar's
    test or the paired t-test, the share of wins with the unpaired z-test; the JSON and the
    summary say which."""
    diffs = serial_result.differences[1]
    assert diffs["turns"].test == "paired-t" and diffs["payoff.seat0"].test == "paired-t"
    assert diffs["ending.stock_out"].test.startswith("mcnemar")
    # the skill run's win share is over decided hands, which differ: unpaired; its share of
    # undecided hands pairs
    assert diffs["skill.win_rate"].test == "z"
    assert diffs["skill.draws"].test.startswith("mcnemar")
    assert diffs["first_seat_share"].test == "z"
    assert "paired-t" in serial_result.to_dict()["tests"]
    assert "McNemar" in serial_result.summary


EXPERT_TRACE = {"units": 2, "players": 3, "seed": 5, "skill_units": 0, "lead": False,
                "ladder": "hard,expert", "trace_units": 1, "playouts": 2}


def _trace(result) -> dict:
    return {m.key: (m.value, m.n) for m in result.metrics[0] if m.key.startswith("trace.")}


def test_dask_backend_gives_the_same_results_and_spreads_an_expert_trace(serial_result):
    """One local cluster (its start is the cost) for both: the test game's run, and a skill
    trace up to expert at a tiny size, costed before it starts and the same as in-process."""
    pytest.importorskip("distributed")
    from cardkit.frontends.lab import DaskBackend
    from cardkit.frontends.lab.cost import RunCost

    said: list[RunCost | None] = []
    serial_trace = run_experiment("tonk", [Variant("base", {})], backend=SerialBackend(),
                                  **EXPERT_TRACE)
    backend = DaskBackend("local", workers=2)
    try:
        on_dask = run_experiment("knock-rummy-evaluated", VARIANTS, units=40, seed=11,
                                 skill_units=20, backend=backend, chunk_size=9)
        dask_trace = run_experiment("tonk", [Variant("base", {})], backend=backend,
                                    on_cost=said.append, **EXPERT_TRACE)
    finally:
        backend.close()
    assert _stable(on_dask) == _stable(serial_result)
    assert _trace(dask_trace) == _trace(serial_trace)
    assert "trace.hard>expert.gain" in _trace(dask_trace)
    assert said[0] is None and len(said) == 2  # expert searches: costed once, before the run
    cost = said[1]
    assert cost is not None
    assert cost.workers == 2 and set(cost.parts) == {"play", "trace hard>expert"}
    assert cost.parts["trace hard>expert"] > 0 and cost.wall_seconds == cost.cpu_seconds / 2
    assert "the step hard → expert" in cost.text() and "on 2 workers" in cost.text()


def test_match_mode_counts_hands_and_comebacks():
    result = run_experiment("knock-rummy", [Variant("defaults")], units=6, mode="matches",
                            seed=2, skill_units=0, max_match_hands=3, backend=SerialBackend())
    assert result.metric(0, "match.hands").value == 3
    assert result.metric(0, "units").value == 6
    assert result.hands_played == 18
    assert 0 <= result.metric(0, "match.comeback").value <= 1


def test_bad_options_and_agents_are_refused_before_running():
    with pytest.raises(ValueError, match="knock_limit"):
        run_experiment("knock-rummy", [Variant("x", {"knock_limit": -1})], units=2,
                       backend=SerialBackend())
    with pytest.raises(ValueError, match="agents"):
        run_experiment("knock-rummy", [Variant("x")], units=2, bots="wizard",
                       backend=SerialBackend())


def test_cli_writes_table_json_csv_and_png(tmp_path):
    from cardkit_cli.lab import lab

    json_path, csv_path, png_path = tmp_path / "r.json", tmp_path / "r.csv", tmp_path / "r.png"
    result = CliRunner().invoke(lab, [
        "knock-rummy", "--hands", "30", "--skill-hands", "10", "--rule", "knock_limit=10",
        "--compare", "knock_limit=0", "--compare", "preset=strict", "--seed", "5",
        "--workers", "1", "--json", str(json_path), "--csv", str(csv_path),
        "--plot", str(png_path)])
    assert result.exit_code == 0, result.output
    assert "baseline: knock_limit=10" in result.output
    assert "ending: knock" in result.output and "hands/s" in result.output
    data = json.loads(json_path.read_text())
    assert [v["label"] for v in data["variants"]] == ["knock_limit=10", "knock_limit=0",
                                                      "preset=strict"]
    assert data["variants"][1]["options"] == {"knock_limit": 0}
    assert data["variants"][2]["preset"] == "strict"
    assert data["units"] == 30 and data["seed"] == 5
    assert "ending.knock" in data["variants"][1]["differences"]
    rows = list(csv.DictReader(io.StringIO(csv_path.read_text())))
    assert {row["variant"] for row in rows} == {"knock_limit=10", "knock_limit=0",
                                                "preset=strict"}
    knock = [r for r in rows if r["metric"] == "ending.knock" and r["variant"] == "knock_limit=0"]
    assert knock[0]["test"].startswith("mcnemar") and float(knock[0]["value"]) < 1
    assert png_path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert png_path.stat().st_size > 10_000


def test_cli_matches_and_usage_errors():
    from cardkit_cli.lab import lab

    runner = CliRunner()
    result = runner.invoke(lab, ["knock-rummy", "--matches", "4", "--max-match-hands", "2",
                                 "--skill-hands", "0", "--workers", "1", "--no-lead"])
    assert result.exit_code == 0, result.output
    assert "match length (hands)" in result.output
    bad = runner.invoke(lab, ["knock-rummy", "--hands", "5", "--compare", "knock_limitt=1"])
    assert bad.exit_code == 2 and "valid options" in bad.output
    unknown = runner.invoke(lab, ["no-such-game"])
    assert unknown.exit_code == 2


def test_csv_has_one_row_per_variant_and_metric(serial_result):
    rows = list(csv.DictReader(io.StringIO(to_csv(serial_result))))
    # every metric, and for each compared variant the shares of the deals it changed
    assert len(rows) == sum(len(m) for m in serial_result.metrics) + \
        sum(len(c) for c in serial_result.changes)


def test_unreachable_scheduler_is_a_one_line_error(monkeypatch):
    """--cluster with a dead address fails fast with a reason, not a hang or a traceback."""
    pytest.importorskip("distributed")
    from cardkit_cli.lab import lab

    from cardkit.frontends.lab import backends

    monkeypatch.setattr(backends, "CONNECT_TIMEOUT_SECONDS", 1)
    result = CliRunner().invoke(lab, ["knock-rummy", "--hands", "4", "--cluster",
                                      "127.0.0.1:1"])
    assert result.exit_code == 1
    assert "cannot reach a Dask scheduler at 127.0.0.1:1" in result.output
    assert "Traceback" not in result.output
