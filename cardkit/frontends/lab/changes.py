"""What a variant changed, hand by hand: the share of the shared deals whose result (or whose
winner) differs from the baseline's, and which deals those were.

Hand *i* of every variant is the same deal with the same agent seeds, so a hand whose ending,
winners or payoffs differ from the baseline's is a hand the rule changed. That share, with its
95% Wilson interval, says how often the rule matters at all; the first such deals are kept so
the lab can write them as records (``--examples``) to step through with ``cardkit replay``.
"""

from __future__ import annotations

from cardkit.frontends.lab.metrics import Metric, proportion
from cardkit.frontends.lab.simulate import ChunkResult

__all__ = ["CHANGE_GROUP", "EXAMPLES_KEPT", "change_metrics", "changed_hands"]

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


def change_metrics(base: ChunkResult, other: ChunkResult, unit: str = "hand"
                   ) -> tuple[list[Metric], list[int]]:
    """The variant's change metrics against the baseline (``changed.result``,
    ``changed.winner``: shares of the shared hands) and the first changed hands' indices."""
    result, winner = changed_hands(base, other)
    n = min(len(base.endings), len(other.endings))
    metrics = [
        proportion("changed.result", f"{unit}s whose result changed (same deals)",
                   CHANGE_GROUP, len(result), n),
        proportion("changed.winner", f"{unit}s whose winner changed (same deals)",
                   CHANGE_GROUP, len(winner), n),
    ]
    return metrics, result[:EXAMPLES_KEPT]
