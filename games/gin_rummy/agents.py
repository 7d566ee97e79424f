"""Gin rummy's heuristic agent.

``greedy`` (sees only its view):

- up-card / draw: takes the discard when it lowers its deadwood (after its best discard) or
  completes a meld; otherwise declines the up-card / draws from the stock;
- discard: the card leaving the least deadwood; among equals it keeps cards close to melds
  (same rank, or same suit within two ranks) and throws the highest value;
- knock: goes gin whenever it can (or big gin), and knocks as soon as it can, except that with
  1–2 deadwood early in the hand (stock of 20 or more) it holds on for gin.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardkit_games.gin_rummy.meld_rules import RULES, VALUE

from cardkit.actions import Action
from cardkit.agents import Agent
from cardkit.cards import CardSet
from cardkit.melds import deadwood_value
from cardkit.views import View

__all__ = ["GreedyAgent", "greedy_agent"]

#: Hold a knock of at most this much deadwood for gin while the stock is this big or bigger.
GIN_CHASE_DEADWOOD = 2
GIN_CHASE_STOCK = 20


def _connections(card, hand: CardSet) -> int:
    """How many other cards of ``hand`` could meld with ``card`` (same rank, or same suit within
    two ranks): a card with connections is close to a meld."""
    count = 0
    for other in hand:
        if other is card:
            continue
        if other.rank == card.rank or (other.suit == card.suit
                                       and abs(other.rank - card.rank) <= 2):
            count += 1
    return count


class GreedyAgent(Agent):
    """Lowers its deadwood greedily; knocks as soon as it can; goes gin when it can."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """The greedy move."""
        return self.choose_with_reason(view, legal_actions)[0]

    def choose_with_reason(self, view: View, legal_actions: Sequence[Action]
                           ) -> tuple[Action, str]:
        """The greedy move and why."""
        if view.phase in ("upcard", "draw"):
            return self._draw(view, legal_actions)
        return self._discard(view, legal_actions)

    def _draw(self, view: View, legal: Sequence[Action]) -> tuple[Action, str]:
        take = next((a for a in legal if a.kind == "take" or a.option == "discard"), None)
        other = next(a for a in legal if a is not take)
        top = view.discard_top
        if take is not None and top is not None:
            hand = CardSet(view.hand)
            now = deadwood_value(hand, RULES)
            grown = hand.add(top)
            melded = deadwood_value(grown, RULES) < now + VALUE[top.index]
            after = min(deadwood_value(grown.remove(card), RULES) for card in hand)
            if after < now:
                return take, f"taking {top} lowers my deadwood from {now} to {after}"
            if melded:
                return take, f"{top} completes a meld"
        why = "the up-card does not help me" if other.kind == "decline" else \
            "the discard does not help me: drawing from the stock"
        return other, why

    def _discard(self, view: View, legal: Sequence[Action]) -> tuple[Action, str]:
        for action in legal:
            if action.kind == "big":
                return action, "all eleven cards are melded: big gin"
        hand = CardSet(view.hand)
        gins = [a for a in legal if a.kind == "gin"]
        if gins:
            card = max(gins, key=lambda a: VALUE[a.cards[0].index]).cards[0]
            return next(a for a in gins if a.cards[0] is card), f"discarding {card} leaves gin"
        scored = []
        for action in legal:
            if action.kind != "discard":
                continue
            card = action.cards[0]
            left = hand.remove(card)
            scored.append((deadwood_value(left, RULES), _connections(card, hand),
                           -VALUE[card.index], card.index, action))
        scored.sort(key=lambda item: item[:4])
        best_dead, _, _, _, best = scored[0]
        knocks = [a for a in legal if a.kind == "knock"]
        if knocks:
            knock_dead = {a.cards[0]: d for d, _, _, _, a in scored if a.kind == "discard"}
            knock = min(knocks, key=lambda a: (knock_dead.get(a.cards[0], 99),
                                               -VALUE[a.cards[0].index]))
            dead = knock_dead.get(knock.cards[0], 99)
            if not (dead <= GIN_CHASE_DEADWOOD and view.stock_size >= GIN_CHASE_STOCK):
                return knock, f"knocking with {dead} deadwood"
            return best, f"{dead} deadwood: holding on for gin while the stock is large"
        card = best.cards[0]
        return best, f"discarding {card} leaves {best_dead} deadwood, keeping cards near melds"


def greedy_agent(game, seat: int, seed: int) -> GreedyAgent:
    """The ``greedy`` agent factory."""
    return GreedyAgent(seed)
