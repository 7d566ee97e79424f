"""Combinations for climbing (shedding) games: classify, compare, enumerate.

A climbing game plays *combinations* onto a trick; each play must beat the one on top. This
package is the generic layer: a game passes its orders in a :class:`ClimbingRules` and, where it
has them, its extra beating rules (bombs) as a :data:`BeatRule` callable. Nothing here knows any
game by name.

Combination types (:class:`ComboType`): single, pair, triple, four of a kind (quad), sequence
(consecutive ranks, one card each) and double sequence (consecutive ranks, two cards each).
Suits never need to match. "Consecutive" means adjacent in ``rules.rank_order`` with no wrap, and
every rank of a (double) sequence must be in ``rules.sequence_ranks`` (``double_sequence_ranks``).

Card strength is ``rank_position * 4 + suit_position`` (rank first, then suit). The *key* of a
combination is its strongest card; :func:`beats_normally` compares keys of combinations of the
same type and length (triples and quads by rank alone).

Enumeration order (all functions that return lists of combinations): by type in
:class:`ComboType` declaration order (single, pair, triple, quad, sequence, double sequence),
then by length ascending, then by key strength ascending (weakest first), then by the remaining
cards' strengths compared from the strongest card down. :func:`combination_sort_key` is that
order as a sort key.

Speed: a hand is mapped once to a *strength mask* (bit ``strength`` set for each held card), so
the cards of rank position ``p`` are the nibble ``(smask >> 4*p) & 0xF`` with bits in suit order;
pairs, triples and quads come from per-nibble tables and sequences from the runs of consecutive
held ranks.

Modules: ``combination`` (the types and values), ``rules`` (:class:`ClimbingRules`), ``tables``
(what a rules value compiles to, once per value), ``classify`` (classify and compare),
``enumeration`` (every combination of a hand, those that beat), ``hand``
(:class:`HandCombinations`, a hand's combinations kept as it plays) and ``kernel`` (the optional
compiled enumeration of sequences, and three list helpers a game's hot path uses on its legal
moves: :func:`keep_disjoint`, :func:`pick_bits` and :func:`gather_rows`) and ``turns``
(:func:`next_turn`, whose turn it is in a trick).
"""

from cardkit.libraries.climbing.classify import (
    beat_threshold,
    beats,
    beats_normally,
    classify,
    combination_sort_key,
)
from cardkit.libraries.climbing.combination import SET_SIZE, BeatRule, Combination, ComboType
from cardkit.libraries.climbing.enumeration import (
    all_combinations,
    beating_combinations,
    combination_of_mask,
    combinations_of_type,
    sequence_groups,
)
from cardkit.libraries.climbing.hand import HandCombinations
from cardkit.libraries.climbing.kernel import gather_rows, keep_disjoint, pick_bits
from cardkit.libraries.climbing.rules import ClimbingRules
from cardkit.libraries.climbing.split import fewest_plays
from cardkit.libraries.climbing.tables import ClimbingTables, climbing_tables
from cardkit.libraries.climbing.turns import next_turn

__all__ = [
    "SET_SIZE",
    "BeatRule",
    "ClimbingRules",
    "ClimbingTables",
    "Combination",
    "ComboType",
    "HandCombinations",
    "all_combinations",
    "beat_threshold",
    "beating_combinations",
    "beats",
    "beats_normally",
    "classify",
    "climbing_tables",
    "combination_of_mask",
    "combination_sort_key",
    "combinations_of_type",
    "fewest_plays",
    "gather_rows",
    "keep_disjoint",
    "next_turn",
    "pick_bits",
    "sequence_groups",
]
