"""The lab's figure (needs matplotlib: the ``plot`` extra; imported only here).

The figure is a :class:`matplotlib.figure.Figure` made without pyplot: drawing it never
switches matplotlib's backend nor registers it with pyplot, so a notebook's own plots are left
alone, and it shows inline in Jupyter by itself (its ``_repr_png_``).

A comparison draws one panel per group of metrics: each variant a colour, each estimate a dot
with its 95% interval. Panels of several metrics of different sizes (endings, seat win rates,
events) show each variant's *difference from the baseline*, around a zero line, so a 1-point
move of a 0.5% ending is as visible as one of an 89% ending; single measures (hand length,
lead changes, the order, the share of deals changed) show their levels, on an axis fitted to
the intervals rather than starting at 0 (49 against 50.6 turns must look different). A sweep
draws each metric that moves as a line over the swept values with its 95% band (one line per
value of a second swept option). Everywhere a filled marker and a star mean "significantly
different from the baseline" (p < 0.05); hollow markers are not. The skill trace has its own
panel (each step's gain per hand).
"""

from __future__ import annotations

import functools
import importlib.util
import io
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from cardkit.frontends.lab.metrics import EVENT_GROUP, Metric
from cardkit.frontends.lab.skill import TRACE_GROUP

if TYPE_CHECKING:
    from cardkit.frontends.lab.experiment import LabResult

__all__ = ["PLOT_INSTALL_HINT", "REPORT_PLOT_HINT", "Panel", "build_figure", "figure_png",
           "has_matplotlib", "panels_of", "write_plot"]

PLOT_INSTALL_HINT = "--plot needs matplotlib: pip install 'cardkit[plot]'"

#: What a report says in place of its figure when matplotlib is not installed.
REPORT_PLOT_HINT = ("The figure is not drawn here: it needs matplotlib. Every finding and "
                    "table is below without it; to add the figure, pip install "
                    "'cardkit[plot]' and run the command again.")


def has_matplotlib() -> bool:
    """Whether matplotlib can be imported (without importing it)."""
    try:
        return importlib.util.find_spec("matplotlib") is not None
    except ValueError:  # a module set to None in sys.modules (hidden on purpose)
        return False


@functools.lru_cache(maxsize=1)
def _figure_class() -> Any:
    """A matplotlib ``Figure`` that Jupyter shows as a PNG (``_repr_png_``)."""
    from matplotlib.figure import Figure

    class LabFigure(Figure):
        """The lab's figure: a plain matplotlib figure that displays itself in a notebook."""

        def _repr_png_(self) -> bytes:
            return _png_bytes(self)

    return LabFigure


def _png_bytes(figure: Any, dpi: int = 90) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


#: The most panels a figure holds.
MAX_PANELS = 10

FOOTNOTE = ("bars: 95% intervals (of the difference from the baseline, paired on the same "
            "deals, in the difference panels); filled marker and *: significant after the "
            "correction for many tests; hollow: not; square: the baseline")

FOOTNOTE_SWEEP = ("each line: the difference from the first value, on the same deals, with the "
                  "95% band of that paired difference; filled marker and *: significant after "
                  "the correction for many tests; hollow: not; square: the first value")


@attrs.frozen
class Panel:
    """One panel: its title, the metric keys it shows with their tick labels, and whether it
    shows levels or differences from the baseline."""

    title: str
    keys: tuple[str, ...]
    names: tuple[str, ...]
    difference: bool = False


def _present(result: LabResult, key: str) -> bool:
    try:
        result.metric(len(result.variants) - 1, key)
    except KeyError:
        return False
    return True


def _happened(result: LabResult, key: str) -> bool:
    return any((m := _get(result, i, f"{key}.hands")) is not None and (m.successes or 0) > 0
               for i in range(len(result.variants)))


def _get(result: LabResult, index: int, key: str) -> Metric | None:
    try:
        return result.metric(index, key)
    except KeyError:
        return None


