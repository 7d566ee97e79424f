"""Reports: the terminal tables (rich), JSON and CSV.

Two layouts. With few variants the table has a row per metric and a column per variant. When
that would not fit the console — many variants, long labels, and every sweep — it turns: one
table per group of metrics, a row per variant (for a sweep, per value: reading down a column
follows the metric over the values), a column per metric. The events have a table of their
own; the skill trace one per variant; then the findings in sentences.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING

from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardkit.frontends.lab.changes import CHANGE_GROUP
from cardkit.frontends.lab.compare import Difference, describe_tests
from cardkit.frontends.lab.formatting import difference_text, format_metric, plus_minus
from cardkit.frontends.lab.metrics import EVENT_GROUP, Metric
from cardkit.frontends.lab.skill import TRACE_GROUP, step_key
from cardkit.frontends.lab.tidy import RECORD_FIELDS, columns, records

if TYPE_CHECKING:
    from cardkit.frontends.lab.experiment import LabResult

__all__ = ["CAPTION", "CSV_FIELDS", "ROW_CAPTION", "build_events_table", "build_row_tables",
           "build_table", "build_trace_table", "column_layout_width", "format_difference",
           "format_metric", "never_text", "packed", "print_report", "to_csv", "to_json",
           "variant_name", "wide", "write_csv"]

#: The CSV's columns after the swept options' (the tidy records' fields).
CSV_FIELDS = RECORD_FIELDS

CAPTION = ("[95% interval]; difference from the baseline, p and test: McN = McNemar (McNx "
           "exact), pt = paired t (same deals paired); z = two-proportion z, W = Welch t "
           "(unpaired); * = significant after the correction for many tests (adjusted p < "
           "0.05)")

ROW_CAPTION = ("value ±h: h is half the width of its 95% interval (pp for shares), written so "
               "only when the interval is symmetric, else the interval in brackets; below it "
               "the difference from the baseline (the first row) and its p-value, paired on "
               "the same deals where the values pair; * = significant after the correction "
               "for many tests (adjusted p < 0.05)")

#: The most metric columns one table of the row layout holds.
COLUMNS_PER_TABLE = 5


def format_difference(metric: Metric, diff: Difference, tag: bool = True) -> Text:
    """``+3.1 pp p=0.002 McN *``: the difference, p, the test's tag and a star when
    significant (bold; dim when not)."""
    text = difference_text(metric, diff, tag)
    return Text(text, style="bold" if diff.significant else "dim")


def variant_name(result: LabResult, index: int) -> str:
    """How a variant is named in the tables: ``baseline: LABEL`` for the first."""
    return ("baseline: " if index == 0 else "") + result.variants[index].label


def _title(result: LabResult) -> str:
    title = f"{result.game}: {result.units} {result.units_name}"
    return title + (f", {result.players} players, bots {'/'.join(sorted(set(result.bots)))}, "
                    f"seed {result.seed}")


def _main_rows(result: LabResult) -> list[Metric]:
    return [metric for metric in result.metrics[0]
            if metric.group not in (TRACE_GROUP, EVENT_GROUP)]


def _change_rows(result: LabResult) -> list[Metric]:
    for changes in result.changes[1:]:
        if changes:
            return list(changes)
    return []


def _cell(result: LabResult, index: int, metric: Metric, compact: bool = False) -> Text | str:
    try:
        mine = result.metric(index, metric.key)
    except KeyError:
        return "—" if metric.group == CHANGE_GROUP else ""
    cell = Text(plus_minus(mine) if compact else format_metric(mine))
    diff = result.differences[index].get(metric.key)
    if index and diff is not None and metric.key != "units":
        cell.append("\n")
        cell.append_text(format_difference(mine, diff, tag=not compact))
    return cell


def column_layout_width(result: LabResult) -> int:
    """About how wide the row-per-metric table would be (to choose the layout)."""
    labels = [len(variant_name(result, i)) for i in range(len(result.variants))]
    return 42 + sum(max(24, width) + 3 for width in labels)


def build_table(result: LabResult) -> Table:
    """The comparison as a rich table: a row per metric, a column per variant (events and
    the skill trace apart), the hands each variant changed at the end."""
    table = Table(title=_title(result), caption=CAPTION)
    table.add_column("metric")
    for index in range(len(result.variants)):
        table.add_column(variant_name(result, index))
    group = None
    rows = _main_rows(result) + _change_rows(result)
    for row, metric in enumerate(rows):
        if metric.group != group and row:
            table.add_section()
        group = metric.group
        table.add_row(metric.label, *[_cell(result, index, metric)
                                      for index in range(len(result.variants))])
    return table


def packed(metrics: Sequence[Metric], columns: int = COLUMNS_PER_TABLE) -> list[list[Metric]]:
    """The metrics in tables of at most ``columns``: a group stays together where it fits,
    small neighbouring groups share a table, a large group is split."""
    groups: list[list[Metric]] = []
    for metric in metrics:
        if groups and groups[-1][0].group == metric.group:
            groups[-1].append(metric)
        else:
            groups.append([metric])
    tables: list[list[Metric]] = []
    for group in groups:
        while len(group) > columns:
            tables.append(group[:columns])
            group = group[columns:]
        if tables and len(tables[-1]) + len(group) <= columns:
            tables[-1].extend(group)
        else:
            tables.append(list(group))
    return tables


def _row_label_columns(result: LabResult) -> list[str]:
    return [name for name, _ in result.axes] if result.is_sweep else ["variant"]


def _row_labels(result: LabResult, index: int) -> list[str]:
    if result.is_sweep:
        return [str(value) for value in result.coordinates(index)]
    return [variant_name(result, index)]


def build_row_tables(result: LabResult, metrics: Sequence[Metric] | None = None,
                     title: str | None = None) -> list[Table]:
    """The turned layout: per group of metrics (at most :data:`COLUMNS_PER_TABLE` a table),
    a row per variant and a column per metric; each cell ``value ±half-interval`` and, against
    the baseline, the difference with p and a star when significant."""
    chosen = list(metrics) if metrics is not None else _main_rows(result) + _change_rows(result)
    chosen = [metric for metric in chosen if metric.key != "units"]  # the title says it
    tables: list[Table] = []
    for part in packed(chosen):
        table = Table(title=(title or _title(result)) if not tables else None)
        for column in _row_label_columns(result):
            table.add_column(column)
        for metric in part:
            table.add_column(metric.label)
        for index in range(len(result.variants)):
            table.add_row(*_row_labels(result, index),
                          *[_cell(result, index, metric, compact=True) for metric in part])
        tables.append(table)
    return tables


def _happened(result: LabResult, name: str) -> bool:
    return any((m := _find(result, index, f"event.{name}.hands")) is not None and m.successes
               for index in range(len(result.variants)))


def _find(result: LabResult, index: int, key: str) -> Metric | None:
    try:
        return result.metric(index, key)
    except KeyError:
        return None


def build_events_table(result: LabResult) -> Table | None:
    """The events that happened: a row per event with its meaning and, per variant, how often
    it happened per hand and in what share of hands (with the difference from the baseline).
    None when the game declares no events or none happened."""
    names = [name for name in result.events if _happened(result, name)]
    if not names:
        return None
    table = Table(title=f"events per {result.unit} (share of {result.units_name} with one)")
    table.add_column("event")
    table.add_column("meaning", max_width=44)
    for index in range(len(result.variants)):
        table.add_column(variant_name(result, index))
    for name in names:
        cells: list[Text | str] = [name.replace("_", " "), result.events.get(name, "")]
        for index in range(len(result.variants)):
            rate = _find(result, index, f"event.{name}")
            share = _find(result, index, f"event.{name}.hands")
            if rate is None or share is None:
                cells.append("")
                continue
            cell = Text(f"{rate.value:.3g} ({share.value:.1%})")
            diff = result.differences[index].get(f"event.{name}")
            if index and diff is not None:
                cell.append("\n")
                cell.append_text(format_difference(rate, diff))
            cells.append(cell)
        table.add_row(*cells)
    return table


def never_text(result: LabResult) -> str | None:
    """``never happened: cross bomb, ...`` for the declared events no variant saw."""
    never = [name.replace("_", " ") for name in result.events
             if name not in result.families and not _happened(result, name)]
    if not never:
        return None
    return f"never happened in {result.units} {result.units_name}: " + ", ".join(never)


def build_trace_table(result: LabResult, variant: int) -> Table:
    """One variant's skill trace: a row per step up the ladder with the stronger agent's gain
    per hand, its win share of the decided hands, the share of hands nobody won and the order,
    each with its 95% interval, and (for a variant other than the baseline) the gain's
    difference from the baseline's on the same deals."""
    label = result.variants[variant].label
    table = Table(title=f"skill trace, {'baseline: ' if variant == 0 else ''}{label} "
                        f"({result.trace_units} deals x {result.players} seats per step)")
    for column in ("step", "gain per hand", "stronger wins (decided)", "no winner", "order"):
        table.add_column(column)
    if variant:
        table.add_column("gain vs baseline")
    for weak, strong in result.trace_steps:
        key = step_key(weak, strong)
        cells: list[Text | str] = [f"{weak} → {strong}"]
        for part in ("gain", "wins", "draws", "order"):
            cells.append(format_metric(result.metric(variant, f"{key}.{part}")))
        diff = result.differences[variant].get(f"{key}.gain")
        if variant and diff is not None:
            cells.append(format_difference(result.metric(variant, f"{key}.gain"), diff))
        table.add_row(*cells)
    return table


