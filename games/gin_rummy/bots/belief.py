"""What a gin seat can infer of the other hands from the discard pile's history.

A greedy opponent's hand is not a random deal: it keeps what melds and throws what does not,
so its hand gets better turn by turn, and it seldom lets pass (or throws) a card that fits
cards it holds. :func:`belief` refines a re-dealt world (see
the :class:`cardkit.game.Belief` capability) by a log-plausibility of each other active hand
built from four features:

- its deadwood, scaled by how many turns it has had (up to ``SETTLED_TURNS``): early in a hand
  the deal is still random, later a high deadwood is unlikely;
- how near its cards are to the cards it let pass (declined up-cards, discards it did not take);
- how near its cards are to the cards it threw;
- the *regret* of its last discard: how much less deadwood it would have kept by throwing
  another card of the world's hand instead (a greedy player throws what leaves the least).

The weights were fitted by a conditional logit on greedy self-play (the true hand against 30
re-deals at each decision): ``python -m bench.belief --fit gin-rummy`` refits them, and
``python -m bench.belief`` measures how much more often a re-deal weighed by the belief is the
true one.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardkit_games.gin_rummy.rules import RULES
from cardkit_games.gin_rummy.state import GinState

from cardkit.cards import Card, CardSet, cards_of_mask
from cardkit.melds import NEAR_MASKS, deadwood_value
from cardkit.sampling import PileEvidence, chain_refiner, linear_log_weight
from cardkit.state import State
from cardkit.views import View

__all__ = ["WEIGHTS", "Evidence", "belief", "evidence", "features", "plausibility"]

#: Log-weight per unit of each feature: deadwood (scaled by turns), nearness to cards let pass,
#: nearness to cards thrown, regret of the last discard.
WEIGHTS = (-0.146, -0.38, -0.465, -1.665)
#: After this many of its turns a hand counts as fully worked by its player.
SETTLED_TURNS = 8
#: Exchanges tried per other hand and sampled world.
CHAIN_STEPS = 60


#: The kinds of move that put a card on the pile (a knock or gin ends the hand with its discard).
_THROWS = frozenset({"discard", "knock", "gin"})

#: What the belief reads of each other seat (see :class:`cardkit.sampling.PileEvidence`).
Evidence = PileEvidence


def evidence(view: View) -> dict[int, Evidence]:
    """Each other seat's :class:`Evidence`, read from the view's public history (the pile is
    rebuilt from the first up-card and every discard, so each take or pass names its card)."""
    upcard = view.info.get("first_upcard")
    pile: list[Card] = [upcard] if upcard is not None else []
    passed: dict[int, list[Card]] = {}
    thrown: dict[int, list[Card]] = {}
    for move in view.history:
        seat, action = move.seat, move.action
        other = seat if seat is not None and seat != view.seat else None
        kind, option = action.kind, action.option
        if kind in _THROWS and action.cards:
            card = action.cards[0]
            pile.append(card)
            if other is not None:
                thrown.setdefault(other, []).append(card)
        elif kind in ("take", "draw") and option in ("upcard", "discard"):
            if pile:
                pile.pop()
        elif other is not None and pile and (
                (kind == "draw" and option == "stock") or kind == "decline"):
            passed.setdefault(other, []).append(pile[-1])
    return {seat: Evidence(tuple(passed.get(seat, ())), tuple(thrown.get(seat, ())),
                           len(thrown.get(seat, ())))
            for seat in set(passed) | set(thrown)}


def features(hand: int, seen: Evidence) -> tuple[float, float, float, float]:
    """The four features of a hand (a card mask) given what its player was seen to do."""
    deadwood = deadwood_value(hand, RULES)
    passed = sum((hand & NEAR_MASKS[card.index]).bit_count() for card in seen.passed)
    thrown = sum((hand & NEAR_MASKS[card.index]).bit_count() for card in seen.thrown)
    regret = 0
    if seen.thrown and not hand & seen.thrown[-1].mask:
        before = hand | seen.thrown[-1].mask
        kept = min(deadwood_value(before & ~card.mask, RULES) for card in cards_of_mask(hand))
        regret = max(deadwood - kept, 0)
    return deadwood * min(seen.turns, SETTLED_TURNS) / SETTLED_TURNS, passed, thrown, regret


def plausibility(seen: Evidence) -> Callable[[int], float]:
    """The log-weight of a hand (a card mask) for a player seen doing ``seen``."""
    return linear_log_weight(WEIGHTS, lambda hand: features(hand, seen))


def _set_hand(world: State, seat: int, hand: int) -> None:
    assert isinstance(world, GinState)
    world.hands[seat] = CardSet.from_mask(hand)


def belief(view: View) -> Callable[[State, random.Random], None]:
    """Refines a re-dealt world for the seat of ``view``: each other hand whose player has
    been seen at work exchanges hidden cards with the stock by
    :func:`cardkit.sampling.exchange_chain` (``CHAIN_STEPS`` steps) under
    :func:`plausibility`."""
    weights = {seat: plausibility(seen) for seat, seen in evidence(view).items()}
    return chain_refiner(view.seat, weights, CHAIN_STEPS,
                         lambda world, seat: world.hands[seat].mask,  # type: ignore[attr-defined]
                         _set_hand, lambda world: world.stock)  # type: ignore[attr-defined]