def panels_of(result: LabResult) -> list[Panel]:
    """The panels of a comparison, in order, those the run measured."""
    first = result.metrics[0]
    several = len(result.variants) > 1
    panels: list[Panel] = []

    def group(title: str, prefix: str, names: Sequence[str] | None = None) -> None:
        keys = [m.key for m in first if m.key.startswith(prefix) and not m.key.endswith(".hands")
                and (m.group != EVENT_GROUP or _happened(result, m.key))]
        if keys:
            shown = names or [key[len(prefix):] for key in keys]
            panels.append(Panel(title + (": difference from the baseline" if several else ""),
                                tuple(keys), tuple(shown), several))

    def single(title: str, key: str) -> None:
        if _present(result, key):
            metric = _get(result, len(result.variants) - 1, key)
            panels.append(Panel(title, (key,), (metric.label if metric else key,)))

    group("endings (share of hands)", "ending.")
    group("seat win rates", "win_rate.", [f"seat {m.key[-1]}" for m in first
                                          if m.key.startswith("win_rate.")])
    single("hands with no winner", "void_rate")
    single("hand length (turns)", "turns")
    single("lead changes per hand", "lead.changes")
    single("match length (hands)", "match.hands")
    single("winner trailed (comebacks)", "match.comeback")
    single("skill: order over decided hands", "skill.order")
    trace = [m for m in first if m.group == TRACE_GROUP and m.key.endswith(".gain")]
    if trace:
        panels.append(Panel("skill trace: gain per hand", tuple(m.key for m in trace),
                            tuple(m.key.split(".")[1].replace(">", " → ") for m in trace)))
    group("events per hand", "event.")
    if several:
        single("hands whose result changed", "changed.result")
    return panels[:MAX_PANELS]


def _sweep_panels(result: LabResult) -> list[Panel]:
    """A sweep's panels: the measures that move most (largest significant statistic against
    the first value; the events' apart, at most two), seat 0's win rate, then the share of
    deals changed, the order and the skill trace."""
    scores: dict[str, float] = {}
    for index in range(1, len(result.variants)):
        for key, diff in result.differences[index].items():
            metric = _get(result, index, key)
            if metric is None or metric.group in (TRACE_GROUP, "skill", "balance") \
                    or key.endswith(".hands") or not diff.significant:
                continue
            scores[key] = max(scores.get(key, 0.0), abs(diff.statistic or 0.0))
    ranked = sorted(scores, key=lambda k: -scores[k])
    keys = [k for k in ranked if not k.startswith("event.")][:4]
    keys += [k for k in ranked if k.startswith("event.")][:2]
    if not keys:
        keys = [k for k in ("turns",) if _present(result, k)]
    extra = [k for k in ("win_rate.seat0", "changed.result", "skill.order") if _present(result, k)]
    steps = tuple(m.key for m in result.metrics[0] if m.group == TRACE_GROUP
                  and m.key.endswith(".gain"))
    room = MAX_PANELS - (1 if steps else 0)
    chosen = [*keys, *[k for k in extra if k not in keys]][:room]
    panels = []
    for key in chosen:
        metric = _get(result, len(result.variants) - 1, key)
        label = metric.label if metric else key
        if metric is not None and metric.group == "endings":
            label = f"'{key.split('.', 1)[1]}' endings (share of hands)"
        first = _get(result, 0, key)
        if first is not None and key != "changed.result":
            label += f"; at {_first_value(result)}: {_level(first)}"
        panels.append(Panel(label, (key,), (label,), key != "changed.result"))
    if steps:  # every step of the skill trace in one panel, a line per step
        names = tuple(key.split(".")[1].replace(">", " → ") for key in steps)
        panels.append(Panel("skill trace: each step's gain per hand, against the first value",
                            steps, names, True))
    return panels


def _first_value(result: LabResult) -> str:
    return "; ".join(f"{name}={value}" for (name, _), value in
                     zip(result.axes, result.coordinates(0), strict=True))


def _level(metric: Metric) -> str:
    if metric.kind == "proportion":
        return f"{metric.value:.1%}"
    return f"{metric.value:.3g}"


def _scale(metric: Metric | None) -> float:
    return 100.0 if metric is not None and metric.kind == "proportion" else 1.0


def _point(result: LabResult, index: int, key: str, difference: bool
           ) -> tuple[float, float, float, bool] | None:
    """(value, low, high, significant) of a metric or of its difference from the baseline,
    scaled (percentages and percentage points for shares)."""
    metric = _get(result, index, key)
    if metric is None:
        return None
    scale = _scale(metric)
    diff = result.differences[index].get(key) if index else None
    significant = bool(diff is not None and diff.significant)
    if difference:
        if index == 0:
            return 0.0, 0.0, 0.0, False
        if diff is None:
            return None
        low = diff.low if diff.low is not None else diff.difference
        high = diff.high if diff.high is not None else diff.difference
        return diff.difference * scale, low * scale, high * scale, significant
    low = metric.low if metric.low is not None else metric.value
    high = metric.high if metric.high is not None else metric.value
    return metric.value * scale, low * scale, high * scale, significant


