"""Rummy 500's fixed rules (RULES.md §1): the melds and what each card is worth."""

from __future__ import annotations

from cardkit.melds import MeldRules
from cardkit.rummy import Points

#: A 15 (in hand, or at the top of a run Q-K-A), 2-10 face value, J Q K 10.
VALUES = (15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
#: Sets of 3 or 4; runs of 3+ in one suit, the ace low (A-2-3) or high (Q-K-A), never both.
RULES = MeldRules(set_sizes=(3, 4), min_run=3, ace="high_or_low", card_values=VALUES)


def points(low_ace: int) -> Points:
    """The card values, an ace at the low end of a run counting ``low_ace``."""
    return Points(VALUES, ace_low_in_run=low_ace)
