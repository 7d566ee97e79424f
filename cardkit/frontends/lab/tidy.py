"""An experiment as tidy data: one row per variant and metric, for pandas or a spreadsheet.

Every row names its variant (its label, whether it is the baseline, and for a sweep its value
of each swept option, one column per option), the metric (key, label, group, kind), the
estimate with its 95% interval and sample size, and against the baseline the difference, its
95% interval, the test, its statistic and p-value. The rows of the changes (the share of the
shared deals a variant changed) follow each variant's metrics.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardkit.frontends.lab.experiment import LabResult

__all__ = ["PANDAS_INSTALL_HINT", "RECORD_FIELDS", "records", "to_pandas"]

PANDAS_INSTALL_HINT = "to_pandas() needs pandas: pip install pandas"

#: The columns of every row, after the swept options' own columns.
RECORD_FIELDS = ("variant", "baseline", "metric", "label", "group", "kind", "value", "low",
                 "high", "n", "difference", "difference_low", "difference_high", "test",
                 "statistic", "p_value", "significant")


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
                "metric": metric.key, "label": metric.label, "group": metric.group,
                "kind": metric.kind, "value": metric.value, "low": metric.low,
                "high": metric.high, "n": metric.n,
                "difference": diff.difference if diff else None,
                "difference_low": diff.low if diff else None,
                "difference_high": diff.high if diff else None,
                "test": diff.test if diff else None,
                "statistic": diff.statistic if diff else None,
                "p_value": diff.p_value if diff else None,
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
