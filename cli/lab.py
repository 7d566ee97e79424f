"""``cardkit lab GAME``: the rule lab on the command line.

::

    cardkit lab tonk --hands 20000 --players 3 --bots greedy \\
        --rule hit_penalty_turns=0 --compare hit_penalty_turns=1 --compare hit_penalty_turns=3

    cardkit lab gin-rummy --players 2 --sweep knock_limit=0..10 --report knock.html

The baseline is the game with ``--preset``/``--rule``; each ``--compare`` names a variant as
``name=value`` items separated by spaces or ``;`` (``preset=NAME`` picks a preset) on top of the
baseline, after an optional short name and a colon (``'penalty 3: hit_penalty_turns=3'``).
``--sweep NAME=V1,V2,...`` (or ``A..B``, ``A..B:STEP``) runs one variant per value instead; two
sweeps make a grid. Every variant plays the same deals. See ``docs/lab.md``.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import click
from cardkit_cli.bounds import (
    MAX_HANDS,
    MAX_LAB_HANDS,
    MAX_LAB_MATCHES,
    MAX_PLAYOUTS,
    MAX_WORKERS,
    SEED,
    Seconds,
    Whole,
)
from cardkit_cli.main import CardkitError
from cardkit_cli.options import (
    GAME_NAME,
    definition_of,
    parse_rule_texts,
    players_option,
    preset_option,
    rule_option,
    usage_errors,
)
from cardkit_cli.paths import unwritable_reason

__all__ = ["lab"]


def _cost_printer(progress: Any) -> Callable[[Any], None]:
    """Say a run's estimated cost on stderr before it starts (above the progress bar)."""
    def say(cost: Any) -> None:
        text = "estimating the cost: timing a few hands of each part ..." if cost is None \
            else cost.text()
        if progress is not None:
            progress.console.print(text, highlight=False)
        else:
            click.echo(text, err=True)

    return say


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


#: ``--skill-trace`` given alone: the game's whole ladder.
WHOLE_LADDER = "(the whole ladder)"


@click.command("lab")
@click.argument("game_name", metavar="GAME", type=GAME_NAME)
@click.option("--hands", "hands", type=Whole(1, MAX_LAB_HANDS), default=10_000, show_default=True,
              help="Hands to simulate per variant.")
@click.option("--matches", type=Whole(1, MAX_LAB_MATCHES), default=None,
              help="Simulate N whole matches per variant instead of hands.")
@players_option
@click.option("--bots", default=None, metavar="AGENT[,AGENT...]",
              help="Agent for every seat, or one per seat (default: greedy if the game has it).")
@preset_option
@rule_option
@click.option("--compare", "compares", multiple=True, metavar="'[NAME:] OPTION=VALUE ...'",
              help="A variant to compare with the baseline (repeatable): an optional short name "
                   "and a colon, then option=value items separated by spaces or ';' "
                   "(preset=NAME for a preset).")
@click.option("--baseline", "baseline_name", metavar="NAME", default=None,
              help="A short name for the baseline (default: its options).")
@click.option("--sweep", "sweeps", multiple=True, metavar="OPTION=V1,V2,...|A..B[:STEP]",
              help="One variant per value of an option, on the same deals (twice for a grid); "
                   "the first value is the baseline.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Master seed.")
@click.option("--workers", type=Whole(1, MAX_WORKERS), default=None,
              help="Worker processes (default: all cores).")
@click.option("--cluster", metavar="ADDRESS", default=None,
              help="Run on a Dask cluster (scheduler address, or 'local' for one on loopback).")
@click.option("--skill-hands", type=Whole(0, MAX_LAB_HANDS), default=None,
              help="Units of greedy-vs-random play for the skill metric (default: as many as "
                   "--hands/--matches; 0 skips it).")
@click.option("--skill-trace", "ladder", is_flag=False, flag_value=WHOLE_LADDER,
              default=None, metavar="[AGENT,AGENT...]",
              help="Measure the skill trace up a ladder of agents, weakest first (alone: the "
                   "game's whole ladder, random < easy < normal < hard < expert as it offers "
                   "them).")
@click.option("--trace-deals", type=Whole(1, MAX_LAB_HANDS), default=None,
              help="Deals per step of the skill trace, each played once per seat (default: "
                   "--hands divided by the players).")
@click.option("--think", type=Seconds(0.001, 60), default=None,
              metavar="SECONDS",
              help="Seconds a decision for the agents that search (hard, expert ...); the "
                   "numbers then vary a little from run to run.")
@click.option("--playouts", type=Whole(1, MAX_PLAYOUTS), default=None, metavar="N",
              help="Play-outs a decision for the agents that search: reproducible runs.")
@click.option("--no-lead", is_flag=True, help="Skip the lead-change evaluation (faster).")
@click.option("--max-match-hands", type=Whole(1, MAX_HANDS), default=200, show_default=True,
              help="Stop a match that has not ended after this many hands.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write every metric and comparison as JSON.")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write one row per variant and metric as CSV.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write a PNG of the main metrics (needs matplotlib).")
