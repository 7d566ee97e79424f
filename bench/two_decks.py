"""The meld solver on two decks (``python bench/two_decks.py [--hands N]``): ``best_arrangement``
on N random 11-card hands drawn from two decks and four jokers under contract rummy's meld
rules (sets of three or more with duplicates, runs of four, jokers wild), each hand timed
alone in CPU time, cold (fresh hands, no memo hit). Targets: median at most 1 ms, worst at most
20 ms over 10,000 hands."""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardkit.cards import CardMultiset, parse_cards
from cardkit.deck import DeckSpec
from cardkit.melds import MeldRules, best_arrangement


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=20261202)
    args = parser.parse_args()
    deck = DeckSpec.standard(decks=2, jokers=4)
    rules = MeldRules(set_sizes=tuple(range(3, 13)), set_duplicates=True, min_run=4,
                      ace="high_or_low", wild=parse_cards("X1 X2"), wild_value=50, deck=deck)
    rng = random.Random(args.seed)
    cards = list(deck.cards)
    best_arrangement(CardMultiset(cards[:11]), rules)  # the rules' tables, built once
    times = []
    for _ in range(args.hands):
        hand = CardMultiset(rng.sample(cards, 11))
        started = time.process_time_ns()
        best_arrangement(hand, rules)
        times.append((time.process_time_ns() - started) / 1e6)
    times.sort()
    print(f"two decks + 4 jokers, 11 cards, {args.hands} hands: median "
          f"{statistics.median(times):.3f} ms, 99th {times[int(0.99 * len(times))]:.3f} ms, "
          f"worst {times[-1]:.3f} ms (CPU)")


if __name__ == "__main__":
    main()
