"""Melds and lay-off results, and :func:`classify` (is this group a meld?)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import attrs

from cardkit.libraries.melds.rules import DEFAULT_RULES, MeldRules
from cardkit.values.cards import Card, card_tuple

__all__ = ["LayoffResult", "Meld", "classify"]

SET = "set"
RUN = "run"


def _same_as_cards(self: Meld) -> tuple[Card, ...]:
    return self.cards


@attrs.frozen
class Meld:
    """One meld: a set (same rank) or a run (same suit, consecutive ranks).

    ``cards`` are the physical cards, runs in run order (low to high), sets in suit order;
    ``represents`` says what each card stands for: the card itself for a natural card, the
    declared identity for a wild card. ``Meld`` does not validate: build melds with
    :func:`classify` (or the search functions) to get only legal ones.
    """

    kind: str
    cards: tuple[Card, ...] = attrs.field(converter=card_tuple)
    # metadata: these name what cards stand for, they are not cards a view shows
    represents: tuple[Card, ...] = attrs.field(
        default=attrs.Factory(_same_as_cards, takes_self=True), converter=card_tuple,
        metadata={"declared_identities": True},
    )
    _mask: int = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        mask = 0
        for card in self.cards:
            mask |= card.mask
        object.__setattr__(self, "_mask", mask)

    @property
    def mask(self) -> int:
        """Bitmask of the physical cards."""
        return self._mask

    @property
    def is_set(self) -> bool:
        """True for a set (book)."""
        return self.kind == SET

    @property
    def is_run(self) -> bool:
        """True for a run (sequence)."""
        return self.kind == RUN

    @property
    def rank(self) -> int | None:
        """The rank of a set (``None`` for a run)."""
        return self.represents[0].rank if self.kind == SET else None

    @property
    def suit(self) -> int | None:
        """The suit of a run (``None`` for a set)."""
        return self.represents[0].suit if self.kind == RUN else None

    @property
    def low(self) -> Card | None:
        """The identity at the low end of a run (``None`` for a set)."""
        return self.represents[0] if self.kind == RUN else None

    @property
    def high(self) -> Card | None:
        """The identity at the high end of a run (``None`` for a set)."""
        return self.represents[-1] if self.kind == RUN else None

    @property
    def wilds(self) -> tuple[Card, ...]:
        """The physical cards that stand for another card (wild cards in use)."""
        return tuple(c for c, r in zip(self.cards, self.represents, strict=True) if c is not r)

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return " ".join(
            c.text if c is r else f"{c.text}={r.text}"
            for c, r in zip(self.cards, self.represents, strict=True)
        )


@attrs.frozen
class LayoffResult:
    """The defender's best showdown: own melds, lay-offs onto the table melds, deadwood.

    ``layoffs`` are ``(card, index of the table meld)`` in the order they are laid (a chain such as
    ``8H`` then ``9H`` is in that order); ``table_after`` is the table melds with the lay-offs
    applied (it carries the identities declared for wild cards).
    """

    own_melds: tuple[Meld, ...]
    layoffs: tuple[tuple[Card, int], ...]
    deadwood: tuple[Card, ...]
    deadwood_value: int
    table_after: tuple[Meld, ...] = ()


def meld_sort_key(meld: Meld) -> tuple[int, int, int, int, int]:
    """Order used in arrangements: sets by rank, then runs by suit and low end."""
    first = meld.represents[0]
    if meld.kind == SET:
        return (0, first.rank, 0, len(meld), meld.mask)  # type: ignore[return-value]
    return (1, first.suit, first.rank, len(meld), meld.mask)  # type: ignore[return-value]


@cache
def run_intervals(positions: tuple[int, ...], length: int) -> tuple[int, ...]:
    """Start positions of every run window of ``length`` whose ranks are distinct."""
    starts = []
    for start in range(len(positions) - length + 1):
        window = positions[start : start + length]
        if len(set(window)) == length:
            starts.append(start)
    return tuple(starts)


def classify(
    cards: Iterable[Card],
    rules: MeldRules = DEFAULT_RULES,
    declared: dict[Card, Card] | Iterable[tuple[Card, Card]] | None = None,
) -> Meld | None:
    """The meld these cards form under ``rules``, or ``None`` when they form none.

    Wild cards take the identity given in ``declared`` (wild card -> the card it stands for; with
    copies of one wild card, as ``(wild card, identity)`` pairs, one per copy, such as an
    action's ``declared``);
    undeclared wild cards get one the engine picks: a set is tried first (free suits in suit
    order), then a run (wilds fill the gaps, then extend the run upward, downward when it cannot
    go up). A group of only undeclared wild cards is not classified.
    """
    group = list(cards)
    if not group:
        return None
    wild_set = rules.wild
    natural_cards = [card for card in group if card not in wild_set]
    # identical copies (two decks): wild cards may repeat, natural ones only in a set whose
    # rules allow duplicates (a run never holds two cards of one rank)
    repeated = len(natural_cards) != len(set(natural_cards))
    if repeated and not rules.set_duplicates:
        return None
    if rules.max_wild is not None and len(group) - len(natural_cards) > rules.max_wild:
        return None
    queues: dict[Card, list[Card]] = {}
    if declared:
        pairs = declared.items() if isinstance(declared, dict) else declared
        for wild, identity in reversed(list(pairs)):
            queues.setdefault(wild, []).append(identity)
    fixed: list[tuple[Card, Card]] = []  # (physical, identity) for naturals and declared wilds
    free: list[Card] = []
    naturals = 0
    for card in group:
        if card in wild_set:
            queue = queues.get(card)
            identity = queue.pop() if queue else None
            if identity is None:
                free.append(card)
            elif identity.is_joker:
                return None
            else:
                fixed.append((card, identity))
        elif card.is_joker:
            return None  # a joker that is not wild cannot meld
        else:
            naturals += 1
            fixed.append((card, card))
    if naturals < len(group) and naturals < rules.min_natural:
        return None
    if not fixed:
        return None
    free.sort(key=lambda card: card.index)
    found = _as_set(group, fixed, free, rules)
    if found is None and not repeated:
        found = _as_run(group, fixed, free, rules)
    return found


def _as_set(
    group: list[Card], fixed: list[tuple[Card, Card]], free: list[Card], rules: MeldRules
) -> Meld | None:
    size = len(group)
    if size not in rules.set_sizes or size > rules.max_set:
        return None
    rank = fixed[0][1].rank
    if any(identity.rank != rank for _, identity in fixed):
        return None
    suits = {identity.suit for _, identity in fixed}
    if len(suits) != len(fixed) and not rules.set_duplicates:
        return None
    pairs = list(fixed)
    # a wild card stands for a missing suit (with duplicates allowed, then clubs onward)
    spare = [suit for suit in range(4) if suit not in suits]
    spare += [suit % 4 for suit in range(len(free))]
    for card, suit in zip(free, spare, strict=False):
        pairs.append((card, Card.of(rank, suit)))  # type: ignore[arg-type]
    pairs.sort(key=lambda pair: pair[1].suit)  # type: ignore[arg-type, return-value]
    return Meld(SET, tuple(p[0] for p in pairs), tuple(p[1] for p in pairs))


def _as_run(
    group: list[Card], fixed: list[tuple[Card, Card]], free: list[Card], rules: MeldRules
) -> Meld | None:
    size = len(group)
    if size < rules.min_run:
        return None
    suit = fixed[0][1].suit
    if any(identity.suit != suit for _, identity in fixed):
        return None
    ranks: dict[int | None, Card] = {identity.rank: physical for physical, identity in fixed}
    if len(ranks) != len(fixed):
        return None
    positions = rules.positions
    for start in reversed(run_intervals(positions, size)):
        window = positions[start : start + size]
        if not all(rank in window for rank in ranks):
            continue
        spare = iter(free)
        cards = tuple(ranks[rank] if rank in ranks else next(spare) for rank in window)
        represents = tuple(Card.of(rank, suit) for rank in window)  # type: ignore[arg-type]
        return Meld(RUN, cards, represents)
    return None
