"""Combinations for climbing (shedding) games: classify, compare, enumerate.

A climbing game plays *combinations* onto a trick; each play must beat the one on top. This
module is the generic layer: a game passes its orders in a :class:`ClimbingRules` and, where it
has them, its extra beating rules (bombs) as a :data:`BeatRule` callable. Nothing here knows any
game by name.

Combination types (:class:`ComboType`): single, pair, triple, four of a kind (quad), sequence
(consecutive ranks, one card each) and double sequence (consecutive ranks, two cards each).
Suits never need to match. "Consecutive" means adjacent in ``rules.rank_order`` with no wrap, and
every rank of a (double) sequence must be in ``rules.sequence_ranks`` (``double_sequence_ranks``).

Card strength is ``rank_position * 4 + suit_position`` (rank first, then suit). The *key* of a
combination is its strongest card; :func:`beats_normally` compares keys of combinations of the
same type and length (triples and quads by rank alone).

Enumeration order (all functions that return lists of combinations): by type in
:class:`ComboType` declaration order (single, pair, triple, quad, sequence, double sequence),
then by length ascending, then by key strength ascending (weakest first), then by the remaining
cards' strengths compared from the strongest card down. :func:`combination_sort_key` is that
order as a sort key.

Speed: a hand is mapped once to a *strength mask* (bit ``strength`` set for each held card), so
the cards of rank position ``p`` are the nibble ``(smask >> 4*p) & 0xF`` with bits in suit order;
pairs, triples and quads come from per-nibble tables and sequences from the runs of consecutive
held ranks.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

import attrs

from cardkit.values.cards import ALL_CARDS, Card, CardSet, Suit, card_mask, format_cards

__all__ = [
    "BeatRule",
    "ClimbingRules",
    "Combination",
    "ComboType",
    "HandCombinations",
    "all_combinations",
    "beat_threshold",
    "beating_combinations",
    "beats",
    "beats_normally",
    "classify",
    "combination_of_mask",
    "combination_sort_key",
    "combinations_of_type",
    "sequence_groups",
]


class ComboType(enum.Enum):
    """The kinds of combination. Declaration order is the enumeration order of this module."""

    # Members are singletons: hash them by identity (Enum's own hash is a Python call, and
    # these are dict keys on the hot path).
    __hash__ = object.__hash__

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    QUAD = "quad"
    SEQUENCE = "sequence"
    DOUBLE_SEQUENCE = "double_sequence"


_TYPE_INDEX: dict[ComboType, int] = {t: i for i, t in enumerate(ComboType)}
_SET_SIZE: dict[ComboType, int] = {
    ComboType.SINGLE: 1,
    ComboType.PAIR: 2,
    ComboType.TRIPLE: 3,
    ComboType.QUAD: 4,
}
_SET_TYPE_BY_SIZE: dict[int, ComboType] = {size: t for t, size in _SET_SIZE.items()}


def _sub_nibbles(size: int) -> tuple[tuple[int, ...], ...]:
    """For each 4-bit nibble, its sub-nibbles of ``size`` bits, ordered by highest bit, then
    by the remaining bits from the top down (the module's enumeration order)."""
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
#: ``_SETS_AT[p][nibble]``: the sets of sizes 1, 2, 3 and 4 that rank position ``p`` holding
#: ``nibble`` gives, as strength masks in the module's order (a hand's sets in one pass).
_SETS_AT: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(tuple(tuple(sub << 4 * p for sub in _SUBS_OF_SIZE[size][nibble]) for size in (1, 2, 3, 4))
          for nibble in range(16))
    for p in range(13))


