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
