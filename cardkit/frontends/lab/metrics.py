"""Metrics of one variant's simulated hands or matches, each with its 95% interval.

The metrics follow the game-design literature (Ludii's and CardStock's): seat balance (is the
first seat's share of wins 1/n?), the distribution of endings, the share of hands nobody wins,
length in turns, lead changes (how often the leader changes between turns) and *order*, the
skill metric: the win rate of a skilled agent against random ones, rescaled so that 0 is pure
luck and 1 is pure skill, ``(win rate - 1/n) / (1 - 1/n)``. The win rate of the skill run is
taken over the *decided* hands (somebody won): a hand nobody won is neither a win nor a loss
for the skilled agent, and its share is reported beside the order.

Events (:class:`~cardkit.engine.capabilities.Events`): for each event the game declares, how
often it happened per hand (a mean, with the exact Poisson interval of the rate: rare events
get honest bounds, never below 0) and the share of hands in which it happened; for each family
of events the game declares (``Events.families``: all drops, any bomb ...) the same two
figures for the family's events together.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from cardkit.frontends.lab.simulate import ChunkResult
from cardkit.frontends.lab.stats import (
    mean_interval,
    percentile,
    poisson_rate_interval,
    wilson_interval,
)

__all__ = ["DECIDED_GROUP", "EVENT_GROUP", "INTERVALS", "Metric", "Sample", "compute_metrics",
           "count_rate", "decided_share", "event_counts", "event_metrics", "merge_chunks",
           "order_of", "unit_values"]

#: The events' metrics' group (the report shows them as their own table).
EVENT_GROUP = "events"

#: The group of each seat's share of the decided hands (somebody won): who wins, told apart
#: from how often nobody wins.
DECIDED_GROUP = "decided"

#: How a metric's 95% interval is made, by :attr:`Metric.interval`.
INTERVALS = {
    "wilson": "Wilson score interval (a share)",
    "t": "Student t interval (a mean)",
    "poisson": "exact Poisson (Garwood) interval (a count a hand: an event's rate)",
    "order": "the win share's Wilson interval, rescaled to the order",
}


@attrs.frozen
class Metric:
    """One measured quantity of a variant.

    ``kind`` is ``"proportion"`` (``successes`` of ``n``; Wilson interval), ``"mean"`` (of
    ``n`` values with sample ``variance``; t interval, or for an event's count a hand the
    exact Poisson interval) or ``"value"`` (a descriptive figure such as a percentile or a
    spread: no interval, no test). ``low``/``high`` bound the 95% interval where there is
    one, and ``interval`` names how it was made (a key of :data:`INTERVALS`).
    """

    key: str
    label: str
    group: str
    kind: str
    value: float
    n: int
    low: float | None = None
    high: float | None = None
    successes: int | None = None
    variance: float | None = None
    interval: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Metric:
        """The metric :meth:`to_dict` wrote (``cardkit.lab.load``)."""
        fields = {field.name for field in attrs.fields(cls)}
        return cls(**{name: value for name, value in data.items() if name in fields})

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return attrs.asdict(self)


@attrs.define
class Sample:
    """One variant's merged columns (see :class:`~cardkit.lab.simulate.ChunkResult`)."""

    play: ChunkResult
    skill: ChunkResult | None = None


def merge_chunks(results: Iterable[ChunkResult], variant: int, kind: str) -> ChunkResult:
    """Concatenate a variant's chunks of one kind in unit order."""
    parts = sorted((r for r in results if r.variant == variant and r.kind == kind),
                   key=lambda r: r.start)
    merged = ChunkResult(variant, kind, 0)
    for part in parts:
        for name in ("endings", "winners", "payoffs", "turns", "lead_changes", "hands",
                     "trailed", "seats", "events"):
            getattr(merged, name).extend(getattr(part, name))
        merged.actions += part.actions
    return merged


def proportion(key: str, label: str, group: str, successes: int, n: int) -> Metric:
    """A proportion with its Wilson interval."""
    low, high = wilson_interval(successes, n)
    return Metric(key, label, group, "proportion", successes / n if n else 0.0, n, low, high,
                  successes=successes, interval="wilson")


