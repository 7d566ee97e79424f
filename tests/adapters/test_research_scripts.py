"""The scripts docs/research.md runs: they run, and say what they measured."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "docs" / "research"

pytest.importorskip("gymnasium")


def run(script: str, *arguments: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(sys, "argv", [script, *arguments])
    runpy.run_path(str(SCRIPTS / script), run_name="__main__")
    return capsys.readouterr().out


def test_learning_run_reports_random_and_learned_play(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    out = run("learn.py", "--hands", "150", "--evaluate", "60", capsys=capsys,
              monkeypatch=monkeypatch)
    lines = out.splitlines()
    assert lines[0].startswith("trained on 150 hands")
    assert [line.split(":")[0].strip() for line in lines[1:]] == [
        "random play", "learned", "greedy agent"]


def test_comparison_plays_both_seats_of_a_deal(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pyspiel")
    out = run("versus_ismcts.py", "--games", "tonk", "--deals", "1", capsys=capsys,
              monkeypatch=monkeypatch)
    row = out.splitlines()[1].split()
    assert row[0] == "tonk" and row[1] in ("hard", "search") and row[2] == "2"


def _selfplay(tmp: Path, name: str, updates: int, capsys: pytest.CaptureFixture[str],
              monkeypatch: pytest.MonkeyPatch, checkpoint: str | None = None) -> str:
    out = tmp / f"{name}.npz"
    arguments = ["tonk", "--players", "2", "--imitate", "200", "--batch", "8",
                 "--hidden", "8", "--eval-deals", "2", "--every", "1e9",
                 "--updates", str(updates), "--out", str(out), "--curve", str(tmp / "c.csv")]
    if checkpoint:
        arguments += ["--checkpoint", str(tmp / checkpoint)]
    run("selfplay.py", *arguments, capsys=capsys, monkeypatch=monkeypatch)
    return str(out)


def test_selfplay_saves_a_bot_and_resumes_as_if_never_stopped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A run stopped after two updates and resumed to three makes the same policy as a run of
    three; the policy loads as a bot of the game it was trained for."""
    import numpy as np

    import cardkit
    from cardkit.adapters.policy import PolicyAgent, load_policy

    _selfplay(tmp_path, "stopped", 2, capsys, monkeypatch, checkpoint="ck.npz")
    resumed = _selfplay(tmp_path, "resumed", 3, capsys, monkeypatch, checkpoint="ck.npz")
    whole = _selfplay(tmp_path, "whole", 3, capsys, monkeypatch)
    first, second = load_policy(resumed), load_policy(whole)
    for (w1, b1), (w2, b2) in zip(first.layers, second.layers, strict=True):
        assert np.array_equal(w1, w2) and np.array_equal(b1, b2)
    assert (tmp_path / "c.csv").read_text().startswith("cpu,hands,mean,half_width")
    game = cardkit.load_game("tonk", players=2)
    state = game.new_hand(seed=1)
    agent = PolicyAgent(first, game)
    assert agent.choose(state.view(0), state.legal_actions()) in state.legal_actions()


def test_dagger_trains_a_bot_that_play_seats(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Two tiny DAgger rounds of hard and a PPO update end to end: the best point's policy is
    saved with its curve, and ``cardkit play --bot FILE`` seats it."""
    from cardkit_cli.main import cli
    from click.testing import CliRunner

    from cardkit.adapters.policy import load_policy

    out, curve = tmp_path / "tonk-dagger.npz", tmp_path / "curve.csv"
    printed = run("dagger.py", "tonk", "--rounds", "2", "--hands", "4", "--epochs", "2",
                  "--balance", "--hidden", "8", "--eval-deals", "2", "--finetune", "1",
                  "--batch", "2", "--every", "1", "--out", str(out), "--curve", str(curve),
                  capsys=capsys, monkeypatch=monkeypatch)
    assert "round 1:" in printed and f"saved {out}" in printed
    rows = curve.read_text().splitlines()
    assert rows[0] == "cpu,hands,stage,mean,half_width"
    assert [row.split(",")[2] for row in rows[1:]] == ["round 0", "round 1", "update 1"]
    policy = load_policy(out)
    assert policy.metadata["teacher"] == "hard" and policy.metadata["chosen"] in (
        "round 0", "round 1", "update 1")
    result = CliRunner().invoke(cli, ["play", "tonk", "--players", "2", "--auto", "--hands",
                                      "1", "--seed", "3", "--bot", str(out)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "tonk-dagger bot" in result.output and "hand over" in result.output


SHIPPED = SCRIPTS / "policies" / "tonk-2p.npz"


def test_the_shipped_tonk_policy_loads_and_plays_as_a_bot() -> None:
    """The learned two-player Tonk player docs/research.md reports: small, made for this very
    encoding (its fingerprint checked on loading), seated by ``cardkit play --bot FILE``, and
    far ahead of random play over a few duplicate deals."""
    from cardkit_cli.main import cli
    from click.testing import CliRunner

    import cardkit
    from cardkit.adapters.policy import PolicyAgent, load_policy

    assert SHIPPED.stat().st_size < 400_000
    game = cardkit.load_game("tonk", players=2)
    policy = load_policy(SHIPPED, game)
    assert policy.metadata["trainer"] == "docs/research/dagger.py"
    result = CliRunner().invoke(cli, ["play", "tonk", "--players", "2", "--auto", "--hands",
                                      "2", "--seed", "5", "--bot", str(SHIPPED)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "tonk-2p bot" in result.output and "hand over" in result.output
    report = cardkit.evaluate(game, PolicyAgent(policy, game, "learned"), "random", deals=20)
    assert report.low > 0
