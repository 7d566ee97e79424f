"""Sweeps: one variant per value (two options: a grid), on the same deals; from Python and
from the command line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardkit.frontends.lab import SerialBackend, parse_sweep, sweep
from cardkit.frontends.lab.sweep import sweep_variants


@pytest.mark.parametrize(("text", "name", "values"), [
    ("knock_limit=0..4", "knock_limit", ["0", "1", "2", "3", "4"]),
    ("knock_limit=0..10:5", "knock_limit", ["0", "5", "10"]),
    ("stake=0..1:0.25", "stake", ["0", "0.25", "0.5", "0.75", "1"]),
    ("x=-2..2:2", "x", ["-2", "0", "2"]),
    ("hit_targets=any,runs_only", "hit_targets", ["any", "runs_only"]),
    ("hit-penalty-turns = 1, 3", "hit_penalty_turns", ["1", "3"]),
])
def test_sweep_texts_give_their_values(text, name, values):
    assert parse_sweep(text) == (name, values)


@pytest.mark.parametrize(("text", "says"), [
    ("knock_limit", "NAME=V1,V2"), ("knock_limit=", "NAME=V1,V2"),
    ("knock_limit=5..1", "ends below"), ("knock_limit=0..4:0", "more than 0"),
    ("knock_limit=a..b", "NAME=A..B"), ("x=1,,2", "empty"), ("x=1,1", "twice"),
    ("x=0..1000", "at most"),
])
def test_a_bad_sweep_is_one_clear_line(text, says):
    with pytest.raises(ValueError, match=says):
        parse_sweep(text)


def test_a_grid_is_every_pair_first_option_slowest():
    variants = sweep_variants([("a", (1, 2)), ("b", ("x", "y"))], {"c": 0})
    assert [v.label for v in variants] == ["a=1; b=x", "a=1; b=y", "a=2; b=x", "a=2; b=y"]
    assert variants[3].options == {"c": 0, "a": 2, "b": "y"}
    with pytest.raises(ValueError, match="one option, or two"):
        sweep_variants([("a", (1,)), ("b", (1,)), ("c", (1,))])


@pytest.fixture(scope="module")
def bonus_sweep():
    """gin's undercut bonus: the greedy agents ignore it, so only the score of an undercut
    can differ between the values: a test that the values play the same deals."""
    return sweep("gin-rummy", "undercut_bonus", [10, 25, "40"], units=120, players=2, seed=5,
                 skill_units=0, lead=False, backend=SerialBackend())


def test_the_values_play_the_same_deals(bonus_sweep):
    result = bonus_sweep
    assert result.axes == (("undercut_bonus", (10, 25, 40)),)  # "40" converted by the option
    assert [result.coordinates(i) for i in range(3)] == [(10,), (25,), (40,)]
    undercuts = result.metric(0, "ending.undercut")
    for index in (1, 2):
        # the same deals played the same way: every ending and every winner alike ...
        assert result.metric(index, "ending.undercut") == undercuts
        assert result.metric(index, "changed.winner").successes == 0
        # ... and only the undercut hands scored differently
        assert result.metric(index, "changed.result").successes == undercuts.successes
        assert result.differences[index]["turns"].difference == 0


def test_a_sweep_reads_as_a_line_in_the_table_and_its_findings(bonus_sweep):
    from rich.console import Console

    from cardkit.frontends.lab.report import print_report

    console = Console(record=True, width=120)
    print_report(bonus_sweep, console)
    text = console.export_text()
    # the turned layout: the swept option heads a column, one row per value
    assert "undercut_bonus" in text and "\n│ 25 " in text.replace("┃", "│")
    findings = bonus_sweep.findings()
    assert any("undercut_bonus=10" in f for f in findings)
    data = json.loads(json.dumps(bonus_sweep.to_dict()))
    assert data["sweep"] == [{"option": "undercut_bonus", "values": [10, 25, 40]}]


def test_a_sweep_names_a_bad_option_or_value():
    with pytest.raises(ValueError, match="no option 'nope'"):
        sweep("tonk", "nope", [1, 2], units=5)
    with pytest.raises(ValueError, match="hit_penalty_turns"):
        sweep("tonk", "hit_penalty_turns", [1, -1], units=5)
    with pytest.raises(ValueError, match="give the values"):
        sweep("tonk", "hit_penalty_turns")


def test_the_command_line_sweeps_and_makes_a_grid(tmp_path):
    from cardkit_cli.lab import lab

    runner = CliRunner()
    out = tmp_path / "grid.json"
    result = runner.invoke(lab, ["gin-rummy", "--players", "2", "--hands", "40", "--workers",
                                 "1", "--skill-hands", "0", "--no-lead", "--sweep",
                                 "knock_limit=0..10:10", "--sweep", "gin_bonus=20,25",
                                 "--json", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert [v["label"] for v in data["variants"]] == [
        "knock_limit=0; gin_bonus=20", "knock_limit=0; gin_bonus=25",
        "knock_limit=10; gin_bonus=20", "knock_limit=10; gin_bonus=25"]
    assert "knock_limit" in result.output and "gin_bonus" in result.output


@pytest.mark.parametrize(("args", "says"), [
    (["--sweep", "knock_limit=1,2", "--compare", "knock_limit=3"], "exclude each other"),
    (["--sweep", "knock_limit=1,2", "--rule", "knock_limit=3"], "also set by --rule"),
    (["--sweep", "nope=1,2"], "no option 'nope'"),
    (["--sweep", "knock_limit=1,x"], "knock_limit"),
    (["--sweep", "a=1,2", "--sweep", "b=1,2", "--sweep", "c=1,2"], "one option, or two"),
    (["--compare", "same: knock_limit=3", "--compare", "same: knock_limit=4"],
     "two variants are named 'same'"),
])
def test_sweep_mistakes_are_one_line_usage_errors(args, says):
    from cardkit_cli.lab import lab

    result = CliRunner().invoke(lab, ["gin-rummy", "--hands", "5", *args])
    assert result.exit_code == 2 and says in result.output, result.output
    assert "Traceback" not in result.output
