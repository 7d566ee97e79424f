"""The rule lab's sweep target: gin's ``knock_limit`` over 0..10, 5,000 hands a value, on two
cores, and the same sweep on a local Dask cluster giving identical numbers.

    python -m bench.lab_sweep [--hands 5000] [--workers 2] [--no-dask] [--skill-hands N]

Prints the wall time and the CPU time of each run (this process, its local worker processes
and, for Dask, the cluster's workers: the machine may be shared, so the CPU time says what the
work itself cost), the hands played, and whether the local and Dask results are identical
(every metric, difference, change and finding; timings aside). Nothing is asserted: timings
belong in a benchmark, not a test. The sweep runs with the lab's defaults: lead changes, the
greedy-against-random skill run (as many hands as the sweep's), events and changes.
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from collections.abc import Callable
from typing import Any

from cardkit.frontends.lab import LocalBackend, sweep
from cardkit.frontends.lab.backends import Backend, default_workers

#: What differs between two runs of the same sweep by nature, not by result.
TIMING = ("elapsed_seconds", "hands_per_second", "backend", "workers")


def own_cpu() -> float:
    """CPU seconds of this process and of its children that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def run(backend: Backend, hands: int, skill_hands: int | None,
        other_cpu: Callable[[], float]) -> tuple[Any, float, float]:
    """(result, wall seconds, CPU seconds) of the sweep on ``backend``."""
    cpu = own_cpu() + other_cpu()
    started = time.perf_counter()
    result = sweep("gin-rummy", "knock_limit", range(11), units=hands, players=2, seed=1,
                   skill_units=skill_hands, backend=backend)
    return result, time.perf_counter() - started, own_cpu() + other_cpu() - cpu


def stable(result: Any) -> dict[str, Any]:
    """The result's data without its timings."""
    data = result.to_dict()
    for key in TIMING:
        data.pop(key)
    return data


def report(label: str, result: Any, wall: float, cpu: float) -> None:
    """One line per run."""
    print(f"  {label:26} {wall:6.1f} s wall  {cpu:6.1f} s CPU  {result.hands_played:7,} hands "
          f"({result.hands_played / wall:6,.0f} hands/s)", flush=True)


def main() -> None:
    """Run the sweep locally, then on Dask, and compare."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000, help="hands per value")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--skill-hands", type=int, default=None,
                        help="hands of the skill run per value (default: as many as --hands)")
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {default_workers()} cores; gin-rummy, "
          f"2 players, knock_limit 0..10, {args.hands} hands a value, {args.workers} workers")
    local, wall, cpu = run(LocalBackend(args.workers), args.hands, args.skill_hands,
                           lambda: 0.0)
    report(f"{args.workers} local processes", local, wall, cpu)
    if args.no_dask:
        return
    try:
        from cardkit.frontends.lab import DaskBackend

        started = time.perf_counter()
        dask = DaskBackend("local", args.workers)
    except RuntimeError as error:
        print(f"  Dask: skipped ({error})")
        return
    print(f"  Dask local cluster started in {time.perf_counter() - started:.1f} s")
    try:
        import psutil  # a dependency of Dask's distributed

        workers = [psutil.Process(nanny.process.pid) for nanny in dask.cluster.workers.values()]

        def workers_cpu() -> float:
            return sum(sum(worker.cpu_times()[:2]) for worker in workers)

        remote, wall, cpu = run(dask, args.hands, args.skill_hands, workers_cpu)
        report(f"Dask, {dask.workers} workers", remote, wall, cpu)
    finally:
        dask.close()
    same = stable(local) == stable(remote)
    print(f"  local and Dask results identical: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
