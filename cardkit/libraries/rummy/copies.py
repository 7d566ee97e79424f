"""The standard turn with copies of cards (two or more decks): hands are multisets.

:class:`~cardkit.rummy.RummyState` holds its hands as :class:`~cardkit.cards.CardSet` with one
deck and as :class:`~cardkit.cards.CardMultiset` when the deck holds copies; the helpers here
add and take cards the same way for both.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardkit.values.cards import Card, CardMultiset, CardSet

__all__ = ["Hand", "distinct", "minus", "plus"]

#: A hand: a card set with one deck, a multiset with copies.
Hand = CardSet | CardMultiset


def plus(hand: Hand, cards: Iterable[Card]) -> Hand:
    """``hand`` with ``cards`` added (copies counted in a multiset)."""
    if isinstance(hand, CardMultiset):
        return hand + CardMultiset(list(cards))
    return hand | CardSet(cards)


def minus(hand: Hand, cards: Iterable[Card]) -> Hand:
    """``hand`` less ``cards`` (one copy each time a card is named, in a multiset)."""
    if isinstance(hand, CardMultiset):
        return hand - CardMultiset(list(cards))
    return hand - CardSet(cards)


def distinct(hand: Hand) -> list[Card]:
    """The different cards of ``hand``, each once, in the hand's order."""
    return list(dict.fromkeys(hand))
