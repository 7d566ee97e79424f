"""Comparing variants with the baseline: differences, significance, and a plain summary.

The variants play the same deals (common random numbers), so where a metric has one value per
hand, hand ``i`` of the baseline and hand ``i`` of a variant form a pair, and the tests use the
pairing: McNemar's test for shares (only the hands where the two disagree count; exact binomial
when fewer than 25 do), the paired t-test on per-hand differences for means. Pairing removes
the variation the two share (the luck of the deal), so real effects show with fewer hands.

Metrics without per-unit pairs keep unpaired tests: a two-proportion z-test (pooled variance)
for shares (e.g. seat 0's share of the won hands, whose denominators differ, and every match
metric), Welch's t-test for means. Descriptive values (spreads, percentiles, balance, order)
get a difference but no test. Many tests are made at once (every seat, ending, event ... of every
variant), so a run's p-values are adjusted together (:func:`adjust_differences`): the seat
tests by Holm's method (no false "who wins changes" in the run, but with a 5% chance), the
others by Benjamini and Hochberg's (at most 5% of the differences called significant expected
to be chance); *significant* means an adjusted p below 0.05. :data:`TESTS` names every
test. Each tested difference carries its 95%
interval (``low``/``high``), from the same pairing as its test.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from cardkit.frontends.lab.metrics import Metric
from cardkit.frontends.lab.stats import (
    Z95,
    benjamini_hochberg_adjust,
    holm_adjust,
    mcnemar_test,
    paired_t_test,
    t_quantile,
    two_proportion_test,
    welch_test,
)

__all__ = ["ALPHA", "CORRECTION", "SEAT_PREFIXES", "TESTS", "TEST_TAGS", "Difference",
           "adjust_differences", "compare_metric", "compare_metrics", "describe_tests",
           "distinct_pair", "summarise"]

ALPHA = 0.05

#: How the run's p-values are adjusted together, in words (reports, JSON, docs).
CORRECTION = ("many tests are made at once, so their p-values are adjusted together: the "
              "tests of who wins (every seat's win rate, payoff and share of the decided "
              "hands, in every variant) by Holm's method, so the chance of even one false "
              "'who wins changes' in the whole run stays below 5%; every other test (endings, "
              "lengths, events, skill ...) by Benjamini and Hochberg's, so that among the "
              "differences called significant at most 5% are expected to be chance; a "
              "difference is significant when its adjusted p is below 0.05")

#: The metric keys whose tests make the "who wins" family (Holm); the others are adjusted by
#: Benjamini–Hochberg.
SEAT_PREFIXES = ("win_rate.", "payoff.", "decided.", "first_seat_share")

#: Every test a :class:`Difference` may name, with its description.
TESTS = {
    "mcnemar": "McNemar's test (paired shares, chi-square)",
    "mcnemar-exact": "McNemar's test (paired shares, exact binomial)",
    "paired-t": "paired t-test on per-hand differences",
    "z": "two-proportion z-test (unpaired)",
    "welch": "Welch's t-test (unpaired)",
}

#: Short tags shown next to p-values in the table.
TEST_TAGS = {"mcnemar": "McN", "mcnemar-exact": "McNx", "paired-t": "pt", "z": "z",
             "welch": "W"}


@attrs.frozen
class Difference:
    """A metric of a variant against the baseline: ``difference`` = variant - baseline, the
    test used (a key of :data:`TESTS`, or ``None``), its statistic (z or t, signed like the
    difference; for McNemar ``(c - b) / sqrt(b + c)``), p-value and the difference's 95%
    interval ``low``/``high`` (None without a test). ``p_adjusted`` is p after Holm's
    correction across the run's tests (:func:`adjust_differences`); ``significant`` reads it
    when it is set."""

    key: str
    baseline: float
    variant: float
    difference: float
    test: str | None = None
    statistic: float | None = None
    p_value: float | None = None
    low: float | None = None
    high: float | None = None
    p_adjusted: float | None = None

    @property
    def significant(self) -> bool:
        """True when a test was made and its p (adjusted, when it was) is below 0.05."""
        p = self.p_adjusted if self.p_adjusted is not None else self.p_value
        return p is not None and p < ALPHA

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return {**attrs.asdict(self), "significant": self.significant}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Difference:
        """The difference :meth:`to_dict` wrote (``cardkit.lab.load``)."""
        fields = {field.name for field in attrs.fields(cls)}
        return cls(**{name: value for name, value in data.items() if name in fields})


def adjust_differences(differences: Sequence[Mapping[str, Difference]]
                       ) -> list[dict[str, Difference]]:
    """Every tested difference of every variant with its adjusted p (``p_adjusted``), the run's
    tests taken together (:data:`CORRECTION`): the seat tests (:data:`SEAT_PREFIXES`) by
    Holm's method, the others by Benjamini–Hochberg's; untested differences unchanged."""
    tested = [(index, key) for index, diffs in enumerate(differences)
              for key, diff in diffs.items() if diff.p_value is not None]
    out = [dict(diffs) for diffs in differences]
    for seats, adjust in ((True, holm_adjust), (False, benjamini_hochberg_adjust)):
        family = [(i, k) for i, k in tested if k.startswith(SEAT_PREFIXES) == seats]
        adjusted = adjust([differences[i][k].p_value or 0.0 for i, k in family])
        for (index, key), p in zip(family, adjusted, strict=True):
            out[index][key] = attrs.evolve(out[index][key], p_adjusted=p)
    return out


def compare_metric(base: Metric, other: Metric, base_units: Sequence[Any] | None = None,
                   other_units: Sequence[Any] | None = None) -> Difference:
    """One metric's difference and test: paired when both per-unit columns are given (of equal
    length; see :func:`~cardkit.lab.metrics.unit_values`), else unpaired."""
    diff = other.value - base.value
    paired = (base_units is not None and other_units is not None
              and len(base_units) == len(other_units) and len(base_units) > 0)
    if base.kind == "proportion" and other.kind == "proportion":
        if paired:
            only_base = only_other = 0
            assert base_units is not None and other_units is not None  # paired
            for mine, theirs in zip(base_units, other_units, strict=True):
                if mine != theirs:
                    if mine:
                        only_base += 1
                    else:
                        only_other += 1
            z, p, exact = mcnemar_test(only_base, only_other)
            n = len(base_units)
            # the paired difference (c - b) / n: its variance from the discordant pairs
            spread = (only_base + only_other) / n - ((only_other - only_base) / n) ** 2
            half = Z95 * math.sqrt(max(0.0, spread) / n)
            return Difference(base.key, base.value, other.value, diff,
                              "mcnemar-exact" if exact else "mcnemar", z, p, diff - half,
                              diff + half)
        z, p = two_proportion_test(base.successes or 0, base.n, other.successes or 0, other.n)
        half = Z95 * math.sqrt(_share_variance(base) + _share_variance(other))
        return Difference(base.key, base.value, other.value, diff, "z", z, p, diff - half,
                          diff + half)
    if base.kind == "mean" and other.kind == "mean":
        if paired:
            assert base_units is not None and other_units is not None
            changes = [theirs - mine for mine, theirs in zip(base_units, other_units,
                                                              strict=True)]
            t, df, p = paired_t_test(changes)
            half = _paired_half_width(changes, df)
            return Difference(base.key, base.value, other.value, diff, "paired-t", t, p,
                              diff - half, diff + half)
        t, df, p = welch_test(base.value, base.variance or 0.0, base.n,
                              other.value, other.variance or 0.0, other.n)
        spread = ((base.variance or 0.0) / base.n if base.n else 0.0) + \
            ((other.variance or 0.0) / other.n if other.n else 0.0)
        half = t_quantile(df) * math.sqrt(spread) if df > 0 else 0.0
        return Difference(base.key, base.value, other.value, diff, "welch", t, p, diff - half,
                          diff + half)
    return Difference(base.key, base.value, other.value, diff)


def _share_variance(metric: Metric) -> float:
    """The sampling variance of a share, p (1 - p) / n (0 without trials)."""
    return metric.value * (1 - metric.value) / metric.n if metric.n else 0.0


def _paired_half_width(changes: Sequence[float], df: float) -> float:
    """Half the 95% t interval of the mean of ``changes``."""
    n = len(changes)
    if n < 2:
        return 0.0
    average = math.fsum(changes) / n
    variance = math.fsum((c - average) ** 2 for c in changes) / (n - 1)
    return t_quantile(df) * math.sqrt(variance / n)


def compare_metrics(baseline: Sequence[Metric], variant: Sequence[Metric],
                    baseline_units: Mapping[str, Sequence[Any]] | None = None,
                    variant_units: Mapping[str, Sequence[Any]] | None = None,
                    ) -> dict[str, Difference]:
    """Differences for every metric both have, by key; paired tests for the keys both
    per-unit mappings hold."""
    base = {metric.key: metric for metric in baseline}
    base_units = baseline_units or {}
    other_units = variant_units or {}
    return {m.key: compare_metric(base[m.key], m, base_units.get(m.key),
                                  other_units.get(m.key))
            for m in variant if m.key in base}


def describe_tests(differences: Sequence[Mapping[str, Difference]]) -> str:
    """A sentence naming the tests used, e.g. for the summary: "McNemar's test ... for shares,
    paired t-test ... for means; ..."."""
    used = {d.test for diffs in differences for d in diffs.values() if d.test is not None}
    parts = []
    if used & {"mcnemar", "mcnemar-exact"}:
        parts.append("McNemar's test for shares (exact binomial when fewer than 25 hands "
                     "disagree)" if "mcnemar-exact" in used else "McNemar's test for shares")
    if "paired-t" in used:
        parts.append("a paired t-test for means")
    paired = bool(parts)
    unpaired = []
    if "z" in used:
        unpaired.append("a two-proportion z-test for shares")
    if "welch" in used:
        unpaired.append("Welch's t-test for means")
    text = ""
    if paired:
        text = "paired on the shared deals: " + ", ".join(parts)
    if unpaired:
        text += ("; unpaired where values do not pair: " if paired else "") + \
            " and ".join(unpaired)
    if not text:
        return "No tests were made."
    count = sum(1 for diffs in differences for d in diffs.values() if d.p_value is not None)
    return f"Significance: {text}; {count} tests in all: {CORRECTION}."


