"""The conformance kit for gin rummy, two and three players, with every option changed and with a
knock limit that reaches every showdown."""

from __future__ import annotations

import pytest

import cardkit
from cardkit.services.testing import check_game


@pytest.mark.parametrize("players", [2, 3])
def test_conformance(players) -> None:
    check_game("gin-rummy", players=[players], presets=[None, "every-option-changed"], hands=4)
    # random play rarely knocks: a generous knock limit exercises every showdown path
    game = cardkit.load_game("gin-rummy", players=players, knock_limit=40, big_gin_bonus=31)
    report = check_game(game, hands=6, seed=1)
    assert set(report.endings) - {"draw"}
