"""How the lab writes its numbers: shares as percentages, means with three significant digits,
intervals in brackets, differences in percentage points (pp) or the metric's own unit."""

from __future__ import annotations

from cardkit.frontends.lab.compare import ALPHA, TEST_TAGS, Difference
from cardkit.frontends.lab.metrics import Metric

__all__ = ["SYMMETRIC", "difference_text", "format_metric", "interval_text", "number",
           "p_text", "plus_minus"]


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


#: How close to symmetric (as a share of its half-width) an interval must be to be written
#: ``value ±h``; a lopsided one is written in brackets.
SYMMETRIC = 0.1


def plus_minus(metric: Metric) -> str:
    """A compact ``31.2% ±1.1``: ± is half the width of the 95% interval (pp for shares), used
    only when the interval is symmetric around the value (within a tenth of that half); a
    lopsided one (a rare event, a small sample) is written as the interval itself,
    ``0.0% [0.0%, 27.8%]``, never as a ± that would reach below 0."""
    text = number(metric, metric.value)
    if metric.low is None or metric.high is None or metric.key == "units":
        return text
    half = (metric.high - metric.low) / 2
    if abs((metric.value - metric.low) - (metric.high - metric.value)) > SYMMETRIC * half:
        return f"{text} [{number(metric, metric.low)}, {number(metric, metric.high)}]"
    if metric.kind == "proportion":
        return f"{text} ±{half * 100:.1f}"
    return f"{text} ±{half:.2g}"


def _unsigned_zero(text: str) -> str:
    """``-0.0`` and ``+0`` (a rounding to zero) written ``0.0``, ``0``: no sign on nothing."""
    digits = text.lstrip("+-")
    if digits and all(ch in "0." for ch in digits.split("e")[0]):
        return digits
    return text


def _signed(metric: Metric, value: float) -> str:
    if metric.kind == "proportion":
        return _unsigned_zero(f"{value * 100:+.1f}")
    return _unsigned_zero(f"{value:+.3g}")


def interval_text(metric: Metric, diff: Difference) -> str:
    """The difference's 95% interval, ``[-6.8, -5.4 pp]`` (empty without one)."""
    if diff.low is None or diff.high is None:
        return ""
    unit = " pp" if metric.kind == "proportion" else ""
    return f"[{_signed(metric, diff.low)}, {_signed(metric, diff.high)}{unit}]"


def _p(value: float) -> str:
    if value < 0.001:
        return "<0.001"
    text = f"{value:.2g}"
    # a p that rounds to the threshold says which side of it it is on (0.0503, not 0.05)
    return f"{value:.3g}" if float(text) == ALPHA and value != ALPHA else text


def p_text(diff: Difference) -> str:
    """``p=0.012`` or ``p<0.001`` (empty without a test); a p below 0.05 that the run's
    correction for many tests lifts above it is followed by the adjusted one,
    ``p=0.038 (adjusted 0.57)``."""
    if diff.p_value is None:
        return ""
    text = f"p={_p(diff.p_value)}".replace("=<", "<")
    if diff.p_adjusted is not None and diff.p_value < ALPHA <= diff.p_adjusted:
        text += f" (adjusted {_p(diff.p_adjusted)})"
    return text


def difference_text(metric: Metric, diff: Difference, tag: bool = True) -> str:
    """``+3.1 pp p=0.002 McN *``: the difference, p, the test's tag and a star when
    significant (after the run's correction for many tests)."""
    difference = diff.difference
    if abs(difference) < 1e-12 * max(1.0, abs(diff.baseline)):
        difference = 0.0  # rounding noise of float sums (e.g. a balance of 1 - x - y)
    text = f"{_signed(metric, difference)} pp" if metric.kind == "proportion" \
        else _signed(metric, difference)
    p = p_text(diff)
    if p:
        text += f" {p}"
    if tag and diff.test is not None:
        text += f" {TEST_TAGS.get(diff.test, diff.test)}"
    if diff.significant:
        text += " *"
    return text
