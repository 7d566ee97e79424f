"""Benchmark of the meld search (``python -m bench.melds [--rounds N]``): our solver against
OpenSpiel's C++ ``GinRummyUtils(13, 4, 10).min_deadwood`` on the same hands, as ratios.

Workloads (10 cards, ace low, gin values): random hands from the whole deck; dense hands from
4 consecutive ranks in all four suits; dense hands from a window of 7 consecutive ranks in 2 or
3 suits. Each round times OpenSpiel, ``best_arrangement`` and ``deadwood_value`` on the same
hands, in an order that alternates between rounds; the figure printed is the median over the
rounds of OpenSpiel's time divided by ours (above 1: we are faster), with the lowest and highest
round. Each timing is the least of three passes in CPU time. Cold cache: every round draws
fresh hands (no per-hand memo exists or is hit; each pass redoes the whole search); the
per-rules lookup tables are built before timing. Our answers are checked against OpenSpiel's
on every hand timed (ace low: the same question).

Without OpenSpiel (``pip install open_spiel``) our hands/s are printed alone. The first line
says which search ran: the compiled kernel, or the pure-Python one (no extension built, or
``CARDKIT_PURE_PYTHON=1``: see ``cardkit/libraries/melds/kernel.py``).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable

from cardkit.libraries.melds import MeldRules, arrange, best_arrangement, deadwood_value
from cardkit.values.cards import STANDARD_CARDS, CardSet

try:
    import pyspiel  # type: ignore[import-not-found]
except ImportError:  # the reference engine is optional
    pyspiel = None

LOW = MeldRules()


def random_hands(rng: random.Random, count: int) -> list[CardSet]:
    """``count`` 10-card hands drawn from the whole deck."""
    return [CardSet(rng.sample(STANDARD_CARDS, 10)) for _ in range(count)]


def block_hands(rng: random.Random, count: int) -> list[CardSet]:
    """10-card hands from 4 consecutive ranks in all four suits (many sets compete)."""
    hands = []
    for _ in range(count):
        start = rng.randint(1, 10)
        block = [card for card in STANDARD_CARDS if start <= card.rank < start + 4]
        hands.append(CardSet(rng.sample(block, 10)))
    return hands


def window_hands(rng: random.Random, count: int) -> list[CardSet]:
    """10-card hands from 7 consecutive ranks in 2 or 3 suits (long runs compete)."""
    hands = []
    for _ in range(count):
        start = rng.randint(1, 7)
        suits = rng.sample(range(4), rng.choice((2, 3)))
        block = [card for card in STANDARD_CARDS
                 if start <= card.rank < start + 7 and card.suit in suits]
        hands.append(CardSet(rng.sample(block, 10)))
    return hands


WORKLOADS: dict[str, tuple[Callable[[random.Random, int], list[CardSet]], int]] = {
    "random 10 cards": (random_hands, 5_000),
    "dense: 4 ranks x 4 suits": (block_hands, 1_000),
    "dense: 7-rank window, 2-3 suits": (window_hands, 2_000),
}


def openspiel_cards(hand: CardSet) -> list[int]:
    """OpenSpiel numbering: suit * 13 + rank - 1 with suits in the order s, c, d, h."""
    return [((card.suit + 1) % 4) * 13 + card.rank - 1 for card in hand]


def seconds(fn: Callable[..., object], hands: list, *args: object) -> float:
    """Time of a pass of ``fn(hand, *args)`` over ``hands`` (called directly, no wrapper): the
    least of three passes in CPU time, the figures other processes on a shared machine disturb
    least."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for hand in hands:
            fn(hand, *args)
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    """Print, per workload, the median ratio OpenSpiel time / our time and its spread."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for make, _ in WORKLOADS.values():  # build the tables, warm the interpreter
        for hand in make(rng, 2000):
            best_arrangement(hand, LOW)
    gc.collect()
    gc.freeze()
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10) if pyspiel is not None else None
    print(f"python {sys.version.split()[0]}, one core, {args.rounds} rounds, fresh hands each; "
          f"search: {'compiled kernel' if arrange.KERNEL else 'pure Python'}")
    if utils is None:
        print("openspiel: not installed (pip install open_spiel): our hands/s only")
    print(f"{'workload':<34}{'best_arrangement':>26}{'deadwood_value':>26}")
    for name, (make, count) in WORKLOADS.items():
        ratios: dict[str, list[float]] = {"best": [], "value": []}
        rates: dict[str, list[float]] = {"best": [], "value": []}
        for round_ in range(args.rounds):
            hands = make(rng, count)
            theirs = [openspiel_cards(hand) for hand in hands]
            timed = {}
            order = ["os", "best", "value"]
            if round_ % 2:
                order.reverse()
            for which in order:
                if which == "os":
                    if utils is not None:
                        timed["os"] = seconds(utils.min_deadwood, theirs)
                elif which == "best":
                    timed["best"] = seconds(best_arrangement, hands, LOW)
                else:
                    timed["value"] = seconds(deadwood_value, hands, LOW)
            for key in ("best", "value"):
                rates[key].append(count / timed[key])
                if utils is not None:
                    ratios[key].append(timed["os"] / timed[key])
            if utils is not None:
                wrong = sum(utils.min_deadwood(t) != deadwood_value(h, LOW)
                            for t, h in zip(theirs, hands, strict=True))
                if wrong:
                    print(f"  MISMATCH with OpenSpiel on {wrong} of {count} hands")
        line = f"{name:<34}"
        for key in ("best", "value"):
            if utils is not None:
                values = ratios[key]
                line += f"{statistics.median(values):>12.2f}x ({min(values):.2f}-{max(values):.2f})"
            else:
                line += f"{statistics.median(rates[key]):>20,.0f} /s"
        print(line)
    if utils is not None:
        print("ratio = OpenSpiel min_deadwood time / ours on the same hands (median, min-max)")


if __name__ == "__main__":
    main()
