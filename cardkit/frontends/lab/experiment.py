"""Running an experiment: variants x units -> metrics, comparisons and a summary."""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

import attrs

from cardkit.engine.capabilities import Events
from cardkit.engine.registry import game_definition
from cardkit.frontends.lab.backends import Backend, ChunksInterrupted, make_backend
from cardkit.frontends.lab.budget import budget_note, check_budget, thinking_agents
from cardkit.frontends.lab.changes import change_metrics
from cardkit.frontends.lab.compare import (
    CORRECTION,
    TESTS,
    Difference,
    adjust_differences,
    compare_metrics,
    summarise,
)
from cardkit.frontends.lab.cost import RunCost, estimate_cost
from cardkit.frontends.lab.findings import findings
from cardkit.frontends.lab.handout import command_line, result_html
from cardkit.frontends.lab.metrics import Metric, Sample, compute_metrics, merge_chunks, unit_values
from cardkit.frontends.lab.plot import build_figure
from cardkit.frontends.lab.simulate import Chunk, ChunkResult, Plan, trace_kind
from cardkit.frontends.lab.skill import (
    default_ladder,
    resolve_ladder,
    step_key,
    trace_metrics,
    trace_unit_values,
)
from cardkit.frontends.lab.tidy import records, to_pandas
from cardkit.frontends.lab.variants import Variant

__all__ = ["LabInterrupted", "LabResult", "load", "plan_chunks", "run_experiment"]

Progress = Callable[[int, int], None]


