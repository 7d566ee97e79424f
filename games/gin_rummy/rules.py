"""Gin rummy's meld rules (rules file §4) and card values (§1), shared by the hand, the
showdown and the agents.

§4: sets of 3 or 4 cards of a rank, runs of 3 or more in one suit, ace low only, no wild cards;
a card in at most one meld. §1: ace 1, number cards their pips, faces 10.
"""

from __future__ import annotations

from cardkit.cards import STANDARD_CARDS
from cardkit.melds import MeldRules

__all__ = ["RULES", "VALUE"]

#: §4 melds and §1 values (the library's defaults are exactly gin's).
RULES = MeldRules()
#: Each card's deadwood value by card index (§1), for the hot path.
VALUE = [RULES.value(card) for card in STANDARD_CARDS]