@click.option("--report", "report_paths", multiple=True,
              type=click.Path(dir_okay=False, path_type=Path), metavar="FILE.html|FILE.md",
              help="Write the report to hand out: findings, figure, tables and how to "
                   "reproduce (repeatable).")
@click.option("--examples", "examples_dir", type=click.Path(file_okay=False, path_type=Path),
              default=None, metavar="DIR",
              help="Write a few deals each variant changed as records (baseline and variant), "
                   "for 'cardkit replay'.")
def lab(game_name: str, hands: int, matches: int | None, players: int | None, bots: str | None,
        preset: str | None, rules: tuple[str, ...], compares: tuple[str, ...],
        baseline_name: str | None, sweeps: tuple[str, ...], seed: int, workers: int | None,
        cluster: str | None, skill_hands: int | None, ladder: str | None,
        trace_deals: int | None, think: float | None, playouts: int | None, no_lead: bool,
        max_match_hands: int, json_path: Path | None, csv_path: Path | None,
        plot_path: Path | None, report_paths: tuple[Path, ...],
        examples_dir: Path | None) -> None:
    """Simulate GAME under several rule variants and compare them.

    Each variant plays the same deals (common random numbers), so differences come from the
    rules. Reports win rates and payoffs per seat, endings, hand length, hands with no winner,
    lead changes, the events the rules caused, the share of deals each variant changed, and
    the skill of the greedy agent against random ones, each with its 95% interval and, per
    variant, the difference from the baseline and its significance.
    """
    from cardkit.frontends.lab import Variant, run_experiment
    from cardkit.frontends.lab.sweep import parse_sweep, sweep_variants
    from cardkit.frontends.lab.variants import baseline_label, split_label

    definition = definition_of(game_name)
    axes: list[tuple[str, tuple[Any, ...]]] = []
    with usage_errors():
        base_values = parse_rule_texts(rules, definition)
        base = Variant(baseline_name or baseline_label(dict(parse_assignments_raw(rules)),
                                                       preset), base_values, preset)
        if sweeps and compares:
            raise ValueError("--sweep and --compare exclude each other: a sweep's variants are "
                             "its values")
        if len(sweeps) > 2:
            raise ValueError("--sweep varies one option, or two for a grid; not more")
        for text in sweeps:
            name, texts = parse_sweep(text)
            if name not in definition.options:
                raise ValueError(f"--sweep {text!r}: {definition.name} has no option {name!r}; "
                                 "valid options: " + ", ".join(definition.options.names))
            if name in base_values:
                raise ValueError(f"--sweep {name}: the option is also set by --rule; sweep it "
                                 "or set it, not both")
            option = definition.options[name]
            axes.append((name, tuple(_converted(option, value, text) for value in texts)))
        variants = sweep_variants(axes, base_values, preset) if axes else [base]
        if axes and baseline_name:
            variants[0] = Variant(baseline_name, variants[0].options, preset)
        for text in compares:
            label, body = split_label(text)
            items = [item for item in body.replace(";", " ").split() if item]
            if not items:
                raise ValueError(f"--compare {text!r}: name the variant as name=value items "
                                 "(e.g. --compare 'penalty 3: hit_penalty_turns=3')")
            chosen_preset = base.preset
            rule_items = []
            for item in items:
                name, _, value = item.partition("=")
                if name.strip() == "preset":
                    chosen_preset = value.strip() or None
                else:
                    rule_items.append(item)
            values = {**base.options, **parse_rule_texts(rule_items, definition, "--compare")}
            variants.append(Variant(label or " ".join(items), values, chosen_preset))
        labels = [variant.label for variant in variants]
        if len(set(labels)) != len(labels):
            twice = next(label for label in labels if labels.count(label) > 1)
            raise ValueError(f"two variants are named {twice!r}: give each a short name of "
                             "its own")
        listed = None if bots is None else [b.strip() for b in bots.split(",") if b.strip()]
        # one bot plays every seat; several are one per seat
        seat_bots: str | list[str] | None = (
            listed[0] if listed is not None and len(listed) == 1 else listed)
        for variant in variants:
            variant.configure(game_name, players)
    for flag, output in (("--json", json_path), ("--csv", csv_path), ("--plot", plot_path),
                         *(("--report", path) for path in report_paths)):
        reason = None if output is None else unwritable_reason(output)
        if reason:
            raise CardkitError(f"{flag} {output}: {reason}", 2)
    for path in report_paths:
        if path.suffix.lower() not in (".html", ".htm", ".md"):
            raise CardkitError(f"--report {path}: write FILE.html or FILE.md", 2)
    if examples_dir is not None:
        reason = _folder_problem(examples_dir)
        if reason:
            raise CardkitError(f"--examples {examples_dir}: {reason}", 2)
        if matches:
            raise CardkitError("--examples writes hands: it needs --hands, not --matches", 2)
    if cluster and importlib.util.find_spec("distributed") is None:
        raise CardkitError("--cluster needs Dask's distributed scheduler: "
                           "pip install 'cardkit[cluster]'", 1)
    if plot_path and importlib.util.find_spec("matplotlib") is None:
        raise CardkitError("--plot needs matplotlib: pip install 'cardkit[plot]'", 1)
    from cardkit.frontends.lab import LabInterrupted

    outputs = _Outputs(json_path, csv_path, plot_path, report_paths, examples_dir)
    update, progress = _progress_bar()
    try:
        with usage_errors():
            result = run_experiment(
                game_name, variants, units=matches or hands, players=players, bots=seat_bots,
                mode="matches" if matches else "hands", seed=seed, workers=workers,
                cluster=cluster, skill_units=skill_hands, lead=not no_lead,
                ladder=True if ladder == WHOLE_LADDER else ladder, trace_units=trace_deals,
                max_match_hands=max_match_hands, progress=update, think=think,
                playouts=playouts, axes=axes, on_cost=_cost_printer(progress),
            )
    except RuntimeError as error:
        raise CardkitError(str(error), 1) from None
    except LabInterrupted as interrupted:
        if progress is not None:
            progress.stop()
            progress = None
        _stop_interrupted(interrupted.partial, outputs)
    finally:
        if progress is not None:
            progress.stop()
    _report(result, outputs)


