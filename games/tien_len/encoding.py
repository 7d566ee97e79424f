"""Tiến Lên's encoding for the research adapters (:mod:`cardkit.adapters`).

Tiến Lên's moves are not a modest list: a sequence of n ranks comes in 4^n choices of suits.
As RLCard does for Dou Dizhu (where it keys a move by its ranks alone, suits being irrelevant
there), the catalogue keys a play by what decides whether it beats the top -- its type, its
length and its top card (§4: a combination is compared by its highest card) -- and the engine
chooses the other cards: of the legal plays with that key, the one whose other cards are the
weakest, so the stronger suits stay in hand. About a thousand indices, plus ``pass``.

What it loses: the choice among the lower suits. It never changes which plays can be made
now, nor whether this one beats the top; it can change what stays in hand (keeping 7♠ rather
than 7♥ for a later single, or breaking a pair a different way), which a learner cannot then
plan. The observation is the base planes: the current top combination is the table, and each
seat's played cards are its "shown in the log" plane.
"""

from __future__ import annotations

from cardkit.cards import STANDARD_CARDS
from cardkit.encoding import (
    ActionCatalogue,
    CombinationAbstraction,
    GameEncoding,
    ObservationEncoding,
)
from cardkit.game import Game, HandAnalysis

__all__ = ["encoding"]


def encoding(game: Game) -> GameEncoding:
    """The catalogue and observation described in the module docstring."""
    analysis = game.definition.capability(HandAnalysis)
    assert analysis is not None and analysis.climbing_rules is not None  # declared by Tiến Lên
    rules = analysis.climbing_rules(game.options)
    abstraction = CombinationAbstraction("play", rules)
    catalogue = ActionCatalogue(["pass", *abstraction.keys], abstraction.key_of,
                                abstraction.prefer)
    observation = ObservationEncoding(tuple(STANDARD_CARDS), game.players,
                                      tuple(game.definition.state_class.PHASES))
    return GameEncoding(catalogue, observation, __doc__ or "")
