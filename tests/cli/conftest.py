"""Fixtures for the CLI tests: the knock-rummy test game registered in-process (with meld rules,
so the CLI groups hands generically), and a CliRunner."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from cardkit.engine.capabilities import HandAnalysis
from cardkit.engine.registry import register, unregister
from cardkit.libraries.melds import MeldRules
from testgames.knock_rummy import KNOCK_RUMMY

TEST_GAME = KNOCK_RUMMY.with_capabilities(HandAnalysis(meld_rules=lambda options: MeldRules()))


@pytest.fixture
def knock_rummy() -> Iterator[str]:
    """The name of the registered test game."""
    register(TEST_GAME)
    yield TEST_GAME.name
    unregister(TEST_GAME.name)


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    """A runner with colour off, as in a pipe."""
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "100")
    return CliRunner()
