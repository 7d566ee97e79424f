"""The report to hand out: one self-contained HTML page (``--report FILE.html``) or Markdown
(``--report FILE.md``), in the order a reader needs it:

1. the findings, in plain sentences (:mod:`~cardkit.frontends.lab.findings`);
2. the figure (embedded in the HTML page as a PNG; written next to a Markdown file);
3. the tables: every metric per variant with its 95% interval and, against the baseline, the
   difference, its p-value and test (a row per variant when there are many, as for a sweep);
   the events; the skill trace;
4. how the numbers were made (pairing, tests, intervals), and exactly how to reproduce them:
   the command, the seed, the versions.

``result_html(result, plots=False)`` is also what a result shows as in Jupyter.
"""

from __future__ import annotations

import base64
import html
import importlib.metadata
import platform
import shlex
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardkit.engine.registry import game_definition
from cardkit.frontends.lab.changes import CHANGE_GROUP
from cardkit.frontends.lab.compare import Difference, describe_tests
from cardkit.frontends.lab.examples import REPLAY_HINT, report_examples
from cardkit.frontends.lab.formatting import difference_text, format_metric
from cardkit.frontends.lab.metrics import EVENT_GROUP, Metric
from cardkit.frontends.lab.plot import REPORT_PLOT_HINT, figure_png, has_matplotlib
from cardkit.frontends.lab.skill import TRACE_GROUP
from cardkit.frontends.lab.variants import baseline_label, value_text

if TYPE_CHECKING:
    from cardkit.frontends.lab.experiment import LabResult

__all__ = ["command_line", "report_markdown", "result_html", "sweep_label", "versions",
           "write_report"]

_STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto;
       max-width: 1100px; padding: 0 1em; color: #222; line-height: 1.45; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; } h2 { margin-top: 1.6em; border-bottom: 1px solid