def _colours(count: int) -> list[Any]:
    import matplotlib

    cmap = matplotlib.colormaps["tab10" if count <= 10 else "viridis"]
    return [cmap(i if count <= 10 else i / max(1, count - 1)) for i in range(count)]


def _draw_panel(axis: Any, result: LabResult, panel: Panel, colours: Sequence[Any]) -> None:
    count = len(result.variants)
    width = 0.8 / count
    values: list[float] = []
    for index in range(count):
        for position, key in enumerate(panel.keys):
            point = _point(result, index, key, panel.difference)
            if point is None:
                continue
            value, low, high, significant = point
            x = position + (index - (count - 1) / 2) * width
            axis.errorbar([x], [value], yerr=[[max(0.0, value - low)], [max(0.0, high - value)]],
                          fmt="s" if index == 0 else "o", color=colours[index], markersize=6,
                          capsize=3, markerfacecolor=colours[index] if significant else "white",
                          label=result.variants[index].label if position == 0 else None)
            if significant:
                axis.annotate("*", (x, high), textcoords="offset points", xytext=(0, 2),
                              ha="center", fontsize=11, color=colours[index])
            values.extend((value, low, high))
    axis.set_xticks(range(len(panel.keys)))
    crowded = len(panel.keys) > 3 and sum(len(name) for name in panel.names) > 30
    axis.set_xticklabels(panel.names, rotation=30 if crowded else 0,
                         ha="right" if crowded else "center", fontsize=8)
    axis.set_xlim(-0.6, len(panel.keys) - 0.4)
    percent = _scale(_get(result, len(result.variants) - 1, panel.keys[0])) == 100.0
    if panel.difference:
        axis.axhline(0.0, color="gray", linewidth=0.8)
        axis.set_ylabel("pp" if percent else "difference")
    elif percent:
        axis.set_ylabel("%")
    _fit(axis, values, panel.difference, percent, _least_span(panel.keys[0], percent))


def _least_span(key: str, percent: bool) -> float:
    """The smallest height of a panel's axis, so that noise is not magnified into a slope:
    0.2 for an order (a 0-to-1 scale), 2 points for a share, nothing for other measures."""
    if key.endswith("order"):
        return 0.2
    return 2.0 if percent else 0.0


def _fit(axis: Any, values: Sequence[float], difference: bool, percent: bool,
         least: float = 0.0) -> None:
    """Axis limits around the intervals (with room for the stars), at least ``least`` high;
    an all-zero panel keeps a visible axis and says so."""
    if not values or all(v == 0 for v in values):
        if difference:  # every estimate equals the baseline's (which need not be 0)
            axis.set_ylim(-1, 1)
            note = "no variant differs from the baseline"
        else:
            axis.set_ylim(0, 100 if percent else 1)
            note = "every variant: 0"
        # above the zero line its markers sit on, so the words do not run over them
        axis.text(0.5, 0.75 if difference else 0.5, note, transform=axis.transAxes,
                  ha="center", va="center", fontsize=9, color="dimgray")
        return
    low, high = min(values), max(values)
    if difference:
        low, high = min(low, 0.0), max(high, 0.0)
    if high - low < least:
        middle = (low + high) / 2
        low, high = middle - least / 2, middle + least / 2
    span = high - low or max(abs(high), 1e-9)
    axis.set_ylim(low - 0.12 * span, high + 0.18 * span)


def _numeric(values: Sequence[Any]) -> bool:
    return all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)