def _tuple_of_ints(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(int(v) for v in values)


def _tuple_of_suits(values: Iterable[int]) -> tuple[Suit, ...]:
    return tuple(Suit(v) for v in values)


def _frozenset_of_ints(values: Iterable[int]) -> frozenset[int]:
    return frozenset(int(v) for v in values)


@attrs.frozen
class ClimbingRules:
    """A climbing game's orders: which ranks and suits are stronger, and which ranks may stand in
    (double) sequences.

    ``rank_order`` lists ranks low to high (Tiến Lên: ``(3, 4, …, 13, 1, 2)``); a rank missing
    from it makes its cards unplayable in combinations. ``suit_order`` lists all four suits low to
    high. A sequence is ``min_sequence`` or more cards of ranks adjacent in ``rank_order`` (no
    wrap), all in ``sequence_ranks``; a double sequence is ``min_double_sequence`` or more pairs
    of adjacent ranks, all in ``double_sequence_ranks``.
    """

    rank_order: tuple[int, ...] = attrs.field(converter=_tuple_of_ints)
    suit_order: tuple[Suit, ...] = attrs.field(converter=_tuple_of_suits)
    sequence_ranks: frozenset[int] = attrs.field(converter=_frozenset_of_ints)
    double_sequence_ranks: frozenset[int] = attrs.field(converter=_frozenset_of_ints)
    min_sequence: int = 3
    min_double_sequence: int = 3

    # Derived tables (not part of equality or the repr).
    _rank_pos: dict[int, int] = attrs.field(init=False, repr=False, eq=False)
    _suit_pos: dict[Suit, int] = attrs.field(init=False, repr=False, eq=False)
    _strength_of_index: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    _card_of_strength: tuple[Card | None, ...] = attrs.field(init=False, repr=False, eq=False)
    _smask_tables: tuple[tuple[int, int, tuple[int, ...]], ...] = attrs.field(
        init=False, repr=False, eq=False
    )
    _nibble_cards: tuple[tuple[tuple[Card, ...], ...], ...] = attrs.field(
        init=False, repr=False, eq=False
    )
    _set_combos: dict[int, tuple[tuple[Combination | None, ...], ...]] = attrs.field(
        init=False, repr=False, eq=False
    )
    _seq_ok: tuple[bool, ...] = attrs.field(init=False, repr=False, eq=False)
    _seq_positions: int = attrs.field(init=False, repr=False, eq=False)
    _dseq_positions: int = attrs.field(init=False, repr=False, eq=False)
    _dseq_ok: tuple[bool, ...] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        ranks = self.rank_order
        if len(set(ranks)) != len(ranks) or not all(1 <= r <= 13 for r in ranks) or not ranks:
            raise ValueError(f"rank_order must list distinct ranks 1-13, got {ranks}")
        if sorted(self.suit_order) != list(Suit):
            raise ValueError(
                f"suit_order must list each of the four suits once, got {self.suit_order}"
            )
        for name in ("sequence_ranks", "double_sequence_ranks"):
            extra = getattr(self, name) - set(ranks)
            if extra:
                raise ValueError(f"{name} has ranks not in rank_order: {sorted(extra)}")
        if self.min_sequence < 2 or self.min_double_sequence < 2:
            raise ValueError("min_sequence and min_double_sequence must be at least 2")

        rank_pos = {r: p for p, r in enumerate(ranks)}
        suit_pos = {s: p for p, s in enumerate(self.suit_order)}
        strength_of_index = [-1] * len(ALL_CARDS)
        card_of_strength: list[Card | None] = [None] * (4 * len(ranks))
        for card in ALL_CARDS[:52]:
            if card.rank in rank_pos and card.suit is not None:
                s = rank_pos[card.rank] * 4 + suit_pos[card.suit]
                strength_of_index[card.index] = s
                card_of_strength[s] = card
        # Hand mask -> strength mask: per suit, two lookups (ranks A-7 and 8-K of that suit).
        smask_tables = []
        for suit in Suit:
            for shift, width in ((0, 7), (7, 6)):
                table = []
                for bits in range(1 << width):
                    m = 0
                    for b in range(width):
                        if bits >> b & 1:
                            s = strength_of_index[suit * 13 + shift + b]
                            if s >= 0:
                                m |= 1 << s
                    table.append(m)
                smask_tables.append((suit * 13 + shift, (1 << width) - 1, tuple(table)))
        # every rank of the order has its four suits, so every strength has its card
        by_strength = [card for card in card_of_strength if card is not None]
        assert len(by_strength) == len(card_of_strength)
        nibble_cards = tuple(
            tuple(
                tuple(by_strength[4 * p + b] for b in range(4) if nib >> b & 1)
                for nib in range(16)
            )
            for p in range(len(ranks))
        )
        set_ = object.__setattr__
        set_(self, "_rank_pos", rank_pos)
        set_(self, "_suit_pos", suit_pos)
        set_(self, "_strength_of_index", tuple(strength_of_index))
        set_(self, "_card_of_strength", tuple(card_of_strength))
        set_(self, "_smask_tables", tuple(smask_tables))
        set_(self, "_nibble_cards", nibble_cards)
        # Every single, pair, triple and quad, built once: _set_combos[size][p][sub_nibble].
        set_combos = {}
        for size, type_ in _SET_TYPE_BY_SIZE.items():
            set_combos[size] = tuple(
                tuple(
                    Combination(type_, cards_of[sub], size, cards_of[sub][-1],
                                4 * p + sub.bit_length() - 1)
                    if sub.bit_count() == size else None
                    for sub in range(16)
                )
                for p, cards_of in enumerate(nibble_cards)
            )
        set_(self, "_set_combos", set_combos)
        set_(self, "_seq_ok", tuple(r in self.sequence_ranks for r in ranks))
        set_(self, "_dseq_ok", tuple(r in self.double_sequence_ranks for r in ranks))
        set_(self, "_seq_positions", sum(1 << 4 * p for p, ok in enumerate(self._seq_ok) if ok))
        set_(self, "_dseq_positions", sum(1 << 4 * p for p, ok in enumerate(self._dseq_ok) if ok))

    def rank_position(self, rank: int) -> int:
        """The rank's position in ``rank_order`` (0 = lowest). ``ValueError`` if it has none."""
        try:
            return self._rank_pos[int(rank)]
        except KeyError:
            raise ValueError(f"rank {rank} is not in this game's rank order") from None

    def suit_position(self, suit: Suit) -> int:
        """The suit's position in ``suit_order`` (0 = lowest)."""
        return self._suit_pos[Suit(suit)]

    def strength(self, card: Card) -> int:
        """``rank_position * 4 + suit_position``: a total order of the cards (rank first, then
        suit). ``ValueError`` for a joker or a card whose rank is not in ``rank_order``."""
        s = self._strength_of_index[card.index]
        if s < 0:
            raise ValueError(f"{card} has no strength in this game")
        return s

    def card_of_strength(self, strength: int) -> Card:
        """The card with this strength (inverse of :meth:`strength`)."""
        card = self._card_of_strength[strength]
        if card is None:  # pragma: no cover - every slot is filled for a valid rank order
            raise ValueError(f"no card has strength {strength}")
        return card

    def strength_mask(self, hand: CardSet | Iterable[Card]) -> int:
        """The hand as a mask over strengths: bit ``strength(card)`` set for each card that has a
        strength (jokers and cards of ranks outside ``rank_order`` are dropped). The cards of
        rank position ``p`` are the nibble ``(smask >> 4 * p) & 0xF``, bit ``j`` = suit position
        ``j``."""
        mask = card_mask(hand)
        smask = 0
        for shift, width_mask, table in self._smask_tables:
            smask |= table[(mask >> shift) & width_mask]
        return smask


@attrs.frozen
class Combination:
    """A playable combination.

    ``cards`` are sorted by strength, low to high; ``length`` is the number of cards for a
    sequence, of pairs for a double sequence, else the card count; ``key`` is the strongest card
    (for triples and quads only its rank matters when comparing, but ``key`` is still the top
    card) and ``key_strength`` its strength under the rules that classified it.
    """

    type: ComboType
    cards: tuple[Card, ...]
    length: int
    key: Card
    key_strength: int

    @property
    def key_rank_position(self) -> int:
        """The rank position of the key (``key_strength // 4``)."""
        return self.key_strength >> 2

    @property
    def mask(self) -> int:
        """The card bitmask of the combination (as in :class:`CardSet`)."""
        m = 0
        for card in self.cards:
            m |= card.mask
        return m

    @property
    def cardset(self) -> CardSet:
        """The cards as a :class:`CardSet`."""
        return CardSet.from_mask(self.mask)

    def __str__(self) -> str:
        return format_cards(self.cards)


def combination_sort_key(
    combo: Combination, rules: ClimbingRules
) -> tuple[int, int, tuple[int, ...]]:
    """The module's enumeration order as a sort key: type, length, then the cards' strengths
    from the strongest down (the key first). Sorting any list of combinations by it gives the
    order every enumeration function returns."""
    strengths = tuple(rules.strength(card) for card in reversed(combo.cards))
    return (_TYPE_INDEX[combo.type], combo.length, strengths)


BeatRule = Callable[[Combination, Combination], bool]
"""An extra beating rule a game supplies (bombs): ``(candidate, top) -> True`` if ``candidate``
beats ``top`` beyond :func:`beats_normally`."""


# --------------------------------------------------------------------------------------------
# Classification and comparison


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
    cos = rules._card_of_strength
    ordered = tuple(cos[s] for s in _bits(smask))
    key_strength = smask.bit_length() - 1
    low_pos = (smask & -smask).bit_length() - 1 >> 2
    high_pos = key_strength >> 2
    if low_pos == high_pos:  # the prebuilt single, pair, triple or quad
        return rules._set_combos[count][low_pos][(smask >> 4 * low_pos) & 0xF]
    span = high_pos - low_pos + 1
    counts = {((smask >> 4 * p) & 0xF).bit_count() for p in range(low_pos, high_pos + 1)}
    if counts == {1}:
        type_, minimum, allowed = ComboType.SEQUENCE, rules.min_sequence, rules._seq_ok
    elif counts == {2}:
        type_, minimum = ComboType.DOUBLE_SEQUENCE, rules.min_double_sequence
        allowed = rules._dseq_ok
    else:
        return None
    if span < minimum or not all(allowed[low_pos : high_pos + 1]):
        return None
    return _make(type_, ordered, span, key_strength)  # type: ignore[arg-type]


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


# --------------------------------------------------------------------------------------------
# Enumeration


def _set_masks(smask: int, size: int, min_key: int) -> list[int]:
    """The strength masks of every ``size``-card set (single/pair/triple/quad) in ``smask``
    with key strength > ``min_key``, in the module's order."""
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
    combos_at = rules._set_combos[size]
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
    with key > ``min_key``, as ``(length, masks)`` by length ascending, each in the module's
    order (key ascending, then the cards below from the top down).

    ``windows`` has bit ``4p`` set when the ``n`` rank positions ending at ``p`` are all held
    and allowed; it is narrowed one length at a time."""
    if double:
        held = _held_positions(smask, True) & rules._dseq_positions
        minimum, subs_table = rules.min_double_sequence, _SUBS_2
    else:
        held = _held_positions(smask, False) & rules._seq_positions
        minimum, subs_table = rules.min_sequence, _SUBS_1
    if length is not None and length < minimum:
        return []
    if length is None and min_key < 0:
        return _all_sequence_masks(smask, held, minimum, subs_table)
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


def _all_sequence_masks(smask: int, held: int, minimum: int,
                        subs_table: tuple[tuple[int, ...], ...]) -> list[tuple[int, list[int]]]:
    """:func:`_sequence_masks` for every length and key: each position extends the sequences
    ending at the position below it (``chains[k]``: those of ``k + 1`` ranks), so every mask is
    one OR. The key's choice varies slowest, then the cards below from the top down, as in
    :func:`_sequence_masks`."""
    by_length: dict[int, list[int]] = {}
    chains: list[list[int]] = []
    below = -8
    positions = held
    while positions:
        low = positions & -positions
        positions ^= low
        base = low.bit_length() - 1
        tops = [sub << base for sub in subs_table[(smask >> base) & 0xF]]
        if base - 4 != below:
            chains = []
        longer = [tops]
        for shorter in chains:
            longer.append([top | rest for top in tops for rest in shorter])
        chains = longer
        below = base
        for n in range(minimum, len(longer) + 1):
            found = by_length.get(n)
            if found is None:
                by_length[n] = list(longer[n - 1])
            else:
                found += longer[n - 1]
    return sorted(by_length.items())


def _sequence_of_mask(rules: ClimbingRules, found: int, double: bool) -> Combination:
    """The (double) sequence whose strength mask is ``found``."""
    cos = rules._card_of_strength
    cards = []
    bits = found
    while bits:
        low = bits & -bits
        bits ^= low
        cards.append(cos[low.bit_length() - 1])
    count = len(cards)
    if double:
        return Combination(ComboType.DOUBLE_SEQUENCE, tuple(cards), count // 2,  # type: ignore[arg-type]
                           cards[-1], found.bit_length() - 1)  # type: ignore[arg-type]
    return Combination(ComboType.SEQUENCE, tuple(cards), count,  # type: ignore[arg-type]
                       cards[-1], found.bit_length() - 1)  # type: ignore[arg-type]


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
    size = _SET_SIZE.get(type_)
    if size is not None:
        shift = (found.bit_length() - 1) & ~3
        return rules._set_combos[size][shift >> 2][found >> shift]  # type: ignore[return-value]
    return _sequence_of_mask(rules, found, type_ is ComboType.DOUBLE_SEQUENCE)


def _generate(
    rules: ClimbingRules, smask: int, type_: ComboType, length: int | None, min_key: int = -1
) -> list[Combination]:
    size = _SET_SIZE.get(type_)
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
    double sequence) contained in ``hand``, in the module's order. ``rules`` is required (it is
    a keyword after the optional ``length``)."""
    if rules is None:
        raise TypeError("combinations_of_type() needs rules=")
    return _generate(rules, rules.strength_mask(hand), type, length)


def all_combinations(hand: CardSet | Iterable[Card], rules: ClimbingRules) -> list[Combination]:
    """Every combination contained in ``hand`` (every choice of suits: three eights give three
    pairs of eights), in the module's order (type, length, key strength ascending, then the
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
    module's order (type, length, key strength ascending, …).

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

    return _select_beating(generate, _same, top, extra, extra_types)


def _same(combo: Combination) -> Combination:
    return combo


T = TypeVar("T")


def _select_beating(
    generate: Callable[[ComboType, int | None, int], list[T]],
    combination_of: Callable[[T], Combination],
    top: Combination,
    extra: BeatRule | None,
    extra_types: Iterable[tuple[ComboType, int | None]],
) -> list[T]:
    """:func:`beating_combinations` over any source of combinations: ``generate(type, length,
    min_key)`` lists items (combinations, or values that carry one, read by
    ``combination_of``) of that type and length (``None``: every length) with a key above
    ``min_key``, in the module's order."""
    threshold = beat_threshold(top)
    if extra is None:
        return generate(top.type, top.length, threshold)
    normal = (_TYPE_INDEX[top.type], top.length)
    requests = dict.fromkeys(extra_types)
    groups: dict[tuple[int, int], list[T]] = {}
    for type_, length in requests:
        t_index = _TYPE_INDEX[type_]
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


class HandCombinations:
    """Every combination one hand holds, enumerated once and pruned as its cards leave.

    A shedding game asks for a player's plays at each of its turns while the hand changes by
    one play at a time: enumerating the hand again at every lead repeats work. This keeps each
    combination as its *strength mask* (an int: bit ``strength`` per card, see
    :meth:`ClimbingRules.strength_mask`), grouped by type and length in the module's order, and
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
        strength = self.rules._strength_of_index
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

        found = _select_beating(generate, _third, top, extra, extra_types)
        return [(type_, m) for type_, m, _ in found]


_NO_MASKS: list[int] = []


def _third(entry: tuple[ComboType, int, Combination]) -> Combination:
    return entry[2]


def _mask_groups(rules: ClimbingRules, smask: int) -> dict[tuple[ComboType, int], list[int]]:
    """Every combination of ``smask`` as strength masks grouped by (type, length), in the
    module's order (the groups too)."""
    groups: dict[tuple[ComboType, int], list[int]] = {}
    # _set_masks of each size, in one pass over the ranks
    singles: list[int] = []
    pairs: list[int] = []
    triples: list[int] = []
    quads: list[int] = []
    rest = smask
    for sets in _SETS_AT:
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
    for size, type_ in _SET_TYPE_BY_SIZE.items():
        if by_size[size - 1]:
            groups[type_, size] = by_size[size - 1]
    for type_, n, found in sequence_groups(rules, smask):
        groups[type_, n] = found
    return groups


def sequence_groups(rules: ClimbingRules, smask: int) -> list[tuple[ComboType, int, list[int]]]:
    """Every sequence and double sequence of the hand whose strength mask is ``smask``, as
    ``(type, length, masks)`` groups of strength masks in the module's order (a game that
    lists a hand's sets from tables of its own needs only these)."""
    return [(type_, n, found)
            for double, type_ in ((False, ComboType.SEQUENCE), (True, ComboType.DOUBLE_SEQUENCE))
            for n, found in _sequence_masks(rules, smask, double, None, -1)]
