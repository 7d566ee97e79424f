"""Stacked-deck helpers for the gin rummy tests (public contract only)."""

from __future__ import annotations

import cardkit
from cardkit import HandContext, parse_cards
from cardkit.values.cards import ALL_CARDS

P1, P2, P3 = 0, 1, 2
#: §10 default seating: P1 box, P2 captain, P3 sitter.
BOX_P1 = HandContext(dealer=P1, totals=(0, 0, 0), roles=("box", "captain", "sitter"))


def deck(captain: str, box: str, upcard: str | None = None, stock: str = "") -> list:
    """A stacked deck: the captain's (non-dealer's) and the box's (dealer's) ten cards dealt
    alternately captain first, the up-card, then the stock top first; unnamed cards follow in
    a fixed order (up-card and fillers chosen from the cards nobody was given)."""
    first, second = parse_cards(captain), parse_cards(box)
    assert len(first) == len(second) == 10
    named = [*first, *second, *parse_cards(upcard or ""), *parse_cards(stock)]
    rest = [card for card in ALL_CARDS[:52] if card not in named]
    up = parse_cards(upcard) if upcard else [rest.pop(0)]
    cards = [c for pair in zip(first, second, strict=True) for c in pair]
    return [*cards, *up, *parse_cards(stock), *rest]


def hand(captain: str, box: str, upcard: str | None = None, stock: str = "",
         context: HandContext = BOX_P1, players: int = 3, **options):
    """A new hand with a stacked deck."""
    game = cardkit.load_game("gin-rummy", players=players, **options)
    return game.new_hand(seed=1, deck=deck(captain, box, upcard, stock), context=context)


def both_decline(state) -> None:
    """§3.1: the captain, then the box, decline the up-card."""
    state.apply("decline upcard")
    state.apply("decline upcard")


def texts(state) -> set[str]:
    """The legal actions as texts."""
    return {str(action) for action in state.legal_actions()}
