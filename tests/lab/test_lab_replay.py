"""An example deal under both rule sets side by side (``cardkit replay BASELINE VARIANT``): the
first move where the two rule sets' play diverges marked, or said to be none; the report names the
command."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardkit.engine.records import HandRecord, load_record
from cardkit.frontends.lab import SerialBackend, Variant, run_experiment, write_examples
from cardkit.frontends.lab.handout import report_markdown


def _run(game: str, option: str, values: tuple[object, object], units: int, seed: int,
         players: int):
    variants = [Variant(f"{option}={values[0]}", {option: values[0]}),
                Variant(f"{option}={values[1]}", {option: values[1]})]
    return run_experiment(game, variants, units=units, players=players, seed=seed,
                          skill_units=0, lead=False, backend=SerialBackend())


@pytest.fixture(scope="module")
def penalty_pair(tmp_path_factory):
    """A Tonk deal (seed 3, hand 1) a 3-turn hit penalty plays differently."""
    result = _run("tonk", "hit_penalty_turns", (0, 3), units=2, seed=3, players=3)
    folder = tmp_path_factory.mktemp("penalty")
    written = write_examples(result, folder, count=1)
    assert len(written) == 1 and written[0][2]
    return result, written[0][0], written[0][1]


def _replay(*words: str):
    from cardkit_cli.replay import replay

    return CliRunner().invoke(replay, list(words))


def _first_other_action(first: HandRecord, second: HandRecord) -> int:
    """Where the two records' actions part, counted independently of the lab's helper."""
    for index, (mine, theirs) in enumerate(zip(first.actions, second.actions, strict=False)):
        if mine != theirs:
            return index
    return min(len(first.actions), len(second.actions))


def test_a_rule_that_changes_the_play_is_marked_where_the_play_diverges(penalty_pair):
    _, base_path, variant_path = penalty_pair
    base, other = load_record(base_path), load_record(variant_path)
    assert isinstance(base, HandRecord) and isinstance(other, HandRecord)
    assert base.actions != other.actions  # the penalty changed the play itself
    at = _first_other_action(base, other)
    shown = _replay(str(base_path), str(variant_path))
    assert shown.exit_code == 0, shown.output
    out = shown.output
    assert "hit_penalty_turns=0" in out and "hit_penalty_turns=3" in out  # the columns' heads
    assert f"The play diverges at move {at + 1} (▶)" in out
    marked = [line for line in out.splitlines() if "▶" in line and "diverges" not in line]
    assert len(marked) == 1 and marked[0].split()[:2] == ["▶", str(at + 1)]
    # the moves before it are the same in both columns, the marked one differs
    for index in range(at):
        assert base.actions[index] == other.actions[index]
    rows = {line.split()[0]: line for line in out.splitlines() if line.strip()[:1].isdigit()}
    assert all(str(i + 1) in rows for i in range(at))
    # each side's result, one line each
    assert out.count("ending ") >= 2 and "payoffs" in out


def test_a_rule_that_only_scores_differently_says_the_play_was_alike(tmp_path):
    """Gin's undercut bonus: greedy plays the deal move for move alike, only the score moves."""
    result = _run("gin-rummy", "undercut_bonus", (10, 25), units=6, seed=1, players=2)
    written = write_examples(result, tmp_path, count=1)
    assert written, "seed 1 has an undercut among its first six hands"
    base_path, variant_path, _ = written[0]
    base, other = load_record(base_path), load_record(variant_path)
    assert base.actions == other.actions and base.result != other.result
    shown = _replay(str(base_path), str(variant_path))
    assert shown.exit_code == 0, shown.output
    assert "played this deal alike, move for move" in shown.output
    assert "only the result differs" in shown.output
    assert "▶" not in shown.output
    # the report names the command that shows it
    said = report_markdown(result, plots=False)
    assert "## Example deals" in said
    assert "cardkit replay DIR/undercut-bonus-25-hand-5-baseline.json " \
           "DIR/undercut-bonus-25-hand-5-variant.json" in said


def test_two_records_of_other_deals_or_a_step_are_refused_in_one_line(penalty_pair, tmp_path):
    _, base_path, variant_path = penalty_pair
    record = load_record(base_path)
    assert isinstance(record, HandRecord)
    other_seed = tmp_path / "other.json"
    other_seed.write_text(HandRecord(record.game, record.version, record.players,
                                     record.options, record.seed + 1, record.deck,
                                     record.context, ()).to_json())
    refused = _replay(str(base_path), str(other_seed))
    assert refused.exit_code == 2 and "not the same deal (seed" in refused.output
    assert "Traceback" not in refused.output and len(refused.output.strip().splitlines()) == 1
    stepped = _replay(str(base_path), str(variant_path), "--step")
    assert stepped.exit_code == 2 and "--step steps through one record" in stepped.output


def test_the_command_line_names_the_side_by_side_command(tmp_path, monkeypatch):
    from cardkit_cli.lab import lab

    # the report's words are what is checked: no figure drawn (seconds of matplotlib)
    monkeypatch.setattr("cardkit.frontends.lab.handout.has_matplotlib", lambda: False)
    folder = tmp_path / "deals"
    result = CliRunner().invoke(lab, [
        "tonk", "--players", "3", "--hands", "2", "--workers", "1", "--skill-hands", "0",
        "--no-lead", "--rule", "hit_penalty_turns=0", "--compare",
        "penalty 3: hit_penalty_turns=3", "--examples", str(folder), "--seed", "3",
        "--report", str(tmp_path / "lesson.md")])
    assert result.exit_code == 0, result.output
    command = (f"cardkit replay {folder}/penalty-3-hand-1-baseline.json "
               f"{folder}/penalty-3-hand-1-variant.json")
    assert command in result.output
    report = (tmp_path / "lesson.md").read_text()
    assert f"the run wrote them to {folder}" in report and command in report
