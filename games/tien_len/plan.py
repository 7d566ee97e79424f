"""A Tiến Lên hand's plan: the sequences that absorb the most single cards, then a unit a
rank. The players (``bots``) count a hand's plays by it, and the research encoding
(:mod:`.encoding`) shows it to a learner; it reads only the hand.
"""

from __future__ import annotations

from cardkit_games.tien_len.rules import TWO_POSITION

__all__ = ["plan_sequences"]


def plan_sequences(smask: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The greedy plan of a hand (as a strength mask): the sequences, as (first, last)
    positions, taken one by one where each absorbs the most single cards (never through the
    2s), and the cards left at each position."""
    counts = [(smask >> 4 * p & 0xF).bit_count() for p in range(13)]
    sequences = []
    while True:
        best_gain, best = 0, None
        for start in range(TWO_POSITION):
            if not counts[start]:
                continue
            singles = 0
            for end in range(start, TWO_POSITION):
                count = counts[end]
                if not count:
                    break
                singles += count == 1
                if end - start >= 2 and singles - 1 > best_gain:
                    best_gain, best = singles - 1, (start, end)
        if best is None:
            break
        for p in range(best[0], best[1] + 1):
            counts[p] -= 1
        sequences.append(best)
    return tuple(sequences), tuple(counts)