def distinct_pair(first: float, second: float, percent: bool = False) -> tuple[str, str]:
    """Two numbers written with just enough digits to tell them apart: three significant
    digits (one decimal of a percentage), more while the rounding step is larger than their
    difference. ``(23.31, 23.35)`` reads ``("23.31", "23.35")``, not "23.3" twice (nor the
    23.3 and 23.4 that would make the difference look larger than it is)."""
    gap = abs(second - first)
    largest = max(abs(first), abs(second))
    texts = ("", "")
    for digits in range(3, 10):
        if percent:
            places = digits - 2
            texts = (f"{first:.{places}%}", f"{second:.{places}%}")
            step = 10.0 ** -(places + 2)
        else:
            texts = (f"{first:.{digits}g}", f"{second:.{digits}g}")
            exponent = math.floor(math.log10(largest)) if largest else 0
            step = 10.0 ** (exponent - digits + 1)
        if first == second or (texts[0] != texts[1] and step <= gap * (1 + 1e-9)):
            return texts
    return texts


def _phrase(metric: Metric, diff: Difference, unit: str) -> str:
    direction = "rise" if diff.difference > 0 else "fall"
    way = "up" if diff.difference > 0 else "down"
    percent = metric.kind == "proportion"
    before, after = distinct_pair(diff.baseline, diff.variant, percent)
    if percent and metric.group == "endings":
        name = f"'{metric.key.split('.', 1)[1]}' endings"
        return (f"{name} {direction} from {before} to {after} "
                f"of {unit}{'es' if unit == 'match' else 's'}")
    return f"{metric.label} {way} from {before} to {after}"


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
        tail = (f"; {more} other metric{'s also differ' if more != 1 else ' also differs'}"
                if more > 0 else "")
        sentences.append(f"With {label} (against {labels[0]}), {text}{tail}.")
    sentences.append(describe_tests(differences))
    return " ".join(sentences)
