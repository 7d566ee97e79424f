"""The compiled tables of one :class:`MeldRules` value: what the meld search and the mask
enumeration read.

:class:`MeldTables` is built once per distinct rules value (:data:`MELD_TABLES`, the library's
:class:`~cardkit.values.compiled.Compiler`) and reached from the value: :func:`meld_tables`.

The search's tables are keyed by a 13-bit *rank mask* (bit ``r - 1`` = rank ``r`` held in one
suit): with the sets fixed, the best runs of one suit depend on that suit's rank mask only, so
the best run-only deadwood of every rank mask is precomputed.

A *score* packs the tie-break order into one int: ``value << 12 | cards << 6 | set_cards``
(deadwood value, then number of deadwood cards, then number of cards in sets), so sums of
scores compare lexicographically and ``score >> 12`` is the deadwood value.
"""

from __future__ import annotations

from itertools import combinations

from cardkit.libraries.melds.meld import RUN, SET, Meld, run_intervals
from cardkit.libraries.melds.rules import MeldRules
from cardkit.values.cards import ALL_CARDS, Card
from cardkit.values.compiled import Compiled, Compiler

__all__ = ["COUNT_SHIFT", "M13", "MELD_TABLES", "RANK_BITS", "STD52", "VALUE_SHIFT",
           "MeldTables", "meld_tables", "tables_of_serial"]

M13 = 0x1FFF
STD52 = (1 << 52) - 1
VALUE_SHIFT = 12
COUNT_SHIFT = 6
#: One card of a rank in each suit, for rank 1 (times a rank's bit: that rank's four cards).
RANK_BITS = 1 | 1 << 13 | 1 << 26 | 1 << 39

#: A suit's best runs as melds, and its deadwood cards.
SuitEntry = tuple[tuple[Meld, ...], tuple[Card, ...]]

