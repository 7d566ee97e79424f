"""The students' page on intervals and paired tests is the lab run it describes, written again:
every number in docs/lab/reading-numbers.md comes from the run, none is typed."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "docs" / "lab" / "reading_numbers.py"


def test_the_students_page_is_what_its_run_gives():
    spec = importlib.util.spec_from_file_location("reading_numbers", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    page = module.build_page()
    assert module.PAGE.read_text(encoding="utf-8") == page, \
        "docs/lab/reading-numbers.md is stale: python docs/lab/reading_numbers.py"
    assert module.COMMAND in page and "McNemar" in page and "paired *t*-test" in page
