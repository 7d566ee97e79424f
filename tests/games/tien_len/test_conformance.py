"""The cardkit conformance kit for 2, 3 and 4 players, defaults and every option changed."""

from __future__ import annotations

import pytest

from cardkit.services.testing import check_game


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", [None, "everything"])
def test_conformance(players: int, preset: str | None) -> None:
    """Random playouts pass every conformance check."""
    report = check_game("tien-len", players=[players], presets=[preset], hands=8, seed=players)
    assert report.hands == 8
