"""Rule-lab speed: hands per second on one worker and on all cores, the Dask backend's overhead
against local processes, and the cost of the lab's per-hand bookkeeping against the bare loop.

    python -m bench.lab [GAME] [--hands N] [--rounds R]

The Dask overhead is CPU time per hand, summed over every process that works for the run: this
one (which runs the local cluster's scheduler and its nannies), its local worker processes
(reaped at the end of each run) and the Dask workers (read with psutil, which Dask requires). It
is measured in rounds, local processes and Dask in turn on the same cluster, so both sides run
on warm workers: local workers are forked from this process, which has played the game already;
Dask workers are spawned fresh and pay their imports and the game's tables once, in their first
run, which is shown apart. Prints the figures; nothing is asserted (timings belong in a
benchmark, not a test).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time
from collections.abc import Callable

from cardkit.engine.capabilities import Evaluation
from cardkit.frontends.lab import LocalBackend, SerialBackend, Variant, run_experiment
from cardkit.frontends.lab.backends import default_workers
from cardkit.frontends.lab.simulate import (
    Chunk,
    Plan,
    configured_game,
    fewest_cards_evaluation,
    run_chunk,
)
from cardkit.values.deck import derive_seed


def bare_loop(game, bots: str, hands: int, seed: int) -> float:
    """Seconds for the bare loop: deal, ask the agents, apply; nothing kept."""
    definition = game.definition
    factory = definition.agent_factory(bots)
    started = time.perf_counter()
    for index in range(hands):
        agents = [factory(game, seat, derive_seed(seed, "play", "agents", index, seat))
                  for seat in range(game.players)]
        state = game.new_hand(seed=derive_seed(seed, "hand", index))
        while state.result is None:
            seat = state.current_player
            state.apply_unchecked(agents[seat].choose(state.view(seat), state.legal_actions()))
    return time.perf_counter() - started


def lab_loop(plan: Plan, hands: int) -> float:
    """Seconds for the lab's chunk runner over the same hands (same deals, same agents)."""
    started = time.perf_counter()
    run_chunk(Chunk(plan, 0, "play", 0, hands))
    return time.perf_counter() - started


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", nargs="?", default="tonk")
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--rounds", type=int, default=5,
                        help="rounds of the Dask comparison (local processes and Dask in turn)")
    args = parser.parse_args()
    seed = 1
    game = configured_game(Plan(args.game, args.players or _default_players(args.game), (),
                                None, seed))
    players = game.players
    bots = (args.bots,) * players
    with_lead = Plan(args.game, players, (), None, seed, "hands", bots, True)
    without_lead = Plan(args.game, players, (), None, seed, "hands", bots, False)
    n = args.hands
    declared = game.definition.capability(Evaluation)
    print(f"load average {os.getloadavg()[0]:.2f} on {default_workers()} cores")
    print(f"{args.game}, {players} players, bots {args.bots}, {n} hands "
          f"(evaluation: {'game' if declared else 'fewest cards (fallback)'})")
    bare_loop(game, args.bots, 50, seed)  # warm caches
    # interleaved rounds, best of each: other processes on the machine add noise
    rounds = 5
    size = max(1, n // rounds)
    times: dict[str, list[float]] = {"bare": [], "lean": [], "lead": []}
    for _ in range(rounds):
        times["bare"].append(bare_loop(game, args.bots, size, seed))
        times["lean"].append(lab_loop(without_lead, size))
        times["lead"].append(lab_loop(with_lead, size))
    bare, lean, lead = (min(times[k]) * n / size for k in ("bare", "lean", "lead"))
    per = 1e6 / n
    print(f"  bare loop                      {n / bare:8,.0f} hands/s  {bare * per:7.1f} us/hand")
    print(f"  lab loop, no lead changes      {n / lean:8,.0f} hands/s  {lean * per:7.1f} us/hand"
          f"  (+{(lean - bare) / bare:.1%})")
    print(f"  lab loop, with lead changes    {n / lead:8,.0f} hands/s  {lead * per:7.1f} us/hand"
          f"  (+{(lead - bare) / bare:.1%})")
    evaluate = declared.evaluate if declared else fewest_cards_evaluation
    state = game.new_hand(seed=3)
    started = time.perf_counter()
    for _ in range(20000):
        evaluate(state)
    print(f"  one evaluation                 {(time.perf_counter() - started) / 20000 * 1e6:7.2f}"
          " us")

    variants = [Variant("defaults")]
    cores = default_workers()
    timings = {}
    for label, backend in (("1 worker (in process)", SerialBackend()),
                           (f"{cores} local processes", LocalBackend(cores))):
        result = run_experiment(args.game, variants, units=n, players=players, bots=args.bots,
                                seed=seed, skill_units=0, backend=backend)
        timings[label] = result.elapsed
        print(f"  {label:30} {result.hands_played / result.elapsed:8,.0f} hands/s")
    one, many = timings.values()
    print(f"  speed-up on {cores} cores: x{one / many:.2f}")
    try:
        from cardkit.frontends.lab import DaskBackend

        started = time.perf_counter()
        dask = DaskBackend("local", cores)
        startup = time.perf_counter() - started
    except RuntimeError as error:
        print(f"  Dask: skipped ({error})")
        return
    try:
        dask_overhead(dask, args.game, players, args.bots, n, args.rounds, startup)
    finally:
        dask.close()


def own_cpu() -> float:
    """CPU seconds of this process and of its children that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def cpu_per_hand(run: Callable[[], int], other_cpu: Callable[[], float]) -> float:
    """CPU seconds per hand of ``run()`` (which returns the hands played), this process and its
    children plus ``other_cpu()``."""
    before = own_cpu() + other_cpu()
    hands = run()
    return (own_cpu() + other_cpu() - before) / hands


def dask_overhead(dask, game: str, players: int, bots: str, hands: int, rounds: int,
                  startup: float) -> None:
    """CPU per hand on the Dask cluster against local processes, rounds in turn."""
    import psutil  # a dependency of Dask's distributed

    workers = [psutil.Process(nanny.process.pid) for nanny in dask.cluster.workers.values()]

    def workers_cpu() -> float:
        return sum(sum(worker.cpu_times()[:2]) for worker in workers)

    def experiment(backend) -> Callable[[], int]:
        def run() -> int:
            return run_experiment(game, [Variant("defaults")], units=hands, players=players,
                                  bots=bots, seed=1, skill_units=0, backend=backend).hands_played
        return run

    cores = dask.workers
    first = cpu_per_hand(experiment(dask), workers_cpu)
    local_cpu, dask_cpu = [], []
    for round_ in range(rounds):
        order = ["local", "dask"] if round_ % 2 == 0 else ["dask", "local"]
        for which in order:
            if which == "local":
                local_cpu.append(cpu_per_hand(experiment(LocalBackend(cores)), lambda: 0.0))
            else:
                dask_cpu.append(cpu_per_hand(experiment(dask), workers_cpu))
    ratios = [d / loc - 1 for d, loc in zip(dask_cpu, local_cpu, strict=True)]
    print(f"  CPU per hand, {cores} local processes  {statistics.median(local_cpu) * 1e6:7.1f} us"
          f"   Dask local cluster {statistics.median(dask_cpu) * 1e6:7.1f} us")
    print(f"  Dask overhead (CPU per hand)   {statistics.median(ratios):+.1%} "
          f"({min(ratios):+.1%} to {max(ratios):+.1%} over {rounds} rounds); "
          f"the workers' first run {first / statistics.median(local_cpu) - 1:+.1%}; "
          f"cluster start-up {startup:.1f} s")


def _default_players(name: str) -> int:
    from cardkit.engine.registry import game_definition

    return game_definition(name).default_players


if __name__ == "__main__":
    main()
