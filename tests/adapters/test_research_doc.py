"""The examples in docs/research.md run as doctests."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_research_examples_run() -> None:
    failures, attempted = doctest.testfile(
        str(DOCS / "research.md"), module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert attempted > 20
    assert failures == 0
