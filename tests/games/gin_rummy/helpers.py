"""Stacked-deck helpers for the gin rummy tests (public contract only)."""

from __future__ import annotations

import random
from itertools import combinations

from cardkit_games.gin_rummy.match import advance

import cardkit
from cardkit import Card, HandContext, parse_cards
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


#: the three-hand game with its defaults
GAME3 = cardkit.load_game("gin-rummy")


def next_roles(state) -> tuple[str, ...]:
    """The roles of the hand that follows ``state``."""
    return advance(state.game, state.context, state.result, random.Random(0)).roles


def box_draws(state, drawn_by_captain: str) -> None:
    """Both decline; the captain draws and throws the card; the box draws."""
    both_decline(state)
    state.apply("draw stock")
    state.apply(f"discard {drawn_by_captain}")
    state.apply("draw stock")


#: worked example 1 (the knock): the box's hand
EXAMPLE_1_BOX = "3S 4S 5S 8H 8D 8C JD QD KD 4C"
#: worked example 1: the captain's hand
EXAMPLE_1_CAPTAIN = "10H 10S 10C 6S 8S 2H 7C KH QC AD"


def card_value(card: Card) -> int:
    """A card's deadwood value (A = 1, faces 10)."""
    return min(card.rank, 10)


def brute_melds(cards: list[Card]) -> list[frozenset[Card]]:
    """Every set (3 or 4 cards) and run (3 or more, ace low) that ``cards`` hold."""
    melds = []
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(card.rank, []).append(card)
    for group in by_rank.values():
        for size in (3, 4):
            melds.extend(frozenset(c) for c in combinations(group, size))
    held = {(card.suit, card.rank): card for card in cards}
    for suit in {card.suit for card in cards}:
        for low in range(1, 12):
            run = []
            for rank in range(low, 14):
                if (suit, rank) not in held:
                    break
                run.append(held[suit, rank])
                if len(run) >= 3:
                    melds.append(frozenset(run))
    return melds


def brute_deadwood(cards: list[Card]) -> int:
    """The least deadwood of ``cards``, by trying every choice of disjoint melds."""
    melds = brute_melds(cards)
    total = sum(card_value(card) for card in cards)

    def most_melded(start: int, used: frozenset[Card]) -> int:
        best = 0
        for i in range(start, len(melds)):
            if not melds[i] & used:
                best = max(best, sum(card_value(c) for c in melds[i])
                           + most_melded(i + 1, used | melds[i]))
        return best

    return total - most_melded(0, frozenset())
