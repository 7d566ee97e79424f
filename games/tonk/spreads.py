"""Tonk spreads (rules §4): books and runs, hits, wild jokers with declared identities.

Tonk's spread rules are narrower than general rummy (books of 3-4, runs of 3+ in one suit, the
ace low or, as an option, high-or-low, a joker stands for one declared card and a spread holds at
least 2 natural cards), and the hand is small, so the legal-move generator works directly on int
bitmasks of the hand (bit ``13 * suit + rank - 1``; jokers are bits 52 and 53) with small caches
keyed on those masks. Table spreads are kept as :class:`Spread` records that grow by hits.

Run positions: rank ``r`` is position ``r``; with ``ace_in_runs = high_or_low`` the ace may also
be position 14 (above the K). A run covers positions ``low..high``; it never holds 14 cards, so
it can never hold the ace at both ends ("no wrap").
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, permutations

from cardkit.actions import Action
from cardkit.cards import ALL_CARDS, Card, cards_of_mask
from cardkit.melds import Meld

__all__ = [
    "BOOK",
    "RUN",
    "Spread",
    "card_of_position",
    "formable_spreads",
    "hit_identities",
    "make_spread",
    "spread_holds",
    "usable_this_turn",
]

BOOK = "set"
RUN = "run"
JOKER_MASK = (1 << 52) | (1 << 53)
NATURAL_MASK = (1 << 52) - 1
JOKER_CARDS = (ALL_CARDS[52], ALL_CARDS[53])


def card_of_position(position: int, suit: int) -> Card:
    """The card at run ``position`` (1..14, 14 = ace high) of ``suit``."""
    return ALL_CARDS[13 * suit + (0 if position == 14 else position - 1)]


class Spread:
    """One spread on the table: its owner, kind, what each physical card stands for, and (for a
    run) its suit and ends in run positions. Grows by :meth:`add` (hits); never shrinks (§4)."""

    __slots__ = ("cards", "high", "kind", "low", "owner", "rank", "represents", "suit")

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

    def __getstate__(self) -> tuple:
        return (self.owner, self.kind, self.cards, self.represents, self.rank, self.suit,
                self.low, self.high)

    def __setstate__(self, state: tuple) -> None:
        (self.owner, self.kind, self.cards, self.represents, self.rank, self.suit,
         self.low, self.high) = state

    @property
    def mask(self) -> int:
        """Bitmask of the physical cards."""
        mask = 0
        for card in self.cards:
            mask |= card.mask
        return mask

    def add(self, card: Card, identity: Card) -> None:
        """Hit ``card`` (standing for ``identity``) onto this spread (§4 "Hit")."""
        if self.kind == BOOK:
            self.cards.append(card)
            self.represents.append(identity)
            return
        position = identity.rank
        if position == 1 and self.low != 2:
            position = 14
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

    def meld(self) -> Meld:
        """The spread as a :class:`cardkit.melds.Meld` (what views show)."""
        return Meld(self.kind, tuple(self.cards), tuple(self.represents))

    def text(self) -> str:
        """Card texts, wild cards as ``X1=6H``."""
        return " ".join(c.text if c is r else f"{c.text}={r.text}"
                        for c, r in zip(self.cards, self.represents, strict=True))


def make_spread(owner: int, action: Action) -> Spread:
    """The table spread a legal ``spread`` action lays (identities taken from the action)."""
    pairs = [(card, action.declared_as(card)) for card in action.cards]
    first = pairs[0][1]
    if all(identity.rank == first.rank for _, identity in pairs):
        pairs.sort(key=lambda pair: pair[1].suit)
        return Spread(owner, BOOK, [p[0] for p in pairs], [p[1] for p in pairs],
                      rank=int(first.rank))
    ranks = {int(identity.rank) for _, identity in pairs}
    # an ace sits high when the run also holds a K (high_or_low; legality was checked before)
    high_ace = 13 in ranks

    def position(identity: Card) -> int:
        return 14 if identity.rank == 1 and high_ace else int(identity.rank)

    pairs.sort(key=lambda pair: position(pair[1]))
    return Spread(owner, RUN, [p[0] for p in pairs], [p[1] for p in pairs],
                  suit=int(first.suit), low=position(pairs[0][1]), high=position(pairs[-1][1]))


# ----- formable spreads in a hand ---------------------------------------------------------------

_NATURAL_CACHE: dict[tuple[int, bool], tuple[int, ...]] = {}
_CACHE_LIMIT = 300_000


def natural_spreads(mask: int, high_ace: bool) -> tuple[int, ...]:
    """Every spread of natural cards in hand ``mask`` (jokers ignored), as card bitmasks:
    books of 3 and 4 (every choice of suits) and runs (every window of 3+ held cards)."""
    key = (mask, high_ace)
    found = _NATURAL_CACHE.get(key)
    if found is not None:
        return found
    result: list[int] = []
    natural = mask & NATURAL_MASK
    for rank in range(13):
        bits = [1 << (13 * suit + rank) for suit in range(4) if natural >> (13 * suit + rank) & 1]
        if len(bits) >= 3:
            for size in range(3, len(bits) + 1):
                for combo in combinations(bits, size):
                    result.append(sum(combo))
    for suit in range(4):
        ranks = natural >> (13 * suit) & 0x1FFF
        if ranks.bit_count() < 3:
            continue
        positions = ranks | ((ranks & 1) << 13 if high_ace else 0)  # bit p-1 = position p
        for low in range(0, 12):
            if not positions >> low & 1:
                continue
            high = low
            while high + 1 < 14 and positions >> (high + 1) & 1 and high + 1 - low < 13:
                high += 1
                if high - low >= 2:
                    cards = 0
                    for p in range(low, high + 1):
                        cards |= 1 << (13 * suit + (0 if p == 13 else p))
                    result.append(cards)
    found = tuple(result)
    if len(_NATURAL_CACHE) > _CACHE_LIMIT:
        _NATURAL_CACHE.clear()
    _NATURAL_CACHE[key] = found
    return found


def formable_spreads(mask: int, high_ace: bool, wild: bool) -> list[tuple[tuple[Card, ...],
                                                                          tuple[tuple[Card, Card],
                                                                                ...]]]:
    """Every new spread the hand ``mask`` can lay, as ``(cards, declared)`` pairs: natural
    spreads, and (when ``wild``) spreads completed by the jokers held, each joker declared as one
    exact card (§4 Jokers; at least 2 natural cards). A joker fills a run position no held natural
    card fills; the naturals of a run window are all the held cards in that window."""
    spreads = [(tuple(cards_of_mask(m)), ()) for m in natural_spreads(mask, high_ace)]
    jokers = [card for card in JOKER_CARDS if mask & card.mask] if wild else []
    if not jokers:
        return spreads
    natural = mask & NATURAL_MASK
    for rank in range(13):
        held = [s for s in range(4) if natural >> (13 * s + rank) & 1]
        for size in range(2, min(4, len(held)) + 1):
            for chosen in combinations(held, size):
                free = [s for s in range(4) if s not in chosen]
                naturals = tuple(ALL_CARDS[13 * s + rank] for s in chosen)
                for used in range(1, len(jokers) + 1):
                    if not 3 <= size + used <= 4:
                        continue
                    for joker_set in combinations(jokers, used):
                        for suits in permutations(free, used):
                            declared = tuple((j, ALL_CARDS[13 * s + rank])
                                             for j, s in zip(joker_set, suits, strict=True))
                            spreads.append((naturals + joker_set, declared))
    top = 14 if high_ace else 13
    for suit in range(4):
        ranks = natural >> (13 * suit) & 0x1FFF
        if ranks.bit_count() < 2:
            continue
        for low in range(1, top + 1):
            for high in range(low + 2, min(top, low + 12) + 1):
                held_positions = [p for p in range(low, high + 1)
                                  if ranks >> (0 if p == 14 else p - 1) & 1]
                if 1 in held_positions and 14 in held_positions:
                    continue
                missing = [p for p in range(low, high + 1) if p not in held_positions]
                if not missing or len(missing) > len(jokers) or len(held_positions) < 2:
                    continue
                naturals = tuple(card_of_position(p, suit) for p in held_positions)
                for joker_set in permutations(jokers, len(missing)):
                    declared = tuple((j, card_of_position(p, suit))
                                     for j, p in zip(joker_set, missing, strict=True))
                    spreads.append((naturals + tuple(sorted(joker_set, key=lambda c: c.index)),
                                    declared))
    return spreads


def hit_identities(card: Card, spread: Spread, high_ace: bool) -> list[Card]:
    """What ``card`` may stand for when hit onto ``spread`` (empty: it does not fit). A natural
    card stands for itself; a joker for any card that fits (§4 Hit)."""
    if spread.kind == BOOK:
        if len(spread.cards) >= 4:
            return []
        if card.is_joker:
            taken = {identity.suit for identity in spread.represents}
            return [ALL_CARDS[13 * s + spread.rank - 1] for s in range(4) if s not in taken]
        if card.rank == spread.rank:
            return [card]
        return []
    fits = []
    if spread.high - spread.low >= 12:  # 13 cards: every rank is in the run already
        return []
    if spread.low > 1:
        fits.append(spread.low - 1)
    if spread.high < 13 or (high_ace and spread.high == 13 and spread.low > 1):
        fits.append(spread.high + 1)
    if card.is_joker:
        return [card_of_position(p, spread.suit) for p in fits]
    if card.suit != spread.suit:
        return []
    rank = int(card.rank)
    for p in fits:
        if p == rank or (p == 14 and rank == 1):
            return [card]
    return []


# ----- discard_pickup_must_meld (§3 B) ----------------------------------------------------------

def spread_holds(hand: int, card: Card, high_ace: bool, wild: bool) -> bool:
    """Can the hand ``hand`` (holding ``card``) lay a new spread that contains ``card``?"""
    if wild and hand & JOKER_MASK:
        return any(card in cards for cards, _ in formable_spreads(hand, high_ace, True))
    return any(mask & card.mask for mask in natural_spreads(hand, high_ace))


def usable_this_turn(card: Card, hand: int, spreads: Iterable[Spread], hits_left: int,
                     high_ace: bool, wild: bool, books_hittable: bool) -> bool:
    """§3 B ``discard_pickup_must_meld``: can ``card`` (held in ``hand``) still end up in a new
    spread or a hit this turn, by some sequence of the player's spreads and hits?

    Exact, because the hand only shrinks and spreads only grow during a turn: a spread laid this
    turn that ``card`` joins later, with the cards hit on it before, is itself a spread the hand
    can lay now; a book takes ``card`` iff it has room now; a table run takes it once the hand's
    cards (naturals of its suit or jokers) fill every position between the run's end and
    ``card``, one hit each, then ``card`` (a chain of ``gaps + 1`` hits, within ``hits_left`` and
    the 13-card run limit, §4)."""
    if spread_holds(hand, card, high_ace, wild):
        return True
    if hits_left < 1:
        return False
    jokers = (hand & JOKER_MASK).bit_count()
    ranks = 0 if card.is_joker else hand >> (13 * card.suit) & 0x1FFF  # bit q-1 = rank q held
    rank = int(card.rank) if not card.is_joker else 0
    positions = (rank, 14) if rank == 1 and high_ace else (rank,)
    for spread in spreads:
        if spread.kind == BOOK or card.is_joker:
            if (books_hittable or spread.kind == RUN) and hit_identities(card, spread, high_ace):
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
            if span > 12 or len(gaps) >= hits_left:
                continue
            # gap positions are 2..13 (never an ace), so rank q is bit q-1
            if sum(1 for q in gaps if not ranks >> (q - 1) & 1) <= jokers:
                return True
    return False
