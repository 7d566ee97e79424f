"""Meld search: every meld in a hand, and the arrangement with the least deadwood.

Without wild cards the exact optimum is a few table lookups: sets are decided first (only ranks
held three or more times can make one, found with bit operations on the four suit masks), then
each suit's best runs come from a precomputed table (:mod:`cardkit.melds.tables`). With wild
cards in the hand an exact search over the uses of the wild cards runs on top of that.

Fast paths (most random 10-card hands hold no rank three times, or one): with no rank held in
three suits the answer is four table lookups; with one such rank each set choice is scored by
per-suit deltas; only with several is a product of set choices searched. ``best_arrangement``
finds the value at once and builds its melds and deadwood cards the first time they are read.

Tie-break (deterministic): lowest deadwood value; then fewest deadwood cards; then fewest cards
in sets (runs preferred); then, among set choices, lower ranks decided first with "no set",
larger sets, and sets of the lower suits (clubs, diamonds, hearts, spades) tried in that order;
with ``ace="high_or_low"`` a run with the ace low is preferred to one with the ace high. With
wild cards, equal candidates are taken in the order: fewer wild melds, then the order melds are
enumerated (sets by rank, runs by suit and position). Runs are always maximal (a 7-card run is
one meld, not 3 + 4).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from functools import cache
from itertools import combinations
from typing import Any

import attrs

from cardkit.libraries.melds.meld import RUN, SET, Meld, meld_sort_key, run_intervals
from cardkit.libraries.melds.rules import DEFAULT_RULES, MeldRules
from cardkit.libraries.melds.tables import (
    _SPREAD,
    COUNT_SHIFT,
    M13,
    STD52,
    VALUE_SHIFT,
    Tables,
    tables_by_index,
    tables_for,
)
from cardkit.values.cards import ALL_CARDS, Card, CardSet

__all__ = [
    "Arrangement",
    "all_melds",
    "best_arrangement",
    "deadwood_cards",
    "deadwood_value",
    "deadwood_within",
    "deadwood_without_each",
    "hand_mask",
]

# one card of a rank in each suit, for rank 1 (times a rank's bit: that rank's four cards)
_RANK_BITS = 1 | 1 << 13 | 1 << 26 | 1 << 39

# The hot functions below write M13 as 0x1FFF, VALUE_SHIFT as 12 and _RANK_BITS as 0x8004002001:
# a literal costs nothing to load, a global does.
assert M13 == 0x1FFF and VALUE_SHIFT == 12 and _RANK_BITS == 0x8004002001


@attrs.frozen
class Arrangement:
    """A hand split into disjoint melds and deadwood.

    ``melds``: sets in rank order, then runs by suit and low end; ``deadwood``: the unmelded cards
    in card index order (clubs A-K, diamonds, hearts, spades, jokers); ``deadwood_value``: their
    count under the rules used.
    """

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    deadwood_value: int
    # The search's fast path leaves ``melds`` and ``deadwood`` unset and packs what builds them
    # into this int (see :func:`fill_arrangement`): most callers read only the
    # value, and building the meld objects was most of the search's cost. An int, so code that
    # walks attrs fields for cards finds none here.
    _source: int = attrs.field(default=0, init=False, eq=False, repr=False)

    def __getattr__(self, name: str) -> Any:
        # Reached only when a slot is unset: a lazily built arrangement's melds or deadwood.
        if name in ("melds", "deadwood") and self._source:
            fill_arrangement(self)
            return object.__getattribute__(self, name)
        raise AttributeError(f"'Arrangement' object has no attribute {name!r}")

    def to_dict(self) -> dict[str, Any]:
        """Plain data: ``melds`` (lists of card texts), ``deadwood`` (card texts) and
        ``deadwood_value`` (for ``cardkit hand --json`` and records)."""
        return {
            "melds": [[card.text for card in meld.cards] for meld in self.melds],
            "deadwood": [card.text for card in self.deadwood],
            "deadwood_value": int(self.deadwood_value),
        }


def hand_mask(hand: CardSet | Iterable[Card] | int) -> int:
    """The bitmask of a hand given as a CardSet, an iterable of cards, or already a mask."""
    if hand.__class__ is CardSet:
        return hand.mask
    if isinstance(hand, int):
        return hand
    mask = 0
    for card in hand:
        mask |= card.mask
    return mask


def _tables(rules: MeldRules) -> Tables:
    """The tables of ``rules``. The search functions find the last rules asked for by identity,
    without hashing them (a game passes the same rules object on every call)."""
    global _LAST
    tables = tables_for(rules)
    _LAST = (rules, tables)
    return tables


# (rules, tables) of the last call; tables are built on first use, not at import
_LAST: tuple[object, Any] = (object(), None)


def _solve(h: int, tables: Tables) -> tuple[int, int]:
    """(score, set-card mask) of the best arrangement of natural cards ``h`` (52-bit mask)."""
    a = h & M13
    b = h >> 13 & M13
    c = h >> 26 & M13
    d = h >> 39
    score = tables.score
    t = (a & b & (c | d)) | (c & d & (a | b))
    if not t:
        return score[a] + score[b] + score[c] + score[d], 0
    if not t & (t - 1):
        return _solve_one_rank(a, b, c, d, t, tables)
    return _solve_ranks(h, a, b, c, d, t, tables)


def _solve_one_rank(a: int, b: int, c: int, d: int, bit: int, tables: Tables) -> tuple[int, int]:
    """:func:`_solve` when one rank alone can make a set (the common case in random hands).

    Taking a card into the set changes only its own suit's runs, so each set choice scores as
    the no-set total plus one delta per suit it takes: no product of choices is built. Every
    legal choice is tried (``tables.rank_choices``, in the tie-break order): one that another
    beats by adding only cards that can never be in a run scores strictly worse (a deadwood
    card leaves), so the dominance pruning of the several-rank search is not needed here."""
    score = tables.score
    sa = score[a]
    sb = score[b]
    sc = score[c]
    sd = score[d]
    # a card taken into a set: its suit's score without it, plus one set card (tie-break)
    da = score[a ^ bit] + 1 - sa if a & bit else 0
    db = score[b ^ bit] + 1 - sb if b & bit else 0
    dc = score[c ^ bit] + 1 - sc if c & bit else 0
    dd = score[d ^ bit] + 1 - sd if d & bit else 0
    total = sa + sb + sc + sd
    if not tables.sets_3_or_4:
        best, chosen = _best_choice(da, db, dc, dd, tables, a, b, c, d, bit)
        return total + best, _SPREAD[chosen] << bit.bit_length() - 1
    # Sets of 3 or 4: the choices are no set, the set of every held card, and (four held) the
    # 3-sets leaving one card out, in that order; the first least wins.
    gain = da + db + dc + dd
    if a & b & c & d & bit:
        most = max(da, db, dc, dd)
        if most <= 0:  # the 4-set is at least as good as any 3-set
            if gain >= 0:
                return total, 0
            return total + gain, _RANK_BITS << bit.bit_length() - 1
        if gain - most >= 0:
            return total, 0
        # 3-sets in suit order leave out spades, hearts, diamonds, clubs in turn
        out = 3 if dd == most else 2 if dc == most else 1 if db == most else 0
        return total + gain - most, (_RANK_BITS ^ 1 << 13 * out) << bit.bit_length() - 1
    if gain >= 0:
        return total, 0
    held = (a & bit and 1) | (b & bit and 1 << 13) | (c & bit and 1 << 26) | (d & bit and 1 << 39)
    return total + gain, held << bit.bit_length() - 1


def _best_choice(da: int, db: int, dc: int, dd: int, tables: Tables,
                 a: int, b: int, c: int, d: int, bit: int) -> tuple[int, int]:
    """(score change, 4-bit suit mask) of the best set choice at one rank, given each held
    suit's change; "no set" first, then larger sets, then suit order: the first least wins."""
    held = (a & bit and 1) | (b & bit and 2) | (c & bit and 4) | (d & bit and 8)
    best = 0
    chosen = 0
    for choice in tables.rank_choices[held]:
        value = 0
        if choice & 1:
            value = da
        if choice & 2:
            value += db
        if choice & 4:
            value += dc
        if choice & 8:
            value += dd
        if value < best:
            best = value
            chosen = choice
    return best, chosen


