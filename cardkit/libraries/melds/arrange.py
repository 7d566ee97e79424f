"""Meld search, the entry points: the arrangement of a hand with the least deadwood, its value,
and a knock check (:func:`best_arrangement`, :func:`deadwood_value`, :func:`deadwood_within`).

Without wild cards the exact optimum is a few table lookups: sets are decided first (only ranks
held three or more times can make one, found with bit operations on the four suit masks), then
each suit's best runs come from a precomputed table (:mod:`cardkit.libraries.melds.tables`, built
once per rules value and kept on it). With wild
cards in the hand an exact search over the uses of the wild cards runs on top of that.

Fast paths (most random 10-card hands hold no rank three times, or one): with no rank held in
three suits the answer is four table lookups; with one such rank each set choice is scored by
per-suit deltas; only with several is a product of set choices searched. ``best_arrangement``
finds the value at once and builds its melds and deadwood cards the first time they are read.

Hands with copies (a :class:`~cardkit.cards.CardMultiset` holding a card twice, or a list naming
one twice), and hands with wild cards under rules the one-deck search does not cover
(``max_wild``, sets of five or more), go to the exact search of
:mod:`~cardkit.libraries.melds.copies`, with its own tie-break (see there); a multiset without
copies takes the one-deck path.

Tie-break (deterministic): lowest deadwood value; then fewest deadwood cards; then fewest cards
in sets (runs preferred); then, among set choices, lower ranks decided first with "no set",
larger sets, and sets of the lower suits (clubs, diamonds, hearts, spades) tried in that order;
with ``ace="high_or_low"`` a run with the ace low is preferred to one with the ace high. With
wild cards, equal candidates are taken in the order: fewer wild melds, then the order melds are
enumerated (sets by rank, runs by suit and position). Runs are always maximal (a 7-card run is
one meld, not 3 + 4).

The search itself is :mod:`~cardkit.libraries.melds.solve` (natural cards) and
:mod:`~cardkit.libraries.melds.wild` (wild cards, over the meld shapes of
:mod:`~cardkit.libraries.melds.shapes`); its result :mod:`~cardkit.libraries.melds.arrangement`.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardkit.libraries.melds.arrangement import (
    Arrangement,
    _new_arrangement,
    _set_source,
    _set_value,
    hand_bits,
    hand_mask,
    natural_arrangement,
)
from cardkit.libraries.melds.copies import copies_score, copies_value, solve_copies
from cardkit.libraries.melds.kernel import compiled_functions
from cardkit.libraries.melds.rules import DEFAULT_RULES, MeldRules
from cardkit.libraries.melds.shapes import all_melds
from cardkit.libraries.melds.solve import best_choice, solve, solve_one_rank, solve_ranks
from cardkit.libraries.melds.tables import (
    M13,
    RANK_BITS,
    STD52,
    VALUE_SHIFT,
    MeldTables,
    meld_tables,
)
from cardkit.libraries.melds.wild import wild_arrangement, wild_search
from cardkit.values.cards import Card, CardMultiset, CardSet

__all__ = [
    "Arrangement",
    "all_melds",
    "best_arrangement",
    "deadwood_value",
    "deadwood_within",
    "hand_mask",
    "hand_score",
]

# The hot functions below write M13 as 0x1FFF, VALUE_SHIFT as 12 and RANK_BITS as 0x8004002001:
# a literal costs nothing to load, a global does.
assert M13 == 0x1FFF and VALUE_SHIFT == 12 and RANK_BITS == 0x8004002001


Hand = CardSet | CardMultiset | Iterable[Card] | int


def _general(h: int | CardMultiset, tables: MeldTables) -> CardMultiset:
    return h if type(h) is CardMultiset else CardMultiset.from_planes((h,))  # type: ignore[arg-type]


def deadwood_value(hand: Hand, rules: MeldRules = DEFAULT_RULES) -> int:
    """The least deadwood count of ``hand`` (the value of :func:`best_arrangement`), fastest path:
    no objects are built."""
    if type(hand) is CardSet:
        h = hand.mask
    else:
        bits = hand_bits(hand)
        if type(bits) is CardMultiset:
            return copies_value(bits, rules)
        h = bits  # type: ignore[assignment]
    tables = rules._tables  # the rules value keeps its compiled tables (None before first use)
    if tables is None:
        tables = meld_tables(rules)
    if h & tables.special:  # wild cards, or jokers that are not
        if tables.general and (h & tables.wildmask or tables.special & 1):
            return copies_value(_general(h, tables), rules)
        if h & tables.wildmask:
            return wild_search(h, tables)[0] >> 12
        return (solve(h & STD52, tables)[0]
                + (h >> 52).bit_count() * tables.joker_score) >> 12
    a = h & 0x1FFF
    b = h >> 13 & 0x1FFF
    c = h >> 26 & 0x1FFF
    d = h >> 39
    t = (a & b & (c | d)) | (c & d & (a | b))
    score = tables.score
    if not t:
        return (score[a] + score[b] + score[c] + score[d]) >> 12
    if t & (t - 1):
        return solve_ranks(h, a, b, c, d, t, tables)[0] >> 12
    # solve_one_rank's value, written out: a quarter of random hands come here
    sa = score[a]
    sb = score[b]
    sc = score[c]
    sd = score[d]
    da = score[a ^ t] + 1 - sa if a & t else 0
    db = score[b ^ t] + 1 - sb if b & t else 0
    dc = score[c ^ t] + 1 - sc if c & t else 0
    dd = score[d ^ t] + 1 - sd if d & t else 0
    if not tables.sets_3_or_4:
        return (sa + sb + sc + sd + best_choice(da, db, dc, dd, tables, a, b, c, d, t)[0]) >> 12
    gain = da + db + dc + dd  # all held cards in one set
    if a & b & c & d & t:  # four held: or a 3-set leaving out the card that costs most
        gain -= max(da, db, dc, dd, 0)
    return (sa + sb + sc + sd + (gain if gain < 0 else 0)) >> 12


def deadwood_within(hand: Hand, bound: int,
                    rules: MeldRules = DEFAULT_RULES) -> int | None:
    """The least deadwood count of ``hand`` if it is at most ``bound``, else None: a knock
    check, asked after every draw, where the answer is almost always None.

    A set only takes cards of a rank held three times or more, so the best arrangement leaves
    at least the runs-only deadwood less the value of those cards; a hand whose bound is over
    ``bound`` (most hands with a set to weigh) is ruled out without weighing its sets."""
    if type(hand) is CardSet:
        h = hand.mask
    else:
        bits = hand_bits(hand)
        if type(bits) is CardMultiset:
            least = copies_value(bits, rules)
            return least if least <= bound else None
        h = bits  # type: ignore[assignment]
    tables = rules._tables  # the rules value keeps its compiled tables (None before first use)
    if tables is None:
        tables = meld_tables(rules)
    if not h & tables.special:
        a = h & 0x1FFF
        b = h >> 13 & 0x1FFF
        c = h >> 26 & 0x1FFF
        d = h >> 39
        t = (a & b & (c | d)) | (c & d & (a | b))
        score = tables.score
        runs_only = (score[a] + score[b] + score[c] + score[d]) >> 12
        if not t:
            return runs_only if runs_only <= bound else None
        value = tables.mask_value
        if runs_only - value[a & t] - value[b & t] - value[c & t] - value[d & t] > bound:
            return None
    least = deadwood_value(h, rules)
    return least if least <= bound else None


def hand_score(h: int, tables: MeldTables) -> int:
    """The packed tie-break score (see :mod:`cardkit.melds.tables`) of the best arrangement."""
    if tables.general and (h & tables.wildmask or tables.special & 1):
        score = copies_score(_general(h, tables), tables)
        # the copies' packing (value << 8 | cards) in the one-deck one's (see tables)
        return (score >> 8) << VALUE_SHIFT | (score & 0xFF) << 6
    if h & tables.wildmask:
        return wild_search(h, tables)[0]
    extra = (h >> 52).bit_count() * tables.joker_score
    return solve(h & STD52, tables)[0] + extra


def best_arrangement(hand: Hand, rules: MeldRules = DEFAULT_RULES) -> Arrangement:
    """The arrangement of ``hand`` into disjoint melds with the least deadwood value (exact).

    Ties are broken as described in this module's docstring: fewest deadwood cards, then fewest
    cards in sets, then a fixed enumeration order. The value is found at once; the melds and
    deadwood cards are built the first time they are read (most callers want the value only).
    With copies, the melds may hold identical cards where the rules allow (``set_duplicates``).
    """
    if type(hand) is CardSet:
        h = hand.mask
    else:
        bits = hand_bits(hand)
        if type(bits) is CardMultiset:
            value, melds, deadwood = solve_copies(bits, rules)
            return Arrangement(melds, deadwood, value)
        h = bits  # type: ignore[assignment]
    tables = rules._tables  # the rules value keeps its compiled tables (None before first use)
    if tables is None:
        tables = meld_tables(rules)
    if h & tables.special:
        if tables.general and (h & tables.wildmask or tables.special & 1):
            value, melds, deadwood = solve_copies(_general(h, tables), rules)
            return Arrangement(melds, deadwood, value)
        if h & tables.wildmask:
            return wild_arrangement(h, tables)
        return natural_arrangement(h, tables)
    a = h & 0x1FFF
    b = h >> 13 & 0x1FFF
    c = h >> 26 & 0x1FFF
    d = h >> 39
    t = (a & b & (c | d)) | (c & d & (a | b))
    arrangement = _new_arrangement(Arrangement)
    if not t:
        score = tables.score
        _set_value(arrangement, (score[a] + score[b] + score[c] + score[d]) >> 12)
        # what fill_arrangement needs, packed in an int: the tables, the set cards, the hand
        _set_source(arrangement, tables.source | h)
        return arrangement
    if t & (t - 1) or not tables.sets_3_or_4:
        value, sets = (solve_ranks(h, a, b, c, d, t, tables) if t & (t - 1)
                       else solve_one_rank(a, b, c, d, t, tables))
        _set_value(arrangement, value >> 12)
        _set_source(arrangement, tables.source | sets << 52 | h)
        return arrangement
    # solve_one_rank with sets of 3 or 4, written out: a quarter of random hands come here
    score = tables.score
    sa = score[a]
    sb = score[b]
    sc = score[c]
    sd = score[d]
    da = score[a ^ t] + 1 - sa if a & t else 0
    db = score[b ^ t] + 1 - sb if b & t else 0
    dc = score[c ^ t] + 1 - sc if c & t else 0
    dd = score[d ^ t] + 1 - sd if d & t else 0
    gain = da + db + dc + dd
    sets = 0
    # the rank's four cards are t * RANK_BITS: the set cards come from them and the hand
    if a & b & c & d & t:
        most = max(da, db, dc, dd)
        if most > 0:
            gain -= most
            if gain < 0:
                out = 3 if dd == most else 2 if dc == most else 1 if db == most else 0
                sets = t * 0x8004002001 ^ t << 13 * out
        elif gain < 0:
            sets = t * 0x8004002001
    elif gain < 0:
        sets = h & t * 0x8004002001
    _set_value(arrangement, (sa + sb + sc + sd + (gain if sets else 0)) >> 12)
    _set_source(arrangement, tables.source | sets << 52 | h)
    return arrangement


#: The pure-Python search: the reference the compiled kernel is checked against, and what runs
#: without it (see :mod:`cardkit.libraries.melds.kernel`).
python_best_arrangement = best_arrangement
python_deadwood_value = deadwood_value
python_deadwood_within = deadwood_within

_compiled = compiled_functions(
    (python_best_arrangement, python_deadwood_value, python_deadwood_within),
    (CardSet, MeldRules, MeldTables, Arrangement), DEFAULT_RULES)
#: True when the compiled kernel answers best_arrangement, deadwood_value and deadwood_within.
KERNEL = _compiled is not None
if _compiled is not None:
    # the kernel's functions call the Python ones above for every hand they do not answer
    best_arrangement, deadwood_value, deadwood_within = _compiled
