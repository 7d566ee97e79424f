"""What a variant changed, hand by hand: the share of the shared deals whose result (or whose
winner) differs from the baseline's, and which deals those were.

Hand *i* of every variant is the same deal with the same agent seeds, so a hand whose ending,
winners or payoffs differ from the baseline's is a hand the rule changed. That share, with its
95% Wilson interval, says how often the rule matters at all; the first such deals are kept so
the lab can write them as records (``--examples``) to step through with ``cardkit replay``.

The changed deals are also split by whether **the rule fired** in them: the rule's events are
those that happened under only one of the two rule sets (a locked turn only with a hit penalty,
a bomb only with bombs), and the rule fired in a deal where one of them happened under either.
The share of those deals whose result changed, and of the others, says whether the rule
changes hands where it comes into play or also elsewhere (through the play it changes).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardkit.frontends.lab.metrics import Metric, proportion
from cardkit.frontends.lab.simulate import ChunkResult

__all__ = ["CHANGE_GROUP", "EXAMPLES_KEPT", "change_metrics", "changed_hands", "rule_events"]

#: The group of the change metrics (shown as their own section).
CHANGE_GROUP = "changed"

#: How many changed deals a result keeps per variant (``--examples`` writes the first few).
EXAMPLES_KEPT = 10


def _result_of(data: ChunkResult, index: int) -> tuple[object, ...]:
    return data.endings[index], data.winners[index], data.payoffs[index]


def changed_hands(base: ChunkResult, other: ChunkResult) -> tuple[list[int], list[int]]:
    """The indices of the hands whose result (ending, winners or payoffs) differs between
    ``base`` and ``other``, and of those whose winners differ (both paired by index)."""
    result, winner = [], []
    for index in range(min(len(base.endings), len(other.endings))):
        if _result_of(base, index) != _result_of(other, index):
            result.append(index)
            if base.winners[index] != other.winners[index]:
                winner.append(index)
    return result, winner


def rule_events(base: ChunkResult, other: ChunkResult, names: Sequence[str]) -> list[str]:
    """The events among ``names`` that happened under exactly one of the two rule sets: the
    rule's own (it fired where one of them happened)."""
    def seen(data: ChunkResult) -> set[str]:
        return {name for hand in data.events for name, count in hand.items() if count}

    mine, theirs = seen(base), seen(other)
    return [name for name in names if (name in mine) != (name in theirs)]


def change_metrics(base: ChunkResult, other: ChunkResult, unit: str = "hand",
                   events: Sequence[str] = ()) -> tuple[list[Metric], list[int]]:
    """The variant's change metrics against the baseline (``changed.result``,
    ``changed.winner``: shares of the shared hands) and the first changed hands' indices; with
    the declared ``events``, when the rule has events of its own (:func:`rule_events`), the
    share of changed results among the hands where it fired (``changed.fired``) and among the
    others (``changed.not_fired``)."""
    result, winner = changed_hands(base, other)
    n = min(len(base.endings), len(other.endings))
    metrics = [
        proportion("changed.result", f"{unit}s whose result changed (same deals)",
                   CHANGE_GROUP, len(result), n),
        proportion("changed.winner", f"{unit}s whose winner changed (same deals)",
                   CHANGE_GROUP, len(winner), n),
    ]
    own = rule_events(base, other, events) if len(base.events) >= n \
        and len(other.events) >= n else []
    if own:
        fired = [any(base.events[i].get(name) or other.events[i].get(name) for name in own)
                 for i in range(n)]
        changed = set(result)
        hit = sum(1 for i in range(n) if fired[i] and i in changed)
        miss = sum(1 for i in range(n) if not fired[i] and i in changed)
        count = sum(fired)
        shown = ", ".join(name.replace("_", " ") for name in own)
        metrics += [
            proportion("changed.fired", f"of the {unit}s where the rule fired ({shown}): "
                       "result changed", CHANGE_GROUP, hit, count),
            proportion("changed.not_fired", f"of the other {unit}s: result changed",
                       CHANGE_GROUP, miss, n - count),
        ]
    return metrics, result[:EXAMPLES_KEPT]