def _trace_rows(result: LabResult) -> list[Metric]:
    return [metric for metric in result.metrics[0] if metric.group == TRACE_GROUP]


def wide(result: LabResult, width: int) -> bool:
    """Whether the row-per-variant layout is used: every sweep, and any comparison whose
    column layout would not fit ``width`` characters."""
    return result.is_sweep or column_layout_width(result) > width


def print_report(result: LabResult, console: Console | None = None) -> None:
    """Print the tables (in the layout that fits), the events, the skill trace, the notes,
    the findings and the speed."""
    console = console or Console()
    turned = wide(result, console.width)
    if turned:
        for table in build_row_tables(result):
            console.print(table)
        console.print(ROW_CAPTION, style="dim")
    else:
        console.print(build_table(result))
    events = build_events_table(result)
    if events is not None:
        if turned:
            event_rows = [m for m in result.metrics[0] if m.group == EVENT_GROUP
                          and not m.key.endswith(".hands")
                          and _happened(result, m.key.split(".")[1])]
            for table in build_row_tables(result, event_rows, f"events per {result.unit}"):
                console.print(table)
        else:
            console.print(events)
    never = never_text(result)
    if never:
        console.print(never, soft_wrap=False)
    for note in result.notes:
        console.print(f"note: {note}")
    if result.trace_steps:
        if turned:
            for table in build_row_tables(result, _trace_rows(result), "skill trace"):
                console.print(table)
        else:
            for variant in range(len(result.variants)):
                console.print(build_trace_table(result, variant))
        console.print("gain = the stronger agent's payoff minus the table's mean payoff, per "
                      "hand; each deal is played once with the stronger agent in every seat "
                      "(duplicate format); wins and order = (win share - 1/n) / (1 - 1/n) count "
                      "the decided hands only", soft_wrap=False)
    console.print("findings:", style="bold")
    for finding in result.findings():
        console.print(f"- {finding}", soft_wrap=False)
    console.print(describe_tests(result.differences), soft_wrap=False)
    rate = result.hands_played / result.elapsed if result.elapsed else 0.0
    console.print(f"[dim]{result.hands_played} hands in {result.elapsed:.1f} s "
                  f"({rate:,.0f} hands/s, {result.backend} backend, {result.workers} "
                  f"worker{'s' if result.workers != 1 else ''})[/dim]")


def to_json(result: LabResult) -> str:
    """The whole result as JSON."""
    return json.dumps(result.to_dict(), indent=2)


def csv_rows(result: LabResult) -> list[dict[str, object]]:
    """One row per variant and metric: :func:`~cardkit.frontends.lab.tidy.records`, the same
    tidy layout as ``records()`` and ``to_pandas()``."""
    return records(result)


def write_csv(result: LabResult, stream: IO[str]) -> None:
    """Write :func:`csv_rows` as CSV (the columns of
    :func:`~cardkit.frontends.lab.tidy.columns`: the swept options', then
    :data:`~cardkit.frontends.lab.tidy.RECORD_FIELDS`)."""
    writer = csv.DictWriter(stream, fieldnames=columns(result))
    writer.writeheader()
    for row in csv_rows(result):
        writer.writerow({k: "" if v is None else v for k, v in row.items()})


def to_csv(result: LabResult) -> str:
    """The CSV text."""
    buffer = io.StringIO()
    write_csv(result, buffer)
    return buffer.getvalue()
