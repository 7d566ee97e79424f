"""Conquian's fixed rules (RULES.md §1): the 40-card deck and its melds."""

from __future__ import annotations

from cardkit.deck import FORTY_CARD_SPANISH
from cardkit.melds import MeldRules

HAND_SIZE = 10
WINNING_COUNT = 11
DECK = FORTY_CARD_SPANISH
#: Sets of 3 or 4; runs of 3+ in one suit, ace low, and 7-J consecutive (no 8, 9, 10).
RULES = MeldRules(set_sizes=(3, 4), min_run=3, run_ranks=(1, 2, 3, 4, 5, 6, 7, 11, 12, 13))
