"""Test helpers for Tonk: stacked decks that deal the hands a test wants."""

from __future__ import annotations

from collections.abc import Sequence

from cardkit import parse_cards
from cardkit.values.cards import Card


def stack(hands: Sequence[str], upcard: str | None = None, stock: str = "",
          dealer: int | None = None) -> list[Card]:
    """The deck (top first) that deals ``hands[seat]`` to each seat: one card at a time from the
    top starting at the dealer's left (the last seat deals by default), then the up-card, then
    the stock top first. The rest of the deck follows in a shuffle from the hand's seed."""
    players = len(hands)
    dealer = players - 1 if dealer is None else dealer
    cards = [parse_cards(hand) for hand in hands]
    size = len(cards[0])
    assert all(len(hand) == size for hand in cards), "every hand needs the same size"
    deck: list[Card] = []
    for position in range(size):
        for offset in range(players):
            deck.append(cards[(dealer + 1 + offset) % players][position])
    if upcard:
        deck += parse_cards(upcard)
    deck += parse_cards(stock)
    return deck


def draw_and_discard(state) -> None:
    """The current player draws from the stock and discards the card drawn."""
    seat = state.current_player
    before = set(state.view(seat).hand)
    state.apply("draw stock")
    (drawn,) = set(state.view(seat).hand) - before
    state.apply(f"discard {drawn}")


def legal(state) -> set[str]:
    """The legal actions as texts."""
    return {str(a) for a in state.legal_actions()}


#: seat 0 draws 7H and tonks with 5H 6H 7H and 9C 9D 9S
TONKER = ["5H 6H 9C 9D 9S", "2C 3D 4S KC QD"]


LOW_HIGH = ["AC 2D 3H 4S 2C", "KS QS 5S 3S 2S"]  # seat 0 count 12, seat 1 count 30


#: the source readings that are options, each away from its default
SOURCE_READINGS = {"spread_min_natural": 1, "book_to_discard_trigger": "hit_to_four",
                   "spades_side_bet_hands": "first_hand"}
