"""Enumerate combinations: every combination of a type in a hand, every one, those that beat.

Order (every function that returns a list of combinations): by type in
:class:`~cardkit.libraries.climbing.combination.ComboType` declaration order, then by length
ascending, then by key strength ascending (weakest first), then by the remaining cards'
strengths compared from the strongest card down
(:func:`~cardkit.libraries.climbing.classify.combination_sort_key`).

Speed: a hand is mapped once to a *strength mask* (bit ``strength`` set for each held card), so
the cards of rank position ``p`` are the nibble ``(smask >> 4*p) & 0xF`` with bits in suit order;
pairs, triples and quads come from per-nibble tables and sequences from the runs of consecutive
held ranks.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import TypeVar

from cardkit.libraries.climbing.classify import beat_threshold
from cardkit.libraries.climbing.combination import (
    SET_SIZE,
    TYPE_INDEX,
    BeatRule,
    Combination,
    ComboType,
)
from cardkit.libraries.climbing.kernel import compiled
from cardkit.libraries.climbing.rules import ClimbingRules
from cardkit.values.cards import Card, CardSet

__all__ = ["SETS_AT", "all_combinations", "beating_combinations", "combination_of_mask",
           "combinations_of_type", "select_beating", "sequence_groups"]


def _sub_nibbles(size: int) -> tuple[tuple[int, ...], ...]:
    """For each 4-bit nibble, its sub-nibbles of ``size`` bits, ordered by highest bit, then
    by the remaining bits from the top down (the library's enumeration order)."""
    table = []
    for nibble in range(16):
        bits = [b for b in range(4) if nibble >> b & 1]
        subs = [sum(1 << b for b in combo) for combo in itertools.combinations(bits, size)]
        subs.sort(key=lambda s: sorted((b for b in range(4) if s >> b & 1), reverse=True))
        table.append(tuple(subs))
    return tuple(table)


_SUBS_OF_SIZE: dict[int, tuple[tuple[int, ...], ...]] = {k: _sub_nibbles(k) for k in (1, 2, 3, 4)}
_SUBS_1 = _SUBS_OF_SIZE[1]
_SUBS_2 = _SUBS_OF_SIZE[2]
#: ``SETS_AT[p][nibble]``: the sets of sizes 1, 2, 3 and 4 that rank position ``p`` holding
#: ``nibble`` gives, as strength masks in the library's order (a hand's sets in one pass).
SETS_AT: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(tuple(tuple(sub << 4 * p for sub in _SUBS_OF_SIZE[size][nibble]) for size in (1, 2, 3, 4))
          for nibble in range(16))
    for p in range(13))


def _set_masks(smask: int, size: int, min_key: int) -> list[int]:
    """The strength masks of every ``size``-card set (single/pair/triple/quad) in ``smask``
    with key strength > ``min_key``, in the library's order."""
    subs_table = _SUBS_OF_SIZE[size]
    out: list[int] = []
    start = max(min_key + 1, 0)
    shift = start & ~3
    smask >>= shift
    while smask:
        nib = smask & 0xF
        if nib.bit_count() >= size:
            for sub in subs_table[nib]:
                found = sub << shift
                if found.bit_length() - 1 > min_key:
                    out.append(found)
        smask >>= 4
        shift += 4
    return out


def _sets(rules: ClimbingRules, smask: int, size: int, min_key: int) -> list[Combination]:
    """Every ``size``-card set (single/pair/triple/quad) with key strength > ``min_key``."""
    combos_at = rules._tables.set_combos[size]
    out = []
    for found in _set_masks(smask, size, min_key):
        shift = (found.bit_length() - 1) & ~3
        out.append(combos_at[shift >> 2][found >> shift])
    return out  # type: ignore[return-value]


_NIB_LOW = int("1" * 13, 16)  # bit 4p for each rank position p


def _held_positions(smask: int, double: bool) -> int:
    """Bit ``4p`` set where rank position ``p`` holds at least one card (two if ``double``)."""
    x1, x2, x3 = smask >> 1, smask >> 2, smask >> 3
    if double:  # at least two of the four suit bits
        return ((smask & (x1 | x2 | x3)) | (x1 & (x2 | x3)) | (x2 & x3)) & _NIB_LOW
    return (smask | x1 | x2 | x3) & _NIB_LOW


