"""Every meld in a hand, as meld objects: sets of every allowed size and choice of suits, runs
of every window, and with wild cards every distinct use of them (:func:`all_melds`); and the meld
*shapes* (natural cards, window, number of wild cards) that the search with wild cards tries.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations

from cardkit.libraries.melds.arrangement import hand_bits
from cardkit.libraries.melds.copies import all_melds_copies
from cardkit.libraries.melds.meld import RUN, SET, Meld, meld_sort_key, run_intervals
from cardkit.libraries.melds.rules import DEFAULT_RULES, MeldRules
from cardkit.libraries.melds.tables import M13, RANK_BITS, STD52, MeldTables, meld_tables
from cardkit.values.cards import ALL_CARDS, Card, CardMultiset, CardSet

__all__ = ["Shape", "all_melds", "make_meld", "templates"]

#: A meld shape: (natural cards mask, window, number of wild cards); the window is
#: ``("set", rank)`` or ``("run", suit, ranks)``.
Shape = tuple[int, tuple, int]


def all_melds(hand: CardSet | CardMultiset | Iterable[Card] | int,
              rules: MeldRules = DEFAULT_RULES) -> list[Meld]:
    """Every meld contained in ``hand``: sets of every allowed size and every choice of suits,
    runs of every length >= ``min_run`` (every window of a longer run), and with wild cards every
    distinct use: which natural cards, which wild cards, and (for runs) which positions the wild
    cards fill. Wild cards are interchangeable in identity: in one meld they take the free
    positions (runs) or free suits (sets) in card index order. Sorted: sets by rank, then runs by
    suit, low end and length. A hand with copies (a :class:`~cardkit.cards.CardMultiset`) lists
    each distinct meld once: identical copies are interchangeable.
    """
    h = hand_bits(hand)
    tables = meld_tables(rules)
    if isinstance(h, CardMultiset) or tables.general:
        multiset = h if isinstance(h, CardMultiset) else CardMultiset(CardSet.from_mask(h))
        return all_melds_copies(multiset, rules)
    if not h & tables.wildmask:
        return _natural_melds(h & STD52, tables)
    return _enumerate_melds(h, tables)


def _enumerate_melds(h: int, tables: MeldTables) -> list[Meld]:
    """:func:`all_melds` by enumerating every shape of the hand, sorted."""
    rules = tables.rules
    wilds = [card for card in ALL_CARDS if h & card.mask & tables.wildmask]
    natural = h & STD52 & ~tables.wildmask
    found: list[Meld] = []
    for nat_mask, window, g in templates(natural, len(wilds), rules, dedupe=False):
        for used in combinations(wilds, g):
            found.append(make_meld(nat_mask, window, used, rules))
    found.sort(
        key=lambda m: (
            meld_sort_key(m),
            tuple(c.index for c in m.cards),
            tuple(r.index for r in m.represents),
        )
    )
    return found


def _meld_groups(rules: MeldRules) -> dict[tuple[int, int], tuple[Meld, ...]]:
    """An empty table, kept with the rules' compiled tables, of the melds of one rank's cards
    (a set needs one rank) and of one suit's (a run needs one suit), by (rank or 13 + suit,
    cards as a mask), filled on first use: without wild cards a hand's melds are these groups
    side by side, and the groups repeat from hand to hand."""
    return {}


def _natural_melds(natural: int, tables: MeldTables) -> list[Meld]:
    """:func:`all_melds` of a hand without wild cards: each rank's sets (ranks in order), then
    each suit's runs (suits in order), every group enumerated once per rules value and
    remembered -- the order :func:`all_melds` sorts into (sets by rank, then runs by suit),
    group by group."""
    groups = tables.derived(_meld_groups)
    found: list[Meld] = []
    a = natural & M13
    b = natural >> 13 & M13
    c = natural >> 26 & M13
    d = natural >> 39
    pairs = (a & (b | c | d)) | (b & (c | d)) | (c & d)  # ranks held in two suits or more
    while pairs:
        low = pairs & -pairs
        pairs ^= low
        rank_cards = natural & low * RANK_BITS
        key = (low.bit_length(), rank_cards)
        melds = groups.get(key)
        if melds is None:
            melds = groups[key] = tuple(_enumerate_melds(rank_cards, tables))
        found += melds
    min_run = tables.rules.min_run
    for suit, bits in enumerate((a, b, c, d)):
        if bits.bit_count() < min_run:
            continue
        key = (14 + suit, bits)
        melds = groups.get(key)
        if melds is None:
            melds = groups[key] = tuple(_enumerate_melds(bits << 13 * suit, tables))
        found += melds
    return found


def templates(
    natural: int, nwild: int, rules: MeldRules, dedupe: bool
) -> list[Shape]:
    """Meld shapes in the natural cards ``natural`` using up to ``nwild`` wild cards.

    Each is ``(natural mask, window, wilds)``: ``window`` is ``("set", rank)`` or
    ``("run", suit, ranks)``. With ``dedupe`` only one window per (natural mask, wilds) is kept
    and only shapes that use wild cards are listed.
    """
    need = max(rules.min_natural, 1)
    sizes = sorted({s for s in rules.set_sizes if s <= 4})
    out: list[Shape] = []
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


def make_meld(nat_mask: int, window: tuple, wilds: Iterable[Card], rules: MeldRules) -> Meld:
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
