"""Comparing variants with the baseline: differences, significance, and a plain summary.

Proportions are compared with a two-proportion z-test (pooled variance), means with Welch's
t-test; descriptive values (spreads, percentiles, balance, order) get a difference but no test.
Significant means p < 0.05, with no correction for the number of metrics compared.

The variants play the same deals (common random numbers), so their samples are positively
correlated; the unpaired tests ignore that correlation and are therefore conservative.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardkit.lab.metrics import Metric
from cardkit.lab.stats import two_proportion_test, welch_test

__all__ = ["ALPHA", "Difference", "compare_metrics", "summarise"]

ALPHA = 0.05


@attrs.frozen
class Difference:
    """A metric of a variant against the baseline: ``difference`` = variant - baseline, the
    test used (``"z"``, ``"welch"`` or ``None``), its statistic and p-value."""

    key: str
    baseline: float
    variant: float
    difference: float
    test: str | None = None
    statistic: float | None = None
    p_value: float | None = None

    @property
    def significant(self) -> bool:
        """True when a test was made and p < 0.05."""
        return self.p_value is not None and self.p_value < ALPHA

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return {**attrs.asdict(self), "significant": self.significant}


def compare_metric(base: Metric, other: Metric) -> Difference:
    """One metric's difference and test."""
    diff = other.value - base.value
    if base.kind == "proportion" and other.kind == "proportion":
        z, p = two_proportion_test(base.successes or 0, base.n, other.successes or 0, other.n)
        return Difference(base.key, base.value, other.value, diff, "z", z, p)
    if base.kind == "mean" and other.kind == "mean":
        t, _, p = welch_test(base.value, base.variance or 0.0, base.n,
                             other.value, other.variance or 0.0, other.n)
        return Difference(base.key, base.value, other.value, diff, "welch", t, p)
    return Difference(base.key, base.value, other.value, diff)


def compare_metrics(baseline: Sequence[Metric], variant: Sequence[Metric]) -> dict[str, Difference]:
    """Differences for every metric both have, by key."""
    base = {metric.key: metric for metric in baseline}
    return {m.key: compare_metric(base[m.key], m) for m in variant if m.key in base}


def _phrase(metric: Metric, diff: Difference, unit: str) -> str:
    direction = "rise" if diff.difference > 0 else "fall"
    way = "up" if diff.difference > 0 else "down"
    if metric.kind == "proportion":
        if metric.group == "endings":
            name = f"'{metric.key.split('.', 1)[1]}' endings"
            return (f"{name} {direction} from {diff.baseline:.1%} to {diff.variant:.1%} "
                    f"of {unit}{'es' if unit == 'match' else 's'}")
        return f"{metric.label} {way} from {diff.baseline:.1%} to {diff.variant:.1%}"
    return f"{metric.label} {way} from {diff.baseline:.3g} to {diff.variant:.3g}"


def _size(metric: Metric, diff: Difference) -> float:
    # effect size used to rank effects: the standardised difference
    return abs(diff.statistic or 0.0)


def summarise(labels: Sequence[str], metrics: Sequence[Sequence[Metric]],
              differences: Sequence[dict[str, Difference]], unit: str = "hand",
              top: int = 3) -> str:
    """A plain-language paragraph naming, for each compared variant, its largest significant
    effects (ranked by the test statistic)."""
    if len(labels) < 2:
        return f"Only one variant ({labels[0]}) was run: nothing to compare."
    sentences = []
    for label, variant_metrics, diffs in zip(labels[1:], metrics[1:], differences[1:],
                                             strict=True):
        by_key = {m.key: m for m in variant_metrics}
        found = [(by_key[k], d) for k, d in diffs.items() if d.significant and k in by_key]
        found.sort(key=lambda item: -_size(*item))
        if not found:
            sentences.append(f"With {label}, no metric differs significantly from the baseline "
                             f"({labels[0]}) at the 5% level.")
            continue
        phrases = [_phrase(m, d, unit) for m, d in found[:top]]
        text = phrases[0] if len(phrases) == 1 else ", ".join(phrases[:-1]) + " and " + phrases[-1]
        more = len(found) - len(phrases)
        tail = f"; {more} other metric{'s' if more != 1 else ''} also differ" if more > 0 else ""
        sentences.append(f"With {label} (against {labels[0]}), {text}{tail}.")
    sentences.append("Significance: two-proportion z-test for shares, Welch's t-test for means, "
                     "p < 0.05.")
    return " ".join(sentences)
