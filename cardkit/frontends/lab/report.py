"""Reports: the terminal table (rich), JSON and CSV."""

from __future__ import annotations

import csv
import io
import json
from typing import IO

from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardkit.frontends.lab.compare import TEST_TAGS, Difference
from cardkit.frontends.lab.experiment import LabResult
from cardkit.frontends.lab.metrics import Metric
from cardkit.frontends.lab.skill import TRACE_GROUP, step_key

__all__ = ["CSV_FIELDS", "build_trace_table", "format_metric", "print_report", "to_csv",
           "to_json", "write_csv"]

CSV_FIELDS = ("variant", "baseline", "options", "metric", "label", "group", "kind", "value",
              "low", "high", "n", "difference", "test", "statistic", "p_value", "significant")


def _number(metric: Metric, number: float) -> str:
    if metric.kind == "proportion":
        return f"{number:.1%}"
    if metric.key == "units" or float(number).is_integer():
        return f"{number:.0f}" if abs(number) >= 100 or float(number).is_integer() \
            else f"{number:.3g}"
    return f"{number:.3g}" if abs(number) < 100 else f"{number:.1f}"


def format_metric(metric: Metric) -> str:
    """``31.2% [30.1%, 32.3%]`` or ``14.2 [13.9, 14.5]`` or a bare figure."""
    text = _number(metric, metric.value)
    if metric.low is not None and metric.high is not None and metric.key != "units":
        text += f" [{_number(metric, metric.low)}, {_number(metric, metric.high)}]"
    return text


def format_difference(metric: Metric, diff: Difference) -> Text:
    """``+3.1 pp p=0.002 McN *``: the difference, p, the test's tag (:data:`TEST_TAGS`) and a
    star when significant (bold)."""
    difference = diff.difference
    if abs(difference) < 1e-12 * max(1.0, abs(diff.baseline)):
        difference = 0.0  # rounding noise of float sums (e.g. a balance of 1 - x - y)
    text = f"{difference * 100:+.1f} pp" if metric.kind == "proportion" else f"{difference:+.3g}"
    if diff.p_value is not None:
        text += f" p={diff.p_value:.2g}" if diff.p_value >= 0.001 else " p<0.001"
    if diff.test is not None:
        text += f" {TEST_TAGS.get(diff.test, diff.test)}"
    if diff.significant:
        return Text(text + " *", style="bold")
    return Text(text, style="dim")


def build_table(result: LabResult) -> Table:
    """The comparison as a rich table: a row per metric, a column per variant."""
    title = f"{result.game}: {result.units} {result.units_name}"
    title += f", {result.players} players, bots {'/'.join(sorted(set(result.bots)))}, " \
             f"seed {result.seed}"
    table = Table(title=title, caption="[95% interval]; difference from the baseline, p and "
                  "test: McN = McNemar (McNx exact), pt = paired t (same deals paired); z = "
                  "two-proportion z, W = Welch t (unpaired); * = significant (p < 0.05)")
    table.add_column("metric")
    for index, variant in enumerate(result.variants):
        table.add_column(("baseline: " if index == 0 else "") + variant.label, overflow="fold")
    group = None
    rows = [metric for metric in result.metrics[0] if metric.group != TRACE_GROUP]
    for row, metric in enumerate(rows):
        if metric.group != group and row:
            table.add_section()
        group = metric.group
        cells: list[Text | str] = [metric.label]
        for index in range(len(result.variants)):
            try:
                mine = result.metric(index, metric.key)
            except KeyError:
                cells.append("")
                continue
            cell = Text(format_metric(mine))
            diff = result.differences[index].get(metric.key)
            if index and diff is not None and metric.key != "units":
                cell.append("\n")
                cell.append_text(format_difference(mine, diff))
            cells.append(cell)
        table.add_row(*cells)
    return table


def build_trace_table(result: LabResult, variant: int) -> Table:
    """One variant's skill trace: a row per step up the ladder with the stronger agent's gain
    per hand, its win share and the order, each with its 95% interval, and (for a variant
    other than the baseline) the gain's difference from the baseline's on the same deals."""
    label = result.variants[variant].label
    table = Table(title=f"skill trace, {'baseline: ' if variant == 0 else ''}{label} "
                        f"({result.trace_units} deals x {result.players} seats per step)")
    for column in ("step", "gain per hand", "stronger wins", "order"):
        table.add_column(column)
    if variant:
        table.add_column("gain vs baseline")
    for weak, strong in result.trace_steps:
        key = step_key(weak, strong)
        cells: list[Text | str] = [f"{weak} → {strong}"]
        for part in ("gain", "wins", "order"):
            cells.append(format_metric(result.metric(variant, f"{key}.{part}")))
        diff = result.differences[variant].get(f"{key}.gain")
        if variant and diff is not None:
            cells.append(format_difference(result.metric(variant, f"{key}.gain"), diff))
        table.add_row(*cells)
    return table


def print_report(result: LabResult, console: Console | None = None) -> None:
    """Print the table, the skill trace (a table per variant), the summary and the speed."""
    console = console or Console()
    console.print(build_table(result))
    for note in result.notes:
        console.print(f"note: {note}")
    if result.trace_steps:
        for variant in range(len(result.variants)):
            console.print(build_trace_table(result, variant))
        console.print("gain = the stronger agent's payoff minus the table's mean payoff, per "
                      "hand; each deal is played once with the stronger agent in every seat "
                      "(duplicate format); order = (win share - 1/n) / (1 - 1/n)",
                      soft_wrap=False)
    console.print(result.summary, soft_wrap=False)
    rate = result.hands_played / result.elapsed if result.elapsed else 0.0
    console.print(f"[dim]{result.hands_played} hands in {result.elapsed:.1f} s "
                  f"({rate:,.0f} hands/s, {result.backend} backend, {result.workers} "
                  f"worker{'s' if result.workers != 1 else ''})[/dim]")


def to_json(result: LabResult) -> str:
    """The whole result as JSON."""
    return json.dumps(result.to_dict(), indent=2)


def csv_rows(result: LabResult) -> list[dict[str, object]]:
    """One row per variant and metric (long format)."""
    rows = []
    for index, variant in enumerate(result.variants):
        options = " ".join(f"{k}={v}" for k, v in variant.options.items())
        if variant.preset:
            options = f"preset={variant.preset} {options}".strip()
        for metric in result.metrics[index]:
            diff = result.differences[index].get(metric.key)
            rows.append({
                "variant": variant.label, "baseline": index == 0, "options": options,
                "metric": metric.key, "label": metric.label, "group": metric.group,
                "kind": metric.kind, "value": metric.value, "low": metric.low,
                "high": metric.high, "n": metric.n,
                "difference": diff.difference if diff else None,
                "test": diff.test if diff else None,
                "statistic": diff.statistic if diff else None,
                "p_value": diff.p_value if diff else None,
                "significant": diff.significant if diff else None,
            })
    return rows


def write_csv(result: LabResult, stream: IO[str]) -> None:
    """Write :func:`csv_rows` as CSV."""
    writer = csv.DictWriter(stream, fieldnames=CSV_FIELDS)
    writer.writeheader()
    for row in csv_rows(result):
        writer.writerow({k: "" if v is None else v for k, v in row.items()})


def to_csv(result: LabResult) -> str:
    """The CSV text."""
    buffer = io.StringIO()
    write_csv(result, buffer)
    return buffer.getvalue()
