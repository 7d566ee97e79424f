"""An experiment as tidy data: one row per variant and metric, for pandas or a spreadsheet.

Every row names its variant (for a sweep its value of each swept option first, one column per
option; then its label, whether it is the baseline, and its options as ``--rule`` text), the
metric (key, label, group, kind), the estimate with its 95% interval, how the interval was
made, and the sample size, and against the baseline the difference, its 95% interval (paired
on the same deals where the values pair), the test, its statistic, p-value, the p-value
adjusted for the run's many tests, and whether it is significant. The rows of the changes (the
share of the shared deals a variant changed) follow each variant's metrics.

The same rows, in the same columns, are :meth:`LabResult.records`, ``to_pandas()`` and the
command line's ``--csv``: one tidy layout.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardkit.frontends.lab.variants import value_text

if TYPE_CHECKING:
    from cardkit.frontends.lab.experiment import LabResult

__all__ = ["PANDAS_INSTALL_HINT", "RECORD_FIELDS", "columns", "options_text", "records",
           "to_pandas"]

PANDAS_INSTALL_HINT = "to_pandas() needs pandas: pip install pandas"

#: The columns of every row, after the swept options' own columns.
RECORD_FIELDS = ("variant", "baseline", "options", "metric", "label", "group", "kind", "value",
                 "low", "high", "interval", "n", "difference", "difference_low",
                 "difference_high", "test", "statistic", "p_value", "p_adjusted", "significant")


def columns(result: LabResult) -> list[str]:
    """The columns of :func:`records`' rows: the swept options', then :data:`RECORD_FIELDS`."""
    return [*(name for name, _ in result.axes), *RECORD_FIELDS]


def options_text(options: Mapping[str, Any], preset: str | None) -> str:
    """A variant's rule set as ``--rule`` text: ``preset=P a=1 b=x,y``."""
    words = [f"preset={preset}"] if preset else []
    words += [f"{name}={value_text(value)}" for name, value in options.items()]
    return " ".join(words)


def records(result: LabResult) -> list[dict[str, Any]]:
    """The tidy rows of ``result`` (see the module docstring)."""
    rows: list[dict[str, Any]] = []
    for index, variant in enumerate(result.variants):
        place = dict(zip((name for name, _ in result.axes), result.coordinates(index),
                         strict=True))
        changes = result.changes[index] if index < len(result.changes) else []
        for metric in [*result.metrics[index], *changes]:
            diff = result.differences[index].get(metric.key)
            rows.append({
                **place, "variant": variant.label, "baseline": index == 0,
                "options": options_text(variant.options, variant.preset),
                "metric": metric.key, "label": metric.label, "group": metric.group,
                "kind": metric.kind, "value": metric.value, "low": metric.low,
                "high": metric.high, "interval": metric.interval, "n": metric.n,
                "difference": diff.difference if diff else None,
                "difference_low": diff.low if diff else None,
                "difference_high": diff.high if diff else None,
                "test": diff.test if diff else None,
                "statistic": diff.statistic if diff else None,
                "p_value": diff.p_value if diff else None,
                "p_adjusted": diff.p_adjusted if diff else None,
                "significant": diff.significant if diff else None,
            })
    return rows


def to_pandas(result: LabResult) -> Any:
    """:func:`records` as a ``pandas.DataFrame``; ``RuntimeError`` with the install hint when
    pandas is not installed."""
    try:
        pandas = importlib.import_module("pandas")
    except ImportError:
        raise RuntimeError(PANDAS_INSTALL_HINT) from None
    return pandas.DataFrame(records(result))