@attrs.define
class LabResult:
    """Everything an experiment measured. ``metrics[i]`` and ``differences[i]`` belong to
    ``variants[i]``; ``differences[0]`` (the baseline's) is empty, as are ``changes[0]`` and
    ``changed_hands[0]``: ``changes[i]`` holds the shares of the shared deals whose result
    (and whose winner) variant *i* changed, ``changed_hands[i]`` the first of those deals.

    ``axes`` names the swept options and their values (:func:`~cardkit.frontends.lab.sweep.
    sweep`; empty for a comparison); ``events`` the events the game declares, with their
    meanings; ``think``/``playouts`` the searching agents' budget; ``command`` the
    ``cardkit lab`` command line that reproduces the run.

    In a notebook: :meth:`records` (tidy rows), :meth:`to_pandas`, :meth:`plot` (the figure)
    and the table a result displays as (``_repr_html_``).
    """

    game: str
    players: int
    mode: str
    units: int
    seed: int
    bots: tuple[str, ...]
    skill_agent: str | None
    skill_units: int
    variants: list[Variant]
    metrics: list[list[Metric]]
    differences: list[dict[str, Difference]]
    summary: str
    elapsed: float
    backend: str
    workers: int
    hands_played: int
    actions: int
    interrupted: bool = False
    ladder: tuple[str, ...] = ()
    trace_units: int = 0
    notes: list[str] = attrs.field(factory=list)
    changes: list[list[Metric]] = attrs.field(factory=list)
    changed_hands: list[list[int]] = attrs.field(factory=list)
    events: Mapping[str, str] = attrs.field(factory=dict)
    axes: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    think: float | None = None
    playouts: int | None = None
    lead: bool = True
    max_match_hands: int = 200
    command: str = ""
    families: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)

    @property
    def trace_steps(self) -> list[tuple[str, str]]:
        """The skill trace's steps, ``(weaker, stronger)``, up the ladder (those measured: an
        interrupted run may not have reached every step)."""
        keys = {metric.key for metric in self.metrics[0]} if self.metrics else set()
        return [(weak, strong) for weak, strong in pairwise(self.ladder)
                if f"{step_key(weak, strong)}.gain" in keys]

    @property
    def unit(self) -> str:
        """``hand`` or ``match``."""
        return "match" if self.mode == "matches" else "hand"

    @property
    def units_name(self) -> str:
        """``hands`` or ``matches``."""
        return "matches" if self.mode == "matches" else "hands"

    @property
    def is_sweep(self) -> bool:
        """True for a sweep (variants one per value, or per point of a grid)."""
        return bool(self.axes)

    def metric(self, variant: int, key: str) -> Metric:
        """The metric ``key`` of variant number ``variant``."""
        for metric in self.metrics[variant]:
            if metric.key == key:
                return metric
        for metric in self.changes[variant] if variant < len(self.changes) else ():
            if metric.key == key:
                return metric
        raise KeyError(key)

    def coordinates(self, variant: int) -> tuple[Any, ...]:
        """A sweep's variant as its value of each swept option (empty for a comparison)."""
        options = self.variants[variant].options
        return tuple(options.get(name) for name, _ in self.axes)

    def plan(self, variant: int) -> Plan:
        """The plan that played variant ``variant`` (to play one of its hands again)."""
        chosen = self.variants[variant]
        return Plan(self.game, self.players, tuple(sorted(chosen.options.items())),
                    chosen.preset, self.seed, self.mode, self.bots, self.lead,
                    self.max_match_hands, self.think, self.playouts)

    def findings(self) -> list[str]:
        """The findings in plain sentences, most important first
        (:func:`~cardkit.frontends.lab.findings.findings`)."""
        return findings(self)

    def records(self) -> list[dict[str, Any]]:
        """Tidy rows, one per variant and metric (:func:`~cardkit.frontends.lab.tidy.records`),
        for a data frame or a spreadsheet."""
        return records(self)

    def to_pandas(self) -> Any:
        """:meth:`records` as a ``pandas.DataFrame`` (needs pandas)."""
        return to_pandas(self)

    def plot(self) -> Any:
        """The matplotlib figure of the run (needs matplotlib)."""
        return build_figure(self)

    def _repr_html_(self) -> str:
        """The findings and tables as HTML, for Jupyter."""
        return result_html(self, plots=False)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (the ``--json`` output)."""
        return {
            "game": self.game, "players": self.players, "mode": self.mode, "units": self.units,
            "seed": self.seed, "bots": list(self.bots), "skill_agent": self.skill_agent,
            "skill_units": self.skill_units, "backend": self.backend, "workers": self.workers,
            "elapsed_seconds": self.elapsed, "hands_played": self.hands_played,
            "interrupted": self.interrupted,
            "think": self.think, "playouts": self.playouts,
            "sweep": [{"option": name, "values": [_plain(v) for v in values]}
                      for name, values in self.axes],
            "skill_trace": {"ladder": list(self.ladder), "deals": self.trace_units,
                            "steps": [f"{weak}>{strong}" for weak, strong in self.trace_steps],
                            "format": "duplicate: each deal played once with the stronger "
                                      "agent in each seat, the weaker in the others"},
            "events": dict(self.events),
            "notes": list(self.notes),
            "hands_per_second": self.hands_played / self.elapsed if self.elapsed else None,
            "tests": {**TESTS, "alpha": 0.05,
                      "paired": "hand i of every variant is dealt alike: per-hand metrics "
                                "use the paired tests, the others the unpaired ones",
                      "intervals": "95%: Wilson (shares), Student t (means), exact Poisson "
                                   "(events' counts a hand); each metric's 'interval' names "
                                   "its own",
                      "correction": CORRECTION,
                      "plus_minus": "± is half the width of the 95% interval, written only "
                                    "when the interval is symmetric; else the interval"},
            "variants": [
                {**variant.to_dict(), "baseline": i == 0,
                 "metrics": [m.to_dict() for m in self.metrics[i]],
                 "differences": {k: d.to_dict() for k, d in self.differences[i].items()},
                 "changes": [m.to_dict() for m in
                             (self.changes[i] if i < len(self.changes) else [])],
                 "changed_hands": list(self.changed_hands[i]
                                       if i < len(self.changed_hands) else [])}
                for i, variant in enumerate(self.variants)
            ],
            "findings": self.findings(),
            "summary": self.summary,
            "command": command_line(self),
            "actions": self.actions, "lead": self.lead,
            "max_match_hands": self.max_match_hands,
            "families": {name: list(members) for name, members in self.families.items()},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LabResult:
        """The result :meth:`to_dict` wrote (``--json``), whole again: its tables, findings,
        figure and reports are those of the run (:func:`load`)."""
        try:
            return _from_dict(data)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise ValueError(f"not a lab result written by --json ({error!r})") from None


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple | set | frozenset) else value


def _option_value(game: str, name: str, value: Any) -> Any:
    """An option value read back from JSON, converted by the game's declaration when it can
    (a JSON list back to the tuple it was), else as read."""
    try:
        return game_definition(game).options[name].convert(value)
    except (KeyError, ValueError, TypeError):
        return tuple(value) if isinstance(value, list) else value


def _from_dict(data: Mapping[str, Any]) -> LabResult:
    game = data["game"]
    variants = [Variant(entry["label"], {name: _option_value(game, name, value)
                                         for name, value in entry["options"].items()},
                        entry.get("preset")) for entry in data["variants"]]
    trace = data.get("skill_trace") or {}
    return LabResult(
        game=game, players=data["players"], mode=data["mode"], units=data["units"],
        seed=data["seed"], bots=tuple(data["bots"]), skill_agent=data.get("skill_agent"),
        skill_units=data.get("skill_units", 0), variants=variants,
        metrics=[[Metric.from_dict(m) for m in entry["metrics"]]
                 for entry in data["variants"]],
        differences=[{key: Difference.from_dict(d) for key, d in entry["differences"].items()}
                     for entry in data["variants"]],
        summary=data.get("summary", ""), elapsed=data.get("elapsed_seconds", 0.0),
        backend=data.get("backend", ""), workers=data.get("workers", 1),
        hands_played=data.get("hands_played", 0), actions=data.get("actions", 0),
        interrupted=data.get("interrupted", False), ladder=tuple(trace.get("ladder", ())),
        trace_units=trace.get("deals", 0), notes=list(data.get("notes", [])),
        changes=[[Metric.from_dict(m) for m in entry.get("changes", [])]
                 for entry in data["variants"]],
        changed_hands=[list(entry.get("changed_hands", [])) for entry in data["variants"]],
        events=dict(data.get("events", {})),
        axes=tuple((entry["option"], tuple(_option_value(game, entry["option"], v)
                                           for v in entry["values"]))
                   for entry in data.get("sweep", [])),
        think=data.get("think"), playouts=data.get("playouts"), lead=data.get("lead", True),
        max_match_hands=data.get("max_match_hands", 200), command=data.get("command", ""),
        families={name: tuple(members) for name, members in data.get("families", {}).items()},
    )


def load(path: str | Path) -> LabResult:
    """A result saved by ``cardkit lab ... --json FILE`` (or ``to_json``), loaded back as the
    same :class:`LabResult`: its findings, tables, records, figure and reports are the run's.
    ``ValueError`` with one line for a file that is not one."""
    target = Path(path)
    try:
        data = json.loads(target.read_text(encoding="utf-8"))
    except OSError as error:
        raise ValueError(f"cannot read {target}: {error.strerror or error}") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"{target} is not JSON: {error.msg} (line {error.lineno})") from None
    if not isinstance(data, dict) or "variants" not in data or "metrics" not in (
            data["variants"][0] if data.get("variants") else {}):
        raise ValueError(f"{target} is not a lab result written by --json")
    return LabResult.from_dict(data)


class LabInterrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`run_experiment`. ``partial`` is the result of the units that
    every variant finished (the same deals in each, so the comparison stays paired), or None
    when no variant pair had finished any."""

    def __init__(self, partial: LabResult | None) -> None:
        super().__init__()
        self.partial = partial