def mean(key: str, label: str, group: str, values: Sequence[float]) -> Metric:
    """A mean with its t interval."""
    n = len(values)
    average = math.fsum(values) / n if n else 0.0
    variance = math.fsum((v - average) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    low, high = mean_interval(average, variance, n)
    return Metric(key, label, group, "mean", average, n, low, high, variance=variance,
                  interval="t" if n > 1 else None)


def count_rate(key: str, label: str, group: str, counts: Sequence[int]) -> Metric:
    """A count a hand (an event's): its mean with the exact Poisson interval of the rate,
    from the total count over the hands (``successes`` holds that total)."""
    n = len(counts)
    total = sum(counts)
    average = total / n if n else 0.0
    variance = math.fsum((c - average) ** 2 for c in counts) / (n - 1) if n > 1 else 0.0
    low, high = poisson_rate_interval(total, n)
    return Metric(key, label, group, "mean", average, n, low, high, successes=total,
                  variance=variance, interval="poisson")


def value(key: str, label: str, group: str, number: float, n: int,
          low: float | None = None, high: float | None = None) -> Metric:
    """A descriptive figure."""
    return Metric(key, label, group, "value", number, n, low, high)


def _seat_metrics(data: ChunkResult, players: int, unit: str) -> list[Metric]:
    n = len(data.winners)
    metrics: list[Metric] = []
    wins = [0] * players
    for winners in data.winners:
        for seat in winners:
            wins[seat] += 1
    for seat in range(players):
        metrics.append(proportion(f"win_rate.seat{seat}", f"seat {seat} wins", "seats",
                                  wins[seat], n))
    for seat in range(players):
        metrics.append(mean(f"payoff.seat{seat}", f"seat {seat} mean payoff per {unit}",
                            "seats", [p[seat] for p in data.payoffs]))
    total_wins = sum(wins)
    metrics.append(proportion("first_seat_share",
                              f"seat 0's share of wins (fair {1 / players:.0%})",
                              "balance", wins[0], total_wins))
    rates = [w / n if n else 0.0 for w in wins]
    metrics.append(value("balance", "balance: 1 - (max - min seat win rate)", "balance",
                         1 - (max(rates) - min(rates)), n))
    no_winner = sum(1 for winners in data.winners if not winners)
    plural = "matches" if unit == "match" else f"{unit}s"
    metrics.append(proportion("void_rate", f"no-winner {plural}", "outcome", no_winner, n))
    for seat in range(players):
        metrics.append(proportion(f"decided.seat{seat}",
                                  f"seat {seat} wins (of decided {plural})", DECIDED_GROUP,
                                  wins[seat], n - no_winner))
    return metrics


def order_of(share: float, players: int) -> float:
    """CardStock's order of a win share: ``(share - 1/n) / (1 - 1/n)``."""
    fair = 1 / players
    return (share - fair) / (1 - fair)


def decided_share(seats: Sequence[int], winners: Sequence[tuple[int, ...]]
                  ) -> tuple[int, int, int]:
    """``(won, decided, undecided)``: of the hands with a winner (decided), those the agent in
    ``seats[i]`` won; and the hands nobody won, which count neither way."""
    won = decided = 0
    for seat, hand_winners in zip(seats, winners, strict=True):
        if hand_winners:
            decided += 1
            if seat in hand_winners:
                won += 1
    return won, decided, len(seats) - decided


def _skill_metrics(skill: ChunkResult, players: int, agent: str) -> list[Metric]:
    won, decided, undecided = decided_share(skill.seats, skill.winners)
    rate = proportion("skill.win_rate", f"{agent} vs random: {agent} wins (of decided hands)",
                      "skill", won, decided)
    draws = proportion("skill.draws", f"{agent} vs random: hands nobody won", "skill",
                       undecided, len(skill.seats))
    payoff = mean("skill.payoff", f"{agent} vs random: {agent}'s mean payoff", "skill",
                  [p[seat] for seat, p in zip(skill.seats, skill.payoffs, strict=True)])
    order = value("skill.order", "order over decided hands (0 = luck, 1 = skill)", "skill",
                  order_of(rate.value, players), decided, order_of(rate.low or 0.0, players),
                  order_of(rate.high or 0.0, players))
    return [rate, order, draws, payoff]


def event_counts(events: Sequence[Mapping[str, int]], names: Sequence[str],
                 families: Mapping[str, Sequence[str]] | None = None) -> dict[str, list[int]]:
    """Per event in ``names`` (then per family of ``families``, keyed by its name), the count
    in each hand; a family's count is the sum of its events'."""
    counts = {name: [hand.get(name, 0) for hand in events] for name in names}
    for family, members in (families or {}).items():
        counts[family] = [sum(hand.get(name, 0) for name in members) for hand in events]
    return counts


def event_metrics(events: Sequence[Mapping[str, int]], names: Sequence[str],
                  families: Mapping[str, Sequence[str]] | None = None) -> list[Metric]:
    """Per event in ``names``: its mean count per hand (``event.NAME``, exact Poisson
    interval) and the share of hands in which it happened (``event.NAME.hands``), labelled
    with its meaning; then the same for each family of events (``families``: its name to its
    events, counted together)."""
    metrics: list[Metric] = []
    n = len(events)
    for name, counts in event_counts(events, names, families).items():
        label = name.replace("_", " ")
        metrics.append(count_rate(f"event.{name}", f"{label}: per hand", EVENT_GROUP, counts))
        metrics.append(proportion(f"event.{name}.hands", f"{label}: hands with one",
                                  EVENT_GROUP, sum(1 for c in counts if c), n))
    return metrics


def compute_metrics(sample: Sample, players: int, mode: str = "hands",
                    endings: Sequence[str] = (), skill_agent: str = "greedy",
                    events: Sequence[str] = (),
                    families: Mapping[str, Sequence[str]] | None = None) -> list[Metric]:
    """Every metric of one variant, in display order. ``endings`` lists the endings to report
    (the union over the variants compared, so each variant has a row for each); ``events``
    the events (the game's declared ones, then any other counted), ``families`` the families
    of events counted together."""
    data = sample.play
    n = len(data.winners)
    metrics: list[Metric] = []
    if mode == "matches":
        metrics.append(value("units", "matches", "outcome", n, n))
        metrics.extend(_seat_metrics(data, players, "match"))
        decided = [t for t, w in zip(data.trailed, data.winners, strict=True) if w]
        metrics.append(proportion("match.comeback", "winner trailed after some hand", "match",
                                  sum(decided), len(decided)))
        metrics.append(mean("match.hands", "match length (hands)", "match", data.hands))
        metrics.append(value("match.hands_sd", "match length: standard deviation", "match",
                             _sd(metrics[-1]), n))
        metrics.append(value("match.hands_p95", "match length: 95th percentile", "match",
                             percentile(data.hands, 0.95), n))
        metrics.append(mean("turns", "turns per match", "length", data.turns))
    else:
        metrics.append(value("units", "hands", "outcome", n, n))
        metrics.extend(_seat_metrics(data, players, "hand"))
        counts: dict[str, int] = {}
        for ending in data.endings:
            counts[ending] = counts.get(ending, 0) + 1
        for ending in list(endings) or sorted(counts):
            metrics.append(proportion(f"ending.{ending}", f"ending: {ending}", "endings",
                                      counts.get(ending, 0), n))
        turns = mean("turns", "hand length (turns)", "length", data.turns)
        metrics.append(turns)
        metrics.append(value("turns_sd", "hand length: standard deviation", "length",
                             _sd(turns), n))
        metrics.append(value("turns_p95", "hand length: 95th percentile", "length",
                             percentile(data.turns, 0.95), n))
        changes = [c for c in data.lead_changes if c is not None]
        if changes:
            metrics.append(mean("lead.changes", "lead changes per hand", "lead", changes))
            metrics.append(proportion("lead.any", "hands with a lead change", "lead",
                                      sum(1 for c in changes if c), len(changes)))
    if events and len(data.events) == n:
        metrics.extend(event_metrics(data.events, events, families))
    if sample.skill is not None and sample.skill.seats:
        metrics.extend(_skill_metrics(sample.skill, players, skill_agent))
    return metrics


def unit_values(sample: Sample, players: int, mode: str = "hands",
                endings: Sequence[str] = (), events: Sequence[str] = (),
                families: Mapping[str, Sequence[str]] | None = None
                ) -> dict[str, Sequence[Any]]:
    """Per-unit values of the metrics that pair across variants, by metric key: booleans for
    shares (did seat k win this hand, did it end this way, ...), numbers for means (payoff,
    turns, lead changes). Unit ``i`` of every variant is dealt from the same seed with agents
    seeded alike (and, in the skill run, the skilled agent in the same seat), so value ``i`` of
    the baseline and of a variant form a pair.

    Hands only: in ``matches`` mode a match's later hands depend on its earlier results, so
    after the first hand the variants no longer share their situations; matches keep the
    unpaired tests. Built from the columns the simulation keeps anyway (no extra bookkeeping
    in the workers)."""
    if mode != "hands":
        return {}
    data = sample.play
    values: dict[str, Sequence[Any]] = {}
    won = [0] * len(data.winners)  # winner bitmask per hand
    for index, winners in enumerate(data.winners):
        mask = 0
        for seat in winners:
            mask |= 1 << seat
        won[index] = mask
    for seat in range(players):
        bit = 1 << seat
        values[f"win_rate.seat{seat}"] = [bool(mask & bit) for mask in won]
        values[f"payoff.seat{seat}"] = [p[seat] for p in data.payoffs]
    values["void_rate"] = [not mask for mask in won]
    for ending in list(endings) or sorted(set(data.endings)):
        values[f"ending.{ending}"] = [e == ending for e in data.endings]
    values["turns"] = data.turns
    if data.lead_changes and all(c is not None for c in data.lead_changes):
        values["lead.changes"] = data.lead_changes
        values["lead.any"] = [bool(c) for c in data.lead_changes]
    if len(data.events) == len(data.winners):
        for name, counts in event_counts(data.events, events, families).items():
            values[f"event.{name}"] = counts
            values[f"event.{name}.hands"] = [bool(c) for c in counts]
    skill = sample.skill
    if skill is not None and skill.seats:
        # the win share is over decided hands, which differ between variants: it keeps the
        # unpaired test; whether a hand was decided pairs hand by hand
        values["skill.draws"] = [not winners for winners in skill.winners]
        values["skill.payoff"] = [p[seat] for seat, p in zip(skill.seats, skill.payoffs,
                                                              strict=True)]
    return values


def _sd(metric: Metric) -> float:
    return math.sqrt(metric.variance or 0.0)
