"""Two-player gin rummy: cardkit's PettingZoo and Gymnasium steps beside RLCard's own engine.

Usage: ``python -m bench.rlcard_gin [--rounds R] [--seconds S]``, or ``--only LOOP --steps N``
to run one loop for a fixed number of steps, for an instruction count that the machine's load
does not move (``valgrind --tool=callgrind``, the difference between two counts of steps).

Every decision takes a uniformly random legal move, and the observation of the seat to move is
built at each one: ``last()`` then ``step`` in PettingZoo (the observation vector and the
action mask); ``step`` in Gymnasium against a random opponent (its moves included); RLCard's
``env.step`` (which extracts the next player's state, its observation and legal actions, every
step). The loops run in turn, ``--rounds`` times for ``--seconds`` each, and the ratios come
from the CPU time of this process (another process on a shared machine does not inflate them):
steps per CPU second of cardkit over RLCard's, per round and their median.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from cardkit.adapters.gymnasium import make_env
from cardkit.adapters.pettingzoo import env

#: ``--steps``: run each loop for this many steps instead of for a time (0: by time).
FIXED_STEPS = [0]


def _going(steps: int, started: float, seconds: float) -> bool:
    """True until ``seconds`` of CPU have passed (or ``FIXED_STEPS`` steps were made); the
    clock is read every 256 steps only (reading it costs as much as a step on some
    machines)."""
    if FIXED_STEPS[0]:
        return steps < FIXED_STEPS[0]
    return steps % 256 != 0 or time.process_time() - started < seconds


def pettingzoo_loop(seed: int) -> Callable[[float], float]:
    """Steps per CPU second of cardkit's PettingZoo gin for ``seconds`` of CPU."""
    table = env("gin-rummy", players=2)
    rng = np.random.default_rng(seed)
    table.reset(seed=seed)

    def run(seconds: float) -> float:
        steps, started = 0, time.process_time()
        while _going(steps, started, seconds):
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.reset()
                continue
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        return steps / (time.process_time() - started)

    return run


def gymnasium_loop(seed: int) -> Callable[[float], float]:
    """Steps per CPU second of cardkit's Gymnasium gin (a random opponent); a step counts the
    opponent's moves too, as in RLCard's loop, so both count every move of the hand."""
    single = make_env("gin-rummy", players=2, opponents="random")
    rng = np.random.default_rng(seed)
    observation, _ = single.reset(seed=seed)

    def run(seconds: float) -> float:
        nonlocal observation
        moves, calls, started = 0, 0, time.process_time()
        while _going(calls, started, seconds):
            calls += 1
            legal = np.flatnonzero(observation["action_mask"])
            before = len(single.state.history) if single.state is not None else 0
            observation, _, terminated, truncated, _ = single.step(
                int(legal[rng.integers(len(legal))]))
            assert single.state is not None
            moves += len(single.state.history) - before
            if terminated or truncated:
                observation, _ = single.reset()
        return moves / (time.process_time() - started)

    return run


def rlcard_loop(seed: int) -> Callable[[float], float]:
    """Steps per CPU second of RLCard's gin rummy engine (``rlcard.make("gin-rummy")``)."""
    import rlcard

    game = rlcard.make("gin-rummy", config={"seed": seed})
    rng = random.Random(seed)
    state, _ = game.reset()

    def run(seconds: float) -> float:
        nonlocal state
        steps, started = 0, time.process_time()
        while _going(steps, started, seconds):
            if game.is_over():
                state, _ = game.reset()
                continue
            legal = list(state["legal_actions"])
            state, _ = game.step(legal[rng.randrange(len(legal))])
            steps += 1
        return steps / (time.process_time() - started)

    return run


def main() -> None:
    """Interleave the loops and print each round's rates and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=("pettingzoo", "gymnasium", "rlcard"),
                        help="run this loop alone, for --steps steps")
    parser.add_argument("--steps", type=int, default=10_000)
    args = parser.parse_args()
    if args.only:
        loop = {"pettingzoo": pettingzoo_loop, "gymnasium": gymnasium_loop,
                "rlcard": rlcard_loop}[args.only](args.seed)
        FIXED_STEPS[0] = args.steps
        loop(0.0)
        print(f"{args.only}: {args.steps} steps")
        return
    loops = {"pettingzoo": pettingzoo_loop(args.seed), "gymnasium": gymnasium_loop(args.seed),
             "rlcard": rlcard_loop(args.seed)}
    for loop in loops.values():
        loop(0.2)  # warm up: tables built on first use
    ratios: dict[str, list[float]] = {"pettingzoo": [], "gymnasium": []}
    print("| round | PettingZoo steps/s | Gymnasium moves/s | RLCard steps/s "
          "| PettingZoo / RLCard | Gymnasium / RLCard |")
    print("|---|---|---|---|---|---|")
    for number in range(1, args.rounds + 1):
        rates = {name: loop(args.seconds) for name, loop in loops.items()}
        for name in ratios:
            ratios[name].append(rates[name] / rates["rlcard"])
        print(f"| {number} | {rates['pettingzoo']:,.0f} | {rates['gymnasium']:,.0f} | "
              f"{rates['rlcard']:,.0f} | {ratios['pettingzoo'][-1]:.2f} | "
              f"{ratios['gymnasium'][-1]:.2f} |", flush=True)
    print(f"median ratio over RLCard: PettingZoo {statistics.median(ratios['pettingzoo']):.2f}, "
          f"Gymnasium {statistics.median(ratios['gymnasium']):.2f}")


if __name__ == "__main__":
    main()