def _draw_sweep_panel(axis: Any, result: LabResult, panel: Panel) -> None:
    """A sweep's panel: for each line (a value of a second swept option, or a step of the skill
    trace) the difference from the first value over the swept values, with the band of its
    paired 95% interval; a filled marker where the difference is significant, a square at the
    first value. A panel of levels (the deals changed) draws the levels instead."""
    first_name, first_values = result.axes[0]
    numeric = _numeric(first_values)
    positions = {value: (value if numeric else i) for i, value in enumerate(first_values)}
    lines: dict[Any, tuple[str, list[int]]] = {}
    for index in range(len(result.variants)):
        place = result.coordinates(index)
        for key in panel.keys:
            line = (key, place[1] if len(place) > 1 else None)
            lines.setdefault(line, (key, []))[1].append(index)
    colours = _colours(len(lines))
    values: list[float] = []
    for ((key, second), (_, members)), colour in zip(lines.items(), colours, strict=True):
        xs, ys, lows, highs, marks, firsts = [], [], [], [], [], []
        for index in members:
            point = _point(result, index, key, panel.difference)
            if point is None:
                continue
            value, low, high, significant = point
            xs.append(positions[result.coordinates(index)[0]])
            ys.append(value)
            lows.append(low)
            highs.append(high)
            marks.append(significant)
            firsts.append(result.coordinates(index)[0] == first_values[0])
            values.extend((value, low, high))
        if not xs:
            continue
        parts = []
        if len(panel.keys) > 1:
            base = _get(result, members[0], key)
            level = f" ({_level(base)} at {first_values[0]})" if base is not None else ""
            parts.append(panel.names[panel.keys.index(key)] + level)
        if second is not None:
            parts.append(f"{result.axes[1][0]}={second}")
        label = ", ".join(parts) or None
        axis.fill_between(xs, lows, highs, color=colour, alpha=0.2, linewidth=0)
        axis.plot(xs, ys, color=colour, linewidth=1.5, label=label)
        for x, y, high, mark, first in zip(xs, ys, highs, marks, firsts, strict=True):
            axis.scatter([x], [y], s=32 if first else 28, zorder=3, edgecolors=[colour],
                         marker="s" if first else "o",
                         facecolors=[colour] if mark else ["white"])
            if mark:
                axis.annotate("*", (x, high), textcoords="offset points", xytext=(0, 2),
                              ha="center", fontsize=11, color=colour)
    axis.set_xlabel(first_name)
    if not numeric:
        axis.set_xticks(range(len(first_values)))
        axis.set_xticklabels([str(v) for v in first_values], fontsize=8)
    elif len(first_values) <= 12:
        axis.set_xticks(list(first_values))
        axis.set_xticklabels([f"{v:g}" for v in first_values], fontsize=8)
    percent = _scale(_get(result, len(result.variants) - 1, panel.keys[0])) == 100.0
    if panel.difference:
        axis.axhline(0.0, color="gray", linewidth=0.8)
        axis.set_ylabel("difference (pp)" if percent else "difference")
    elif percent:
        axis.set_ylabel("%")
    _fit(axis, values, panel.difference, percent, _least_span(panel.keys[0], percent))
    if len(lines) > 1:
        axis.legend(fontsize=7)


def build_figure(result: LabResult) -> Any:
    """The figure of the run: a comparison's panels or a sweep's lines (see the module's
    docstring), made without pyplot (the global backend is untouched); ``RuntimeError`` with
    the install hint without matplotlib."""
    if not has_matplotlib():
        raise RuntimeError(PLOT_INSTALL_HINT)
    sweep = result.is_sweep and len(result.variants) > 1
    panels = _sweep_panels(result) if sweep else panels_of(result)
    columns = 2
    rows = max(1, math.ceil(len(panels) / columns))
    figure = _figure_class()(figsize=(12, 3.4 * rows + 0.8))
    axes = figure.subplots(rows, columns, squeeze=False)
    colours = _colours(len(result.variants))
    for axis, panel in zip(axes.flat, panels, strict=False):
        axis.set_title(panel.title, fontsize=10)
        axis.grid(axis="y", alpha=0.3)
        if sweep:
            _draw_sweep_panel(axis, result, panel)
        else:
            _draw_panel(axis, result, panel, colours)
    for axis in list(axes.flat)[len(panels):]:
        axis.set_visible(False)
    if not sweep and len(result.variants) > 1:
        handles, labels = axes.flat[0].get_legend_handles_labels()
        figure.legend(handles, labels, loc="upper center", bbox_to_anchor=(0.5, 0.975),
                      ncol=min(len(result.variants), 4), fontsize=9)
    what = (f"sweep of {', '.join(name for name, _ in result.axes)}" if sweep
            else "variants")
    figure.suptitle(f"{result.game}: {result.units} {result.units_name} per variant "
                    f"({what}), seed {result.seed}", y=0.995, fontsize=11)
    figure.text(0.5, 0.005, FOOTNOTE_SWEEP if sweep else FOOTNOTE, ha="center", va="bottom",
                fontsize=8, color="dimgray")
    top = 0.93 if not sweep and len(result.variants) > 1 else 0.96
    figure.tight_layout(rect=(0, 0.02, 1, top))
    return figure


def write_plot(result: LabResult, path: str | Path) -> Path:
    """Draw :func:`build_figure` and save it as a PNG."""
    figure = build_figure(result)
    target = Path(path)
    figure.savefig(target, dpi=100)
    return target


def figure_png(result: LabResult) -> bytes:
    """The figure as PNG bytes (for a report that embeds it); ``RuntimeError`` with the install
    hint without matplotlib."""
    return _png_bytes(build_figure(result))
