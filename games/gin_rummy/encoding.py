"""Gin rummy's encoding for the research adapters (:mod:`cardkit.adapters`).

Actions (an exact catalogue, one index per move): the up-card choices, the two draws, big gin,
then ``discard``, ``knock`` and ``gin`` with each of the 52 cards. The observation adds to the
base planes, for each seat, the cards it was seen to take from the discard pile (the first
up-card included) and still holds: what a careful player remembers of an opponent's hand.
"""

from __future__ import annotations

from cardkit.cards import STANDARD_CARDS
from cardkit.encoding import (
    ActionCatalogue,
    GameEncoding,
    ObservationEncoding,
    SeatPlanes,
    base_planes,
    card_action_keys,
    taken_from_pile,
)
from cardkit.game import Game

__all__ = ["encoding"]

MOVES = ("take upcard", "decline upcard", "draw stock", "draw discard", "big gin")
PUT_ON_PILE = frozenset({"discard", "knock", "gin"})
TAKES = frozenset({"draw discard", "take upcard"})


def encoding(game: Game) -> GameEncoding:
    """The catalogue and observation described in the module docstring."""
    keys: list = list(MOVES)
    for kind in ("discard", "knock", "gin"):
        keys.extend(card_action_keys(kind, STANDARD_CARDS))
    taken = taken_from_pile(PUT_ON_PILE, TAKES, first=lambda view: view.info.get("first_upcard"))
    planes = (*base_planes(), SeatPlanes("taken from the discard pile", taken))
    observation = ObservationEncoding(tuple(STANDARD_CARDS), game.players,
                                      tuple(game.definition.state_class.PHASES), planes)
    return GameEncoding(ActionCatalogue(keys), observation)