def _sequence_masks(
    rules: ClimbingRules, smask: int, double: bool, length: int | None, min_key: int
) -> list[tuple[int, list[int]]]:
    """The strength masks of every (double) sequence of ``length`` (``None``: every length)
    with key > ``min_key``, as ``(length, masks)`` by length ascending, each in the library's
    order (key ascending, then the cards below from the top down).

    ``windows`` has bit ``4p`` set when the ``n`` rank positions ending at ``p`` are all held
    and allowed; it is narrowed one length at a time."""
    if double:
        held = _held_positions(smask, True) & rules._tables.dseq_positions
        minimum, subs_table = rules.min_double_sequence, _SUBS_2
    else:
        held = _held_positions(smask, False) & rules._tables.seq_positions
        minimum, subs_table = rules.min_sequence, _SUBS_1
    if length is not None and length < minimum:
        return []
    if length is None and min_key < 0:
        return _all_sequence_masks(smask, held, minimum, double)
    choices_at: dict[int, list[int]] = {}
    key_floor = ~((1 << (max(min_key + 1, 0) & ~3)) - 1)  # end positions that may beat min_key
    out: list[tuple[int, list[int]]] = []
    windows = held
    n = 1
    while windows:
        if n >= minimum and (length is None or n == length):
            found: list[int] = []
            ends = windows & key_floor
            while ends:
                low = ends & -ends
                ends ^= low
                base = low.bit_length() - 1
                masks = [sub << base for sub in subs_table[(smask >> base) & 0xF]
                         if base + sub.bit_length() - 1 > min_key]
                # Lexicographic from the top down: the position below the key varies slowest.
                for shift in range(base - 4, base - 4 * n, -4):
                    row = choices_at.get(shift)
                    if row is None:
                        row = choices_at[shift] = [
                            sub << shift for sub in subs_table[(smask >> shift) & 0xF]]
                    masks = [m | below for m in masks for below in row]
                found.extend(masks)
            if found:
                out.append((n, found))
            if length is not None:
                break
        windows &= held << (4 * n)
        n += 1
    return out


def _all_sequence_masks(smask: int, held: int, minimum: int, double: bool, /
                        ) -> list[tuple[int, list[int]]]:
    """:func:`_sequence_masks` for every length and key (of double sequences if ``double``;
    ``held``: bit ``4p`` for each allowed rank position holding one card, two if ``double``):
    each position extends the sequences ending at the position below it (``chains[k]``: those
    of ``k + 1`` ranks), so every mask is one OR. The key's choice varies slowest, then the
    cards below from the top down, as in :func:`_sequence_masks`. Lengths first appear in
    ascending order (a sequence of ``n + 1`` ranks ends one position above one of ``n``), so
    the groups need no sorting. ``_kernel.c`` has the same loop in C (see
    :mod:`~cardkit.libraries.climbing.kernel`)."""
    subs_table = _SUBS_2 if double else _SUBS_1
    # Only the positions inside a run of ``minimum`` held ranks or more can be in a sequence:
    # a dealt hand holds many shorter runs (skipping them: a 13-card hand's sequences in about
    # two thirds of the time).
    windows = held
    for k in range(1, minimum):
        windows &= held << 4 * k
    if not windows:
        return []
    positions = windows
    for k in range(1, minimum):
        positions |= windows >> 4 * k
    by_length: dict[int, list[int]] = {}
    chains: list[list[int]] = []
    below = -8
    while positions:
        low = positions & -positions
        positions ^= low
        base = low.bit_length() - 1
        tops = [sub << base for sub in subs_table[(smask >> base) & 0xF]]
        if base - 4 != below:
            chains = [tops]
        elif len(tops) == 1:  # one choice here (most ranks of a dealt hand): no inner loop
            top = tops[0]
            chains = [tops, *[[top | rest for rest in shorter] for shorter in chains]]
        else:
            chains = [tops, *[[top | rest for top in tops for rest in shorter]
                              for shorter in chains]]
        below = base
        for n in range(minimum, len(chains) + 1):
            found = by_length.get(n)
            if found is None:
                by_length[n] = list(chains[n - 1])
            else:
                found += chains[n - 1]
    return list(by_length.items())


#: The pure-Python enumeration, the reference of the compiled one (which calls it for every
#: call it does not answer: masks wider than 64 bits).
python_all_sequence_masks = _all_sequence_masks
_all_sequence_masks = compiled("all_sequence_masks", python_all_sequence_masks)


def _sequence_of_mask(rules: ClimbingRules, found: int, double: bool) -> Combination:
    """The (double) sequence whose strength mask is ``found``."""
    cards = rules.cards_of_strength_mask(found)
    if double:
        return Combination(ComboType.DOUBLE_SEQUENCE, cards, len(cards) // 2, cards[-1],
                           found.bit_length() - 1)
    return Combination(ComboType.SEQUENCE, cards, len(cards), cards[-1], found.bit_length() - 1)


def _sequences(
    rules: ClimbingRules, smask: int, double: bool, length: int | None, min_key: int
) -> list[Combination]:
    """Every (double) sequence of ``length`` (``None``: every length) with key > ``min_key``."""
    return [_sequence_of_mask(rules, found, double)
            for _, masks in _sequence_masks(rules, smask, double, length, min_key)
            for found in masks]


def combination_of_mask(rules: ClimbingRules, found: int, type_: ComboType) -> Combination:
    """The combination of ``type_`` whose strength mask is ``found`` (as the enumeration
    functions build it)."""
    size = SET_SIZE.get(type_)
    if size is not None:
        shift = (found.bit_length() - 1) & ~3
        return rules._tables.set_combos[size][shift >> 2][found >> shift]  # type: ignore[return-value]
    return _sequence_of_mask(rules, found, type_ is ComboType.DOUBLE_SEQUENCE)


