"""Running an experiment: variants x units -> metrics, comparisons and a summary."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

import attrs

from cardkit.frontends.lab.backends import Backend, ChunksInterrupted, make_backend
from cardkit.frontends.lab.compare import TESTS, Difference, compare_metrics, summarise
from cardkit.frontends.lab.metrics import Metric, Sample, compute_metrics, merge_chunks, unit_values
from cardkit.frontends.lab.simulate import Chunk, ChunkResult, Plan, trace_kind
from cardkit.frontends.lab.skill import resolve_ladder, step_key, trace_metrics, trace_unit_values
from cardkit.frontends.lab.variants import Variant
from cardkit.services.registry import game_definition

__all__ = ["LabInterrupted", "LabResult", "plan_chunks", "run_experiment"]

Progress = Callable[[int, int], None]


@attrs.define
class LabResult:
    """Everything an experiment measured. ``metrics[i]`` and ``differences[i]`` belong to
    ``variants[i]``; ``differences[0]`` (the baseline's) is empty."""

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

    def metric(self, variant: int, key: str) -> Metric:
        """The metric ``key`` of variant number ``variant``."""
        for metric in self.metrics[variant]:
            if metric.key == key:
                return metric
        raise KeyError(key)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (the ``--json`` output)."""
        return {
            "game": self.game, "players": self.players, "mode": self.mode, "units": self.units,
            "seed": self.seed, "bots": list(self.bots), "skill_agent": self.skill_agent,
            "skill_units": self.skill_units, "backend": self.backend, "workers": self.workers,
            "elapsed_seconds": self.elapsed, "hands_played": self.hands_played,
            "interrupted": self.interrupted,
            "skill_trace": {"ladder": list(self.ladder), "deals": self.trace_units,
                            "steps": [f"{weak}>{strong}" for weak, strong in self.trace_steps],
                            "format": "duplicate: each deal played once with the stronger "
                                      "agent in each seat, the weaker in the others"},
            "notes": list(self.notes),
            "hands_per_second": self.hands_played / self.elapsed if self.elapsed else None,
            "tests": {**TESTS, "alpha": 0.05,
                      "paired": "hand i of every variant is dealt alike: per-hand metrics "
                                "use the paired tests, the others the unpaired ones",
                      "intervals": "95%: Wilson (proportions), Student t (means)"},
            "variants": [
                {**variant.to_dict(), "baseline": i == 0,
                 "metrics": [m.to_dict() for m in self.metrics[i]],
                 "differences": {k: d.to_dict() for k, d in self.differences[i].items()}}
                for i, variant in enumerate(self.variants)
            ],
            "summary": self.summary,
        }


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
    ladder: str | Sequence[str] | None = None,
    trace_units: int | None = None,
    chunk_size: int | None = None,
    max_match_hands: int = 200,
    progress: Progress | None = None,
) -> LabResult:
    """Simulate ``units`` hands (``mode="hands"``) or matches (``"matches"``) of each variant
    on the same seeds and compare them with the first.

    ``bots`` names one agent for every seat or one per seat (default: ``greedy`` if the game
    has it, else ``random``). The skill run plays ``skill_units`` units (default ``units``;
    0 to skip) with ``skill_agent`` in one seat, rotated, and random agents elsewhere; it is
    skipped when the game has no such agent. ``ladder`` (agent names, weakest first, or one
    comma-separated text) turns on the skill trace (:mod:`cardkit.lab.skill`): each step up
    the ladder plays ``trace_units`` deals (default ``units // players``) in the duplicate
    format; rungs the game lacks are skipped and named in ``notes``. ``workers``/``cluster``
    choose the backend (see :func:`~cardkit.lab.backends.make_backend`) unless ``backend`` is
    given; the results do not depend on them. ``progress(done, total)`` is called as units finish.
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
        bots = "greedy" if "greedy" in definition.agents else "random"
    seat_bots = (bots,) * players if isinstance(bots, str) else tuple(bots)
    if len(seat_bots) != players:
        raise ValueError(f"{len(seat_bots)} bots given for {players} players")
    for name in seat_bots:
        definition.agent_factory(name)
    if skill_agent is not None and skill_agent not in definition.agents:
        skill_agent = None
    skill_count = (units if skill_units is None else skill_units) if skill_agent else 0
    rungs: tuple[str, ...] = ()
    notes: list[str] = []
    if ladder is not None:
        names = ladder.split(",") if isinstance(ladder, str) else list(ladder)
        rungs, notes = resolve_ladder(definition, names)
        if len(rungs) < 2:
            notes.append("the skill trace needs two agents on the ladder: it was skipped")
            rungs = ()
    trace_count = (max(1, units // players) if trace_units is None else trace_units) \
        if rungs else 0
    if trace_count < 1:
        rungs = ()
    plans = []
    for variant in variants:
        configured = variant.configure(game, players)  # validates the options now, not in workers
        plans.append(Plan(game, players, tuple(sorted(variant.options.items())), variant.preset,
                          seed, mode, seat_bots, lead, max_match_hands))
        del configured
    own_backend = backend is None
    backend = backend or make_backend(workers, cluster)
    size = chunk_size or max(10, min(2000, math.ceil(units / (backend.workers * 4))))
    chunks = plan_chunks(plans, units, skill_count, skill_agent, size, rungs, trace_count)
    total = sum((chunk.stop - chunk.start) * (players if chunk.kind == "trace" else 1)
                for chunk in chunks)
    done = 0

    def on_done(chunk: Chunk) -> None:
        nonlocal done
        done += (chunk.stop - chunk.start) * (players if chunk.kind == "trace" else 1)
        if progress:
            progress(done, total)

    if progress:
        progress(0, total)  # the bar shows its total at once, not "0/?" until a chunk ends
    started = time.perf_counter()
    try:
        results = backend.run(chunks, on_done)
    except ChunksInterrupted as interrupted:
        finished = common_chunks(interrupted.results, len(variants))
        partial = None
        if any(result.kind == "play" for result in finished):
            partial = _result(game, players, mode, seed, seat_bots, skill_agent, variants,
                              finished, time.perf_counter() - started, backend, interrupted=True,
                              ladder=rungs, notes=notes)
        raise LabInterrupted(partial) from None
    finally:
        if own_backend:
            backend.close()
    return _result(game, players, mode, seed, seat_bots, skill_agent, variants, results,
                   time.perf_counter() - started, backend, ladder=rungs, notes=notes)


def _result(game: str, players: int, mode: str, seed: int, seat_bots: tuple[str, ...],
            skill_agent: str | None, variants: Sequence[Variant],
            results: Sequence[ChunkResult], elapsed: float, backend: Backend,
            interrupted: bool = False, ladder: Sequence[str] = (),
            notes: Sequence[str] = ()) -> LabResult:
    """Metrics, comparisons and summary from the chunks' results (with the skill trace's
    steps up ``ladder`` that were run; ``notes`` say what the ladder skipped)."""
    skill_units = sum(len(r.endings) for r in results if r.kind == "skill" and r.variant == 0)
    samples = []
    for index in range(len(variants)):
        play = merge_chunks(results, index, "play")
        skill = merge_chunks(results, index, "skill") if skill_units else None
        samples.append(Sample(play, skill))
    endings = sorted({e for s in samples for e in s.play.endings})
    metrics = [compute_metrics(s, players, mode, endings, skill_agent or "greedy")
               for s in samples]
    # per-unit values pair hand i of every variant (same deal, same agent seeds)
    units_of = [dict(unit_values(s, players, mode, endings)) for s in samples]
    trace_units = 0
    for weak, strong in pairwise(ladder):
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
    labels = [v.label for v in variants]
    unit = "match" if mode == "matches" else "hand"
    summary = summarise(labels, metrics, differences, unit)
    units = len(samples[0].play.endings)
    hands = sum(len(r.seats) if r.kind.startswith("trace ")
                else sum(r.hands) if mode == "matches" else len(r.endings) for r in results)
    return LabResult(game, players, mode, units, seed, seat_bots, skill_agent, skill_units,
                     list(variants), metrics, differences, summary, elapsed, backend.name,
                     backend.workers, hands, sum(r.actions for r in results), interrupted,
                     tuple(ladder), trace_units, list(notes))
