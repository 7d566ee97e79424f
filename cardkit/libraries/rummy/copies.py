"""The standard turn with copies of cards (two or more decks): hands are multisets.

:class:`~cardkit.rummy.RummyState` holds its hands as :class:`~cardkit.cards.CardSet` with one
deck and as :class:`~cardkit.cards.CardMultiset` when the deck holds copies;
:func:`~cardkit.cards.add_cards` and :func:`~cardkit.cards.remove_cards` add and take cards
the same way for both.
"""

from __future__ import annotations

from cardkit.values.cards import Card, CardMultiset, CardSet

__all__ = ["Hand", "distinct"]

#: A hand: a card set with one deck, a multiset with copies.
Hand = CardSet | CardMultiset


def distinct(hand: Hand) -> list[Card]:
    """The different cards of ``hand``, each once, in the hand's order."""
    return list(dict.fromkeys(hand))
