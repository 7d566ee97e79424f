"""Rummy melds: sets and runs under configurable rules, exact deadwood search, lay-offs.

Public API::

    MeldRules, DEFAULT_RULES          the rules (set sizes, run length, ace, wild cards, values)
    Meld, Arrangement, LayoffResult   results (immutable, attrs)
    classify(cards, rules, declared)  is this group a meld?
    all_melds(hand, rules)            every meld in a hand
    best_arrangement(hand, rules)     exact least-deadwood arrangement (tie-break: see arrange)
    deadwood_value(hand, rules)       its value only, fastest path
    deadwood_within(hand, bound, rules)  that value if at most bound, else None (knock checks)
    deadwood_without_each(hand, rules)   the value less each card, in one pass (discards)
    deadwood_cards(hand, rules)   the value and the deadwood cards' mask, no melds built
    layoff_positions / can_lay_off / lay_off      one card onto one meld
    layoff_identities(card, meld, rules)          what a (wild) card may stand for there
    layoff_chains(meld, hand, rules)              every run of lay-offs onto one meld
    best_with_layoffs(hand, table, rules)         the gin defender: own melds + chained lay-offs
    min_deadwood_arrangements / valid_arrangements  every arrangement at least deadwood, or
                                                   within a limit (a knock's choices)
    distinct_for_layoffs(arrangements, hand, rules)   one arrangement per lay-off class
    natural_meld_masks / wild_meld_masks          every meld of a card mask, as masks (fast paths)
    RANKS_PER_SUIT, SUIT_MASK, NEAR_MASKS         the card-mask layout those fast paths read

Hands may be a :class:`~cardkit.cards.CardSet`, any iterable of cards, or an int bitmask.
"""

from cardkit.libraries.melds.arrange import (
    Arrangement,
    all_melds,
    best_arrangement,
    deadwood_value,
    deadwood_within,
    hand_mask,
)
from cardkit.libraries.melds.candidates import (
    distinct_for_layoffs,
    min_deadwood_arrangements,
    valid_arrangements,
)
from cardkit.libraries.melds.discards import deadwood_cards, deadwood_without_each
from cardkit.libraries.melds.layoff import (
    best_with_layoffs,
    can_lay_off,
    lay_off,
    layoff_chains,
    layoff_identities,
    layoff_positions,
)
from cardkit.libraries.melds.masks import (
    NEAR_MASKS,
    RANKS_PER_SUIT,
    SUIT_MASK,
    Declared,
    natural_meld_masks,
    wild_meld_masks,
)
from cardkit.libraries.melds.meld import LayoffResult, Meld, classify
from cardkit.libraries.melds.rules import DEFAULT_RULES, MeldRules

__all__ = [
    "DEFAULT_RULES",
    "NEAR_MASKS",
    "RANKS_PER_SUIT",
    "SUIT_MASK",
    "Arrangement",
    "Declared",
    "LayoffResult",
    "Meld",
    "MeldRules",
    "all_melds",
    "best_arrangement",
    "best_with_layoffs",
    "can_lay_off",
    "classify",
    "deadwood_cards",
    "deadwood_value",
    "deadwood_within",
    "deadwood_without_each",
    "distinct_for_layoffs",
    "hand_mask",
    "lay_off",
    "layoff_chains",
    "layoff_identities",
    "layoff_positions",
    "min_deadwood_arrangements",
    "natural_meld_masks",
    "valid_arrangements",
    "wild_meld_masks",
]