def _converted(option: Any, value: str, text: str) -> Any:
    """A swept value converted by its option (a bad one names the sweep)."""
    try:
        return option.convert(value)
    except ValueError as error:
        raise ValueError(f"--sweep {text!r}: {error}") from None


def _folder_problem(folder: Path) -> str | None:
    """Why records cannot be written into ``folder`` (made if missing), or None."""
    if folder.exists():
        if not folder.is_dir():
            return "it is a file, not a folder"
        return None if os.access(folder, os.W_OK | os.X_OK) else "cannot create files in it"
    parent = folder.parent
    if not parent.is_dir():
        return f"there is no folder {parent}"
    return None if os.access(parent, os.W_OK | os.X_OK) else f"cannot create a folder in {parent}"


@attrs.frozen
class _Outputs:
    """The files a run was asked to write."""

    json: Path | None
    csv: Path | None
    plot: Path | None
    reports: tuple[Path, ...]
    examples: Path | None

    @property
    def asked(self) -> bool:
        """True when any file is to be written."""
        return any((self.json, self.csv, self.plot, self.reports, self.examples))


def _report(result: Any, outputs: _Outputs) -> None:
    """The report on standard output, and the files asked for."""
    from rich.console import Console

    from cardkit.frontends.lab.report import print_report, to_json, write_csv

    console = Console(width=None if sys.stdout.isatty() else 160)
    print_report(result, console)
    if outputs.json:
        outputs.json.write_text(to_json(result) + "\n")
        click.echo(f"wrote {outputs.json}", err=True)
    if outputs.csv:
        with outputs.csv.open("w", newline="") as stream:
            write_csv(result, stream)
        click.echo(f"wrote {outputs.csv}", err=True)
    if outputs.plot:
        from cardkit.frontends.lab.plot import write_plot

        write_plot(result, outputs.plot)
        click.echo(f"wrote {outputs.plot}", err=True)
    for path in outputs.reports:
        from cardkit.frontends.lab.handout import write_report

        for written in write_report(result, path, outputs.examples):
            click.echo(f"wrote {written}", err=True)
    if outputs.examples is not None:
        _write_examples(result, outputs.examples)


def _write_examples(result: Any, folder: Path) -> None:
    """Write the changed deals as records and say where, or that there were none."""
    from cardkit.frontends.lab.examples import replay_command, write_examples

    written = write_examples(result, folder)
    if not written:
        click.echo(f"--examples: no variant changed the result of any hand; nothing written "
                   f"to {folder}", err=True)
        return
    for first, second, changed in written:
        note = "" if changed else " (played again, these came out alike: an agent thought " \
                                  "by the clock; use --playouts)"
        click.echo(f"wrote {first} and {second}{note}", err=True)
    click.echo("see one under both rule sets, side by side: "
               + replay_command(written[0][0], written[0][1]), err=True)


def _stop_interrupted(partial: Any, outputs: _Outputs) -> None:
    """Ctrl-C: report and write what every variant finished, or say nothing was written;
    exit 130 (the shell's code for an interrupted command)."""
    click.echo("", err=True)
    if partial is None:
        click.echo("interrupted before every variant had finished a first batch: "
                   + ("nothing was written" if outputs.asked else "no results to show"),
                   err=True)
        raise SystemExit(130)
    click.echo(f"interrupted: the results below cover the {partial.units} "
               f"{partial.units_name} every variant finished", err=True)
    try:
        _report(partial, outputs)
    except KeyboardInterrupt:
        click.echo("interrupted again: stopping", err=True)
    if outputs.asked:
        click.echo(f"(partial results: {partial.units} {partial.units_name} per variant)",
                   err=True)
    raise SystemExit(130)


def parse_assignments_raw(texts: tuple[str, ...]) -> list[tuple[str, str]]:
    """``name=value`` texts as pairs, as typed (for the baseline's label)."""
    return [(name.strip(), value.strip()) for name, _, value in
            (text.partition("=") for text in texts)]