def _generate(
    rules: ClimbingRules, smask: int, type_: ComboType, length: int | None, min_key: int = -1
) -> list[Combination]:
    size = SET_SIZE.get(type_)
    if size is not None:
        if length is not None and length != size:
            return []
        return _sets(rules, smask, size, min_key)
    return _sequences(rules, smask, type_ is ComboType.DOUBLE_SEQUENCE, length, min_key)


def combinations_of_type(
    hand: CardSet | Iterable[Card],
    type: ComboType,
    length: int | None = None,
    rules: ClimbingRules | None = None,
) -> list[Combination]:
    """Every combination of ``type`` (and ``length``, if given: cards for a sequence, pairs for a
    double sequence) contained in ``hand``, in the library's order. ``rules`` is required (it is
    a keyword after the optional ``length``)."""
    if rules is None:
        raise TypeError("combinations_of_type() needs rules=")
    return _generate(rules, rules.strength_mask(hand), type, length)


def all_combinations(hand: CardSet | Iterable[Card], rules: ClimbingRules) -> list[Combination]:
    """Every combination contained in ``hand`` (every choice of suits: three eights give three
    pairs of eights), in the library's order (type, length, key strength ascending, then the
    other cards from the top down)."""
    smask = rules.strength_mask(hand)
    out = []
    for type_ in ComboType:
        out.extend(_generate(rules, smask, type_, None))
    return out


def beating_combinations(
    hand: CardSet | Iterable[Card],
    top: Combination,
    rules: ClimbingRules,
    extra: BeatRule | None = None,
    extra_types: Iterable[tuple[ComboType, int | None]] = (),
) -> list[Combination]:
    """Every combination in ``hand`` that beats ``top``, normally or by ``extra``, in the
    library's order (type, length, key strength ascending, …).

    Normal beating only generates combinations of ``top``'s type and length. ``extra`` is
    consulted only for the combinations of the ``(type, length)`` pairs listed in ``extra_types``
    (``length=None``: any length; for singles, pairs, triples and quads the length is implied),
    so that list must name everything the extra rule may admit: e.g. on a single 2,
    ``[(ComboType.QUAD, None), (ComboType.DOUBLE_SEQUENCE, None)]``. It may include ``top``'s
    own group (a lower bomb never beats, but a game may say otherwise).
    """
    smask = rules.strength_mask(hand)

    def generate(type_: ComboType, length: int | None, min_key: int) -> list[Combination]:
        return _generate(rules, smask, type_, length, min_key)

    return select_beating(generate, _same, top, extra, extra_types)


def _same(combo: Combination) -> Combination:
    return combo


T = TypeVar("T")


def select_beating(
    generate: Callable[[ComboType, int | None, int], list[T]],
    combination_of: Callable[[T], Combination],
    top: Combination,
    extra: BeatRule | None,
    extra_types: Iterable[tuple[ComboType, int | None]],
) -> list[T]:
    """:func:`beating_combinations` over any source of combinations: ``generate(type, length,
    min_key)`` lists items (combinations, or values that carry one, read by
    ``combination_of``) of that type and length (``None``: every length) with a key above
    ``min_key``, in the library's order."""
    threshold = beat_threshold(top)
    if extra is None:
        return generate(top.type, top.length, threshold)
    normal = (TYPE_INDEX[top.type], top.length)
    requests = dict.fromkeys(extra_types)
    groups: dict[tuple[int, int], list[T]] = {}
    for type_, length in requests:
        t_index = TYPE_INDEX[type_]
        items = generate(type_, length, -1)
        for _, grouped in itertools.groupby(items, key=lambda item: combination_of(item).length):
            group = list(grouped)
            key = (t_index, combination_of(group[0]).length)
            if key in groups:
                continue
            if key == normal:
                groups[key] = [item for item in group
                               if combination_of(item).key_strength > threshold
                               or extra(combination_of(item), top)]
            else:
                groups[key] = [item for item in group if extra(combination_of(item), top)]
    if normal not in groups:
        groups[normal] = generate(top.type, top.length, threshold)
    result: list[T] = []
    for key in sorted(groups):
        result.extend(groups[key])
    return result


def sequence_groups(rules: ClimbingRules, smask: int) -> list[tuple[ComboType, int, list[int]]]:
    """Every sequence and double sequence of the hand whose strength mask is ``smask``, as
    ``(type, length, masks)`` groups of strength masks in the library's order (a game that
    lists a hand's sets from tables of its own needs only these)."""
    return [(type_, n, found)
            for double, type_ in ((False, ComboType.SEQUENCE), (True, ComboType.DOUBLE_SEQUENCE))
            for n, found in _sequence_masks(rules, smask, double, None, -1)]
