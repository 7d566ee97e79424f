"""A PNG of the main metrics per variant with their 95% intervals (needs matplotlib: the
``plot`` extra). matplotlib is imported only here, with the Agg backend."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardkit.frontends.lab.experiment import LabResult
from cardkit.frontends.lab.metrics import Metric

__all__ = ["PLOT_INSTALL_HINT", "build_figure", "write_plot"]

PLOT_INSTALL_HINT = "--plot needs matplotlib: pip install 'cardkit[plot]'"

#: The panels drawn, when the run measured them: (title, metric keys or a key prefix).
PANELS = (
    ("endings (share of hands)", "ending."),
    ("seat win rates", "win_rate."),
    ("hands with no winner", ("void_rate",)),
    ("hand length (turns)", ("turns",)),
    ("lead changes per hand", ("lead.changes",)),
    ("skilled agent vs random: win rate", ("skill.win_rate",)),
    ("match length (hands)", ("match.hands",)),
    ("winner trailed (comebacks)", ("match.comeback",)),
)


def _select(metrics: list[Metric], keys: str | tuple[str, ...]) -> list[Metric]:
    if isinstance(keys, str):
        return [m for m in metrics if m.key.startswith(keys)]
    return [m for m in metrics if m.key in keys]


def write_plot(result: LabResult, path: str | Path) -> Path:
    """Draw grouped bars (one colour per variant, error bars = 95% intervals) and save a PNG."""
    import matplotlib.pyplot as plt

    figure = build_figure(result)
    target = Path(path)
    figure.savefig(target, dpi=100)
    plt.close(figure)
    return target


def build_figure(result: LabResult) -> Any:
    """The matplotlib figure of :func:`write_plot`: one panel per measured group of metrics,
    every panel with its x labels (the metric's name where a panel holds a single metric), and
    a panel whose values are all zero keeps its axis and says so."""
    try:
        import matplotlib
    except ImportError:
        raise RuntimeError(PLOT_INSTALL_HINT) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = [(title, keys) for title, keys in PANELS if _select(result.metrics[0], keys)]
    columns = 2
    rows = (len(panels) + 1) // columns
    figure, axes = plt.subplots(rows, columns, figsize=(12, 3.6 * rows), squeeze=False)
    count = len(result.variants)
    width = 0.8 / count
    for axis, (title, keys) in zip(axes.flat, panels, strict=False):
        base = _select(result.metrics[0], keys)
        names = [m.key.split(".", 1)[1] if isinstance(keys, str) else m.label for m in base]
        percent = base[0].kind == "proportion"
        scale = 100 if percent else 1
        tallest = 0.0
        for index, variant in enumerate(result.variants):
            by_key = {m.key: m for m in result.metrics[index]}
            heights: list[float] = []
            errors: list[list[float]] = [[], []]
            for metric in base:
                mine = by_key.get(metric.key)
                value = mine.value if mine else 0.0
                low = mine.low if mine and mine.low is not None else value
                high = mine.high if mine and mine.high is not None else value
                heights.append(value * scale)
                errors[0].append(max(0.0, (value - low) * scale))
                errors[1].append(max(0.0, (high - value) * scale))
                tallest = max(tallest, abs(value * scale))
            positions = [i + (index - (count - 1) / 2) * width for i in range(len(base))]
            axis.bar(positions, heights, width, yerr=errors, capsize=3, label=variant.label)
        axis.set_title(title)
        axis.set_xticks(range(len(base)))
        axis.set_xticklabels(names, rotation=20 if len(names) > 4 else 0, fontsize=8)
        if tallest == 0:
            # bars of height 0 draw nothing: keep a visible axis and say why it is empty
            axis.set_ylim(0, max(axis.get_ylim()[1], 100 if percent else 1))
            axis.text(0.5, 0.5, "every variant: 0", transform=axis.transAxes, ha="center",
                      va="center", fontsize=9, color="dimgray")
        if percent:
            axis.set_ylabel("%")
    for axis in list(axes.flat)[len(panels):]:
        axis.set_visible(False)
    handles, labels = axes.flat[0].get_legend_handles_labels()
    figure.legend(handles, labels, loc="upper center", bbox_to_anchor=(0.5, 0.975),
                  ncol=min(count, 4), fontsize=9)
    figure.suptitle(f"{result.game}: {result.units} {result.units_name} per variant, seed "
                    f"{result.seed} (bars: 95% intervals)", y=0.995, fontsize=11)
    figure.tight_layout(rect=(0, 0, 1, 0.93))
    return figure