#ddd; } .lead { color: #555; margin-top: 0; } .hint { color: #7a4b00; background: #fff6e0;
padding: 0.5em 0.7em; border-left: 3px solid #e0a000; }
ul.findings li { margin-bottom: 0.5em; } .table-wrap { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.86em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.5em; text-align: left;
vertical-align: top; } th { background: #f3f3f3; } td.num { white-space: nowrap; }
.diff { color: #777; font-size: 0.92em; } .sig { color: #b00020;
font-weight: bold; } img { max-width: 100%; border: 1px solid #eee; }
pre { background: #f6f6f6; padding: 0.7em; overflow-x: auto; white-space: pre-wrap; }
caption { caption-side: bottom; color: #666; font-size: 0.9em; text-align: left; }
@page { size: A4; margin: 14mm 12mm; }
@media print {
  body { max-width: none; margin: 0; padding: 0; font-size: 9.5pt; line-height: 1.3; }
  .table-wrap { overflow: visible; }
  table { width: 100%; table-layout: auto; font-size: 8pt; page-break-inside: auto; }
  td.num { white-space: normal; } th, td { overflow-wrap: anywhere; padding: 0.15em 0.3em; }
  tr, img, li { break-inside: avoid; } h2, h3 { break-after: avoid; }
  img { max-width: 100%; max-height: 240mm; border: none; }
  pre { overflow: visible; white-space: pre-wrap; overflow-wrap: anywhere; }
}
"""

#: Columns of a turned table (a row per variant) before it is split in two.
_COLUMNS = 6


def _text(value: Any) -> str:
    """An option value as ``--rule`` text."""
    return value_text(value)


def sweep_label(axes: Sequence[tuple[str, Sequence[Any]]], options: Mapping[str, Any]) -> str:
    """The label a sweep gives the variant with these ``options``."""
    return "; ".join(f"{name}={_text(options.get(name))}" for name, _ in axes)


def command_line(result: LabResult) -> str:
    """The ``cardkit lab`` command that reproduces ``result``: the one typed, when it came
    from the command line, else one built from the result's settings."""
    if result.command:
        return result.command
    words = ["cardkit", "lab", result.game,
             "--matches" if result.mode == "matches" else "--hands", str(result.units),
             "--players", str(result.players), "--seed", str(result.seed)]
    if len(set(result.bots)) == 1:
        words += ["--bots", result.bots[0]]
    else:
        words += ["--bots", ",".join(result.bots)]
    base = result.variants[0]
    swept = {name for name, _ in result.axes}
    if base.preset:
        words += ["--preset", base.preset]
    unswept = {name: value for name, value in base.options.items() if name not in swept}
    automatic = (sweep_label(result.axes, base.options) if result.axes
                 else baseline_label({k: _text(v) for k, v in unswept.items()}, base.preset))
    if base.label != automatic:
        words += ["--baseline", base.label]
    for name, value in base.options.items():
        if name not in swept:
            words += ["--rule", f"{name}={_text(value)}"]
    if result.axes:
        for name, values in result.axes:
            words += ["--sweep", f"{name}={','.join(_text(v) for v in values)}"]
    else:
        for variant in result.variants[1:]:
            changed = [f"{name}={_text(value)}" for name, value in variant.options.items()
                       if base.options.get(name, object()) != value]
            if variant.preset != base.preset and variant.preset:
                changed.insert(0, f"preset={variant.preset}")
            words += ["--compare", f"{variant.label}: {' '.join(changed)}"]
    words += ["--skill-hands", str(result.skill_units)]
    if result.ladder:
        words += ["--skill-trace", ",".join(result.ladder), "--trace-deals",
                  str(result.trace_units)]
    if not result.lead:
        words.append("--no-lead")
    if result.playouts is not None:
        words += ["--playouts", str(result.playouts)]
    if result.think is not None:
        words += ["--think", f"{result.think:g}"]
    return " ".join(shlex.quote(word) for word in words)


def versions(result: LabResult) -> dict[str, str]:
    """What produced the numbers: cardkit's version, the game's, Python's, the platform."""
    try:
        kit = importlib.metadata.version("cardkit")
    except importlib.metadata.PackageNotFoundError:
        kit = "not installed (a source tree)"
    try:
        game = game_definition(result.game).version
    except ValueError:
        game = "unknown"
    return {"cardkit": kit, result.game: game, "Python": platform.python_version(),
            "platform": platform.platform(terse=True)}


# ----- HTML -------------------------------------------------------------------------------------

def _cell_html(result: LabResult, index: int, metric: Metric) -> str:
    try:
        mine = result.metric(index, metric.key)
    except KeyError:
        return "<td>—</td>" if metric.group == CHANGE_GROUP else "<td></td>"
    text = html.escape(format_metric(mine))
    diff = result.differences[index].get(metric.key)
    if index and diff is not None and metric.key != "units":
        css = "diff sig" if diff.significant else "diff"
        text += f'<br><span class="{css}">{html.escape(difference_text(mine, diff))}</span>'
    return f'<td class="num">{text}</td>'


def _variant_heading(result: LabResult, index: int) -> str:
    prefix = "baseline: " if index == 0 else ""
    return html.escape(prefix + result.variants[index].label)


def _rows(result: LabResult) -> list[Metric]:
    rows = [m for m in result.metrics[0] if m.group not in (TRACE_GROUP, EVENT_GROUP)]
    for changes in result.changes[1:]:
        if changes:
            return rows + list(changes)
    return rows


def _column_table(result: LabResult, metrics: Sequence[Metric], caption: str) -> str:
    head = "".join(f"<th>{_variant_heading(result, i)}</th>"
                   for i in range(len(result.variants)))
    body = []
    for metric in metrics:
        cells = "".join(_cell_html(result, i, metric) for i in range(len(result.variants)))
        body.append(f"<tr><th>{html.escape(metric.label)}</th>{cells}</tr>")
    return (f'<div class="table-wrap"><table><caption>{html.escape(caption)}</caption>'
            f"<thead><tr><th>metric</th>{head}</tr></thead><tbody>{''.join(body)}</tbody>"
            "</table></div>")


def _label_cells(result: LabResult, index: int) -> str:
    if result.is_sweep:
        return "".join(f"<th>{html.escape(_text(v))}</th>" for v in result.coordinates(index))
    return f"<th>{_variant_heading(result, index)}</th>"


def _label_heads(result: LabResult) -> str:
    if result.is_sweep:
        return "".join(f"<th>{html.escape(name)}</th>" for name, _ in result.axes)
    return "<th>variant</th>"


def _row_tables(result: LabResult, metrics: Sequence[Metric], caption: str) -> str:
    out = []
    groups: list[list[Metric]] = []
    for metric in metrics:
        if groups and groups[-1][0].group == metric.group and len(groups[-1]) < _COLUMNS:
            groups[-1].append(metric)
        else:
            groups.append([metric])
    for members in groups:
        head = "".join(f"<th>{html.escape(m.label)}</th>" for m in members)
        body = []
        for index in range(len(result.variants)):
            cells = "".join(_cell_html(result, index, m) for m in members)
            body.append(f"<tr>{_label_cells(result, index)}{cells}</tr>")
        out.append(f'<div class="table-wrap"><table><thead><tr>{_label_heads(result)}{head}'
                   f"</tr></thead><tbody>{''.join(body)}</tbody></table></div>")
    return "".join(out) + f"<p class=\"lead\">{html.escape(caption)}</p>"


def _tables(result: LabResult, metrics: Sequence[Metric], caption: str) -> str:
    if not metrics:
        return ""
    if result.is_sweep or len(result.variants) > 4:
        return _row_tables(result, metrics, caption)
    return _column_table(result, metrics, caption)


def _event_metrics(result: LabResult) -> list[Metric]:
    happened = {m.key.split(".")[1] for i in range(len(result.variants))
                for m in result.metrics[i] if m.group == EVENT_GROUP
                and m.key.endswith(".hands") and m.successes}
    return [m for m in result.metrics[0] if m.group == EVENT_GROUP
            and m.key.split(".")[1] in happened]


_CAPTION = ("value [95% interval]; below it, against the baseline: the difference (pp = "
            "percentage points), its p-value and test (McN = McNemar, McNx = McNemar exact, "
            "pt = paired t: the same deals paired; z, W = Welch: unpaired); * = significant "
            "after the correction for many tests (adjusted p < 0.05; see How the numbers were "
            "made)")


def _figure_html(result: LabResult) -> str:
    if not has_matplotlib():  # say how to add the figure; every table and finding follows
        return f'<p class="hint">{html.escape(REPORT_PLOT_HINT)}</p>'
    try:
        from_plot = _png(result)
    except RuntimeError as error:  # matplotlib broken: say so instead of a picture
        return f'<p class="hint">{html.escape(str(error))}</p>'

    data = base64.b64encode(from_plot).decode("ascii")
    return (f'<img alt="the figure of {html.escape(result.game)}: every measure with its 95% '
            f'interval" src="data:image/png;base64,{data}">')


def _png(result: LabResult) -> bytes:
    """The figure as PNG bytes (matplotlib is imported only when it is drawn)."""
    return figure_png(result)


def result_html(result: LabResult, plots: bool = True, title: str | None = None,
                examples: str | Path | None = None) -> str:
    """The report as one self-contained HTML page (``plots``: with the figure embedded);
    without plots, the fragment Jupyter shows. ``examples``: the folder the run wrote its
    example deals to, named in the command that replays one."""
    findings = "".join(f"<li>{html.escape(text)}</li>" for text in result.findings())
    heading = html.escape(title or f"What the rules do: {result.game}")
    lead = html.escape(f"{result.units} {result.units_name} per variant on the same deals, "
                       f"{result.players} players, bots {'/'.join(sorted(set(result.bots)))}, "
                       f"seed {result.seed}")
    parts = [f"<h1>{heading}</h1>", f'<p class="lead">{lead}</p>',
             "<h2>Findings</h2>", f'<ul class="findings">{findings}</ul>']
    if plots:
        parts += ["<h2>Figure</h2>", _figure_html(result)]
    parts += ["<h2>Tables</h2>", _tables(result, _rows(result), _CAPTION)]
    events = _event_metrics(result)
    if events:
        parts += ["<h3>Events</h3>", _event_meanings(result, events),
                  _tables(result, events, _CAPTION)]
    trace = [m for m in result.metrics[0] if m.group == TRACE_GROUP]
    if trace:
        parts += ["<h3>Skill trace</h3>",
                  "<p>Each deal played once with the stronger agent in every seat (the "
                  "duplicate format); gain = its payoff minus the table's mean payoff; wins and "
                  "order count only the hands somebody won.</p>",
                  _tables(result, trace, _CAPTION)]
    if not plots:  # the notebook's fragment: the report's look, its styles scoped to it
        return (f'<div class="cardkit-lab"><style>{_scoped_style()}</style>'
                f'{"".join(parts)}</div>')
    said, command = report_examples(result, examples)
    if command:
        parts += ["<h2>Example deals</h2>", f"<p>{html.escape(said[0])}</p>",
                  "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in said[1:])
                  + "</ul>", f"<p>{html.escape(REPLAY_HINT)}</p>",
                  f"<pre>{html.escape(command)}</pre>"]
    parts += ["<h2>How the numbers were made</h2>", f"<p>{html.escape(_method(result))}</p>",
              "<h2>How to reproduce</h2>",
              f"<pre>{html.escape(command_line(result))}</pre>", _versions_html(result)]
    if result.notes:
        parts += ["<h2>Notes</h2>", "<ul>" + "".join(f"<li>{html.escape(n)}</li>"
                                                     for n in result.notes) + "</ul>"]
    body = "\n".join(parts)
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{heading}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n{body}\n"
            "</body>\n</html>\n")


def _scoped_style() -> str:
    """The report's table styles for a notebook's output, limited to ``.cardkit-lab``."""
    rules = ("table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.9em; }",
             "th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: left; "
             "vertical-align: top; }",
             "th { background: #f3f3f3; }", "td.num { white-space: nowrap; }",
             ".diff { color: #777; font-size: 0.92em; }",
             ".sig { color: #b00020; font-weight: bold; }",
             "caption { caption-side: bottom; color: #666; font-size: 0.9em; "
             "text-align: left; }")
    return " ".join(f".cardkit-lab {rule}" for rule in rules)


def _event_meanings(result: LabResult, events: Sequence[Metric]) -> str:
    names = []
    for metric in events:
        name = metric.key.split(".")[1]
        if name not in names:
            names.append(name)
    items = "".join(f"<li><b>{html.escape(n.replace('_', ' '))}</b>: "
                    f"{html.escape(result.events.get(n, ''))}</li>" for n in names)
    return f"<ul>{items}</ul>"


def _method(result: LabResult) -> str:
    return (f"Hand i of every variant is dealt from the same seed with the same agent seeds, so "
            f"the variants are compared deal by deal. {describe_tests(result.differences)} "
            "Intervals are 95%: Wilson for shares, Student t for means, the exact Poisson "
            "interval for an event's rate a hand (never below 0, and not [0, 0] for an event "
            "never seen). When the share of hands nobody won changes, who wins is judged on the "
            "decided hands, each seat's share of them (a two-proportion z-test).")


def _versions_html(result: LabResult) -> str:
    items = "".join(f"<li>{html.escape(k)}: {html.escape(v)}</li>"
                    for k, v in versions(result).items())
    return f"<p>Seed {result.seed}; versions:</p><ul>{items}</ul>"


# ----- Markdown ---------------------------------------------------------------------------------

def _md_cell(result: LabResult, index: int, metric: Metric) -> str:
    try:
        mine = result.metric(index, metric.key)
    except KeyError:
        return "—" if metric.group == CHANGE_GROUP else ""
    text = format_metric(mine)
    diff: Difference | None = result.differences[index].get(metric.key)
    if index and diff is not None and metric.key != "units":
        change = difference_text(mine, diff)
        text += f"<br><b>{change}</b>" if diff.significant else f"<br>{change}"
    return text.replace("|", "\\|")


def _md_table(result: LabResult, metrics: Sequence[Metric]) -> list[str]:
    if not metrics:
        return []
    turned = result.is_sweep or len(result.variants) > 4
    if not turned:
        heads = ["metric", *[("baseline: " if i == 0 else "") + v.label
                             for i, v in enumerate(result.variants)]]
        lines = ["| " + " | ".join(heads) + " |", "|" + " --- |" * len(heads)]
        for metric in metrics:
            cells = [metric.label, *[_md_cell(result, i, metric)
                                     for i in range(len(result.variants))]]
            lines.append("| " + " | ".join(cells) + " |")
        return [*lines, ""]
    lines = []
    for start in range(0, len(metrics), _COLUMNS):
        part = metrics[start:start + _COLUMNS]
        labels = [name for name, _ in result.axes] if result.is_sweep else ["variant"]
        heads = [*labels, *[m.label for m in part]]
        lines += ["| " + " | ".join(heads) + " |", "|" + " --- |" * len(heads)]
        for index, variant in enumerate(result.variants):
            names = [_text(v) for v in result.coordinates(index)] if result.is_sweep \
                else [variant.label]
            lines.append("| " + " | ".join([*names, *[_md_cell(result, index, m)
                                                       for m in part]]) + " |")
        lines.append("")
    return lines


def report_markdown(result: LabResult, figure: str | None = None,
                    title: str | None = None, plots: bool = True,
                    examples: str | Path | None = None) -> str:
    """The report as Markdown; ``figure`` is the file name of the PNG to show, if any (without
    one, and with ``plots``, a line says how to add it); ``examples`` as in
    :func:`result_html`."""
    lines = [f"# {title or f'What the rules do: {result.game}'}", "",
             f"{result.units} {result.units_name} per variant on the same deals, "
             f"{result.players} players, bots {'/'.join(sorted(set(result.bots)))}, seed "
             f"{result.seed}.", "", "## Findings", ""]
    lines += [f"- {text}" for text in result.findings()]
    lines.append("")
    if figure:
        lines += ["## Figure", "", f"![the figure]({figure})", ""]
    elif plots:
        lines += ["## Figure", "", REPORT_PLOT_HINT, ""]
    lines += ["## Tables", "", _CAPTION, "", *_md_table(result, _rows(result))]
    events = _event_metrics(result)
    if events:
        lines += ["### Events", ""]
        for name in dict.fromkeys(m.key.split(".")[1] for m in events):
            lines.append(f"- **{name.replace('_', ' ')}**: {result.events.get(name, '')}")
        lines += ["", *_md_table(result, events)]
    trace = [m for m in result.metrics[0] if m.group == TRACE_GROUP]
    if trace:
        lines += ["### Skill trace", "", *_md_table(result, trace)]
    said, command = report_examples(result, examples)
    if command:
        lines += ["## Example deals", "", said[0], "", *[f"- {line}" for line in said[1:]],
                  "", REPLAY_HINT, "", "```", command, "```", ""]
    lines += ["## How the numbers were made", "", _method(result), "",
              "## How to reproduce", "", "```", command_line(result), "```", "",
              f"Seed {result.seed}; versions: "
              + ", ".join(f"{k} {v}" for k, v in versions(result).items()) + ".", ""]
    if result.notes:
        lines += ["## Notes", "", *[f"- {note}" for note in result.notes], ""]
    return "\n".join(lines)


def write_report(result: LabResult, path: str | Path,
                 examples: str | Path | None = None) -> list[Path]:
    """Write the report ``path`` (``.html``/``.htm``: one self-contained page; ``.md``: Markdown
    with the figure written beside it as ``NAME-figure.png`` when matplotlib is installed;
    ``examples``: the folder the run's example deals were written to). Returns the files
    written; ``ValueError`` for another suffix."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix in (".html", ".htm"):
        target.write_text(result_html(result, examples=examples), encoding="utf-8")
        return [target]
    if suffix != ".md":
        raise ValueError(f"--report {target}: write FILE.html or FILE.md")
    written = [target]
    figure = None
    png = None
    if has_matplotlib():
        try:
            png = _png(result)
        except RuntimeError:
            png = None
    if png is not None:
        picture = target.with_name(f"{target.stem}-figure.png")
        picture.write_bytes(png)
        figure = picture.name
        written.append(picture)
    target.write_text(report_markdown(result, figure, examples=examples), encoding="utf-8")
    return written
