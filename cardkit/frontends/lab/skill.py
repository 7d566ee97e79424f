"""The skill trace: how much a stronger agent gains over a weaker one, step by step up a ladder.

In the manner of Ludii's *skill trace* and CardStock's *order*: a game rewards skill when a
better player beats a worse one by more than the luck of the deal. Each step of the ladder
(``random < easy < normal < hard``, or any agents the game offers, weakest first) is measured
in the **duplicate** format: deal *i* is played once with the stronger agent in each seat in
turn (seat 0, then 1, ... n - 1; the weaker agent in every other seat), on the same cards and
with the same agent seeds, so the luck of the deal falls on the stronger agent once in every
seat and cancels out.

Per step (see :func:`trace_metrics`):

- **gain**: the stronger agent's payoff minus the mean payoff of the table in the same hand
  (for a zero-sum game, simply its payoff), averaged over the n plays of a deal; the deal is
  the unit, so the 95% interval is Student's *t* over the deals' averages;
- **stronger wins**: the share of hands the stronger agent is among the winners (Wilson
  interval over the hands; the plays of one deal are not independent, and since the
  duplicate format makes them pull in opposite directions the interval errs wide);
- **order** (CardStock): ``(win share - 1/n) / (1 - 1/n)``, 0 = the better agent does no better
  than its fair share, 1 = it always wins.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from cardkit.engine.definition import GameDefinition
from cardkit.frontends.lab.metrics import Metric, mean, proportion, value
from cardkit.frontends.lab.simulate import ChunkResult

__all__ = [
    "DEFAULT_LADDER",
    "TRACE_GROUP",
    "deal_gains",
    "hand_gain",
    "resolve_ladder",
    "step_key",
    "trace_metrics",
    "trace_unit_values",
]

#: The ladder measured when none is named: weakest first.
DEFAULT_LADDER = ("random", "easy", "normal", "hard")

#: The metrics' group (the report shows it as its own table per variant).
TRACE_GROUP = "skill trace"

#: The rung ``normal`` is the game's greedy agent where the game has no agent of that name.
_FALLBACKS = {"normal": "greedy"}

def resolve_ladder(definition: GameDefinition, names: Sequence[str]
                   ) -> tuple[tuple[str, ...], list[str]]:
    """The ladder's rungs this game offers, in the order given, and one note per rung skipped
    or replaced (``normal`` stands for ``greedy`` where the game has no ``normal``). A name
    given twice is a ``ValueError``."""
    cleaned = [name.strip() for name in names if name.strip()]
    if len(set(cleaned)) != len(cleaned):
        raise ValueError(f"the ladder names an agent twice: {','.join(cleaned)}")
    offered = set(definition.agent_names) | set(definition.agents)
    rungs: list[str] = []
    notes: list[str] = []
    for name in cleaned:
        if name in offered:
            rungs.append(name)
        elif name in _FALLBACKS and _FALLBACKS[name] in offered \
                and _FALLBACKS[name] not in cleaned:
            rungs.append(_FALLBACKS[name])
            notes.append(f"{definition.name} has no agent {name!r}: "
                         f"its {_FALLBACKS[name]!r} agent stands in")
        else:
            notes.append(f"{definition.name} has no agent {name!r}: skipped "
                         f"(agents: {', '.join(definition.agent_names)})")
    return tuple(rungs), notes


def step_key(weak: str, strong: str) -> str:
    """The metric-key stem of one ladder step, e.g. ``trace.random>greedy``."""
    return f"trace.{weak}>{strong}"


def hand_gain(payoffs: Sequence[float], seat: int) -> float:
    """``seat``'s payoff minus the table's mean payoff (its payoff, in a zero-sum game)."""
    return payoffs[seat] - math.fsum(payoffs) / len(payoffs)


def deal_gains(data: ChunkResult, players: int) -> list[float]:
    """Per deal, the stronger agent's gain averaged over its ``players`` plays (the
    duplicate unit). ``data`` holds the plays in deal order, ``players`` per deal."""
    gains = [hand_gain(payoffs, seat) for seat, payoffs in
             zip(data.seats, data.payoffs, strict=True)]
    if len(gains) % players:
        raise ValueError(f"{len(gains)} plays do not make whole deals of {players}")
    return [math.fsum(gains[i:i + players]) / players for i in range(0, len(gains), players)]


def trace_metrics(data: ChunkResult, players: int, weak: str, strong: str) -> list[Metric]:
    """One step's metrics: the gain per hand (t interval over deals), the stronger agent's
    win share (Wilson) and the order (the win share rescaled, with its interval)."""
    key, step = step_key(weak, strong), f"{weak} → {strong}"
    gain = mean(f"{key}.gain", f"{step}: {strong}'s gain per hand", TRACE_GROUP,
                deal_gains(data, players))
    won = sum(1 for seat, winners in zip(data.seats, data.winners, strict=True)
              if seat in winners)
    wins = proportion(f"{key}.wins", f"{step}: {strong} wins", TRACE_GROUP, won,
                      len(data.seats))
    fair = 1 / players

    def order(share: float) -> float:
        return (share - fair) / (1 - fair)

    return [gain, wins, value(f"{key}.order", f"{step}: order (0 = luck, 1 = skill)",
                              TRACE_GROUP, order(wins.value), wins.n,
                              order(wins.low or 0.0), order(wins.high or 0.0))]


def trace_unit_values(data: ChunkResult, players: int, weak: str, strong: str
                      ) -> dict[str, Sequence[Any]]:
    """Per-unit values that pair across variants (deal *i* and its plays are dealt and seeded
    alike under every variant): the deal's gain, and per hand whether the stronger agent won."""
    key = step_key(weak, strong)
    return {f"{key}.gain": deal_gains(data, players),
            f"{key}.wins": [seat in winners for seat, winners in
                            zip(data.seats, data.winners, strict=True)]}
