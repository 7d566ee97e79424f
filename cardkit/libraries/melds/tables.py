"""Per-rules lookup tables behind the fast meld search.

Everything here is keyed by a 13-bit *rank mask* (bit ``r - 1`` = rank ``r`` held in one suit):
with the sets fixed, the best runs of one suit depend on that suit's rank mask only, so the
best run-only deadwood of every rank mask is precomputed once per :class:`MeldRules`.

A *score* packs the tie-break order into one int: ``value << 12 | cards << 6 | set_cards``
(deadwood value, then number of deadwood cards, then number of cards in sets), so sums of
scores compare lexicographically and ``score >> 12`` is the deadwood value.
"""

from __future__ import annotations

from itertools import combinations

from cardkit.libraries.melds.meld import RUN, SET, Meld
from cardkit.libraries.melds.rules import MeldRules
from cardkit.values.cards import ALL_CARDS, Card

M13 = 0x1FFF
STD52 = (1 << 52) - 1
VALUE_SHIFT = 12
COUNT_SHIFT = 6


class Tables:
    """Lookup tables for one :class:`MeldRules` (built lazily, cached per rules value)."""

    __slots__ = (
        "capable",
        "choices",
        "cover",
        "index",
        "joker_score",
        "mask_value",
        "max_set",
        "rank_choices",
        "rules",
        "score",
        "set_melds",
        "sets_3_or_4",
        "source",
        "special",
        "suit_entries",
        "variant",
        "variants",
        "wildmask",
    )

    def __init__(self, rules: MeldRules) -> None:
        self.rules = rules
        values = rules.card_values
        value = [0] * 8192
        count = [0] * 8192
        for mask in range(1, 8192):
            low = mask & -mask
            rest = mask ^ low
            value[mask] = value[rest] + values[low.bit_length() - 1]
            count[mask] = count[rest] + 1
        positions = rules.positions
        if len(positions) > 1 and positions[0] == positions[-1]:
            variants = [positions[:-1], positions[1:]]
        else:
            variants = [positions]
        self.variants = variants
        covers = [_cover_table(variant, rules.min_run) for variant in variants]
        score = [0] * 8192
        cover = [0] * 8192
        variant_of = [0] * 8192
        capable = [0] * 8192
        for mask in range(8192):
            best = None
            for index, table in enumerate(covers):
                dead = mask & ~table[mask]
                key = value[dead] << VALUE_SHIFT | count[dead] << COUNT_SHIFT
                if best is None or key < best:
                    best = key
                    cover[mask] = table[mask]
                    variant_of[mask] = index
                capable[mask] |= table[mask]
            score[mask] = best  # type: ignore[assignment]
        self.score = score
        self.mask_value = value  # the value of each rank mask's cards (a bound on set gains)
        self.cover = cover
        self.variant = variant_of
        self.max_set = rules.max_set
        self.capable = capable
        self.choices = _set_choice_table(rules)
        self.rank_choices = _rank_choice_table(rules)
        # sets of 3 or 4 (gin, Tonk): one rank's best choice has a closed form
        self.sets_3_or_4 = {size for size in rules.set_sizes if size <= 4} == {3, 4}
        self.index = -1  # set by tables_for: this rules value's place in a process-wide list
        # a lazily built arrangement's int: index + 1 above the set cards (52 bits) and the
        # hand (52 bits); never 0
        self.source = 0
        self.wildmask = sum(card.mask for card in rules.wild)
        # cards that leave the natural fast path: wild cards and jokers
        self.special = self.wildmask | ~STD52
        self.joker_score = rules.wild_value << VALUE_SHIFT | 1 << COUNT_SHIFT
        self.set_melds: dict[int, Meld] = {}
        self.suit_entries = [self._suit_entries(suit) for suit in range(4)]

    def _suit_entries(self, suit: int) -> list[tuple[tuple[Meld, ...], tuple[Card, ...]]]:
        """For every rank mask of ``suit``: (its best runs as melds, its deadwood cards)."""
        base = 13 * suit
        cards_of: list[tuple[Card, ...]] = [()] * 8192
        for mask in range(1, 8192):
            low = mask & -mask
            cards_of[mask] = (ALL_CARDS[base + low.bit_length() - 1], *cards_of[mask ^ low])
        runs_by_mask: dict[tuple[int, int], Meld] = {}
        entries: list[tuple[tuple[Meld, ...], tuple[Card, ...]]] = []
        empty: tuple[Meld, ...] = ()
        for mask in range(8192):
            covered = self.cover[mask]
            dead = cards_of[mask & ~covered]
            if not covered:
                entries.append((empty, dead))
                continue
            order = self.variants[self.variant[mask]]
            found: list[Meld] = []
            current: list[Card] = []
            for rank in (*order, None):
                if rank is not None and covered >> (rank - 1) & 1:
                    current.append(ALL_CARDS[base + rank - 1])
                elif current:
                    key = (current[0].index, len(current))
                    meld = runs_by_mask.get(key)
                    if meld is None:
                        meld = runs_by_mask[key] = Meld(RUN, tuple(current))
                    found.append(meld)
                    current = []
            entries.append((tuple(found), dead))
        return entries

    def set_meld(self, mask: int) -> Meld:
        """The natural set whose cards are ``mask`` (cached)."""
        meld = self.set_melds.get(mask)
        if meld is None:
            cards = tuple(ALL_CARDS[i] for i in range(52) if mask >> i & 1)
            meld = self.set_melds[mask] = Meld(SET, cards)
        return meld


