"""Benchmark the climbing library's compiled kernel against its pure-Python reference.

Usage: ``python -m bench.climbing_kernel [--seed N] [--hands N] [--rounds N]``. On random
13-card hands under Tiến Lên's rules (``cardkit.load_game("tien-len")``), in CPU time, the two
interleaved in every round (the order alternating), prints µs per call of each and the ratio
Python / kernel (median over the rounds, with its least and greatest):

- ``sequence_groups``: a hand's sequences and double sequences (a seat's first enumeration);
- ``keep_disjoint``: a hand's combinations (masks and the combinations themselves) less those
  that share a card with one of the hand's singles just played (a move's legal list narrowed);
- ``pick_bits``: the singles above a random threshold, from the hand's strength mask.

Without the extension built (or with ``CARDKIT_PURE_PYTHON=1``) only the Python figures are
printed. See cardkit/libraries/climbing/kernel.py.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import cardkit
from cardkit.libraries.climbing import all_combinations, enumeration, kernel, sequence_groups
from cardkit.values.cards import CardSet


def cpu_seconds(calls: list[tuple[Callable[..., Any], tuple[Any, ...]]]) -> float:
    """The CPU time of making every call once."""
    start = time.process_time()
    for function, args in calls:
        function(*args)
    return time.process_time() - start


def compare(name: str, rounds: int, kernel_calls: list[tuple[Callable[..., Any], tuple[Any, ...]]],
            python_calls: list[tuple[Callable[..., Any], tuple[Any, ...]]]) -> None:
    """Time both lists of calls ``rounds`` times, interleaved, and print the figures."""
    per_call = 1e6 / len(python_calls)
    kernel_us: list[float] = []
    python_us: list[float] = []
    for round_ in range(rounds):
        order = [(kernel_calls, kernel_us), (python_calls, python_us)]
        for calls, found in order if round_ % 2 else reversed(order):
            found.append(cpu_seconds(calls) * per_call)
    python = statistics.median(python_us)
    if not kernel.KERNEL:
        print(f"{name:<16} Python {python:7.2f} µs   (no kernel: not built or turned off)")
        return
    ratios = sorted(p / k for p, k in zip(python_us, kernel_us, strict=True))
    print(f"{name:<16} kernel {statistics.median(kernel_us):7.2f} µs   Python {python:7.2f} µs"
          f"   Python/kernel {statistics.median(ratios):5.2f}x ({ratios[0]:.2f}-{ratios[-1]:.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rules = cardkit.load_game("tien-len").new_hand(seed=args.seed).rules
    smasks = [sum(1 << strength for strength in rng.sample(range(52), 13))
              for _ in range(args.hands)]

    # sequence_groups: the module's enumeration swapped between the two for each pass
    def with_python(smask: int) -> None:
        compiled = enumeration._all_sequence_masks
        enumeration._all_sequence_masks = enumeration.python_all_sequence_masks
        try:
            sequence_groups(rules, smask)
        finally:
            enumeration._all_sequence_masks = compiled

    def with_kernel(smask: int) -> None:  # the same frame of work as with_python
        compiled = enumeration._all_sequence_masks
        enumeration._all_sequence_masks = compiled
        try:
            sequence_groups(rules, smask)
        finally:
            enumeration._all_sequence_masks = compiled

    compare("sequence_groups", args.rounds, [(with_kernel, (smask,)) for smask in smasks],
            [(with_python, (smask,)) for smask in smasks])

    narrowing = []
    for smask in smasks[:1000]:
        combos = all_combinations(CardSet(rules.cards_of_strength_mask(smask)), rules)
        masks = [rules.strength_mask(combo.cards) for combo in combos]
        gone = 1 << rng.choice([s for s in range(52) if smask >> s & 1])
        narrowing.append((masks, combos, gone))
    compare("keep_disjoint", args.rounds,
            [(kernel.keep_disjoint, case) for case in narrowing],
            [(kernel.python_keep_disjoint, case) for case in narrowing])

    singles = list(range(52))  # stands for a game's table of single plays by strength
    picks = []
    for smask in smasks:
        threshold = rng.randrange(-1, 51)
        picks.append((smask >> threshold + 1, singles, threshold + 1))
    compare("pick_bits", args.rounds, [(kernel.pick_bits, case) for case in picks],
            [(kernel.python_pick_bits, case) for case in picks])


if __name__ == "__main__":
    main()
