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

import attrs

from cardkit.cards import ALL_CARDS, Card, CardSet, Suit, card_mask, format_cards

__all__ = [
    "BeatRule",
    "ClimbingRules",
    "Combination",
    "ComboType",
    "all_combinations",
    "beating_combinations",
    "beats",
    "beats_normally",
    "classify",
    "combination_sort_key",
    "combinations_of_type",
]


class ComboType(enum.Enum):
    """The kinds of combination. Declaration order is the enumeration order of this module."""

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
            if card.rank in rank_pos:
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
        nibble_cards = tuple(
            tuple(
                tuple(card_of_strength[4 * p + b] for b in range(4) if nib >> b & 1)  # type: ignore[misc]
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


def _threshold(top: Combination) -> int:
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
        and candidate.key_strength > _threshold(top)
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


def _sets(rules: ClimbingRules, smask: int, size: int, min_key: int) -> list[Combination]:
    """Every ``size``-card set (single/pair/triple/quad) with key strength > ``min_key``."""
    subs_table = _SUBS_OF_SIZE[size]
    combos_at = rules._set_combos[size]
    out: list[Combination] = []
    start = max(min_key + 1, 0)
    smask >>= start & ~3
    p = start >> 2
    while smask:
        nib = smask & 0xF
        if nib.bit_count() >= size:
            combos = combos_at[p]
            for sub in subs_table[nib]:
                combo = combos[sub]
                if combo.key_strength > min_key:  # type: ignore[union-attr]
                    out.append(combo)  # type: ignore[arg-type]
        smask >>= 4
        p += 1
    return out


_NIB_LOW = int("1" * 13, 16)  # bit 4p for each rank position p


def _held_positions(smask: int, double: bool) -> int:
    """Bit ``4p`` set where rank position ``p`` holds at least one card (two if ``double``)."""
    x1, x2, x3 = smask >> 1, smask >> 2, smask >> 3
    if double:  # at least two of the four suit bits
        return ((smask & (x1 | x2 | x3)) | (x1 & (x2 | x3)) | (x2 & x3)) & _NIB_LOW
    return (smask | x1 | x2 | x3) & _NIB_LOW


def _sequences(
    rules: ClimbingRules, smask: int, double: bool, length: int | None, min_key: int
) -> list[Combination]:
    """Every (double) sequence of ``length`` (``None``: every length) with key > ``min_key``.

    ``windows`` has bit ``4p`` set when the ``n`` rank positions ending at ``p`` are all held
    and allowed; it is narrowed one length at a time."""
    if double:
        held = _held_positions(smask, True) & rules._dseq_positions
        minimum, type_, subs_table = rules.min_double_sequence, ComboType.DOUBLE_SEQUENCE, _SUBS_2
    else:
        held = _held_positions(smask, False) & rules._seq_positions
        minimum, type_, subs_table = rules.min_sequence, ComboType.SEQUENCE, _SUBS_1
    if length is not None and length < minimum:
        return []
    nibble_cards = rules._nibble_cards
    choices_at: dict[int, list[tuple[Card, ...]]] = {}
    key_floor = ~((1 << (max(min_key + 1, 0) & ~3)) - 1)  # end positions that may beat min_key
    out: list[Combination] = []
    windows = held
    n = 1
    while windows:
        if n >= minimum and (length is None or n == length):
            ends = windows & key_floor
            while ends:
                low = ends & -ends
                end = (low.bit_length() - 1) >> 2
                ends ^= low
                choices = []
                for p in range(end, end - n, -1):
                    row = choices_at.get(p)
                    if row is None:
                        cards_of = nibble_cards[p]
                        row = [cards_of[sub] for sub in subs_table[(smask >> 4 * p) & 0xF]]
                        choices_at[p] = row
                    choices.append(row)
                base = 4 * end
                top_subs = subs_table[(smask >> base) & 0xF]
                below = choices[1:]
                for top_sub, top_cards in zip(top_subs, choices[0], strict=True):
                    ks = base + top_sub.bit_length() - 1
                    if ks <= min_key:
                        continue
                    key = top_cards[-1]
                    # Lexicographic from the top down: the position below the key varies
                    # slowest.
                    for rest in itertools.product(*below):
                        cards = tuple(itertools.chain.from_iterable(rest[::-1])) + top_cards
                        out.append(Combination(type_, cards, n, key, ks))
            if length is not None:
                break
        windows &= held << (4 * n)
        n += 1
    return out


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
    threshold = _threshold(top)
    if extra is None:
        return _generate(rules, smask, top.type, top.length, threshold)
    normal = (_TYPE_INDEX[top.type], top.length)
    requests = dict.fromkeys(extra_types)
    groups: dict[tuple[int, int], list[Combination]] = {}
    for type_, length in requests:
        t_index = _TYPE_INDEX[type_]
        for group in _group_by_length(_generate(rules, smask, type_, length)):
            key = (t_index, group[0].length)
            if key in groups:
                continue
            if key == normal:
                groups[key] = [c for c in group if c.key_strength > threshold or extra(c, top)]
            else:
                groups[key] = [c for c in group if extra(c, top)]
    if normal not in groups:
        groups[normal] = _generate(rules, smask, top.type, top.length, threshold)
    result: list[Combination] = []
    for key in sorted(groups):
        result.extend(groups[key])
    return result


def _group_by_length(combos: list[Combination]) -> Iterator[list[Combination]]:
    for _, group in itertools.groupby(combos, key=lambda c: c.length):
        yield list(group)
