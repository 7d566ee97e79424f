"""The exact least-deadwood search over natural cards, on packed scores (see
:mod:`cardkit.libraries.melds.tables`): sets are decided first, each suit's best runs come from
the rules' tables.

Fast paths (most random 10-card hands hold no rank three times, or one): with no rank held in
three suits the answer is four table lookups; with one such rank each set choice is scored by
per-suit deltas; only with several is a product of set choices searched (pruned by dominance).
Ties follow the tie-break order of :mod:`cardkit.libraries.melds.arrange`.
"""

from __future__ import annotations

from cardkit.libraries.melds.tables import _SPREAD, M13, RANK_BITS, MeldTables

__all__ = ["best_choice", "search_choices", "solve", "solve_one_rank", "solve_ranks"]


def solve(h: int, tables: MeldTables) -> tuple[int, int]:
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
        return solve_one_rank(a, b, c, d, t, tables)
    return solve_ranks(h, a, b, c, d, t, tables)


def solve_one_rank(a: int, b: int, c: int, d: int, bit: int, tables: MeldTables
                    ) -> tuple[int, int]:
    """:func:`solve` when one rank alone can make a set (the common case in random hands).

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
        best, chosen = best_choice(da, db, dc, dd, tables, a, b, c, d, bit)
        return total + best, _SPREAD[chosen] << bit.bit_length() - 1
    # Sets of 3 or 4: the choices are no set, the set of every held card, and (four held) the
    # 3-sets leaving one card out, in that order; the first least wins.
    gain = da + db + dc + dd
    if a & b & c & d & bit:
        most = max(da, db, dc, dd)
        if most <= 0:  # the 4-set is at least as good as any 3-set
            if gain >= 0:
                return total, 0
            return total + gain, RANK_BITS << bit.bit_length() - 1
        if gain - most >= 0:
            return total, 0
        # 3-sets in suit order leave out spades, hearts, diamonds, clubs in turn
        out = 3 if dd == most else 2 if dc == most else 1 if db == most else 0
        return total + gain - most, (RANK_BITS ^ 1 << 13 * out) << bit.bit_length() - 1
    if gain >= 0:
        return total, 0
    held = (a & bit and 1) | (b & bit and 1 << 13) | (c & bit and 1 << 26) | (d & bit and 1 << 39)
    return total + gain, held << bit.bit_length() - 1


def best_choice(da: int, db: int, dc: int, dd: int, tables: MeldTables,
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


def solve_ranks(h: int, a: int, b: int, c: int, d: int, t: int,
                 tables: MeldTables) -> tuple[int, int]:
    """:func:`solve` when several ranks can make sets: every undominated product of set
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
        best, chosen = solve_one_rank(
            h & M13, h >> 13 & M13, h >> 26 & M13, h >> 39, bit, tables)
        return best + base, chosen | fixed
    return search_choices(h, open_ranks, tables, base, fixed)


def search_choices(h: int, open_ranks: list[tuple[int, tuple[int, ...]]], tables: MeldTables,
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
