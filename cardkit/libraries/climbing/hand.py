"""Every combination one hand holds, kept as strength masks and pruned as its cards leave."""

from __future__ import annotations

from collections.abc import Iterable

from cardkit.libraries.climbing.classify import beat_threshold
from cardkit.libraries.climbing.combination import (
    SET_TYPE_BY_SIZE,
    BeatRule,
    Combination,
    ComboType,
)
from cardkit.libraries.climbing.enumeration import (
    SETS_AT,
    combination_of_mask,
    select_beating,
    sequence_groups,
)
from cardkit.libraries.climbing.rules import ClimbingRules
from cardkit.values.cards import CardSet

__all__ = ["HandCombinations"]


class HandCombinations:
    """Every combination one hand holds, enumerated once and pruned as its cards leave.

    A shedding game asks for a player's plays at each of its turns while the hand changes by
    one play at a time: enumerating the hand again at every lead repeats work. This keeps each
    combination as its *strength mask* (an int: bit ``strength`` per card, see
    :meth:`ClimbingRules.strength_mask`), grouped by type and length in the library's order, and
    builds no object: :meth:`sync` follows the hand (dropping what used a card that left, or
    enumerating afresh when cards came in), and the masks it returns are the same combinations,
    in the same order, as :func:`all_combinations` and :func:`beating_combinations` on the
    current hand. :func:`combination_of_mask` builds the combination of a mask.
    """

    __slots__ = ("_groups", "hand_mask", "rules", "smask")

    def __init__(self, rules: ClimbingRules) -> None:
        self.rules = rules
        self.hand_mask = 0
        self.smask = 0
        self._groups: dict[tuple[ComboType, int], list[int]] = {}

    def sync(self, hand_mask: int) -> None:
        """Follow the hand to ``hand_mask`` (its card mask, as in :class:`CardSet`)."""
        old = self.hand_mask
        if hand_mask == old:
            return
        self.hand_mask = hand_mask
        if hand_mask & ~old:  # a new deal or a re-deal: enumerate afresh
            self.smask = self.rules.strength_mask(CardSet.from_mask(hand_mask))
            self._groups = _mask_groups(self.rules, self.smask)
            return
        strength = self.rules._tables.strength_of_index
        gone = 0
        cards = old & ~hand_mask
        while cards:  # a play: a few cards
            low = cards & -cards
            cards ^= low
            index = strength[low.bit_length() - 1]
            if index >= 0:
                gone |= 1 << index
        self.smask &= ~gone
        groups = {}
        for key, group in self._groups.items():
            kept = [found for found in group if not found & gone]
            if kept:
                groups[key] = kept
        self._groups = groups

    def groups(self) -> Iterable[tuple[tuple[ComboType, int], list[int]]]:
        """``((type, length), masks)`` for every group the hand holds, in order. Do not mutate
        the lists."""
        return self._groups.items()

    def group(self, type_: ComboType, length: int) -> list[int]:
        """The masks of ``type_`` and ``length``, key ascending (empty if none). Do not mutate
        the list."""
        return self._groups.get((type_, length), _NO_MASKS)

    def copy(self) -> HandCombinations:
        """An independent copy (the group lists are shared: they are replaced, never
        changed)."""
        twin = HandCombinations(self.rules)
        twin.hand_mask = self.hand_mask
        twin.smask = self.smask
        twin._groups = dict(self._groups)
        return twin

    def of_type(self, type_: ComboType, length: int | None = None, min_key: int = -1
                ) -> list[int]:
        """The masks of ``type_`` (and ``length``; ``None``: every length, shortest first)
        whose key strength exceeds ``min_key``, in order."""
        floor = min_key + 1
        if length is not None:
            group = self._groups.get((type_, length))
            if not group:
                return []
            return [m for m in group if m.bit_length() > floor]
        return [m for (t, _), group in self._groups.items() if t is type_
                for m in group if m.bit_length() > floor]

    def beating(
        self,
        top: Combination,
        extra: BeatRule | None = None,
        extra_types: Iterable[tuple[ComboType, int | None]] = (),
    ) -> list[tuple[ComboType, int]]:
        """``(type, mask)`` of every combination that beats ``top``:
        :func:`beating_combinations` on the current hand."""
        if extra is None:
            type_ = top.type
            return [(type_, m) for m in self.of_type(type_, top.length, beat_threshold(top))]
        rules = self.rules

        def generate(type_: ComboType, length: int | None, min_key: int
                     ) -> list[tuple[ComboType, int, Combination]]:
            return [(type_, m, combination_of_mask(rules, m, type_))
                    for m in self.of_type(type_, length, min_key)]

        found = select_beating(generate, _third, top, extra, extra_types)
        return [(type_, m) for type_, m, _ in found]


_NO_MASKS: list[int] = []


def _third(entry: tuple[ComboType, int, Combination]) -> Combination:
    return entry[2]


def _mask_groups(rules: ClimbingRules, smask: int) -> dict[tuple[ComboType, int], list[int]]:
    """Every combination of ``smask`` as strength masks grouped by (type, length), in the
    library's order (the groups too)."""
    groups: dict[tuple[ComboType, int], list[int]] = {}
    # _set_masks of each size, in one pass over the ranks
    singles: list[int] = []
    pairs: list[int] = []
    triples: list[int] = []
    quads: list[int] = []
    rest = smask
    for sets in SETS_AT:
        if not rest:
            break
        nibble = rest & 0xF
        rest >>= 4
        if nibble:
            one, two, three, four = sets[nibble]
            singles += one
            if two:
                pairs += two
                if three:
                    triples += three
                    if four:
                        quads += four
    by_size = (singles, pairs, triples, quads)
    for size, type_ in SET_TYPE_BY_SIZE.items():
        if by_size[size - 1]:
            groups[type_, size] = by_size[size - 1]
    for type_, n, found in sequence_groups(rules, smask):
        groups[type_, n] = found
    return groups

