"""Classify and compare combinations: which combination some cards form, and what beats what.

Normal beating (:func:`beats_normally`): the same type and length, and a stronger key (rank
first, then suit; triples and quads by rank alone). A game's extra rules (bombs) come as a
:data:`~cardkit.libraries.climbing.combination.BeatRule`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from cardkit.libraries.climbing.combination import TYPE_INDEX, BeatRule, Combination, ComboType
from cardkit.libraries.climbing.rules import ClimbingRules
from cardkit.values.cards import Card, CardSet

__all__ = ["beat_threshold", "beats", "beats_normally", "classify", "combination_sort_key"]


def combination_sort_key(
    combo: Combination, rules: ClimbingRules
) -> tuple[int, int, tuple[int, ...]]:
    """The library's enumeration order as a sort key: type, length, then the cards' strengths
    from the strongest down (the key first). Sorting any list of combinations by it gives the
    order every enumeration function returns."""
    strengths = tuple(rules.strength(card) for card in reversed(combo.cards))
    return (TYPE_INDEX[combo.type], combo.length, strengths)


def _make(
    type_: ComboType, cards: tuple[Card, ...], length: int, key_strength: int
) -> Combination:
    return Combination(type_, cards, length, cards[-1], key_strength)


def classify(cards: CardSet | Iterable[Card], rules: ClimbingRules) -> Combination | None:
    """The combination these cards form under ``rules``, or ``None`` when they form none (empty,
    repeated cards, jokers, ranks outside the rank order, or no valid shape)."""
    if isinstance(cards, CardSet):
        count = len(cards)
    else:
        cards = list(cards)
        count = len(cards)
    smask = rules.strength_mask(cards)
    if count == 0 or smask.bit_count() != count:
        return None
    tables = rules._tables
    cos = tables.card_of_strength
    ordered = tuple(cos[s] for s in _bits(smask))
    key_strength = smask.bit_length() - 1
    low_pos = (smask & -smask).bit_length() - 1 >> 2
    high_pos = key_strength >> 2
    if low_pos == high_pos:  # the prebuilt single, pair, triple or quad
        return tables.set_combos[count][low_pos][(smask >> 4 * low_pos) & 0xF]
    span = high_pos - low_pos + 1
    counts = {((smask >> 4 * p) & 0xF).bit_count() for p in range(low_pos, high_pos + 1)}
    if counts == {1}:
        type_, minimum, allowed = ComboType.SEQUENCE, rules.min_sequence, tables.seq_ok
    elif counts == {2}:
        type_, minimum = ComboType.DOUBLE_SEQUENCE, rules.min_double_sequence
        allowed = tables.dseq_ok
    else:
        return None
    if span < minimum or not all(allowed[low_pos : high_pos + 1]):
        return None
    return _make(type_, ordered, span, key_strength)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def beat_threshold(top: Combination) -> int:
    """Candidates of ``top``'s type and length beat it normally iff their key strength exceeds
    this (triples and quads: the whole of ``top``'s rank is below it)."""
    if top.type is ComboType.TRIPLE or top.type is ComboType.QUAD:
        return top.key_strength | 3
    return top.key_strength


def beats_normally(candidate: Combination, top: Combination, rules: ClimbingRules) -> bool:
    """Same type and length, and a stronger key (rank first, then suit); triples and quads
    compare by rank alone. Both combinations must have been classified under ``rules``."""
    return (
        candidate.type is top.type
        and candidate.length == top.length
        and candidate.key_strength > beat_threshold(top)
    )


def beats(
    candidate: Combination,
    top: Combination,
    rules: ClimbingRules,
    extra: BeatRule | None = None,
) -> bool:
    """True if ``candidate`` beats ``top`` normally, or by the game's ``extra`` rule."""
    if beats_normally(candidate, top, rules):
        return True
    return extra is not None and bool(extra(candidate, top))
