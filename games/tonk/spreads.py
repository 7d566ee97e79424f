"""Tonk spreads (rules §4): books and runs, hits, wild jokers with declared identities.

Which spreads a hand can lay and where a card can be hit are the generic meld rules of
:mod:`cardkit.melds` (books of 3-4, runs of 3+ in one suit, the ace low or, as an option, high or
low but never both ends; a joker stands for one declared card): :func:`spread_rules` states them
as a :class:`~cardkit.melds.MeldRules`, and the enumeration is
:func:`cardkit.melds.masks.natural_meld_masks` / :func:`~cardkit.melds.masks.wild_meld_masks` on
the hand's bitmask. What is Tonk's own lives here: a table spread has an owner and grows by hits
(:class:`Spread`), the fewest natural cards in a spread with jokers is an option
(``spread_min_natural``), and §3 B's question "can the card taken from the discard pile still be
used this turn?" (:func:`usable_this_turn`).

Run positions: rank ``r`` is position ``r``; with ``ace_in_runs = high_or_low`` the ace may also
be position :data:`ACE_HIGH` (above the K). A run never holds a rank twice ("no wrap").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardkit.actions import Action
from cardkit.cache import BoundedCache
from cardkit.cards import ALL_CARDS, JOKERS, Card, Rank
from cardkit.melds import (
    RANKS_PER_SUIT,
    SUIT_MASK,
    Meld,
    MeldRules,
    layoff_identities,
    natural_meld_masks,
    wild_meld_masks,
)

__all__ = [
    "ACE_HIGH",
    "BOOK",
    "JOKER_MASK",
    "RUN",
    "Spread",
    "card_of_position",
    "hit_identities",
    "make_spread",
    "spread_holds",
    "spread_rules",
    "usable_this_turn",
]

BOOK = "set"
RUN = "run"
#: The run position of an ace above the K (``ace_in_runs = high_or_low``).
ACE_HIGH = Rank.KING + 1
#: The longest run: every rank once.
LONGEST_RUN = RANKS_PER_SUIT
JOKER_MASK = JOKERS[0].mask | JOKERS[1].mask

_RULES: dict[tuple[str, int, int, int], MeldRules] = {}
# the rules of an options mapping, by its identity (the mapping is held, so the id stays its
# own); asked at every legal-move generation, so the four-option key is not rebuilt each time
_BY_OPTIONS: BoundedCache[int, tuple[Mapping[str, Any], MeldRules]] = BoundedCache(256)


def spread_rules(options: Mapping[str, Any]) -> MeldRules:
    """§4 as :class:`~cardkit.melds.MeldRules`: books of 3-4, runs of 3+, ``ace_in_runs``, the
    jokers wild with ``jokers = 2`` and at least ``spread_min_natural`` natural cards in a
    spread that holds one, a joker in hand counting ``joker_hand_value``."""
    known = _BY_OPTIONS.get(id(options))
    if known is not None and known[0] is options:
        return known[1]
    key = (options["ace_in_runs"], options["jokers"], options["spread_min_natural"],
           options["joker_hand_value"])
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = MeldRules(
            set_sizes=(3, 4), min_run=3, ace=key[0], wild=JOKERS if key[1] else (),
            min_natural=key[2], wild_value=key[3])
    _BY_OPTIONS[id(options)] = (options, rules)
    return rules


def card_of_position(position: int, suit: int) -> Card:
    """The card at run ``position`` (1..14, :data:`ACE_HIGH` = ace high) of ``suit``."""
    rank = Rank.ACE if position == ACE_HIGH else position
    return ALL_CARDS[RANKS_PER_SUIT * suit + rank - 1]


class Spread:
    """One spread on the table: its owner, kind, what each physical card stands for, and (for a
    run) its suit and ends in run positions. Grows by :meth:`add` (hits); never shrinks (§4)."""

    __slots__ = ("_fits", "_meld", "cards", "high", "kind", "low", "owner", "rank", "represents",
                 "suit")

    def __init__(self, owner: int, kind: str, cards: list[Card], represents: list[Card],
                 rank: int = 0, suit: int = 0, low: int = 0, high: int = 0) -> None:
        self.owner = owner
        self.kind = kind
        self.cards = cards
        self.represents = represents
        self.rank = rank
        self.suit = suit
        self.low = low
        self.high = high
        self._meld: Meld | None = None
        # the rules asked under, and what each card (by index) may stand for when hit on it
        # under them, as asked (kept until a hit)
        self._fits: tuple[MeldRules, dict[int, list[Card]]] | None = None

    def __getstate__(self) -> tuple[Any, ...]:
        return (self.owner, self.kind, self.cards, self.represents, self.rank, self.suit,
                self.low, self.high)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        (self.owner, self.kind, self.cards, self.represents, self.rank, self.suit,
         self.low, self.high) = state
        self._meld = None
        self._fits = None

    def add(self, card: Card, identity: Card) -> None:
        """Hit ``card`` (standing for ``identity``) onto this spread (§4 "Hit")."""
        self._meld = None
        self._fits = None
        if self.kind == BOOK:
            self.cards.append(card)
            self.represents.append(identity)
            return
        position = int(identity.rank)  # type: ignore[arg-type]
        if position == Rank.ACE and self.low != Rank.TWO:
            position = ACE_HIGH
        if position < self.low:
            self.low = position
            self.cards.insert(0, card)
            self.represents.insert(0, identity)
        else:
            self.high = position
            self.cards.append(card)
            self.represents.append(identity)

    def copy(self) -> Spread:
        """An independent copy (to try a hit without changing the table)."""
        return Spread(self.owner, self.kind, list(self.cards), list(self.represents), self.rank,
                      self.suit, self.low, self.high)

    def __deepcopy__(self, memo: dict[int, Any]) -> Spread:
        # a state's clone copies its table spread by spread: this copy, keeping the built meld
        # (immutable), rather than the generic walk over the slots
        twin = self.copy()
        twin._meld = self._meld
        twin._fits = self._fits  # read-only lists, kept until either is hit
        return twin

    def meld(self) -> Meld:
        """The spread as a :class:`cardkit.melds.Meld` (what views show; kept until a hit)."""
        meld = self._meld
        if meld is None:
            meld = self._meld = Meld(self.kind, tuple(self.cards), tuple(self.represents))
        return meld

    def text(self) -> str:
        """Card texts, wild cards as ``X1=6H``."""
        return str(self.meld())


def make_spread(owner: int, action: Action) -> Spread:
    """The table spread a legal ``spread`` action lays (identities taken from the action)."""
    pairs = [(card, action.declared_as(card)) for card in action.cards]
    first = pairs[0][1]
    if all(identity.rank == first.rank for _, identity in pairs):
        pairs.sort(key=lambda pair: pair[1].suit)  # type: ignore[arg-type, return-value]
        return Spread(owner, BOOK, [p[0] for p in pairs], [p[1] for p in pairs],
                      rank=int(first.rank))  # type: ignore[arg-type]
    # an ace sits high when the run also holds a K (high_or_low; legality was checked before)
    high_ace = any(identity.rank == Rank.KING for _, identity in pairs)

    def position(identity: Card) -> int:
        rank = int(identity.rank)  # type: ignore[arg-type]
        return ACE_HIGH if rank == Rank.ACE and high_ace else rank

    pairs.sort(key=lambda pair: position(pair[1]))
    return Spread(owner, RUN, [p[0] for p in pairs], [p[1] for p in pairs],
                  suit=int(first.suit),  # type: ignore[arg-type]
                  low=position(pairs[0][1]), high=position(pairs[-1][1]))


def hit_identities(card: Card, spread: Spread, rules: MeldRules) -> list[Card]:
    """What ``card`` may stand for when hit onto ``spread`` (empty: it does not fit): the
    generic lay-off rule (:func:`cardkit.melds.layoff.layoff_identities`). A natural card
    stands for itself; a joker for any card that fits (§4 Hit). Do not change the list."""
    kept = spread._fits
    if kept is None or kept[0] is not rules:
        kept = spread._fits = (rules, {})
    fits = kept[1]
    found = fits.get(card.index)
    if found is None:
        # kept on the spread: a state's table spreads are copied on write, so the spreads of
        # a search's root are asked again in every world and play-out from it (the list is
        # read-only)
        found = fits[card.index] = layoff_identities(card, spread.meld(), rules)
    return found


# ----- discard_pickup_must_meld (§3 B) ----------------------------------------------------------

def spread_holds(hand: int, card: Card, rules: MeldRules) -> bool:
    """Can the hand ``hand`` (holding ``card``) lay a new spread that contains ``card``?"""
    if any(mask & card.mask for mask in natural_meld_masks(hand, rules)):
        return True
    return bool(rules.wild) and bool(hand & JOKER_MASK) and any(
        mask & card.mask or any(wild is card for wild, _ in declared)
        for mask, declared in wild_meld_masks(hand, rules))


def usable_this_turn(card: Card, hand: int, spreads: Iterable[Spread], hits_left: int,
                     rules: MeldRules, books_hittable: bool) -> bool:
    """§3 B ``discard_pickup_must_meld``: can ``card`` (held in ``hand``) still end up in a new
    spread or a hit this turn, by some sequence of the player's spreads and hits?

    Exact, because the hand only shrinks and spreads only grow during a turn: a spread laid this
    turn that ``card`` joins later, with the cards hit on it before, is itself a spread the hand
    can lay now; a book takes ``card`` iff it has room now; a table run takes it once the hand's
    cards (naturals of its suit or jokers) fill every position between the run's end and
    ``card``, one hit each, then ``card`` (a chain of ``gaps + 1`` hits, within ``hits_left`` and
    the 13-card run limit, §4)."""
    if spread_holds(hand, card, rules):
        return True
    if hits_left < 1:
        return False
    jokers = (hand & JOKER_MASK).bit_count() if rules.wild else 0
    ranks = 0 if card.is_joker else hand >> (RANKS_PER_SUIT * card.suit) & SUIT_MASK  # type: ignore[operator]
    rank = 0 if card.is_joker else int(card.rank)  # type: ignore[arg-type]
    positions = (rank, ACE_HIGH) if rank == Rank.ACE and rules.ace == "high_or_low" else (rank,)
    for spread in spreads:
        if spread.kind == BOOK or card.is_joker:
            if (books_hittable or spread.kind == RUN) and hit_identities(card, spread, rules):
                return True
            continue
        if card.suit != spread.suit:
            continue
        for position in positions:
            if position > spread.high:
                gaps, span = range(spread.high + 1, position), position - spread.low
            elif position < spread.low:
                gaps, span = range(position + 1, spread.low), spread.high - position
            else:
                continue
            if span >= LONGEST_RUN or len(gaps) >= hits_left:
                continue
            # gap positions are 2..13 (never an ace), so rank q is bit q-1
            if sum(1 for q in gaps if not ranks >> (q - 1) & 1) <= jokers:
                return True
    return False
