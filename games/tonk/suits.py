"""A hand mask's cards and discard moves by four table lookups, one per suit.

Every view shows the seat's hand and every ``play`` phase lists a discard per card, so turning a
hand mask into cards is on the hot path. Each suit's 13-bit field indexes a table of the cards
(and of the ``discard`` moves) it holds; the tables fill on first use, at most 4 x 8192 small
tuples each, whatever a process simulates.
"""

from __future__ import annotations

from cardkit.actions import Action
from cardkit.cards import ALL_CARDS, JOKERS, STANDARD_CARDS, Card, cards_of_mask
from cardkit.melds.masks import RANKS_PER_SUIT, SUIT_MASK

__all__ = ["cards_in", "discards_of"]

_SUITS = 4
_JOKER_SHIFT = len(STANDARD_CARDS)
_SHIFT_1, _SHIFT_2, _SHIFT_3 = RANKS_PER_SUIT, 2 * RANKS_PER_SUIT, 3 * RANKS_PER_SUIT
_CARDS: list[list[tuple[Card, ...] | None]] = [[None] * (SUIT_MASK + 1) for _ in range(_SUITS)]
_DISCARDS: list[list[tuple[Action, ...] | None]] = [[None] * (SUIT_MASK + 1)
                                                    for _ in range(_SUITS)]
#: ``discard <card>`` by card index.
DISCARD = tuple(Action("discard", cards=(card,)) for card in ALL_CARDS)


def _cards(suit: int, ranks: int) -> tuple[Card, ...]:
    found = _CARDS[suit][ranks]
    if found is None:
        found = _CARDS[suit][ranks] = tuple(cards_of_mask(ranks << RANKS_PER_SUIT * suit))
    return found


def cards_in(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` in index order (as :func:`cardkit.cards.cards_of_mask`)."""
    clubs, diamonds, hearts, spades = _CARDS
    a = mask & SUIT_MASK
    b = mask >> _SHIFT_1 & SUIT_MASK
    c = mask >> _SHIFT_2 & SUIT_MASK
    d = mask >> _SHIFT_3 & SUIT_MASK
    cards = ((clubs[a] if clubs[a] is not None else _cards(0, a))
             + (diamonds[b] if diamonds[b] is not None else _cards(1, b))
             + (hearts[c] if hearts[c] is not None else _cards(2, c))
             + (spades[d] if spades[d] is not None else _cards(3, d)))
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
    clubs, diamonds, hearts, spades = _DISCARDS
    a = mask & SUIT_MASK
    b = mask >> _SHIFT_1 & SUIT_MASK
    c = mask >> _SHIFT_2 & SUIT_MASK
    d = mask >> _SHIFT_3 & SUIT_MASK
    moves = [*(clubs[a] if clubs[a] is not None else _discards(0, a)),
             *(diamonds[b] if diamonds[b] is not None else _discards(1, b)),
             *(hearts[c] if hearts[c] is not None else _discards(2, c)),
             *(spades[d] if spades[d] is not None else _discards(3, d))]
    if mask >> _JOKER_SHIFT:
        moves += [DISCARD[joker.index] for joker in JOKERS if mask & joker.mask]
    return moves
