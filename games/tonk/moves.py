"""Tonk's moves as interned :class:`~cardkit.actions.Action` objects.

Legal-move generation runs at every step of every simulated hand; building an ``Action`` (attrs,
card normalisation) costs more than finding the move, so each distinct move is built once and
reused. The fixed moves are constants; spreads and hits live in bounded caches. Their domains are
finite (a spread is a set of at most 14 of the 54 cards with its jokers' declarations; a hit is a
card, a spread number and an identity), and the caps keep each cache under about 5 MiB (an entry
is an ``Action`` of about 300 bytes with its key): :data:`SPREAD_CACHE_SIZE` spreads and
:data:`HIT_CACHE_SIZE` hits, whatever a process simulates.
"""

from __future__ import annotations

from cardkit_games.tonk.suits import DISCARD

from cardkit.actions import Action
from cardkit.cache import BoundedCache
from cardkit.cards import Card, cards_of_mask
from cardkit.melds import Declared

__all__ = [
    "DECLINE_BET",
    "DISCARD",
    "DRAW_DISCARD",
    "DRAW_STOCK",
    "DROP",
    "HIT_CACHE_SIZE",
    "JOIN_BET",
    "PASS",
    "SPREAD_CACHE_SIZE",
    "hit_action",
    "spread_action",
]

DROP = Action("drop")
DRAW_STOCK = Action("draw", "stock")
DRAW_DISCARD = Action("draw", "discard")
PASS = Action("pass")
JOIN_BET = Action("join", "bet")
DECLINE_BET = Action("decline", "bet")

SPREAD_CACHE_SIZE = 16_384
HIT_CACHE_SIZE = 16_384

_SPREADS: BoundedCache[tuple[int, Declared], Action] = BoundedCache(SPREAD_CACHE_SIZE)
_HITS: BoundedCache[tuple[int, int, int], Action] = BoundedCache(HIT_CACHE_SIZE)


def spread_action(naturals: int, declared: Declared = ()) -> Action:
    """``spread``: the natural cards of the mask ``naturals`` and the declared wild cards."""
    key = (naturals, declared)
    action = _SPREADS.get(key)
    if action is None:
        cards = tuple(cards_of_mask(naturals)) + tuple(wild for wild, _ in declared)
        action = Action("spread", cards=cards, declared=declared)
        _SPREADS[key] = action
    return action


def hit_action(card: Card, target: int, identity: Card) -> Action:
    """``hit``: ``card`` onto spread number ``target`` (from 1), standing for ``identity``."""
    key = (card.index, target, identity.index)
    action = _HITS.get(key)
    if action is None:
        declared = ((card, identity),) if card is not identity else ()
        action = Action("hit", cards=(card,), target=target, declared=declared)
        _HITS[key] = action
    return action
