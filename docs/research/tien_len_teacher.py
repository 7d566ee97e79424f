"""Tiến Lên's teacher for ``dagger.py --fit-teacher``: the move model of the game's ``hard``
agent fitted for the run's player count by the game's own trainer.

The shipped ``hard`` carries weights fitted for four players only, and plays every other count
with them; in two players its model alone is level with ``normal``. The game's trainer
(:mod:`cardkit_games.tien_len.bots.training`: the trainer is the referee, it values each
candidate move by play-outs of the true deal, and a linear model of features of the seat's
view is fitted to those values) fits a table for the run's count in a minute or two of CPU,
seeded; the teacher is that model (alone, a deterministic function of the view, or with
``--teacher-param playouts=N`` the look-ahead of ``hard`` on top). Nothing is written to the
game's weights.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardkit_games.tien_len.bots.lookahead import CLOSE, MARGIN, STEPS
from cardkit_games.tien_len.bots.policy import HardAgent
from cardkit_games.tien_len.bots.training import default_budget, train

from cardkit.agents import Agent
from cardkit.game import Game

Weights = dict[str, tuple[float, ...]]


def fit(game: Game, seed: int, log: Callable[[str], None]) -> Weights:
    """The move model for ``game``'s player count (the default rules), by the game's trainer
    with its default budget, from ``seed``."""
    return train(game.players, seed, default_budget(game.players), log=log)


def teacher(game: Game, weights: Weights, seat: int, seed: int, **params: Any) -> Agent:
    """``hard`` with ``weights``: the model alone unless ``playouts`` (a number) asks for the
    look-ahead (``close``, ``steps``, ``margin`` as for the game's ``hard``)."""
    playouts = int(params.pop("playouts", 0))
    unknown = set(params) - {"close", "steps", "margin"}
    if unknown:
        raise ValueError(f"unknown teacher parameters: {', '.join(sorted(unknown))}")
    return HardAgent(game, seat, seed, weights=weights, lookahead=playouts > 0,
                     playouts=playouts, close=float(params.get("close", CLOSE)),
                     steps=int(params.get("steps", STEPS)),
                     margin=float(params.get("margin", MARGIN)))
