"""The cost of a run said before it starts (a skill trace up to ``expert`` on a Dask cluster:
tests/lab/test_lab_run.py, on the cluster its other Dask test starts)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardkit.frontends.lab import SerialBackend, Variant, run_experiment
from cardkit.frontends.lab.cost import RunCost, estimate_cost, format_seconds
from cardkit.frontends.lab.experiment import plan_chunks
from cardkit.frontends.lab.simulate import Plan


def test_the_estimate_scales_each_part_to_its_units_and_greedy_runs_are_not_costed():
    said: list[RunCost | None] = []
    run_experiment("tonk", [Variant("base", {})], units=3, players=3, seed=1, skill_units=0,
                   lead=False, ladder="random,easy", trace_units=1, backend=SerialBackend(),
                   on_cost=said.append)
    assert said == []  # nobody searches: no probe, no line
    plan = Plan("tonk", 3, (), None, 1, "hands", ("greedy",) * 3, False, 200, None, None)
    chunks = plan_chunks([plan, plan], 8, 0, None, 4, ("random", "easy"), 3)
    cost = estimate_cost(chunks, workers=1)
    # the play part is timed on four hands and stands for both variants' 8 hands each
    assert set(cost.parts) == {"play", "trace random>easy"}
    assert cost.probe_seconds > 0 and cost.cpu_seconds == pytest.approx(sum(cost.parts.values()))


@pytest.mark.parametrize(("seconds", "text"), [(3.21, "3.2 s"), (45.4, "45 s"), (190, "3 min 10 s"),
                                               (120, "2 min"), (7500, "2 h 5 min")])
def test_durations_read_as_people_say_them(seconds, text):
    assert format_seconds(seconds) == text


def test_the_command_line_prints_the_cost_before_the_trace(monkeypatch):
    from cardkit_cli.lab import lab

    result = CliRunner().invoke(lab, [
        "tonk", "--players", "3", "--hands", "2", "--workers", "1", "--skill-hands", "0",
        "--no-lead", "--skill-trace", "hard,expert", "--trace-deals", "1", "--playouts", "2",
        "--seed", "5"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.index("estimated cost:") < out.index("Skill trace") if "Skill trace" in out \
        else "estimated cost:" in out
