"""Tonk's encoding for the research adapters (:mod:`cardkit.adapters`).

Actions (an exact catalogue, one index per move, finite because a deck makes finitely many
spreads): the bare moves (drop, the two draws, pass, the side-bet choices), ``discard`` with
each card of the deck, ``spread`` with every book and run the deck could make under the meld
rules in force (§4; with jokers, every placement of the jokers in them), and ``hit`` with each
card on each meld number up to the most melds a deck can hold (a joker once per card it may
stand for). The observation adds to the base planes the cards each seat was seen to take from
the discard pile and still holds, then the seat's *reading* of the hand
(numbers the seat works out from its own view, as the ``hard`` agent does: the ``reading``
module of the bots), which ``game.py`` wires in, since the rules never import the bots.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardkit.cards import Card
from cardkit.encoding import (
    ActionCatalogue,
    GameEncoding,
    ObservationEncoding,
    Scalars,
    SeatPlanes,
    base_planes,
    card_action_keys,
    hit_keys,
    meld_keys,
    taken_from_pile,
)
from cardkit.game import Game, HandAnalysis

__all__ = ["encoding"]

MOVES = ("drop", "draw stock", "draw discard", "pass", "join bet", "decline bet")
SMALLEST_MELD = 3  # §4: books of 3-4, runs of 3+


def encoding(game: Game,
             scalars: Callable[[Game, Sequence[Card]], Scalars] | None = None) -> GameEncoding:
    """The catalogue and observation described in the module docstring; ``scalars(game,
    deck)`` makes the reading (``game.py`` passes the bots' own ``reading_scalars``)."""
    deck = tuple(sorted(game.deck_spec.cards, key=lambda card: card.index))
    analysis = game.definition.capability(HandAnalysis)
    assert analysis is not None and analysis.meld_rules is not None  # Tonk declares its melds
    rules = analysis.meld_rules(game.options)
    naturals = [card for card in deck if not rules.is_wild(card)]
    wilds = {card: naturals for card in deck if rules.is_wild(card)}
    keys: list = list(MOVES)
    keys.extend(card_action_keys("discard", deck))
    keys.extend(meld_keys("spread", deck, rules))
    keys.extend(hit_keys("hit", deck, len(deck) // SMALLEST_MELD, wilds))
    planes = (*base_planes(),
              SeatPlanes("taken from the discard pile",
                         taken_from_pile(frozenset({"discard"}), "draw discard")))
    observation = ObservationEncoding(deck, game.players,
                                      tuple(game.definition.state_class.PHASES), planes,
                                      () if scalars is None else (scalars(game, deck),))
    return GameEncoding(ActionCatalogue(keys), observation)
