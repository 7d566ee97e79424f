"""The cardkit conformance kit for 2, 3 and 4 players: defaults, every option changed, and
``bombs_ignore_pass_lock`` alone."""

from __future__ import annotations

import pytest

from cardkit.services.testing import check_game


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", [None, "everything"])
def test_conformance(players: int, preset: str | None) -> None:
    """Random playouts pass every conformance check."""
    report = check_game("tien-len", players=[players], presets=[preset], hands=8, seed=players)
    assert report.hands == 8


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_with_bombs_ignore_pass_lock(players: int) -> None:
    """The conformance kit with the option on alone (random playouts end, zones hold)."""
    report = check_game("tien-len", players=[players],
                        options={"bombs_ignore_pass_lock": True}, hands=15, seed=7 + players)
    assert report.hands == 15