class MeldTables(Compiled):
    """Lookup tables for one :class:`MeldRules` value: the search's (best runs and set choices
    by rank mask), the enumeration's (run windows, set patterns) and the lay-off's (run ends).

    The per-suit meld entries, the run windows of a rank mask and the run ends fill in as they
    are first asked for (most of the 4 x 8192 entries are never met)."""

    __slots__ = (
        "_by_low",
        "_ends",
        "capable",
        "choices",
        "cover",
        "general",
        "joker_score",
        "kernel",
        "mask_value",
        "max_set",
        "melds",
        "min_set",
        "rank_choices",
        "runs",
        "score",
        "set_choices",
        "sets_3_or_4",
        "source",
        "special",
        "suit_entries",
        "variant",
        "variants",
        "wildmask",
        "windows",
    )

    rules: MeldRules

    def __init__(self, rules: MeldRules, serial: int) -> None:
        super().__init__(rules)
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
        # a lazily built arrangement's int: this value's serial + 1 above the set cards (52
        # bits) and the hand (52 bits); never 0
        self.source = (serial + 1) << 104
        self.wildmask = sum(card.mask for card in rules.wild)
        # cards that leave the natural fast path: wild cards and jokers
        self.special = self.wildmask | ~STD52
        self.joker_score = rules.wild_value << VALUE_SHIFT | 1 << COUNT_SHIFT
        # hands with wild cards go to the search over copies (cardkit.libraries.melds.copies)
        # when a rule is beyond the one-deck wild search: a cap on wild cards, sets of 5+
        self.general = rules.max_wild is not None or max(rules.set_sizes) > 4
        # sets of 2: the natural search weighs sets only at ranks held three times, so every
        # hand takes the search over copies (all cards "special": one test on the hot path)
        if min(rules.set_sizes) < 3:
            self.general = True
            self.special |= STD52
        # the compiled kernel's copy of the search tables (cardkit.libraries.melds.kernel), made
        # on its first search with these tables: None until then or without the kernel
        self.kernel: object = None
        # the natural melds built so far, by card mask (sets and runs, made once each)
        self.melds: dict[int, Meld] = {}
        # suit_entries[suit][rank mask]: that suit's best runs and deadwood (None: not yet met)
        self.suit_entries: list[list[SuitEntry | None]] = [[None] * 8192 for _ in range(4)]
        self._ends: dict[tuple[int, int], tuple[int | None, int | None]] = {}
        self._enumeration_tables(rules)

    def _enumeration_tables(self, rules: MeldRules) -> None:
        """The tables of :mod:`cardkit.libraries.melds.masks`: set patterns by held suits, run
        windows by length and by low end."""
        sizes = sorted({size for size in rules.set_sizes if size <= 4})
        self.min_set = sizes[0] if sizes else 5  # no natural set of one deck (sets of 5+)
        # set_choices[held suits] = every chosen-suits pattern (4-bit), by size then combination
        self.set_choices: list[tuple[int, ...]] = []
        for held in range(16):
            suits = [suit for suit in range(4) if held >> suit & 1]
            self.set_choices.append(tuple(
                sum(1 << suit for suit in combo)
                for size in sizes for combo in combinations(suits, size)))
        positions = rules.positions
        # windows[length] = (start, ranks) of the run windows of that length, by low end
        self.windows: dict[int, list[tuple[int, tuple[int, ...]]]] = {
            length: [(start, positions[start:start + length])
                     for start in run_intervals(positions, length)]
            for length in range(rules.min_run, len(positions) + 1)}
        by_low: list[tuple[int, int, int]] = []  # (start, length, rank mask)
        for length, windows in self.windows.items():
            for start, window in windows:
                by_low.append((start, length, sum(1 << (rank - 1) for rank in window)))
        by_low.sort()
        # a window of every rank is one set of cards whichever end the ace takes: listed once
        self._by_low = tuple(dict.fromkeys(mask for _, _, mask in by_low))
        # runs[held] = the run windows (rank masks) inside the suit rank mask ``held``; filled
        # on first use (at most 8192 small tuples per rules value)
        self.runs: list[tuple[int, ...] | None] = [None] * 8192

    def runs_in(self, held: int) -> tuple[int, ...]:
        """The run windows inside one suit's rank mask ``held``, by low end then length."""
        found = self.runs[held]
        if found is None:
            found = self.runs[held] = tuple(
                mask for mask in self._by_low if held & mask == mask)
        return found

    def suit_entry(self, suit: int, mask: int) -> SuitEntry:
        """The best runs (as melds) and the deadwood cards of ``suit`` holding the rank mask
        ``mask`` (made on first use)."""
        entry = self.suit_entries[suit][mask]
        if entry is None:
            entry = self.suit_entries[suit][mask] = self._suit_entry(suit, mask)
        return entry

    def _suit_entry(self, suit: int, mask: int) -> SuitEntry:
        base = 13 * suit
        covered = self.cover[mask]
        rest = mask & ~covered
        dead = tuple(ALL_CARDS[base + rank] for rank in range(13) if rest >> rank & 1)
        if not covered:
            return (), dead
        order = self.variants[self.variant[mask]]
        found: list[Meld] = []
        current: list[Card] = []
        for rank in (*order, None):
            if rank is not None and covered >> (rank - 1) & 1:
                current.append(ALL_CARDS[base + rank - 1])
            elif current:
                found.append(self._run_meld(tuple(current)))
                current = []
        return tuple(found), dead

    def _run_meld(self, cards: tuple[Card, ...]) -> Meld:
        """The natural run of ``cards`` (one object per run, kept with the sets: a run's cards
        and a set's never make the same mask)."""
        mask = 0
        for card in cards:
            mask |= card.mask
        meld = self.melds.get(mask)
        if meld is None:
            meld = self.melds[mask] = Meld(RUN, cards)
        return meld

    def window_ends(self, first: int, length: int) -> tuple[int | None, int | None]:
        """The ranks just outside the run window of ``length`` that starts at rank ``first``
        (None: no rank there, or one already in the window)."""
        key = (first, length)
        ends = self._ends.get(key)
        if ends is None:
            ends = self._ends[key] = _window_ends(self.rules.positions, first, length)
        return ends

    def set_meld(self, mask: int) -> Meld:
        """The natural set whose cards are ``mask`` (cached)."""
        meld = self.melds.get(mask)
        if meld is None:
            cards = tuple(ALL_CARDS[i] for i in range(52) if mask >> i & 1)
            meld = self.melds[mask] = Meld(SET, cards)
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


def _window_ends(positions: tuple[int, ...], first: int, length: int
                 ) -> tuple[int | None, int | None]:
    for start in range(len(positions) - length + 1):
        ranks = positions[start : start + length]
        if ranks[0] == first and len(set(ranks)) == length:
            below = positions[start - 1] if start > 0 else None
            above = positions[start + length] if start + length < len(positions) else None
            return (
                None if below in ranks else below,
                None if above in ranks else above,
            )
    return None, None


def _compile(rules: MeldRules) -> MeldTables:
    return MeldTables(rules, MELD_TABLES.serial(rules))


#: The compiler of meld rules: one :class:`MeldTables` per distinct value, kept on the value.
MELD_TABLES: Compiler[MeldRules, MeldTables] = Compiler(_compile, "_tables")


def meld_tables(rules: MeldRules) -> MeldTables:
    """The compiled tables of ``rules`` (built on first use, one per distinct value). A hot
    path reads ``rules._tables`` and calls this only when it is None."""
    tables = rules._tables
    if tables is None:
        tables = MELD_TABLES(rules)
    return tables


#: ``tables_of_serial(serial)``: the tables whose ``source`` is ``(serial + 1) << 104`` (a lazily
#: built arrangement keeps that int, rather than the tables).
tables_of_serial = MELD_TABLES.by_serial