def _solve_ranks(h: int, a: int, b: int, c: int, d: int, t: int,
                 tables: Tables) -> tuple[int, int]:
    """:func:`_solve` when several ranks can make sets: every undominated product of set
    choices, pruned by a bound.

    Ranks with a single choice are fixed first. For the others, each suit's score is tabled
    for every pattern of its cards taken into sets at those ranks; the least score of a suit
    over the patterns still open is a lower bound for it, and their sum (plus the set cards
    already taken) bounds every completion of a partial choice, so a depth-first walk in the
    table's tie-break order drops a branch whose bound is not below the best found."""
    score = tables.score
    cap = tables.capable
    ca = cap[a]
    cb = cap[b]
    cc = cap[c]
    cd = cap[d]
    choices = tables.choices
    fixed = 0
    open_ranks: list[tuple[int, tuple[int, ...]]] = []
    while t:
        low = t & -t
        t ^= low
        r = low.bit_length() - 1
        held = (a >> r & 1) << 4 | (b >> r & 1) << 5 | (c >> r & 1) << 6 | (d >> r & 1) << 7
        held |= (ca >> r & 1) | (cb >> r & 1) << 1 | (cc >> r & 1) << 2 | (cd >> r & 1) << 3
        options = choices[held]
        if len(options) == 1:
            fixed |= options[0] << r
        else:
            open_ranks.append((r, options))
    if fixed:
        h &= ~fixed
    base = fixed.bit_count()
    if not open_ranks:
        return (
            score[h & M13] + score[h >> 13 & M13] + score[h >> 26 & M13] + score[h >> 39] + base,
            fixed,
        )
    if len(open_ranks) == 1:
        r, options = open_ranks[0]
        bit = 1 << r
        best, chosen = _solve_one_rank(
            h & M13, h >> 13 & M13, h >> 26 & M13, h >> 39, bit, tables)
        return best + base, chosen | fixed
    return _search_choices(h, open_ranks, tables, base, fixed)


