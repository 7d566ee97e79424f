"""``cardkit lab GAME``: the rule lab on the command line.

::

    cardkit lab tonk --hands 20000 --players 3 --bots greedy \\
        --rule hit_penalty_turns=0 --compare hit_penalty_turns=1 --compare hit_penalty_turns=3

The baseline is the game with ``--preset``/``--rule``; each ``--compare`` names a variant as
``name=value`` items separated by spaces or ``;`` (``preset=NAME`` picks a preset) on top of the
baseline. Every variant plays the same deals. See ``docs/lab.md``.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from cardkit_cli.main import CardkitError
from cardkit_cli.options import (
    definition_of,
    parse_rule_texts,
    players_option,
    preset_option,
    rule_option,
    usage_errors,
)
from cardkit_cli.paths import unwritable_reason

__all__ = ["lab"]


def _progress_bar() -> tuple[Callable[[int, int], None] | None, Any]:
    """A rich progress bar on stderr (hands and hands per second), or none when stderr is not
    a terminal."""
    if not sys.stderr.isatty():
        return None, None
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeRemainingColumn,
    )

    progress = Progress(
        TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(), console=Console(stderr=True), transient=True,
    )
    task = progress.add_task("lab", total=None, rate="")
    progress.start()

    def update(done: int, total: int) -> None:
        speed = progress.tasks[0].speed
        progress.update(task, completed=done, total=total,
                        rate=f"{speed:,.0f} hands/s" if speed else "")

    return update, progress


@click.command("lab")
@click.argument("game_name", metavar="GAME")
@click.option("--hands", "hands", type=click.IntRange(min=1), default=10_000, show_default=True,
              help="Hands to simulate per variant.")
@click.option("--matches", type=click.IntRange(min=1), default=None,
              help="Simulate N whole matches per variant instead of hands.")
@players_option
@click.option("--bots", default=None, metavar="AGENT[,AGENT...]",
              help="Agent for every seat, or one per seat (default: greedy if the game has it).")
@preset_option
@rule_option
@click.option("--compare", "compares", multiple=True, metavar="'NAME=VALUE ...'",
              help="A variant to compare with the baseline (repeatable): name=value items "
                   "separated by spaces or ';', preset=NAME for a preset.")
@click.option("--seed", type=int, default=0, show_default=True, help="Master seed.")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: all cores).")
@click.option("--cluster", metavar="ADDRESS", default=None,
              help="Run on a Dask cluster (scheduler address, or 'local' for one on loopback).")
@click.option("--skill-hands", type=click.IntRange(min=0), default=None,
              help="Units of greedy-vs-random play for the skill metric (default: as many as "
                   "--hands/--matches; 0 skips it).")
@click.option("--skill-trace", "ladder", is_flag=False, flag_value="random,easy,normal,hard",
              default=None, metavar="[AGENT,AGENT...]",
              help="Measure the skill trace up a ladder of agents, weakest first (default "
                   "random,easy,normal,hard; agents the game lacks are skipped).")
@click.option("--trace-deals", type=click.IntRange(min=1), default=None,
              help="Deals per step of the skill trace, each played once per seat (default: "
                   "--hands divided by the players).")
@click.option("--no-lead", is_flag=True, help="Skip the lead-change evaluation (faster).")
@click.option("--max-match-hands", type=click.IntRange(min=1), default=200, show_default=True,
              help="Stop a match that has not ended after this many hands.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write every metric and comparison as JSON.")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write one row per variant and metric as CSV.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write a PNG of the main metrics (needs matplotlib).")
def lab(game_name: str, hands: int, matches: int | None, players: int | None, bots: str | None,
        preset: str | None, rules: tuple[str, ...], compares: tuple[str, ...], seed: int,
        workers: int | None, cluster: str | None, skill_hands: int | None,
        ladder: str | None, trace_deals: int | None, no_lead: bool, max_match_hands: int,
        json_path: Path | None, csv_path: Path | None, plot_path: Path | None) -> None:
    """Simulate GAME under several rule variants and compare them.

    Each variant plays the same deals (common random numbers), so differences come from the
    rules. Reports win rates and payoffs per seat, endings, hand length, hands with no winner,
    lead changes and the skill of the greedy agent against random ones, each with its 95%
    interval and, per variant, the difference from the baseline and its significance.
    """
    from cardkit.frontends.lab import Variant, run_experiment
    from cardkit.frontends.lab.variants import baseline_label

    definition = definition_of(game_name)
    with usage_errors():
        base_values = parse_rule_texts(rules, definition)
        base = Variant(baseline_label(dict(parse_assignments_raw(rules)), preset),
                       base_values, preset)
        variants = [base]
        for text in compares:
            items = [item for item in text.replace(";", " ").split() if item]
            if not items:
                raise ValueError(f"--compare {text!r}: name the variant as name=value items "
                                 "(e.g. --compare 'hit_penalty_turns=3')")
            chosen_preset = base.preset
            rule_items = []
            for item in items:
                name, _, value = item.partition("=")
                if name.strip() == "preset":
                    chosen_preset = value.strip() or None
                else:
                    rule_items.append(item)
            values = {**base.options, **parse_rule_texts(rule_items, definition, "--compare")}
            variants.append(Variant(" ".join(items) or text, values, chosen_preset))
        listed = None if bots is None else [b.strip() for b in bots.split(",") if b.strip()]
        # one bot plays every seat; several are one per seat
        seat_bots: str | list[str] | None = (
            listed[0] if listed is not None and len(listed) == 1 else listed)
        for variant in variants:
            variant.configure(game_name, players)
    for flag, output in (("--json", json_path), ("--csv", csv_path), ("--plot", plot_path)):
        reason = None if output is None else unwritable_reason(output)
        if reason:
            raise CardkitError(f"{flag} {output}: {reason}", 2)
    if cluster and importlib.util.find_spec("distributed") is None:
        raise CardkitError("--cluster needs Dask's distributed scheduler: "
                           "pip install 'cardkit[cluster]'", 1)
    if plot_path and importlib.util.find_spec("matplotlib") is None:
        raise CardkitError("--plot needs matplotlib: pip install 'cardkit[plot]'", 1)
    from cardkit.frontends.lab import LabInterrupted

    update, progress = _progress_bar()
    try:
        with usage_errors():
            result = run_experiment(
                game_name, variants, units=matches or hands, players=players, bots=seat_bots,
                mode="matches" if matches else "hands", seed=seed, workers=workers,
                cluster=cluster, skill_units=skill_hands, lead=not no_lead, ladder=ladder,
                trace_units=trace_deals,
                max_match_hands=max_match_hands, progress=update,
            )
    except RuntimeError as error:
        raise CardkitError(str(error), 1) from None
    except LabInterrupted as interrupted:
        if progress is not None:
            progress.stop()
            progress = None
        _stop_interrupted(interrupted.partial, json_path, csv_path, plot_path)
    finally:
        if progress is not None:
            progress.stop()
    _report(result, json_path, csv_path, plot_path)


def _report(result: Any, json_path: Path | None, csv_path: Path | None,
            plot_path: Path | None) -> None:
    """The report on standard output, and the files asked for."""
    from rich.console import Console

    from cardkit.frontends.lab.report import print_report, to_json, write_csv

    console = Console(width=None if sys.stdout.isatty() else 160)
    print_report(result, console)
    if json_path:
        json_path.write_text(to_json(result) + "\n")
        click.echo(f"wrote {json_path}", err=True)
    if csv_path:
        with csv_path.open("w", newline="") as stream:
            write_csv(result, stream)
        click.echo(f"wrote {csv_path}", err=True)
    if plot_path:
        from cardkit.frontends.lab.plot import write_plot

        write_plot(result, plot_path)
        click.echo(f"wrote {plot_path}", err=True)


def _stop_interrupted(partial: Any, json_path: Path | None, csv_path: Path | None,
                      plot_path: Path | None) -> None:
    """Ctrl-C: report and write what every variant finished, or say nothing was written;
    exit 130 (the shell's code for an interrupted command)."""
    asked = any(path is not None for path in (json_path, csv_path, plot_path))
    click.echo("", err=True)
    if partial is None:
        click.echo("interrupted before every variant had finished a first batch: "
                   + ("nothing was written" if asked else "no results to show"), err=True)
        raise SystemExit(130)
    click.echo(f"interrupted: the results below cover the {partial.units} "
               f"{partial.units_name} every variant finished", err=True)
    try:
        _report(partial, json_path, csv_path, plot_path)
    except KeyboardInterrupt:
        click.echo("interrupted again: stopping", err=True)
    if asked:
        click.echo(f"(partial results: {partial.units} {partial.units_name} per variant)",
                   err=True)
    raise SystemExit(130)


def parse_assignments_raw(texts: tuple[str, ...]) -> list[tuple[str, str]]:
    """``name=value`` texts as pairs, as typed (for the baseline's label)."""
    return [(name.strip(), value.strip()) for name, _, value in
            (text.partition("=") for text in texts)]
