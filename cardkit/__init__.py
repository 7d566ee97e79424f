"""cardkit: a framework for rummy-family card games.

The public contract (see ``docs/api.md``)::

    import cardkit
    cardkit.available_games()
    game = cardkit.load_game("tonk", players=3, hit_penalty_turns=1)
    state = game.new_hand(seed=7)
    state.legal_actions(); state.apply("draw stock"); state.result
"""

from cardkit.cards import Card, CardSet, Rank, Suit, format_cards, parse_cards
from cardkit.deck import STANDARD_52, WITH_JOKERS_54, DeckSpec

__version__ = "0.1.0"

__all__ = [
    "STANDARD_52",
    "WITH_JOKERS_54",
    "Card",
    "CardSet",
    "DeckSpec",
    "Rank",
    "Suit",
    "__version__",
    "format_cards",
    "parse_cards",
]
