"""The exact meld search over cards with copies (two or more decks), and under the rules the
one-deck search does not cover (``max_wild``, sets of more than four cards).

A hand is a :class:`~cardkit.cards.CardMultiset`: its natural cards as count planes (plane ``k``
holds the cards held at least ``k + 1`` times), its wild cards as a number (identical wild
cards are interchangeable, and any wild card may stand for any card). The search takes the
lowest natural card left and tries every use of it: deadwood, each set of its rank it can be in
(each choice of copies per suit and number of wild cards), each run of its suit through it
(each window, each choice of which window positions are natural and which wild), and keeps the
least score, remembered by (planes left, wild cards left). Exact: every meld holding the card is
tried, and the card is in at most one.

A state's score and best choice depend on the state and the rules alone, so the memo is kept
with the rules' tables from search to search (bounded, :data:`MEMO_SIZE`): a player weighing
each discard, draw or lay-off solves hands that differ by a card or two, whose states after
their lowest cards are mostly the same.

A *score* is ``value << 8 | cards``: the deadwood value, then the number of deadwood cards.
Ties (equal scores) go to the first option tried: deadwood, then sets (more natural cards
first), then runs (by window, ace low first). A meld holds at least one natural card (a group
of wild cards alone is never a meld, as with :func:`~cardkit.melds.classify`).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

from cardkit.libraries.melds.meld import RUN, SET, Meld, meld_sort_key, run_intervals
from cardkit.libraries.melds.rules import MeldRules
from cardkit.libraries.melds.tables import M13, STD52, MeldTables, meld_tables
from cardkit.values.cards import ALL_CARDS, Card, CardMultiset

__all__ = ["MEMO_SIZE", "CopyTables", "copies_value", "copy_tables", "natural_planes", "search",
           "solve_copies"]

Choice = tuple[Any, ...] | None
Memo = dict[tuple[tuple[int, ...], int], tuple[int, Choice]]

SHIFT = 8
#: The states the search remembers for one rules value, across searches; past it the oldest
#: quarter goes (checked between searches, so a search never loses the states it rebuilds from).
MEMO_SIZE = 1 << 16
_JOKERS = 3 << 52


class CopyTables:
    """What the search over copies reads for one rules value (built once, kept with the
    rules' compiled tables)."""

    __slots__ = ("card_score", "duplicates", "max_wild", "memo", "min_natural", "min_set", "rules",
                 "runs", "set_sizes", "wild_score", "wildmask", "windows")

    def __init__(self, rules: MeldRules) -> None:
        self.rules = rules
        values = rules.card_values
        self.card_score = [values[i % 13] << SHIFT | 1 for i in range(52)]
        self.wild_score = rules.wild_value << SHIFT | 1
        self.wildmask = sum(card.mask for card in rules.wild)
        self.set_sizes = frozenset(rules.set_sizes)
        self.min_set = min(rules.set_sizes)
        self.duplicates = rules.set_duplicates
        self.max_wild = 1 << 30 if rules.max_wild is None else rules.max_wild
        self.min_natural = max(1, rules.min_natural)
        positions = rules.positions
        # runs[rank - 1]: the run windows through that rank, as (rank mask, ranks in order)
        runs: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(13)]
        seen: set[int] = set()
        for length in range(rules.min_run, len(positions) + 1):
            for start in run_intervals(positions, length):
                ranks = positions[start:start + length]
                window = sum(1 << (rank - 1) for rank in ranks)
                if window in seen:
                    continue  # every rank, the ace low or high: the same cards
                seen.add(window)
                for rank in ranks:
                    runs[rank - 1].append((window, ranks))
        self.runs = runs
        #: every run window once (rank mask -> ranks in order), for the meld enumeration
        self.windows = {window: ranks for through in runs for window, ranks in through}
        #: (planes, wild cards) -> (score, best choice), shared by every search of these rules
        self.memo: Memo = {}

    def shared_memo(self) -> Memo:
        """The memo for a new search: the shared one, its oldest quarter dropped when it holds
        :data:`MEMO_SIZE` states."""
        memo = self.memo
        if len(memo) >= MEMO_SIZE:
            for key in list(memo)[:MEMO_SIZE // 4]:
                memo.pop(key, None)
        return memo


def _build(rules: MeldRules) -> CopyTables:
    return CopyTables(rules)


def copy_tables(tables: MeldTables) -> CopyTables:
    """The search's tables for the rules of ``tables`` (made on first use)."""
    return tables.derived(_build)


def natural_planes(planes: tuple[int, ...], wildmask: int) -> tuple[tuple[int, ...], int, int]:
    """(the natural cards' planes, the number of wild cards, the number of jokers that are not
    wild) of a multiset's ``planes``."""
    natural = []
    wilds = 0
    dead = 0
    for plane in planes:
        wilds += (plane & wildmask).bit_count()
        dead += (plane & _JOKERS & ~wildmask).bit_count()
        rest = plane & STD52 & ~wildmask
        if rest:
            natural.append(rest)
    return tuple(natural), wilds, dead


def _take(p: tuple[int, ...], m: int) -> tuple[int, ...]:
    """``p`` less one copy of each card of the mask ``m`` (all held)."""
    if len(p) == 1:
        rest = p[0] & ~m
        return (rest,) if rest else ()
    out = []
    last = len(p) - 1
    for k in range(last + 1):
        x = p[k] & (~m | p[k + 1]) if k < last else p[k] & ~m
        if not x:
            break
        out.append(x)
    return tuple(out)


def search(p: tuple[int, ...], w: int, ct: CopyTables, memo: Memo) -> int:
    """The least score of natural planes ``p`` with ``w`` wild cards; ``memo`` keeps each
    state's score and best choice (for :func:`solve_copies` to rebuild the melds)."""
    if not p:
        return w * ct.wild_score
    key = (p, w)
    found = memo.get(key)
    if found is not None:
        return found[0]
    p0 = p[0]
    low = p0 & -p0
    index = low.bit_length() - 1
    best = ct.card_score[index] + search(_take(p, low), w, ct, memo)
    choice: Choice = None
    suit, rank0 = divmod(index, 13)
    wild_cap = w if w < ct.max_wild else ct.max_wild
    need = ct.min_natural
    sizes = ct.set_sizes
    # sets of the card's rank: copies chosen per suit (the card's own suit at least one)
    counts = []
    for s in range(4):
        bit = 1 << (13 * s + rank0)
        n = 0
        for plane in p:
            if not plane & bit:
                break
            n += 1
        counts.append(n if ct.duplicates else min(n, 1))
    if sum(counts) + wild_cap >= ct.min_set:
        for taken, k, layers in _set_options(tuple(counts), suit, rank0):
            q = None
            for g in range(0, wild_cap + 1):
                size = k + g
                if size not in sizes or (g and k < need) or (not ct.duplicates and size > 4):
                    continue
                if q is None:
                    q = p
                    for layer in layers:
                        q = _take(q, layer)
                score = search(q, w - g, ct, memo)
                if score < best:
                    best = score
                    choice = (SET, taken, g, rank0)
    # runs of the card's suit through it
    held = p0 >> 13 * suit & M13
    bit = 1 << rank0
    for window, ranks in ct.runs[rank0]:
        other = window & ~bit
        have = other & held
        gaps = (other & ~have).bit_count()
        if gaps > wild_cap:
            continue
        sub = have
        while True:
            g = gaps + (have & ~sub).bit_count()
            if g <= wild_cap and (not g or sub.bit_count() + 1 >= need):
                naturals = (sub | bit) << 13 * suit
                score = search(_take(p, naturals), w - g, ct, memo)
                if score < best:
                    best = score
                    choice = (RUN, naturals, g, suit, ranks)
            if not sub:
                break
            sub = (sub - 1) & have
    memo[key] = (best, choice)
    return best


@cache
def _set_options(counts: tuple[int, ...], suit: int, rank0: int
                 ) -> tuple[tuple[tuple[int, int, int, int], int, tuple[int, ...]], ...]:
    """:func:`_set_takes` of ``counts`` with each choice's number of cards and
    :func:`_layers`, made once (a search meets the same few counts at every state)."""
    return tuple((taken, sum(taken), tuple(_layers(taken, rank0)))
                 for taken in _set_takes(list(counts), suit))


def _set_takes(counts: list[int], suit: int) -> list[tuple[int, int, int, int]]:
    """Every choice of copies per suit at one rank, the suit ``suit`` at least once; more
    natural cards first."""
    takes = [
        (a, b, c, d)
        for a in range(counts[0] + 1) for b in range(counts[1] + 1)
        for c in range(counts[2] + 1) for d in range(counts[3] + 1)
        if (a, b, c, d)[suit]]
    takes.sort(key=lambda taken: -sum(taken))
    return takes


def _layers(taken: tuple[int, ...], rank0: int) -> list[int]:
    """The masks to take off a hand, one per copy level, for ``taken[s]`` copies of each suit's
    card of rank ``rank0 + 1``."""
    layers = []
    for level in range(max(taken)):
        layers.append(sum(1 << (13 * s + rank0) for s in range(4) if taken[s] > level))
    return layers


def solve_copies(hand: CardMultiset, rules: MeldRules
                 ) -> tuple[int, tuple[Meld, ...], tuple[Card, ...]]:
    """(deadwood value, melds, deadwood cards) of the best arrangement of ``hand``."""
    tables = rules._tables or meld_tables(rules)
    ct = copy_tables(tables)
    p, w, dead = natural_planes(hand.planes, ct.wildmask)
    memo = ct.shared_memo()
    score = search(p, w, ct, memo)
    wild_cards = [card for card in hand if card.mask & ct.wildmask]
    spare = iter(wild_cards)
    melds: list[Meld] = []
    deadwood: list[Card] = []
    while p:
        choice = _choice(p, w, ct, memo)
        if choice is None:
            low = p[0] & -p[0]
            deadwood.append(ALL_CARDS[low.bit_length() - 1])
            p = _take(p, low)
        elif choice[0] == SET:
            _, taken, g, rank0 = choice
            for layer in _layers(taken, rank0):
                p = _take(p, layer)
            melds.append(_set_meld(taken, rank0, [next(spare) for _ in range(g)]))
            w -= g
        else:
            _, naturals, g, suit, ranks = choice
            p = _take(p, naturals)
            melds.append(_run_meld(naturals, suit, ranks, [next(spare) for _ in range(g)]))
            w -= g
    deadwood.extend(spare)
    deadwood.extend(card for card in hand if card.is_joker and not card.mask & ct.wildmask)
    deadwood.sort(key=lambda card: card.index)
    melds.sort(key=meld_sort_key)
    value = (score >> SHIFT) + dead * rules.wild_value
    return value, tuple(melds), tuple(deadwood)


def _choice(p: tuple[int, ...], w: int, ct: CopyTables, memo: Memo) -> Choice:
    """The best choice of a state the search has solved (solved again, on a memo of its own,
    should another thread's search have dropped it from the shared one meanwhile)."""
    found = memo.get((p, w))
    if found is None:
        own: Memo = {}
        search(p, w, ct, own)
        found = own[(p, w)]
    return found[1]


def copies_score(hand: CardMultiset, tables: MeldTables) -> int:
    """The packed score (``value << 8 | cards``) of ``hand``'s best arrangement, dead jokers
    included."""
    ct = copy_tables(tables)
    p, w, dead = natural_planes(hand.planes, ct.wildmask)
    return search(p, w, ct, ct.shared_memo()) + dead * ct.wild_score


def copies_value(hand: CardMultiset, rules: MeldRules) -> int:
    """The deadwood value of ``hand``'s best arrangement (the value of :func:`solve_copies`,
    without building its melds)."""
    tables = rules._tables or meld_tables(rules)
    return copies_score(hand, tables) >> SHIFT


def _set_meld(taken: tuple[int, ...], rank0: int, wilds: list[Card]) -> Meld:
    pairs = [(ALL_CARDS[13 * s + rank0], ALL_CARDS[13 * s + rank0])
             for s in range(4) for _ in range(taken[s])]
    free = [s for s in range(4) if not taken[s]]
    for i, card in enumerate(wilds):
        # a wild card stands for a missing suit, or (sets with duplicates) for clubs onward
        suit = free[i] if i < len(free) else (i - len(free)) % 4
        pairs.append((card, ALL_CARDS[13 * suit + rank0]))
    pairs.sort(key=lambda pair: pair[1].index)
    return Meld(SET, tuple(c for c, _ in pairs), tuple(r for _, r in pairs))


def _run_meld(naturals: int, suit: int, ranks: tuple[int, ...], wilds: list[Card]) -> Meld:
    spare = iter(wilds)
    cards = []
    represents = []
    for rank in ranks:
        identity = ALL_CARDS[13 * suit + rank - 1]
        represents.append(identity)
        cards.append(identity if naturals & identity.mask else next(spare))
    return Meld(RUN, tuple(cards), tuple(represents))


def all_melds_copies(hand: CardMultiset, rules: MeldRules) -> list[Meld]:
    """Every distinct meld in a hand with copies: each set of a rank (copies per suit where
    the rules allow duplicates) and each run window of a suit, with every choice of which
    positions wild cards fill and of which wild cards (as a multiset) fill them. Sorted as
    :func:`~cardkit.melds.all_melds` sorts (sets by rank, then runs by suit, low end and
    length)."""
    ct = copy_tables(rules._tables or meld_tables(rules))
    p, w, _ = natural_planes(hand.planes, ct.wildmask)
    wild_cards = [card for card in hand if card.mask & ct.wildmask]
    choices = _wild_choices(wild_cards)
    cap = min(w, ct.max_wild)
    found: list[Meld] = []
    p0 = p[0] if p else 0
    for rank0 in range(13):
        counts = []
        for s in range(4):
            bit = 1 << (13 * s + rank0)
            n = sum(1 for plane in p if plane & bit)
            counts.append(n if ct.duplicates else min(n, 1))
        if not any(counts):
            continue
        takes = {tuple(t) for s in range(4) if counts[s] for t in _set_takes(counts, s)}
        for taken in sorted(takes, key=lambda t: (-sum(t), t)):
            k = sum(taken)
            for g in range(cap + 1):
                size = k + g
                if size not in ct.set_sizes or (g and k < ct.min_natural) or (
                        not ct.duplicates and size > 4):
                    continue
                for wilds in choices[g]:
                    found.append(_set_meld(taken, rank0, list(wilds)))
    for suit in range(4):
        held = p0 >> 13 * suit & M13
        if not held:
            continue
        for window, ranks in ct.windows.items():
            have = window & held
            if not have:
                continue
            gaps = (window & ~have).bit_count()
            if gaps > cap:
                continue  # more holes than wild cards to fill them
            bits = [1 << i for i in range(13) if have >> i & 1]
            # the naturals a run keeps: all held, less up to (cap - gaps) replaced by wilds
            for left_out in range(min(cap - gaps, len(bits)) + 1):
                for out in combinations(bits, left_out):
                    sub = have & ~sum(out)
                    g = gaps + left_out
                    if sub and (not g or sub.bit_count() >= ct.min_natural):
                        for wilds in choices[g]:
                            found.append(_run_meld(sub << 13 * suit, suit, ranks,
                                                   list(wilds)))
    found.sort(key=lambda m: (meld_sort_key(m), tuple(c.index for c in m.cards),
                              tuple(r.index for r in m.represents)))
    return found


def _wild_choices(wild_cards: list[Card]) -> list[list[tuple[Card, ...]]]:
    """By number g: every distinct multiset of g of these wild cards (index order)."""
    out: list[list[tuple[Card, ...]]] = [[()]]
    counts: dict[Card, int] = {}
    for card in wild_cards:
        counts[card] = counts.get(card, 0) + 1
    combos: set[tuple[Card, ...]] = {()}
    for card, n in counts.items():
        combos = {combo + (card,) * k for combo in combos for k in range(n + 1)}
    for g in range(1, len(wild_cards) + 1):
        out.append(sorted((c for c in combos if len(c) == g),
                          key=lambda c: tuple(card.index for card in c)))
    return out
