"""The skill trace: how much a stronger agent gains over a weaker one, step by step up a ladder.

In the manner of Ludii's *skill trace* and CardStock's *order*: a game rewards skill when a
better player beats a worse one by more than the luck of the deal. Each step of the ladder
(``random < easy < normal < hard < expert`` as the game's agent roster offers it, or any agents
the game offers, weakest first) is measured
in the **duplicate** format: deal *i* is played once with the stronger agent in each seat in
turn (seat 0, then 1, ... n - 1; the weaker agent in every other seat), on the same cards and
with the same agent seeds, so the luck of the deal falls on the stronger agent once in every
seat and cancels out.

Per step (see :func:`trace_metrics`):

- **gain**: the stronger agent's payoff minus the mean payoff of the table in the same hand
  (for a zero-sum game, simply its payoff), averaged over the n plays of a deal; the deal is
  the unit, so the 95% interval is Student's *t* over the deals' averages;
- **stronger wins**: of the *decided* hands (somebody won), the share the stronger agent is
  among the winners (Wilson interval over those hands; the plays of one deal are not
  independent, and since the duplicate format makes them pull in opposite directions the
  interval errs wide). A hand nobody won (a draw, a dead hand) is neither a win nor a loss;
- **no winner**: the share of hands nobody won, beside it;
- **order** (CardStock): ``(win share - 1/n) / (1 - 1/n)`` over the decided hands, 0 = the
  better agent does no better than its fair share, 1 = it always wins.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from cardkit.engine.capabilities import Agents
from cardkit.engine.definition import GameDefinition
from cardkit.frontends.lab.metrics import Metric, decided_share, mean, order_of, proportion, value
from cardkit.frontends.lab.simulate import ChunkResult
from cardkit.services.search.roster import LADDER, is_import_path

__all__ = [
    "DEFAULT_LADDER",
    "TRACE_GROUP",
    "deal_gains",
    "default_ladder",
    "hand_gain",
    "resolve_ladder",
    "step_key",
    "trace_metrics",
    "trace_unit_values",
]

#: The ladder measured when none is named, weakest first: every rung the game's agent roster
#: offers (``expert`` and ``hard`` where the game can search) -- the roster's own ladder.
DEFAULT_LADDER = LADDER

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
    own = definition.capability(Agents)
    offered = set(definition.agent_names) | set(own.factories if own is not None else ())
    rungs: list[str] = []
    notes: list[str] = []
    for name in cleaned:
        if name in offered or is_import_path(name):  # a factory by its import path too
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


def default_ladder(definition: GameDefinition) -> tuple[str, ...]:
    """The rungs of :data:`DEFAULT_LADDER` the game offers (``definition.agent_names``), in
    ladder order; ``greedy`` stands for ``normal`` where the game has no ``normal``."""
    offered = set(definition.agent_names)
    rungs = []
    for name in DEFAULT_LADDER:
        if name in offered or is_import_path(name):  # a factory by its import path too
            rungs.append(name)
        elif name in _FALLBACKS and _FALLBACKS[name] in offered:
            rungs.append(_FALLBACKS[name])
    return tuple(rungs)


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
    win share of the decided hands (Wilson), the share of hands nobody won, and the order
    (the win share rescaled, with its interval)."""
    key, step = step_key(weak, strong), f"{weak} → {strong}"
    gain = mean(f"{key}.gain", f"{step}: {strong}'s gain per hand", TRACE_GROUP,
                deal_gains(data, players))
    won, decided, undecided = decided_share(data.seats, data.winners)
    wins = proportion(f"{key}.wins", f"{step}: {strong} wins (of decided hands)", TRACE_GROUP,
                      won, decided)
    draws = proportion(f"{key}.draws", f"{step}: hands nobody won", TRACE_GROUP, undecided,
                       len(data.seats))
    order = value(f"{key}.order", f"{step}: order over decided hands (0 = luck, 1 = skill)",
                  TRACE_GROUP, order_of(wins.value, players), wins.n,
                  order_of(wins.low or 0.0, players), order_of(wins.high or 0.0, players))
    return [gain, wins, draws, order]


def trace_unit_values(data: ChunkResult, players: int, weak: str, strong: str
                      ) -> dict[str, Sequence[Any]]:
    """Per-unit values that pair across variants (deal *i* and its plays are dealt and seeded
    alike under every variant): the deal's gain, and per hand whether nobody won. (The win
    share is over the decided hands, which differ between variants: it keeps the unpaired
    test.)"""
    key = step_key(weak, strong)
    return {f"{key}.gain": deal_gains(data, players),
            f"{key}.draws": [not winners for winners in data.winners]}
