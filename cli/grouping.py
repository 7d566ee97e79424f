"""How the command line groups and orders a player's hand: the analysis behind the screens
(which only draw what this returns). Rummy games: the best arrangement's melds, then the rest;
climbing games: the game's card order; others: by suit and rank."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from cardkit.engine.capabilities import HandAnalysis
from cardkit.libraries.melds import best_arrangement
from cardkit.values.cards import Card, CardSet

if TYPE_CHECKING:
    from cardkit import Game

__all__ = ["display_key", "group_hand", "hand_analysis"]


def hand_analysis(game: Game) -> HandAnalysis:
    """How ``game`` looks at a hand: its :class:`HandAnalysis` capability, or one that offers
    nothing (every field None) when it declares none."""
    return game.definition.capability(HandAnalysis) or HandAnalysis()


def group_hand(cards: Iterable[Card], game: Game) -> tuple[list[tuple[Card, ...]],
                                                          tuple[Card, ...], int | None]:
    """A hand as the player should see it: ``(melds, rest, deadwood value)``.

    Rummy games (their :class:`HandAnalysis` offers ``meld_rules``): the best arrangement's
    melds, then the deadwood and its value. Climbing games (``climbing_rules``): no melds, the
    hand in the game's card order. Otherwise: no melds, the hand by suit and rank, value None.
    """
    hand = list(cards)
    analysis = hand_analysis(game)
    if analysis.meld_rules is not None:
        arrangement = best_arrangement(CardSet(hand), analysis.meld_rules(game.options))
        return ([tuple(meld.cards) for meld in arrangement.melds], tuple(arrangement.deadwood),
                arrangement.deadwood_value)
    if analysis.climbing_rules is not None:
        return [], tuple(sorted(hand, key=display_key(game))), None
    return [], tuple(sorted(hand, key=lambda card: (card.suit if card.suit is not None else 9,
                                                    card.rank or 0, card.index))), None


def display_key(game: Game) -> Callable[[Card], Any]:
    """How ``game`` orders cards for display: climbing games by their card strength (3 low,
    2 high in Tiến Lên), others by rank then suit."""
    climbing_rules = hand_analysis(game).climbing_rules
    if climbing_rules is None:
        return lambda card: card.sort_key
    rules = climbing_rules(game.options)

    def strength(card: Card) -> tuple[int, int]:
        try:
            return (0, rules.strength(card))
        except (ValueError, IndexError):
            return (1, card.index)

    return strength
