"""Fast meld enumeration on bitmasks: every meld a hand can lay, for a game's move generator.

:func:`cardkit.melds.all_melds` builds :class:`~cardkit.melds.Meld` objects, treats wild cards as
interchangeable and sorts its answer: right for analysis, too slow to run at every legal-move
generation of a simulated hand. The functions here answer the same question on int bitmasks
(bit ``13 * suit + rank - 1``, jokers 52 and 53) with the rules' compiled tables
(:class:`~cardkit.libraries.melds.tables.MeldTables`), so a hand with no meld costs a few table
lookups:

- :func:`natural_meld_masks`: every meld of natural cards, as card masks;
- :func:`wild_meld_masks`: every meld that uses wild cards, with each distinct declaration of
  what the wild cards stand for (a game where a declared identity is part of the move needs them
  all).

Order (stable, so a seeded agent's choices replay): sets by rank (for each rank by size, then
suit combinations in suit order), then runs by suit, low end of the window and length.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, permutations

from cardkit.libraries.melds.rules import DEFAULT_RULES, MeldRules
from cardkit.libraries.melds.tables import MeldTables, meld_tables
from cardkit.values.cards import ALL_CARDS, Card

__all__ = ["NEAR_MASKS", "RANKS_PER_SUIT", "SUIT_MASK", "natural_meld_masks", "wild_meld_masks"]

#: Cards of one suit in a deck, hence the width of a suit's field in a card mask.
RANKS_PER_SUIT = 13
#: The 13-bit field of one suit (``mask >> 13 * suit & SUIT_MASK``: bit ``rank - 1``).
SUIT_MASK = (1 << RANKS_PER_SUIT) - 1


def _near_masks() -> tuple[int, ...]:
    """For each of the 52 natural cards: the cards sharing its rank, or within two ranks of it
    in its suit (ace low)."""
    masks = []
    for index in range(4 * RANKS_PER_SUIT):
        suit, rank = divmod(index, RANKS_PER_SUIT)
        mask = 0
        for other_suit in range(4):
            if other_suit != suit:
                mask |= 1 << (other_suit * RANKS_PER_SUIT + rank)
        for step in (-2, -1, 1, 2):
            if 0 <= rank + step < RANKS_PER_SUIT:
                mask |= 1 << (index + step)
        masks.append(mask)
    return tuple(masks)


#: card index -> the natural cards that could meld with it directly (same rank, or within two
#: ranks in its suit): how a player's choices hint at the cards it holds.
NEAR_MASKS = _near_masks()
_NATURAL = (1 << 4 * RANKS_PER_SUIT) - 1
_SHIFT_1, _SHIFT_2, _SHIFT_3 = RANKS_PER_SUIT, 2 * RANKS_PER_SUIT, 3 * RANKS_PER_SUIT

#: A declared wild card: (the wild card, the card it stands for).
Declared = tuple[tuple[Card, Card], ...]


def _bit(suit: int, rank: int) -> int:
    return 1 << (RANKS_PER_SUIT * suit + rank - 1)


def natural_meld_masks(hand: int, rules: MeldRules = DEFAULT_RULES) -> tuple[int, ...]:
    """Every meld of the natural cards of ``hand`` (a card mask; wild cards and jokers are
    left out), each as a card mask: sets of every allowed size with every choice of suits, and
    runs of every window of ``min_run`` or more held cards in the rules' run order (every window
    of a longer run, an ace high only where the rules allow).

    >>> from cardkit.cards import card_mask, cards_of_mask, parse_cards
    >>> found = natural_meld_masks(card_mask(parse_cards("5H 6H 7H 8H 5C 5D")))
    >>> [" ".join(map(str, cards_of_mask(m))) for m in found]
    ['5C 5D 5H', '5H 6H 7H', '5H 6H 7H 8H', '6H 7H 8H']
    """
    tables = rules._tables  # the rules value keeps its compiled tables (None before first use)
    if tables is None:
        tables = meld_tables(rules)
    natural = hand & _NATURAL & ~tables.wildmask
    a = natural & SUIT_MASK
    b = natural >> _SHIFT_1 & SUIT_MASK
    c = natural >> _SHIFT_2 & SUIT_MASK
    d = natural >> _SHIFT_3
    runs = tables.runs
    # the tables fill on first use: None is "not computed yet" (an empty tuple is "no run")
    runs_a = runs[a]
    if runs_a is None:
        runs_a = tables.runs_in(a)
    runs_b = runs[b]
    if runs_b is None:
        runs_b = tables.runs_in(b)
    runs_c = runs[c]
    if runs_c is None:
        runs_c = tables.runs_in(c)
    runs_d = runs[d]
    if runs_d is None:
        runs_d = tables.runs_in(d)
    min_set = tables.min_set
    if min_set == 3:
        ranks = (a & b & (c | d)) | (c & d & (a | b))
    elif min_set == 2:
        ranks = (a & (b | c | d)) | (b & (c | d)) | (c & d)
    elif min_set == 4:
        ranks = a & b & c & d
    else:
        ranks = a | b | c | d
    if not (ranks or runs_a or runs_b or runs_c or runs_d):
        return ()
    found: list[int] = []
    choices = tables.set_choices
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        shift = low.bit_length() - 1
        held = (a >> shift & 1) | (b >> shift & 1) << 1 | (c >> shift & 1) << 2 \
            | (d >> shift & 1) << 3
        for chosen in choices[held]:
            mask = 0
            for suit in range(4):
                if chosen >> suit & 1:
                    mask |= 1 << (RANKS_PER_SUIT * suit + shift)
            found.append(mask)
    found += runs_a
    found += [window << _SHIFT_1 for window in runs_b]
    found += [window << _SHIFT_2 for window in runs_c]
    found += [window << _SHIFT_3 for window in runs_d]
    return tuple(found)


def wild_meld_masks(hand: int, rules: MeldRules = DEFAULT_RULES) -> list[tuple[int, Declared]]:
    """Every meld of ``hand`` that uses one or more of its wild cards, as ``(natural cards
    mask, declared)`` with ``declared`` the ``(wild card, card it stands for)`` pairs; each
    distinct declaration is its own entry. A meld holds at least ``max(min_natural, 1)``
    natural cards. A set takes any choice of the held naturals of its rank, the wild cards
    standing for suits it lacks; a run window takes every held natural card in it, the wild
    cards filling the positions no held card fills (in every order of the wild cards).

    >>> from cardkit.cards import card_mask, cards_of_mask, parse_cards
    >>> from cardkit.melds import MeldRules
    >>> rules = MeldRules(wild=("X1",), min_natural=2)
    >>> [(" ".join(map(str, cards_of_mask(m))), [f"{w}={i}" for w, i in d])
    ...  for m, d in wild_meld_masks(card_mask(parse_cards("5H 7H X1")), rules)]
    [('5H 7H', ['X1=6H'])]
    """
    tables = rules._tables  # the rules value keeps its compiled tables (None before first use)
    if tables is None:
        tables = meld_tables(rules)
    wilds = [card for card in rules.wild if hand & card.mask]
    if not wilds:
        return []
    need = max(rules.min_natural, 1)
    natural = hand & _NATURAL & ~tables.wildmask
    found: list[tuple[int, Declared]] = []
    sizes = {size for size in rules.set_sizes if size <= 4}
    for rank in range(1, RANKS_PER_SUIT + 1):
        held = [suit for suit in range(4) if natural & _bit(suit, rank)]
        for count in range(need, min(4, len(held)) + 1):
            for chosen in combinations(held, count):
                mask = sum(_bit(suit, rank) for suit in chosen)
                free = [suit for suit in range(4) if suit not in chosen]
                for used in range(1, len(wilds) + 1):
                    if count + used not in sizes:
                        continue
                    for wild_set in combinations(wilds, used):
                        for suits in permutations(free, used):
                            found.append((mask, tuple(
                                (wild, ALL_CARDS[RANKS_PER_SUIT * suit + rank - 1])
                                for wild, suit in zip(wild_set, suits, strict=True))))
    for suit in range(4):
        held_ranks = natural >> (RANKS_PER_SUIT * suit) & SUIT_MASK
        if held_ranks.bit_count() < need:
            continue
        found.extend(_wild_runs(suit, held_ranks, wilds, need, tables))
    return found


def _wild_runs(suit: int, held_ranks: int, wilds: Sequence[Card], need: int,
               tables: MeldTables) -> list[tuple[int, Declared]]:
    """The runs of one suit that wild cards complete, by low end then length."""
    entries: list[tuple[int, int, tuple[int, Declared]]] = []
    for length, windows in tables.windows.items():
        for start, window in windows:
            present = [rank for rank in window if held_ranks >> (rank - 1) & 1]
            missing = [rank for rank in window if not held_ranks >> (rank - 1) & 1]
            if not missing or len(missing) > len(wilds) or len(present) < need:
                continue
            mask = sum(_bit(suit, rank) for rank in present)
            for wild_order in permutations(wilds, len(missing)):
                entries.append((start, length, (mask, tuple(
                    (wild, ALL_CARDS[RANKS_PER_SUIT * suit + rank - 1])
                    for wild, rank in zip(wild_order, missing, strict=True)))))
    entries.sort(key=lambda entry: (entry[0], entry[1]))
    # the same cards and declarations from the ace-low and the ace-high window: listed once
    return list(dict.fromkeys(entry for _, _, entry in entries))
