"""Benchmark cardkit.climbing: all_combinations and beating_combinations on random 13-card hands.

Usage: ``python -m bench.climbing [--seed N] [--hands N]``. Prints calls per second. Tops are
drawn per type by classifying a random combination of that type from another random hand. The
beating rate is measured twice: plain (normal beating) and with a bomb-like extra rule (on a
single 2, quads and double sequences of any length are also generated). Runs in well under 20 s.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from cardkit.libraries.climbing import (
    ClimbingRules,
    Combination,
    ComboType,
    all_combinations,
    beating_combinations,
)
from cardkit.values.cards import STANDARD_CARDS, CardSet, Suit

ALL_BUT_TWO = frozenset(range(1, 14)) - {2}
RULES = ClimbingRules(
    rank_order=(3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2),
    suit_order=(Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS),
    sequence_ranks=ALL_BUT_TWO,
    double_sequence_ranks=ALL_BUT_TWO,
)
BOMB_TYPES = [(ComboType.QUAD, None), (ComboType.DOUBLE_SEQUENCE, None)]


def bomb_rule(candidate: Combination, top: Combination) -> bool:
    """Quads and double sequences beat 2s (the shape of a typical bomb rule)."""
    if top.key.rank != 2:
        return False
    if candidate.type is ComboType.QUAD:
        return top.type is ComboType.SINGLE
    if candidate.type is ComboType.DOUBLE_SEQUENCE:
        return candidate.length >= 3 + top.length - 1
    return False


def random_hand(rng: random.Random) -> CardSet:
    """13 random cards."""
    return CardSet(rng.sample(STANDARD_CARDS, 13))


def random_top(rng: random.Random, type_: ComboType) -> Combination:
    """A random combination of ``type_`` from a random hand (hands without one are redrawn)."""
    while True:
        combos = [c for c in all_combinations(random_hand(rng), RULES) if c.type is type_]
        if combos:
            return rng.choice(combos)


def rate(func: Callable[..., list], args_list: list[tuple]) -> tuple[float, float]:
    """(calls per second, mean result length) of ``func`` over ``args_list``."""
    total = 0
    start = time.perf_counter()
    for args in args_list:
        total += len(func(*args))
    elapsed = time.perf_counter() - start
    return len(args_list) / elapsed, total / len(args_list)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=5000)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hands = [random_hand(rng) for _ in range(args.hands)]

    per_second, mean = rate(lambda h: all_combinations(h, RULES), [(h,) for h in hands])
    print(f"{'all_combinations':<40} {per_second:>10,.0f} calls/s   {mean:6.1f} combos/hand")

    for type_ in ComboType:
        tops = [random_top(rng, type_) for _ in range(200)]
        calls = [(h, rng.choice(tops)) for h in hands]
        per_second, mean = rate(lambda h, t: beating_combinations(h, t, RULES), calls)
        label = f"beating_combinations vs {type_.value}"
        print(f"{label:<40} {per_second:>10,.0f} calls/s   {mean:6.1f} beating/call")

    two_tops = [t for t in (random_top(rng, ComboType.SINGLE) for _ in range(400))
                if t.key.rank == 2][:50]
    calls = [(h, rng.choice(two_tops)) for h in hands]
    per_second, mean = rate(
        lambda h, t: beating_combinations(h, t, RULES, bomb_rule, BOMB_TYPES), calls
    )
    label = "beating_combinations vs single 2 + bombs"
    print(f"{label:<40} {per_second:>10,.0f} calls/s   {mean:6.1f} beating/call")


if __name__ == "__main__":
    main()
