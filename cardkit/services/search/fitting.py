"""What every trainer of a learned agent needs: hands played to their end, a ridge
least-squares fit, the agent measured on duplicate deals against a rival, and its weights
written back as a Python module of tables.

The games' trainers (``cardkit_games.tonk.bots.training``, ``cardkit_games.tien_len.bots.training``)
build on these; numpy is imported only by :func:`ridge_solve`, so nothing here weighs on a
player's start-up.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from cardkit.engine.agents import Agent
from cardkit.engine.game import Game
from cardkit.engine.state import State
from cardkit.services.search.choose import choose_action
from cardkit.values.deck import derive_seed

__all__ = ["DuplicateGain", "duplicate_gain", "nearest_table", "play_to_end", "ridge_solve",
           "write_tables"]

#: ``(game, seat, seed) -> Agent``: how a measurement seats an agent.
SeatAgent = Callable[[Game, int, int], Agent]
#: A measured gain: the mean payoff a hand, its 95 % half-width and the share of hands won.
DuplicateGain = tuple[float, float, float]


def play_to_end(state: State, agents: Sequence[Agent]) -> None:
    """Play ``state`` to its end in place, each seat asked through ``choose_action``."""
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action, _ = choose_action(agents[seat], state, seat)
        state.apply_unchecked(action)


def ridge_solve(rows: Sequence[Sequence[float]], targets: Sequence[float],
                ridge: float) -> tuple[float, ...]:
    """The weights ``w`` minimising ``|rows @ w - targets|^2 + ridge * |w|^2``, rounded to six
    places (so that a weights file reads, and rewrites, the same); ``()`` without rows.

    >>> ridge_solve([[1.0], [2.0]], [2.0, 4.0], 0.0)
    (2.0,)
    """
    import numpy as np  # training only: play never needs numpy

    if not rows:
        return ()
    x = np.asarray(rows, dtype=float)
    y = np.asarray(targets, dtype=float)
    w = np.linalg.solve(x.T @ x + ridge * np.eye(x.shape[1]), x.T @ y)
    return tuple(round(float(v), 6) for v in w)


def duplicate_gain(game: Game, tested: SeatAgent, rival: SeatAgent, deals: int,
                   seed: int) -> DuplicateGain:
    """``tested`` against ``rival`` in every other seat, on ``deals`` duplicate deals (each
    deal played once with ``tested`` in every seat, so the luck of the cards cancels): its
    mean payoff a hand over the deals, the 95 % half-width of that mean, and the share of
    hands it won."""
    gains = []
    won = 0
    for deal in range(deals):
        deal_seed = derive_seed(seed, "measure", deal)
        total = 0.0
        for me in range(game.players):
            agents = [(tested if seat == me else rival)(game, seat, deal_seed)
                      for seat in range(game.players)]
            state = game.new_hand(seed=deal_seed)
            play_to_end(state, agents)
            assert state.result is not None
            total += state.result.payoffs[me]
            won += me in state.result.winners
        gains.append(total / game.players)
    mean = sum(gains) / len(gains)
    variance = sum((g - mean) ** 2 for g in gains) / max(1, len(gains) - 1)
    return mean, 1.96 * math.sqrt(variance / len(gains)), won / (deals * game.players)


def nearest_table(tables: Mapping[int, Mapping[str, tuple[float, ...]]], players: int,
                  untrained: Callable[[], dict[str, tuple[float, ...]]]
                  ) -> Mapping[str, tuple[float, ...]]:
    """The shipped weights for ``players`` among ``tables`` (players -> model -> weights):
    its own table, else the nearest player count's (the smaller on a tie), else
    ``untrained()`` when nothing was shipped.

    >>> nearest_table({2: {"m": (1.0,)}, 4: {"m": (4.0,)}}, 3, dict)
    {'m': (1.0,)}
    >>> nearest_table({}, 3, lambda: {"m": (0.0,)})
    {'m': (0.0,)}
    """
    if not tables:
        return untrained()
    return tables[min(tables, key=lambda n: (abs(n - players), n))]


def write_tables(tables: Mapping[int, Mapping[str, Sequence[float]]], models: Sequence[str],
                 path: Path, docstring: str) -> None:
    """Write ``tables`` (players -> model name -> weights) as the Python module ``path``,
    ``TABLES`` after the module's own docstring (kept when the file exists, else
    ``docstring``); a model missing from a table is written as ``(0.0,)``."""
    source = path.read_text() if path.exists() else f'"""{docstring}"""\n'
    head = source.split("\nfrom __future__")[0].rstrip("\n")
    lines = [head, "", "from __future__ import annotations", "",
             "TABLES: dict[int, dict[str, tuple[float, ...]]] = {"]
    for players in sorted(tables):
        lines.append(f"    {players}: {{")
        for name in models:
            values = " ".join(f"{v!r}," for v in tables[players].get(name, (0.0,)))
            # one line a model when it fits, else wrapped under its name (the line limit)
            lines.append(f"        {name!r}: (")
            lines.extend(textwrap.wrap(values, 100, initial_indent=" " * 12,
                                       subsequent_indent=" " * 12))
            lines.append("        ),")
        lines.append("    },")
    lines.append("}")
    path.write_text("\n".join(lines) + "\n")
