"""How the lab writes its numbers: shares as percentages, means with three significant digits,
intervals in brackets, differences in percentage points (pp) or the metric's own unit."""

from __future__ import annotations

from cardkit.frontends.lab.compare import TEST_TAGS, Difference
from cardkit.frontends.lab.metrics import Metric

__all__ = ["difference_text", "format_metric", "interval_text", "number", "p_text",
           "plus_minus"]


def number(metric: Metric, value: float) -> str:
    """One figure of ``metric``: ``31.2%`` for a share, ``14.2`` or ``1.02e+03`` otherwise."""
    if metric.kind == "proportion":
        return f"{value:.1%}"
    if metric.key == "units" or float(value).is_integer():
        return f"{value:.0f}" if abs(value) >= 100 or float(value).is_integer() \
            else f"{value:.3g}"
    return f"{value:.3g}" if abs(value) < 100 else f"{value:.1f}"


def format_metric(metric: Metric) -> str:
    """``31.2% [30.1%, 32.3%]`` or ``14.2 [13.9, 14.5]`` or a bare figure."""
    text = number(metric, metric.value)
    if metric.low is not None and metric.high is not None and metric.key != "units":
        text += f" [{number(metric, metric.low)}, {number(metric, metric.high)}]"
    return text


def plus_minus(metric: Metric) -> str:
    """A compact ``31.2% ±1.1`` (the larger half of the 95% interval; pp for shares)."""
    text = number(metric, metric.value)
    if metric.low is None or metric.high is None or metric.key == "units":
        return text
    half = max(metric.value - metric.low, metric.high - metric.value)
    if metric.kind == "proportion":
        return f"{text} ±{half * 100:.1f}"
    return f"{text} ±{half:.2g}"


def _signed(metric: Metric, value: float) -> str:
    if metric.kind == "proportion":
        return f"{value * 100:+.1f}"
    return f"{value:+.3g}"


def interval_text(metric: Metric, diff: Difference) -> str:
    """The difference's 95% interval, ``[-6.8, -5.4 pp]`` (empty without one)."""
    if diff.low is None or diff.high is None:
        return ""
    unit = " pp" if metric.kind == "proportion" else ""
    return f"[{_signed(metric, diff.low)}, {_signed(metric, diff.high)}{unit}]"


def p_text(diff: Difference) -> str:
    """``p=0.012`` or ``p<0.001`` (empty without a test)."""
    if diff.p_value is None:
        return ""
    return f"p={diff.p_value:.2g}" if diff.p_value >= 0.001 else "p<0.001"


def difference_text(metric: Metric, diff: Difference, tag: bool = True) -> str:
    """``+3.1 pp p=0.002 McN *``: the difference, p, the test's tag and a star when
    significant."""
    difference = diff.difference
    if abs(difference) < 1e-12 * max(1.0, abs(diff.baseline)):
        difference = 0.0  # rounding noise of float sums (e.g. a balance of 1 - x - y)
    text = f"{difference * 100:+.1f} pp" if metric.kind == "proportion" else f"{difference:+.3g}"
    p = p_text(diff)
    if p:
        text += f" {p}"
    if tag and diff.test is not None:
        text += f" {TEST_TAGS.get(diff.test, diff.test)}"
    if diff.significant:
        text += " *"
    return text
