"""Running an experiment: variants x units -> metrics, comparisons and a summary."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

import attrs

from cardkit.lab.backends import Backend, make_backend
from cardkit.lab.compare import TESTS, Difference, compare_metrics, summarise
from cardkit.lab.metrics import Metric, Sample, compute_metrics, merge_chunks, unit_values
from cardkit.lab.simulate import Chunk, Plan, trace_kind
from cardkit.lab.skill import resolve_ladder, trace_metrics, trace_unit_values
from cardkit.lab.variants import Variant
from cardkit.registry import game_definition

__all__ = ["LabResult", "plan_chunks", "run_experiment"]

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
    ladder: tuple[str, ...] = ()
    trace_units: int = 0
    notes: list[str] = attrs.field(factory=list)

    @property
    def trace_steps(self) -> list[tuple[str, str]]:
        """The skill trace's steps, ``(weaker, stronger)``, up the ladder."""
        return list(pairwise(self.ladder))

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


def plan_chunks(plans: Sequence[Plan], units: int, skill_units: int, skill_agent: str | None,
                chunk_size: int, ladder: Sequence[str] = (), trace_units: int = 0
                ) -> list[Chunk]:
    """Every variant's units split into chunks (play first, then skill, then each step of the
    skill trace up ``ladder``; a trace chunk of ``k`` deals plays ``k x players`` hands, so
    its chunks are smaller)."""
    chunks = []
    for variant, plan in enumerate(plans):
        for kind, count in (("play", units), ("skill", skill_units if skill_agent else 0)):
            for start in range(0, count, chunk_size):
                chunks.append(Chunk(plan, variant, kind, start, min(count, start + chunk_size),
                                    skill_agent or "greedy"))
        size = max(1, chunk_size // plan.players)
        for weak, strong in pairwise(ladder):
            for start in range(0, trace_units, size):
                chunks.append(Chunk(plan, variant, "trace", start,
                                    min(trace_units, start + size), strong, weak))
    return chunks


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

    started = time.perf_counter()
    try:
        results = backend.run(chunks, on_done)
    finally:
        if own_backend:
            backend.close()
    elapsed = time.perf_counter() - started
    samples = []
    for index in range(len(variants)):
        play = merge_chunks(results, index, "play")
        skill = merge_chunks(results, index, "skill") if skill_count else None
        samples.append(Sample(play, skill))
    endings = sorted({e for s in samples for e in s.play.endings})
    metrics = [compute_metrics(s, players, mode, endings, skill_agent or "greedy")
               for s in samples]
    # per-unit values pair hand i of every variant (same deal, same agent seeds)
    units_of = [dict(unit_values(s, players, mode, endings)) for s in samples]
    steps = list(pairwise(rungs))
    for index in range(len(variants)):
        for weak, strong in steps:
            step = merge_chunks(results, index, trace_kind(weak, strong))
            metrics[index].extend(trace_metrics(step, players, weak, strong))
            units_of[index].update(trace_unit_values(step, players, weak, strong))
    differences: list[dict[str, Difference]] = [{}] + [
        compare_metrics(metrics[0], metrics[i], units_of[0], units_of[i])
        for i in range(1, len(metrics))]
    labels = [v.label for v in variants]
    unit = "match" if mode == "matches" else "hand"
    summary = summarise(labels, metrics, differences, unit)
    hands = sum(len(r.seats) if r.kind.startswith("trace ")
                else sum(r.hands) if mode == "matches" else len(r.endings) for r in results)
    return LabResult(game, players, mode, units, seed, seat_bots, skill_agent, skill_count,
                     list(variants), metrics, differences, summary, elapsed, backend.name,
                     backend.workers, hands, sum(r.actions for r in results), rungs,
                     trace_count, notes)
