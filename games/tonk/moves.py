"""Tonk's moves as interned :class:`~cardkit.actions.Action` objects.

Legal-move generation runs at every step of every simulated hand; building an ``Action`` (attrs,
card normalisation) costs more than finding the move, so each distinct move is built once and
reused. The fixed moves are constants (the draws and ``pass`` are the rummy kit's); spreads live
in a bounded cache: its domain is finite (a set of at most 14 of the 54 cards with its jokers'
declarations) and the cap keeps it under about 5 MiB (an entry is an ``Action`` of about 300
bytes with its key), :data:`SPREAD_CACHE_SIZE` spreads whatever a process simulates. Hits are
the kit's lay-off moves (:func:`cardkit.rummy.lay_off_actions`, interned there).
"""

from __future__ import annotations

from cardkit_games.tonk.suits import DISCARD

from cardkit.actions import Action
from cardkit.cache import BoundedCache
from cardkit.cards import cards_of_mask
from cardkit.melds import Declared
from cardkit.rummy import DRAW_DISCARD, DRAW_STOCK, PASS

__all__ = [
    "DECLINE_BET",
    "DISCARD",
    "DRAW_DISCARD",
    "DRAW_STOCK",
    "DROP",
    "JOIN_BET",
    "PASS",
    "SPREAD_CACHE_SIZE",
    "spread_action",
]

DROP = Action("drop")
JOIN_BET = Action("join", "bet")
DECLINE_BET = Action("decline", "bet")

SPREAD_CACHE_SIZE = 16_384

_SPREADS: BoundedCache[tuple[int, Declared], Action] = BoundedCache(SPREAD_CACHE_SIZE)


def spread_action(naturals: int, declared: Declared = ()) -> Action:
    """``spread``: the natural cards of the mask ``naturals`` and the declared wild cards."""
    key = (naturals, declared)
    action = _SPREADS.get(key)
    if action is None:
        cards = tuple(cards_of_mask(naturals)) + tuple(wild for wild, _ in declared)
        action = Action("spread", cards=cards, declared=declared)
        _SPREADS[key] = action
    return action
