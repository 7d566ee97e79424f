"""What a run will cost, said before it starts: a short timing of each part, scaled up.

A skill trace up to ``expert`` plays searching agents whose every decision runs play-outs; a
class must know before it waits whether the run takes two minutes or two hours. The estimate
times, in this process, a few units of each part of the run under the baseline (a handful of
hands of the main and skill runs, one deal of each step of the trace: the step's n hands),
in CPU seconds (so a busy machine does not inflate it), and scales each part to its units in
every variant. The CPU total divided among the workers is the run's time on an idle machine of
that many cores (a cluster's workers alike). The probe plays on seeds of their own, past the
run's units, so what it times is typical of the run and is not a deal the run plays.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import attrs

from cardkit.frontends.lab.simulate import Chunk, run_chunk

__all__ = ["PROBE_HANDS", "RunCost", "estimate_cost", "format_seconds"]

#: Hands of the main and skill runs timed for the estimate (a trace step: one deal).
PROBE_HANDS = 4


@attrs.frozen
class RunCost:
    """The estimate: CPU seconds per part (``"play"``, ``"skill"``, ``"trace WEAK>STRONG"``)
    for the whole run, the workers sharing them, and the probe's own CPU seconds."""

    parts: dict[str, float]
    workers: int
    probe_seconds: float

    @property
    def cpu_seconds(self) -> float:
        """The run's CPU seconds, every part in every variant."""
        return sum(self.parts.values())

    @property
    def wall_seconds(self) -> float:
        """The run's time with its workers busy side by side on an idle machine."""
        return self.cpu_seconds / max(1, self.workers)

    def text(self) -> str:
        """One line: the estimate and what of it the trace's steps take."""
        trace = {kind[len("trace "):]: cpu for kind, cpu in self.parts.items()
                 if kind.startswith("trace ")}
        worst = max(trace, key=trace.__getitem__) if trace else None
        where = "" if worst is None else (
            f"; the trace {format_seconds(sum(trace.values()))} of it, the step "
            f"{worst.replace('>', ' → ')} {format_seconds(trace[worst])}")
        workers = "1 worker" if self.workers == 1 else f"{self.workers} workers"
        return (f"estimated cost: {format_seconds(self.cpu_seconds)} of CPU, about "
                f"{format_seconds(self.wall_seconds)} on {workers}{where} (timed on a few "
                f"hands of each part, {format_seconds(self.probe_seconds)})")


def format_seconds(seconds: float) -> str:
    """A duration as people say it: ``45 s``, ``3 min 10 s``, ``2 h 5 min``."""
    whole = round(seconds)
    if whole < 60:
        return f"{max(seconds, 0):.1f} s" if seconds < 10 else f"{whole} s"
    minutes, secs = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes} min {secs} s" if secs else f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min" if minutes else f"{hours} h"


def _units(chunk: Chunk) -> int:
    return chunk.stop - chunk.start


def estimate_cost(chunks: Sequence[Chunk], workers: int) -> RunCost:
    """Time a probe of each part of ``chunks`` under the first variant's plan and scale it to
    every chunk's units (see the module's docstring)."""
    probes: dict[str, Chunk] = {}
    units: dict[str, int] = {}
    for chunk in chunks:
        kind = chunk.result_kind
        units[kind] = units.get(kind, 0) + _units(chunk)
        if kind not in probes:
            probes[kind] = chunk
    total = sum(units.values()) if units else 0
    parts: dict[str, float] = {}
    spent = 0.0
    for kind, chunk in probes.items():
        size = 1 if chunk.kind == "trace" else min(PROBE_HANDS, units[kind])
        start = total + chunk.stop  # past every unit the run plays
        probe = attrs.evolve(chunk, start=start, stop=start + size)
        began = time.process_time()
        run_chunk(probe)
        used = time.process_time() - began
        spent += used
        parts[kind] = used / size * units[kind]
    return RunCost(parts, workers, spent)
