"""What a Tonk seat can infer of the other hands from the public history.

A greedy opponent sheds its highest loose card every turn and takes the discard only to use it
at once, so after a few turns its hand is lower than a random deal, seldom holds a card higher
than one it threw (unless that card is kept for a meld), and seldom holds cards that meld with
a discard it let pass. :func:`belief` refines a re-dealt world (see
the :class:`cardkit.game.Belief` capability) by a log-plausibility of each other hand built
from four features:

- its count, scaled by how many turns its player has had (up to ``SETTLED_TURNS``);
- how near its cards are to the discards its player let pass;
- how near its cards are to the cards its player threw;
- the *regret* of its player's last discard: how much higher, by the greedy measure (value less
  a bonus for cards close to a meld, :func:`keep_score`), the loosest card it still holds is
  than the one it threw.

``python -m bench.belief --fit tonk`` refits the weights; ``python -m bench.belief`` measures
them.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardkit_games.tonk.count import card_values
from cardkit_games.tonk.state import TonkState

from cardkit.cards import Card, cards_of_mask
from cardkit.melds import NEAR_MASKS, RANKS_PER_SUIT
from cardkit.sampling import PileEvidence, chain_refiner, linear_log_weight
from cardkit.state import State
from cardkit.views import View

__all__ = ["WEIGHTS", "Evidence", "belief", "evidence", "features", "keep_score"]

#: Log-weight per unit of each feature: count (scaled by turns), nearness to discards let pass,
#: nearness to cards thrown, regret of the last discard.
WEIGHTS = (0.035, -0.337, -0.594, -2.448)
#: After this many of its turns a hand counts as fully worked by its player.
SETTLED_TURNS = 4
#: Exchanges tried per other hand and sampled world.
CHAIN_STEPS = 40
#: Natural cards of a standard deck (jokers, if any, are never near anything).
NATURAL = 4 * RANKS_PER_SUIT
VALUES = card_values(1, 0)
#: The ace of every suit; shifted left by a rank position, that rank in every suit.
RANK_BITS = sum(1 << RANKS_PER_SUIT * suit for suit in range(4))


#: What the belief reads of each other seat (see :class:`cardkit.sampling.PileEvidence`).
Evidence = PileEvidence


def evidence(view: View) -> dict[int, Evidence]:
    """Each other seat's :class:`Evidence`, read from the view's public history: a draw from
    the stock lets pass the card last thrown, if any."""
    passed: dict[int, list[Card]] = {}
    thrown: dict[int, list[Card]] = {}
    turns: dict[int, int] = {}
    top: Card | None = view.discard_top if not view.history else None
    for move in view.history:
        seat, action = move.seat, move.action
        kind = action.kind
        mine = seat is None or seat == view.seat
        if kind == "discard" and action.cards:
            top = action.cards[0]
            if seat is not None and not mine:
                thrown.setdefault(seat, []).append(top)
        elif kind == "draw" and action.option == "discard":
            top = None
        elif kind == "draw" and action.option == "stock" and seat is not None and not mine:
            turns[seat] = turns.get(seat, 0) + 1
            if top is not None:
                passed.setdefault(seat, []).append(top)
    seats = set(passed) | set(thrown)
    return {seat: Evidence(tuple(passed.get(seat, ())), tuple(thrown.get(seat, ())),
                           turns.get(seat, 0)) for seat in seats}


def keep_score(card: Card, hand: int) -> int:
    """The greedy agent's measure of how loose ``card`` is in ``hand`` (a mask): its value less
    6 for each card of its rank, 4 for each suit neighbour and 2 for each card two away (the
    greedy agent throws the card with the highest score; a joker is never thrown)."""
    if card.index >= NATURAL:
        return -100
    others = hand & ~card.mask
    index, rank = card.index, card.index % RANKS_PER_SUIT
    bonus = 6 * (others & RANK_BITS << rank).bit_count()
    for step, points in ((-2, 2), (-1, 4), (1, 4), (2, 2)):
        if 0 <= rank + step < RANKS_PER_SUIT and others >> (index + step) & 1:
            bonus += points
    return VALUES[index] - bonus


def features(hand: int, seen: Evidence) -> tuple[float, float, float, float]:
    """The four features of a hand (a card mask) given what its player was seen to do."""
    cards = cards_of_mask(hand)
    count = sum(VALUES[card.index] for card in cards)
    passed = sum((hand & NEAR_MASKS[card.index]).bit_count()
                 for card in seen.passed if card.index < NATURAL)
    thrown = sum((hand & NEAR_MASKS[card.index]).bit_count()
                 for card in seen.thrown if card.index < NATURAL)
    regret = 0
    if seen.thrown and cards and not hand & seen.thrown[-1].mask:
        last = seen.thrown[-1]
        before = hand | last.mask
        loosest = max(keep_score(card, before) for card in cards)
        regret = max(loosest - keep_score(last, before), 0)
    return count * min(seen.turns, SETTLED_TURNS) / SETTLED_TURNS, passed, thrown, regret


def plausibility(seen: Evidence) -> Callable[[int], float]:
    """The log-weight of a hand (a card mask) for a player seen doing ``seen``."""
    return linear_log_weight(WEIGHTS, lambda hand: features(hand, seen))


def _set_hand(world: State, seat: int, hand: int) -> None:
    assert isinstance(world, TonkState)
    world.hands[seat] = hand


def belief(view: View) -> Callable[[State, random.Random], None]:
    """Refines a re-dealt world for the seat of ``view``: each other hand whose player has
    been seen at work exchanges hidden cards with the stock by
    :func:`cardkit.sampling.exchange_chain` under :func:`plausibility`."""
    weights = {seat: plausibility(seen) for seat, seen in evidence(view).items()}
    return chain_refiner(view.seat, weights, CHAIN_STEPS,
                         lambda world, seat: world.hands[seat],  # type: ignore[attr-defined]
                         _set_hand, lambda world: world.stock)  # type: ignore[attr-defined]