def plan_chunks(plans: Sequence[Plan], units: int, skill_units: int, skill_agent: str | None,
                chunk_size: int, ladder: Sequence[str] = (), trace_units: int = 0
                ) -> list[Chunk]:
    """Every variant's units split into chunks: play first, then skill, then each step of the
    skill trace up ``ladder`` (a trace chunk of ``k`` deals plays ``k x players`` hands, so
    its chunks are smaller), and the variants' chunks of the same units side by side, so an
    interrupted run has finished the same deals in every variant."""
    chunks = []
    for kind, count in (("play", units), ("skill", skill_units if skill_agent else 0)):
        for start in range(0, count, chunk_size):
            for variant, plan in enumerate(plans):
                chunks.append(Chunk(plan, variant, kind, start, min(count, start + chunk_size),
                                    skill_agent or "greedy"))
    size = max(1, chunk_size // plans[0].players) if plans else 1
    for weak, strong in pairwise(ladder):
        for start in range(0, trace_units, size):
            for variant, plan in enumerate(plans):
                chunks.append(Chunk(plan, variant, "trace", start,
                                    min(trace_units, start + size), strong, weak))
    return chunks


def common_chunks(results: Sequence[ChunkResult], variants: int) -> list[ChunkResult]:
    """The results of the units every variant finished (chunks of the same kind and start)."""
    done: dict[tuple[str, int], set[int]] = {}
    for result in results:
        done.setdefault((result.kind, result.start), set()).add(result.variant)
    complete = {key for key, seen in done.items() if len(seen) == variants}
    return [result for result in results if (result.kind, result.start) in complete]


def run_experiment(
    game: str,
    variants: Sequence[Variant],
    units: int = 10_000,
    players: int | None = None,
    bots: str | Sequence[str] | None = None,
    mode: str = "hands",
    seed: int = 0,
    workers: int | None = None,
    cluster: str | None = None,
    backend: Backend | None = None,
    skill_units: int | None = None,
    skill_agent: str | None = "greedy",
    lead: bool = True,
    ladder: str | Sequence[str] | bool | None = None,
    trace_units: int | None = None,
    chunk_size: int | None = None,
    max_match_hands: int = 200,
    progress: Progress | None = None,
    think: float | None = None,
    playouts: int | None = None,
    axes: Sequence[tuple[str, Sequence[Any]]] = (),
    command: str = "",
    on_cost: Callable[[RunCost | None], None] | None = None,
) -> LabResult:
    """Simulate ``units`` hands (``mode="hands"``) or matches (``"matches"``) of each variant
    on the same seeds and compare them with the first.

    ``bots`` names one agent for every seat or one per seat (default: ``greedy`` if the game
    has it, else ``random``). The skill run plays ``skill_units`` units (default ``units``;
    0 to skip) with ``skill_agent`` in one seat, rotated, and random agents elsewhere; it is
    skipped when the game has no such agent. ``ladder`` (agent names, weakest first, or one
    comma-separated text; ``True`` for the game's whole ladder, random < easy < normal <
    hard < expert as its roster offers it) turns on the skill trace (:mod:`cardkit.lab.skill`):
    each step up the ladder plays ``trace_units`` deals (default ``units // players``) in the
    duplicate format; rungs the game lacks are skipped and named in ``notes``. Agents that
    search (``hard``, ``expert`` ...) think ``playouts`` play-outs a decision (reproducible) or
    ``think`` seconds (see :mod:`~cardkit.frontends.lab.budget`). ``workers``/``cluster``
    choose the backend (see :func:`~cardkit.lab.backends.make_backend`) unless ``backend`` is
    given; the results do not depend on them. ``progress(done, total)`` is called as units
    finish. ``axes`` and ``command`` are kept in the result (a sweep's options and values; the
    command line that reproduces the run). ``on_cost``, when given, is called before the run
    starts, with None as the timing begins and then with the estimated cost
    (:func:`~cardkit.frontends.lab.cost.estimate_cost`: a few hands of each part timed), when
    an agent that searches plays (the ladder's ``hard`` and
    ``expert``, ``bots`` that search): the runs that take minutes.
    """
    if not variants:
        raise ValueError("an experiment needs at least one variant")
    if mode not in ("hands", "matches"):
        raise ValueError(f"mode must be 'hands' or 'matches', not {mode!r}")
    if units < 1:
        raise ValueError("the number of hands or matches must be at least 1")
    definition = game_definition(game)
    players = players or definition.default_players
    if bots is None:
        bots = "greedy" if "greedy" in definition.agent_names else "random"
    seat_bots = (bots,) * players if isinstance(bots, str) else tuple(bots)
    if len(seat_bots) != players:
        raise ValueError(f"{len(seat_bots)} bots given for {players} players")
    for name in seat_bots:
        definition.agent_factory(name)
    check_budget(think, playouts)
    if skill_agent is not None and skill_agent not in definition.agent_names:
        skill_agent = None
    skill_count = (units if skill_units is None else skill_units) if skill_agent else 0
    rungs: tuple[str, ...] = ()
    notes: list[str] = []
    if ladder is True:
        rungs = default_ladder(definition)
    elif ladder is not None and ladder is not False:
        names = ladder.split(",") if isinstance(ladder, str) else list(ladder)
        rungs, notes = resolve_ladder(definition, names)
    if ladder is not None and ladder is not False and len(rungs) < 2:
        notes.append("the skill trace needs two agents on the ladder: it was skipped")
        rungs = ()
    note = budget_note(definition, [*seat_bots, *rungs], think, playouts)
    if note:
        notes.append(note)
    trace_count = (max(1, units // players) if trace_units is None else trace_units) \
        if rungs else 0
    if trace_count < 1:
        rungs = ()
    plans = []
    for variant in variants:
        configured = variant.configure(game, players)  # validates the options now, not in workers
        plans.append(Plan(game, players, tuple(sorted(variant.options.items())), variant.preset,
                          seed, mode, seat_bots, lead, max_match_hands, think, playouts))
        del configured
    own_backend = backend is None
    backend = backend or make_backend(workers, cluster)
    size = chunk_size or max(10, min(2000, math.ceil(units / (backend.workers * 4))))
    chunks = plan_chunks(plans, units, skill_count, skill_agent, size, rungs, trace_count)
    total = sum((chunk.stop - chunk.start) * (players if chunk.kind == "trace" else 1)
                for chunk in chunks)
    done = 0
    if on_cost is not None and thinking_agents(definition, [*seat_bots, *rungs]):
        try:
            on_cost(None)  # the timing starts (seconds when agents search by the clock)
            on_cost(estimate_cost(chunks, backend.workers))
        except BaseException as error:
            if own_backend:
                backend.close()
            if isinstance(error, KeyboardInterrupt):
                raise LabInterrupted(None) from None  # stopped before any hand of the run
            raise

    def on_done(chunk: Chunk) -> None:
        nonlocal done
        done += (chunk.stop - chunk.start) * (players if chunk.kind == "trace" else 1)
        if progress:
            progress(done, total)

    if progress:
        progress(0, total)  # the bar shows its total at once, not "0/?" until a chunk ends
    declared = definition.capability(Events)
    events = dict(declared.meanings) if declared is not None else {}
    settings = _Settings(game, players, mode, seed, seat_bots, skill_agent, rungs, notes,
                         events, tuple((name, tuple(values)) for name, values in axes), think,
                         playouts, lead, max_match_hands, command,
                         dict(declared.families) if declared is not None else {})
    started = time.perf_counter()
    try:
        results = backend.run(chunks, on_done)
    except ChunksInterrupted as interrupted:
        finished = common_chunks(interrupted.results, len(variants))
        partial = None
        if any(result.kind == "play" for result in finished):
            partial = _result(settings, variants, finished, time.perf_counter() - started,
                              backend, interrupted=True)
        raise LabInterrupted(partial) from None
    finally:
        if own_backend:
            backend.close()
    return _result(settings, variants, results, time.perf_counter() - started, backend)


@attrs.frozen
class _Settings:
    """What a run was asked to do, for :func:`_result`."""

    game: str
    players: int
    mode: str
    seed: int
    bots: tuple[str, ...]
    skill_agent: str | None
    ladder: tuple[str, ...]
    notes: list[str]
    events: Mapping[str, str]
    axes: tuple[tuple[str, tuple[Any, ...]], ...]
    think: float | None
    playouts: int | None
    lead: bool
    max_match_hands: int
    command: str
    families: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)


def _result(settings: _Settings, variants: Sequence[Variant], results: Sequence[ChunkResult],
            elapsed: float, backend: Backend, interrupted: bool = False) -> LabResult:
    """Metrics, comparisons, changes and summary from the chunks' results (with the skill
    trace's steps up the ladder that were run)."""
    players, mode, skill_agent = settings.players, settings.mode, settings.skill_agent
    skill_units = sum(len(r.endings) for r in results if r.kind == "skill" and r.variant == 0)
    samples = []
    for index in range(len(variants)):
        play = merge_chunks(results, index, "play")
        skill = merge_chunks(results, index, "skill") if skill_units else None
        samples.append(Sample(play, skill))
    endings = sorted({e for s in samples for e in s.play.endings})
    # the declared events, then any other a hand counted (a plugin's undeclared ones)
    counted = {name for s in samples for hand in s.play.events for name in hand}
    events = [*settings.events, *sorted(counted - set(settings.events))]
    families = {name: members for name, members in settings.families.items()
                if all(member in events for member in members)}
    metrics = [compute_metrics(s, players, mode, endings, skill_agent or "greedy", events,
                               families) for s in samples]
    # per-unit values pair hand i of every variant (same deal, same agent seeds)
    units_of = [dict(unit_values(s, players, mode, endings, events, families))
                for s in samples]
    trace_units = 0
    for weak, strong in pairwise(settings.ladder):
        steps = [merge_chunks(results, index, trace_kind(weak, strong))
                 for index in range(len(variants))]
        if not steps[0].seats:  # an interrupted run that never reached this step
            continue
        trace_units = len(steps[0].seats) // players
        for index, step in enumerate(steps):
            metrics[index].extend(trace_metrics(step, players, weak, strong))
            units_of[index].update(trace_unit_values(step, players, weak, strong))
    differences: list[dict[str, Difference]] = [{}]
    differences += [compare_metrics(metrics[0], metrics[i], units_of[0], units_of[i])
                    for i in range(1, len(metrics))]
    differences = adjust_differences(differences)  # Holm across the run's tests
    labels = [v.label for v in variants]
    unit = "match" if mode == "matches" else "hand"
    changes: list[list[Metric]] = [[]]
    changed: list[list[int]] = [[]]
    for sample in samples[1:]:
        found, first = change_metrics(samples[0].play, sample.play, unit, list(settings.events))
        changes.append(found)
        changed.append(first)
    summary = summarise(labels, metrics, differences, unit)
    units = len(samples[0].play.endings)
    hands = sum(len(r.seats) if r.kind.startswith("trace ")
                else sum(r.hands) if mode == "matches" else len(r.endings) for r in results)
    return LabResult(settings.game, players, mode, units, settings.seed, settings.bots,
                     skill_agent, skill_units, list(variants), metrics, differences, summary,
                     elapsed, backend.name, backend.workers, hands,
                     sum(r.actions for r in results), interrupted, settings.ladder,
                     trace_units, list(settings.notes), changes, changed,
                     {**{name: settings.events.get(name, "") for name in events},
                      **{name: "together: " + ", ".join(m.replace("_", " ") for m in members)
                         for name, members in families.items()}}, settings.axes,
                     settings.think, settings.playouts, settings.lead,
                     settings.max_match_hands, settings.command, families)