def _search_choices(h: int, open_ranks: list[tuple[int, tuple[int, ...]]], tables: Tables,
                    base: int, fixed: int) -> tuple[int, int]:
    """Every product of the set choices of ``open_ranks``, in the table's tie-break order; the
    first least score wins."""
    score = tables.score
    combos = [0]
    for r, options in open_ranks:
        combos = [x | option << r for x in combos for option in options]
    best = -1
    chosen = 0
    for rm in combos:
        x = h & ~rm
        value = (score[x & M13] + score[x >> 13 & M13] + score[x >> 26 & M13] + score[x >> 39]
                 + rm.bit_count())
        if best < 0 or value < best:
            best = value
            chosen = rm
    return best + base, chosen | fixed


def deadwood_value(hand: CardSet | Iterable[Card] | int, rules: MeldRules = DEFAULT_RULES) -> int:
    """The least deadwood count of ``hand`` (the value of :func:`best_arrangement`), fastest path:
    no objects are built."""
    h = hand.mask if type(hand) is CardSet else hand_mask(hand)
    last = _LAST
    tables: Tables = last[1] if last[0] is rules else _tables(rules)
    if h & tables.special:  # wild cards, or jokers that are not
        if h & tables.wildmask:
            return _wild_search(h, tables)[0] >> 12
        return (_solve(h & STD52, tables)[0]
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
        return _solve_ranks(h, a, b, c, d, t, tables)[0] >> 12
    # _solve_one_rank's value, written out: a quarter of random hands come here
    sa = score[a]
    sb = score[b]
    sc = score[c]
    sd = score[d]
    da = score[a ^ t] + 1 - sa if a & t else 0
    db = score[b ^ t] + 1 - sb if b & t else 0
    dc = score[c ^ t] + 1 - sc if c & t else 0
    dd = score[d ^ t] + 1 - sd if d & t else 0
    if not tables.sets_3_or_4:
        return (sa + sb + sc + sd + _best_choice(da, db, dc, dd, tables, a, b, c, d, t)[0]) >> 12
    gain = da + db + dc + dd  # all held cards in one set
    if a & b & c & d & t:  # four held: or a 3-set leaving out the card that costs most
        gain -= max(da, db, dc, dd, 0)
    return (sa + sb + sc + sd + (gain if gain < 0 else 0)) >> 12


def deadwood_cards(hand: CardSet | Iterable[Card] | int,
                   rules: MeldRules = DEFAULT_RULES) -> tuple[int, int]:
    """``(least deadwood count, mask of its deadwood cards)`` of ``hand``: the value of
    :func:`best_arrangement` and the deadwood of one arrangement that has it, without building
    melds. A card of that deadwood leaves exactly the value less its own when taken out of the
    hand (the arrangement less it is still the best); any other card leaves at least that
    much, so a discard search can weigh only the cards that might do better."""
    h = hand.mask if type(hand) is CardSet else hand_mask(hand)
    last = _LAST
    tables: Tables = last[1] if last[0] is rules else _tables(rules)
    if h & tables.special:
        arrangement = best_arrangement(h, rules)
        return arrangement.deadwood_value, hand_mask(arrangement.deadwood)
    score, sets = _solve(h, tables)
    rest = h & ~sets
    cover = tables.cover
    covered = (cover[rest & 0x1FFF] | cover[rest >> 13 & 0x1FFF] << 13
               | cover[rest >> 26 & 0x1FFF] << 26 | cover[rest >> 39] << 39)
    return score >> 12, rest & ~covered


# (hand mask, rules, answer) of the last deadwood_without_each
_LAST_EACH: tuple[int, object, list[int]] = (-1, None, [])


def deadwood_without_each(hand: CardSet | Iterable[Card] | int,
                          rules: MeldRules = DEFAULT_RULES) -> list[int]:
    """The least deadwood count of ``hand`` less each of its cards, in the order of the hand's
    cards (index order): ``[deadwood_value(hand - {card}) for card in hand]`` in one pass -- a
    discard decision weighs every card of a 10-11 card hand this way.

    Taking a card out changes only its own suit's runs, and can stop only its own rank from
    making a set, so the hand is split and scored once and each card costs one table lookup
    (or, when a rank can still make a set, the one-rank or several-rank search on the hand
    without it). Wild cards and jokers take the general search card by card.

    The last answer is remembered (a game's knock check and its player's discard weigh the
    same hand one after the other): the list returned may be that same list, not to be
    changed."""
    global _LAST_EACH
    h = hand.mask if type(hand) is CardSet else hand_mask(hand)
    remembered = _LAST_EACH
    if remembered[0] == h and remembered[1] is rules:
        return remembered[2]
    last = _LAST
    tables: Tables = last[1] if last[0] is rules else _tables(rules)
    out = _without_each(h, rules, tables)
    _LAST_EACH = (h, rules, out)
    return out


# By tables index: for a suit's 13-bit pattern, the run score of the pattern less each of its
# cards (low card first), made on first use
_DROPS: defaultdict[int, dict[int, tuple[int, ...]]] = defaultdict(dict)


def _drop_scores(bits: int, score: list[int]) -> tuple[int, ...]:
    """The scores of the suit pattern ``bits`` less each of its cards, low card first."""
    out = []
    left = bits
    while left:
        low = left & -left
        left ^= low
        out.append(score[bits ^ low])
    return tuple(out)


def _without_each(h: int, rules: MeldRules, tables: Tables) -> list[int]:
    """:func:`deadwood_without_each` of the hand mask ``h``, worked out."""
    out: list[int] = []
    append = out.append
    if h & tables.special:
        rest = h
        while rest:
            low = rest & -rest
            rest ^= low
            append(deadwood_value(h ^ low, rules))
        return out
    score = tables.score
    a = h & 0x1FFF
    b = h >> 13 & 0x1FFF
    c = h >> 26 & 0x1FFF
    d = h >> 39
    suits = (a, b, c, d)
    scores = [score[a], score[b], score[c], score[d]]
    total = scores[0] + scores[1] + scores[2] + scores[3]
    t = (a & b & (c | d)) | (c & d & (a | b))
    if not t:  # no set anywhere, with any card out: one tabled score per card
        drops = _DROPS[tables.index]
        for suit in range(4):
            bits = suits[suit]
            if bits:
                scores_out = drops.get(bits)
                if scores_out is None:
                    scores_out = drops[bits] = _drop_scores(bits, score)
                others = total - scores[suit]
                out += [(others + value) >> 12 for value in scores_out]
        return out
    four = a & b & c & d  # ranks held in every suit: they can still make a set without one
    # One rank that can make a set (the usual case once a hand has a set): each card out
    # changes one suit's score and one suit's gain from the set (as in deadwood_value)
    one = bool(t) and not t & (t - 1) and tables.sets_3_or_4
    gains = [score[bits ^ t] + 1 - score[bits] if bits & t else 0 for bits in suits] \
        if one else []
    for suit in range(4):
        bits = suits[suit]
        others = total - scores[suit]
        shift = 13 * suit
        left = bits
        while left:
            low = left & -left
            left ^= low
            held = bits ^ low
            # the ranks that can make a set once this card is out: only its own rank can drop
            t2 = t ^ low if t & low and not four & low else t
            if not t2:
                append((others + score[held]) >> 12)
                continue
            if one and t2 == t:
                own = score[held]
                gain = (score[held ^ t] + 1 - own if held & t else 0) - gains[suit]
                gain += gains[0] + gains[1] + gains[2] + gains[3]
                if four & t and held & t:  # still four held: or a 3-set without the costliest
                    gain -= max(score[held ^ t] + 1 - own,
                                *[gains[other] for other in range(4) if other != suit], 0)
                append((others + own + (gain if gain < 0 else 0)) >> 12)
                continue
            a2, b2, c2, d2 = (held if suit == 0 else a, held if suit == 1 else b,
                              held if suit == 2 else c, held if suit == 3 else d)
            if t2 & (t2 - 1):
                value = _solve_ranks(h ^ low << shift, a2, b2, c2, d2, t2, tables)[0]
            else:
                value = _solve_one_rank(a2, b2, c2, d2, t2, tables)[0]
            append(value >> 12)
    return out


def deadwood_within(hand: CardSet | Iterable[Card] | int, bound: int,
                    rules: MeldRules = DEFAULT_RULES) -> int | None:
    """The least deadwood count of ``hand`` if it is at most ``bound``, else None: a knock
    check, asked after every draw, where the answer is almost always None.

    A set only takes cards of a rank held three times or more, so the best arrangement leaves
    at least the runs-only deadwood less the value of those cards; a hand whose bound is over
    ``bound`` (most hands with a set to weigh) is ruled out without weighing its sets."""
    h = hand.mask if type(hand) is CardSet else hand_mask(hand)
    last = _LAST
    tables: Tables = last[1] if last[0] is rules else _tables(rules)
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


def hand_score(h: int, tables: Tables) -> int:
    """The packed tie-break score (see :mod:`cardkit.melds.tables`) of the best arrangement."""
    if h & tables.wildmask:
        return _wild_search(h, tables)[0]
    extra = (h >> 52).bit_count() * tables.joker_score
    return _solve(h & STD52, tables)[0] + extra


_new_arrangement = Arrangement.__new__
_set_value = Arrangement.deadwood_value.__set__  # type: ignore[attr-defined]
_set_source = Arrangement._source.__set__  # type: ignore[attr-defined]
_set_melds = Arrangement.melds.__set__  # type: ignore[attr-defined]
_set_deadwood = Arrangement.deadwood.__set__  # type: ignore[attr-defined]


def best_arrangement(
    hand: CardSet | Iterable[Card] | int, rules: MeldRules = DEFAULT_RULES
) -> Arrangement:
    """The arrangement of ``hand`` into disjoint melds with the least deadwood value (exact).

    Ties are broken as described in this module's docstring: fewest deadwood cards, then fewest
    cards in sets, then a fixed enumeration order. The value is found at once; the melds and
    deadwood cards are built the first time they are read (most callers want the value only).
    """
    h = hand.mask if type(hand) is CardSet else hand_mask(hand)
    last = _LAST
    tables: Tables = last[1] if last[0] is rules else _tables(rules)
    if h & tables.special:
        if h & tables.wildmask:
            return _wild_arrangement(h, tables)
        return _natural_arrangement(h, tables)
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
        value, sets = (_solve_ranks(h, a, b, c, d, t, tables) if t & (t - 1)
                       else _solve_one_rank(a, b, c, d, t, tables))
        _set_value(arrangement, value >> 12)
        _set_source(arrangement, tables.source | sets << 52 | h)
        return arrangement
    # _solve_one_rank with sets of 3 or 4, written out: a quarter of random hands come here
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
    # the rank's four cards are t * _RANK_BITS: the set cards come from them and the hand
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


def fill_arrangement(arrangement: Arrangement) -> None:
    """Build the melds and deadwood of an arrangement :func:`best_arrangement` left unbuilt."""
    source = arrangement._source
    h = source & STD52
    sets = source >> 52 & STD52
    tables = tables_by_index((source >> 104) - 1)  # Tables.source
    melds, deadwood = _parts(h, sets, tables)
    _set_melds(arrangement, melds)
    _set_deadwood(arrangement, deadwood)


def _parts(h: int, sets: int, tables: Tables) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """The melds and deadwood of natural cards ``h`` whose set cards are ``sets`` (the runs are
    each suit's tabled best)."""
    melds: list[Meld] = []
    if sets:
        set_melds = tables.set_melds
        ranks = (sets | sets >> 13 | sets >> 26 | sets >> 39) & M13
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            group = sets & low * _RANK_BITS
            meld = set_melds.get(group)
            if meld is None:
                meld = tables.set_meld(group)
            melds.append(meld)
        h &= ~sets
    entries = tables.suit_entries
    e0 = entries[0][h & M13]
    e1 = entries[1][h >> 13 & M13]
    e2 = entries[2][h >> 26 & M13]
    e3 = entries[3][h >> 39]
    runs = e0[0] + e1[0] + e2[0] + e3[0]
    return (tuple(melds) + runs if melds else runs), e0[1] + e1[1] + e2[1] + e3[1]


def _natural_arrangement(h: int, tables: Tables) -> Arrangement:
    """The arrangement of natural cards plus jokers that are not wild (dead cards), built."""
    jokers = h >> 52
    h &= STD52
    score, sets = _solve(h, tables)
    melds, deadwood = _parts(h, sets, tables)
    deadwood += tuple(ALL_CARDS[52 + i] for i in range(2) if jokers >> i & 1)
    value = (score >> VALUE_SHIFT) + jokers.bit_count() * tables.rules.wild_value
    return Arrangement(melds, deadwood, value)


# --- enumeration -------------------------------------------------------------------------


def all_melds(hand: CardSet | Iterable[Card] | int, rules: MeldRules = DEFAULT_RULES) -> list[Meld]:
    """Every meld contained in ``hand``: sets of every allowed size and every choice of suits,
    runs of every length >= ``min_run`` (every window of a longer run), and with wild cards every
    distinct use: which natural cards, which wild cards, and (for runs) which positions the wild
    cards fill. Wild cards are interchangeable in identity: in one meld they take the free
    positions (runs) or free suits (sets) in card index order. Sorted: sets by rank, then runs by
    suit, low end and length.
    """
    h = hand_mask(hand)
    tables = _tables(rules)
    if not h & tables.wildmask:
        return _natural_melds(h & STD52, tables)
    return _enumerate_melds(h, tables)


def _enumerate_melds(h: int, tables: Tables) -> list[Meld]:
    """:func:`all_melds` by enumerating every template of the hand, sorted."""
    rules = tables.rules
    wilds = [card for card in ALL_CARDS if h & card.mask & tables.wildmask]
    natural = h & STD52 & ~tables.wildmask
    found: list[Meld] = []
    for nat_mask, window, g in _templates(natural, len(wilds), rules, dedupe=False):
        for used in combinations(wilds, g):
            found.append(_make_meld(nat_mask, window, used, rules))
    found.sort(
        key=lambda m: (
            meld_sort_key(m),
            tuple(c.index for c in m.cards),
            tuple(r.index for r in m.represents),
        )
    )
    return found


# The melds of one rank's cards (a set needs one rank) and of one suit's (a run needs one
# suit), by (tables index, rank or 13 + suit, cards as a mask): without wild cards a hand's
# melds are these groups side by side, and the groups repeat from hand to hand.
_MELD_GROUPS: dict[tuple[int, int, int], tuple[Meld, ...]] = {}


def _natural_melds(natural: int, tables: Tables) -> list[Meld]:
    """:func:`all_melds` of a hand without wild cards: each rank's sets (ranks in order), then
    each suit's runs (suits in order), every group enumerated once per rules and remembered --
    the order :func:`all_melds` sorts into (sets by rank, then runs by suit), group by group."""
    index = tables.index
    groups = _MELD_GROUPS
    found: list[Meld] = []
    a = natural & 0x1FFF
    b = natural >> 13 & 0x1FFF
    c = natural >> 26 & 0x1FFF
    d = natural >> 39
    pairs = (a & (b | c | d)) | (b & (c | d)) | (c & d)  # ranks held in two suits or more
    while pairs:
        low = pairs & -pairs
        pairs ^= low
        rank_cards = natural & low * 0x8004002001
        key = (index, low.bit_length(), rank_cards)
        melds = groups.get(key)
        if melds is None:
            melds = groups[key] = tuple(_enumerate_melds(rank_cards, tables))
        found += melds
    min_run = tables.rules.min_run
    for suit, bits in enumerate((a, b, c, d)):
        if bits.bit_count() < min_run:
            continue
        key = (index, 14 + suit, bits)
        melds = groups.get(key)
        if melds is None:
            melds = groups[key] = tuple(_enumerate_melds(bits << 13 * suit, tables))
        found += melds
    return found


def _templates(
    natural: int, nwild: int, rules: MeldRules, dedupe: bool
) -> list[tuple[int, tuple, int]]:
    """Meld shapes in the natural cards ``natural`` using up to ``nwild`` wild cards.

    Each is ``(natural mask, window, wilds)``: ``window`` is ``("set", rank)`` or
    ``("run", suit, ranks)``. With ``dedupe`` only one window per (natural mask, wilds) is kept
    and only shapes that use wild cards are listed.
    """
    need = max(rules.min_natural, 1)
    sizes = sorted({s for s in rules.set_sizes if s <= 4})
    out: list[tuple[int, tuple, int]] = []
    seen: set[tuple[int, int]] = set()
    for rank in range(1, 14):
        held = [s for s in range(4) if natural >> (13 * s + rank - 1) & 1]
        if len(held) < (need if nwild else 2):
            continue
        for size in sizes:
            for n in range(min(size, len(held)), -1, -1):
                g = size - n
                if g > nwild or (g and n < need) or (dedupe and not g):
                    continue
                for combo in combinations(held, n):
                    nat_mask = sum(1 << (13 * s + rank - 1) for s in combo)
                    out.append((nat_mask, (SET, rank), g))
    positions = rules.positions
    for suit in range(4):
        held_ranks = natural >> (13 * suit) & M13
        if not held_ranks:
            continue
        longest = min(len(positions), held_ranks.bit_count() + nwild)
        if held_ranks.bit_count() < (need if nwild else rules.min_run):
            continue
        for length in range(rules.min_run, longest + 1):
            starts = run_intervals(positions, length) if dedupe else _distinct_windows(
                positions, length)
            for start in reversed(starts):
                window = positions[start : start + length]
                present = [r for r in window if held_ranks >> (r - 1) & 1]
                gaps = length - len(present)
                if gaps > nwild or not present:
                    continue
                for drop in range(0, nwild - gaps + 1):
                    g = gaps + drop
                    if (g and len(present) - drop < need) or (dedupe and not g):
                        continue
                    for dropped in combinations(present, drop):
                        nat_mask = sum(
                            1 << (13 * suit + r - 1) for r in present if r not in dropped
                        )
                        if dedupe:
                            if (nat_mask, g) in seen:
                                continue
                            seen.add((nat_mask, g))
                        out.append((nat_mask, (RUN, suit, window), g))
    return out


@cache
def _distinct_windows(positions: tuple[int, ...], length: int) -> tuple[int, ...]:
    """The run windows of ``length`` (their starts) with distinct sets of ranks: where an ace
    may be low or high, a window of every rank is the same cards at either end, listed once
    (at its lowest start, the ace low)."""
    kept: dict[frozenset[int], int] = {}
    for start in run_intervals(positions, length):
        kept.setdefault(frozenset(positions[start : start + length]), start)
    return tuple(kept.values())


def _make_meld(nat_mask: int, window: tuple, wilds: Iterable[Card], rules: MeldRules) -> Meld:
    spare = iter(wilds)
    if window[0] == SET:
        rank = window[1]
        pairs = []
        for suit in range(4):
            card = ALL_CARDS[13 * suit + rank - 1]
            if nat_mask & card.mask:
                pairs.append((card, card))
        free_suits = [s for s in range(4) if not nat_mask >> (13 * s + rank - 1) & 1]
        for card, suit in zip(spare, free_suits, strict=False):
            pairs.append((card, ALL_CARDS[13 * suit + rank - 1]))
        pairs.sort(key=lambda p: p[1].suit)
        return Meld(SET, tuple(p[0] for p in pairs), tuple(p[1] for p in pairs))
    _, suit, ranks = window
    cards = []
    represents = []
    for rank in ranks:
        identity = ALL_CARDS[13 * suit + rank - 1]
        represents.append(identity)
        cards.append(identity if nat_mask & identity.mask else next(spare))
    return Meld(RUN, tuple(cards), tuple(represents))


# --- exact search with wild cards -----------------------------------------------------------


def _wild_search(h: int, tables: Tables) -> tuple[int, list[tuple[int, tuple, int]], int]:
    """(score, chosen wild shapes, set-card mask of the natural rest) for a hand with wilds."""
    rules = tables.rules
    wildmask = tables.wildmask
    nwild = (h & wildmask).bit_count()
    natural = h & STD52 & ~wildmask
    other_jokers = (h >> 52) & ~(wildmask >> 52)
    base = other_jokers.bit_count() * tables.joker_score
    shapes = _templates(natural, nwild, rules, dedupe=True)
    # wild melds cost nothing but count their cards as set cards (tie-break: runs preferred)
    shape_score = [nat.bit_count() + g if w[0] == SET else 0 for nat, w, g in shapes]
    best: list = [None, None, 0]

    def visit(start: int, used: int, left: int, chosen: list[int], extra: int) -> None:
        score, sets = _solve(natural & ~used, tables)
        total = score + extra + base + left * tables.joker_score
        if best[0] is None or total < best[0]:
            best[0] = total
            best[1] = list(chosen)
            best[2] = sets
        for i in range(start, len(shapes)):
            nat, _, g = shapes[i]
            if g <= left and not nat & used:
                chosen.append(i)
                visit(i + 1, used | nat, left - g, chosen, extra + shape_score[i])
                chosen.pop()

    visit(0, 0, nwild, [], 0)
    return best[0], [shapes[i] for i in best[1]], best[2]


def _wild_arrangement(h: int, tables: Tables) -> Arrangement:
    rules = tables.rules
    wildmask = tables.wildmask
    score, chosen, sets = _wild_search(h, tables)
    wild_cards = [card for card in ALL_CARDS if h & card.mask & wildmask]
    spare = iter(wild_cards)
    melds: list[Meld] = []
    used = 0
    for nat, window, g in chosen:
        melds.append(_make_meld(nat, window, [next(spare) for _ in range(g)], rules))
        used |= nat
    rest = h & STD52 & ~wildmask & ~used
    natural_part = best_arrangement(rest, rules) if rest else Arrangement((), (), 0)
    melds.extend(natural_part.melds)
    melds.sort(key=meld_sort_key)
    deadwood = list(natural_part.deadwood) + list(spare)
    deadwood += [card for card in ALL_CARDS[52:] if h & card.mask and not card.mask & wildmask]
    deadwood.sort(key=lambda card: card.index)
    del sets  # the natural rest is re-solved by best_arrangement with the same tie-break
    return Arrangement(tuple(melds), tuple(deadwood), score >> VALUE_SHIFT)


assert COUNT_SHIFT < VALUE_SHIFT
