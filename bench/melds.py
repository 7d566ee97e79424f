"""Benchmark of the meld search (``python bench/melds.py``): hands per second.

Cold cache: every timed hand is freshly drawn (no per-hand memo exists or is hit). The per-rules
lookup tables are built before timing, on a separate warm-up set of hands (they are tables over
13-bit suit masks, not a cache of hands). When OpenSpiel is installed (``pip install open_spiel``)
its ``GinRummyUtils(13, 4, 10).min_deadwood`` runs on the same hands, side by side, and the
results are checked to agree (ace low). For 11 cards OpenSpiel answers another question, the
least deadwood after the best discard, so we compare against that (up to 11 of our searches);
on some dense 11-card hands OpenSpiel's figure is higher than the true optimum (e.g.
``5C 5D 5H 6C 6H 6S 7C 7S 8C 8D 8S``: discard 8D, keep 5C 5D 5H / 6C 7C 8C / 6S 7S 8S, deadwood
6H = 6; OpenSpiel says 7), which the bench reports as "OpenSpiel higher".
"""

from __future__ import annotations

import gc
import random
import sys
import time
from collections.abc import Callable

from cardkit.cards import STANDARD_CARDS, CardSet
from cardkit.melds import MeldRules, best_arrangement, deadwood_value

try:
    import pyspiel  # type: ignore[import-not-found]
except ImportError:  # the reference engine is optional
    pyspiel = None

LOW = MeldRules()
HIGH_OR_LOW = MeldRules(ace="high_or_low")
N_RANDOM = 30_000
N_DENSE = 10_000


def random_hands(rng: random.Random, size: int, count: int) -> list[CardSet]:
    """``count`` hands of ``size`` cards drawn from the whole deck."""
    return [CardSet(rng.sample(STANDARD_CARDS, size)) for _ in range(count)]


def dense_hands(rng: random.Random, size: int, count: int, ace_high: bool) -> list[CardSet]:
    """Hands of ``size`` cards from a block of 4 consecutive ranks in all four suits."""
    hands = []
    top = 11 if ace_high else 10  # block start: 1..10, or 1..11 where 11 means J Q K A
    for _ in range(count):
        start = rng.randint(1, top)
        ranks = [(start + i - 1) % 13 + 1 for i in range(4)]
        block = [card for card in STANDARD_CARDS if card.rank in ranks]
        hands.append(CardSet(rng.sample(block, size)))
    return hands


def rate(fn: Callable[[object], object], hands: list, repeat: int = 3) -> float:
    """Hands per second of ``fn`` over ``hands``: the best of ``repeat`` passes (nothing is
    memoised per hand, so every pass does the full work)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for hand in hands:
            fn(hand)
        best = min(best, time.perf_counter() - start)
    return len(hands) / best


def openspiel_cards(hand: CardSet) -> list[int]:
    """OpenSpiel numbering: suit * 13 + rank - 1 with suits in the order s, c, d, h."""
    return [((card.suit + 1) % 4) * 13 + card.rank - 1 for card in hand]


def ours(hand: CardSet) -> int:
    """Our figure for what OpenSpiel's ``min_deadwood`` computes: for an 11-card hand it is the
    least deadwood after the best discard."""
    if len(hand) == 11:
        return min(deadwood_value(hand.remove(card), LOW) for card in hand)
    return deadwood_value(hand, LOW)


def main() -> None:
    """Print hands/s for each workload."""
    rng = random.Random(20240601)
    for rules in (LOW, HIGH_OR_LOW):  # build the tables, and warm the interpreter
        for hand in random_hands(rng, 10, 20_000) + dense_hands(rng, 10, 5_000, True):
            best_arrangement(hand, rules)
    gc.collect()
    gc.freeze()  # keep the warm-up's objects out of the collector's way
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10) if pyspiel is not None else None
    workloads = [
        ("random 10", LOW, random_hands(rng, 10, N_RANDOM)),
        ("random 11", LOW, random_hands(rng, 11, N_RANDOM)),
        ("dense 10 ace low", LOW, dense_hands(rng, 10, N_DENSE, False)),
        ("dense 11 ace low", LOW, dense_hands(rng, 11, N_DENSE, False)),
        ("dense 10 ace high_or_low", HIGH_OR_LOW, dense_hands(rng, 10, N_DENSE, True)),
        ("dense 11 ace high_or_low", HIGH_OR_LOW, dense_hands(rng, 11, N_DENSE, True)),
    ]
    header = f"{'workload':<26}{'best_arrangement':>18}{'deadwood_value':>16}"
    if utils is not None:
        header += f"{'openspiel min_deadwood':>24}"
    print(f"python {sys.version.split()[0]}, hands/s, one core, fresh hands (no memo)")
    print(header)
    for name, rules, hands in workloads:
        line = f"{name:<26}"
        line += f"{rate(lambda h, r=rules: best_arrangement(h, r), hands):>18,.0f}"
        line += f"{rate(lambda h, r=rules: deadwood_value(h, r), hands):>16,.0f}"
        if utils is not None:
            if rules is LOW:
                converted = [openspiel_cards(hand) for hand in hands]
                line += f"{rate(utils.min_deadwood, converted):>24,.0f}"
                check = hands[:2000]
                pairs = [(utils.min_deadwood(openspiel_cards(h)), ours(h)) for h in check]
                bad = sum(theirs < mine for theirs, mine in pairs)
                higher = sum(theirs > mine for theirs, mine in pairs)
                if higher:
                    line += f"  (OpenSpiel higher on {higher} of {len(check)})"
                if bad:
                    line += f"  MISMATCH: OpenSpiel lower on {bad} of {len(check)} hands"
            else:
                line += f"{'(ace low only)':>24}"
        print(line)
    if utils is None:
        print("openspiel: not installed (pip install open_spiel) - reference column skipped")


if __name__ == "__main__":
    main()
