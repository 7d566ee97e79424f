"""A hand mask's cards and discard moves by four table lookups, one per suit.

Every view shows the seat's hand and every ``play`` phase lists a discard per card, so turning a
hand mask into cards is on the hot path. Each suit's 13-bit field indexes a table of the cards
(and of the ``discard`` moves) it holds; the tables fill on first use, at most 4 x 8192 small
tuples each, whatever a process simulates.
"""

from __future__ import annotations

from cardkit.actions import Action
from cardkit.cards import ALL_CARDS, JOKERS, STANDARD_CARDS, Card, cards_of_mask
from cardkit.melds import RANKS_PER_SUIT, SUIT_MASK

__all__ = ["cards_in", "discards_of"]

_SUITS = 4
_JOKER_SHIFT = len(STANDARD_CARDS)
_CARDS: list[list[tuple[Card, ...] | None]] = [[None] * (SUIT_MASK + 1) for _ in range(_SUITS)]
_DISCARDS: list[list[tuple[Action, ...] | None]] = [[None] * (SUIT_MASK + 1)
                                                    for _ in range(_SUITS)]
# (shift of the suit's field, its table), for the loops below
_SUIT_TABLES = tuple((RANKS_PER_SUIT * suit, _CARDS[suit]) for suit in range(_SUITS))
_SUIT_DISCARDS = tuple((RANKS_PER_SUIT * suit, _DISCARDS[suit]) for suit in range(_SUITS))
#: ``discard <card>`` by card index.
DISCARD = tuple(Action("discard", cards=(card,)) for card in ALL_CARDS)


def _cards(suit: int, ranks: int) -> tuple[Card, ...]:
    found = _CARDS[suit][ranks]
    if found is None:
        found = _CARDS[suit][ranks] = tuple(cards_of_mask(ranks << RANKS_PER_SUIT * suit))
    return found


def cards_in(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` in index order (as :func:`cardkit.cards.cards_of_mask`)."""
    cards: tuple[Card, ...] = ()
    for suit, table in _SUIT_TABLES:
        ranks = mask >> suit & SUIT_MASK
        if ranks:
            found = table[ranks]
            cards += found if found is not None else _cards(suit // RANKS_PER_SUIT, ranks)
    if mask >> _JOKER_SHIFT:
        cards += tuple(joker for joker in JOKERS if mask & joker.mask)
    return cards


def _discards(suit: int, ranks: int) -> tuple[Action, ...]:
    found = _DISCARDS[suit][ranks]
    if found is None:
        found = _DISCARDS[suit][ranks] = tuple(DISCARD[card.index]
                                               for card in _cards(suit, ranks))
    return found


def discards_of(mask: int) -> list[Action]:
    """``discard <card>`` for every card of ``mask``, in card index order."""
    moves: list[Action] = []
    for suit, table in _SUIT_DISCARDS:
        ranks = mask >> suit & SUIT_MASK
        if ranks:
            found = table[ranks]
            moves += found if found is not None else _discards(suit // RANKS_PER_SUIT, ranks)
    if mask >> _JOKER_SHIFT:
        moves += [DISCARD[joker.index] for joker in JOKERS if mask & joker.mask]
    return moves
