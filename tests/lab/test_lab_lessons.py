"""docs/lab.md's three lessons are their commands' output: each command word for word, the
findings quoted as the run's JSON gives them, every measured figure of the prose printed in the
report (docs/lab/lessons.py --run makes them again; this check reads the files, in a second)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "docs" / "lab" / "lessons.py"


def _lessons():
    spec = importlib.util.spec_from_file_location("lessons", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_lessons_quote_what_their_commands_wrote():
    lessons = _lessons()
    assert lessons.check() == []


def test_the_check_catches_a_typed_figure(tmp_path, monkeypatch):
    lessons = _lessons()
    page = lessons.PAGE.read_text(encoding="utf-8")
    changed = tmp_path / "lab.md"
    heading = lessons.LESSONS[0].heading
    at = page.index(heading)
    changed.write_text(page[:at] + page[at:].replace("**What it shows.**",
                                                     "**What it shows.** 12.345 turns.", 1),
                       encoding="utf-8")
    monkeypatch.setattr(lessons, "PAGE", changed)
    assert any("12.345" in problem for problem in lessons.check())