def _cover_table(order: tuple[int, ...], min_run: int) -> list[int]:
    """For every rank mask, the ranks lying in a run of ``min_run``+ consecutive (in ``order``)."""
    identity = order == tuple(range(1, 14))
    length = len(order)
    table = [0] * 8192
    for mask in range(8192):
        if identity:
            pos = mask
        else:
            pos = 0
            for i, rank in enumerate(order):
                if mask >> (rank - 1) & 1:
                    pos |= 1 << i
        window = pos
        for shift in range(1, min_run):
            window &= pos >> shift
        if not window:
            continue
        covered = 0
        for shift in range(min_run):
            covered |= window << shift
        covered &= (1 << length) - 1
        if identity:
            table[mask] = covered
        else:
            ranks = 0
            for i, rank in enumerate(order):
                if covered >> i & 1:
                    ranks |= 1 << (rank - 1)
            table[mask] = ranks
    return table


def _set_choice_table(rules: MeldRules) -> list[tuple[int, ...]]:
    """Undominated set choices for one rank, indexed by ``held << 4 | capable`` (4-bit suit masks:
    the suits held at that rank, and those of them that lie in some potential run).

    Each entry is a tuple of 52-bit masks for rank ace (shift left by ``rank - 1``; 0 = no
    set). A choice is dropped when another legal choice adds only cards that can never be in a
    run (it melds more for free); "no set" is dropped when a set of such cards alone is legal.
    Kept in order: no set, then larger sets, then suit order.
    """
    sizes = {size for size in rules.set_sizes if size <= 4}
    table: list[tuple[int, ...]] = [()] * 256
    for held in range(16):
        suits = [s for s in range(4) if held >> s & 1]
        for cap in range(16):
            if cap & ~held:
                continue
            legal = [0]
            for size in sorted(sizes, reverse=True):
                for combo in combinations(suits, size):
                    legal.append(sum(1 << s for s in combo))
            kept = []
            for choice in legal:
                dominated = any(
                    other != choice
                    and other & choice == choice
                    and not (other & ~choice) & cap
                    for other in legal
                )
                if not dominated:
                    kept.append(choice)
            table[held << 4 | cap] = tuple(_SPREAD[choice] for choice in kept)
    return table


def _rank_choice_table(rules: MeldRules) -> list[tuple[int, ...]]:
    """Every legal set choice at one rank, indexed by the 4-bit mask of the suits held there:
    4-bit suit masks, "no set" (0) first, then larger sets, then suit order (the tie-break
    order of :func:`_set_choice_table`, without its dominance pruning)."""
    sizes = sorted({size for size in rules.set_sizes if size <= 4}, reverse=True)
    table: list[tuple[int, ...]] = []
    for held in range(16):
        suits = [s for s in range(4) if held >> s & 1]
        legal = [0]
        for size in sizes:
            for combo in combinations(suits, size):
                legal.append(sum(1 << s for s in combo))
        table.append(tuple(legal))
    return table


_SPREAD = [sum(1 << (13 * s) for s in range(4) if choice >> s & 1) for choice in range(16)]


_TABLES: dict[MeldRules, Tables] = {}
_BY_INDEX: list[Tables] = []


def tables_for(rules: MeldRules) -> Tables:
    """The (cached) tables of ``rules``: one per distinct rules value in a process."""
    tables = _TABLES.get(rules)
    if tables is None:
        tables = _TABLES[rules] = Tables(rules)
        tables.index = len(_BY_INDEX)
        tables.source = (tables.index + 1) << 104
        _BY_INDEX.append(tables)
    return tables


def tables_by_index(index: int) -> Tables:
    """The tables whose :attr:`Tables.index` is ``index`` (a lazily built arrangement keeps the
    index, an int, rather than the tables)."""
    return _BY_INDEX[index]
