"""A greedy Conquian agent: use every card it can, keep the hand most likely to meld."""

from __future__ import annotations

from collections.abc import Sequence

from cardkit.actions import Action
from cardkit.agents import Agent
from cardkit.cards import CardSet
from cardkit.game import Game
from cardkit.melds import deadwood_value
from cardkit.views import View
from cardkit_conquian.rules import RULES, WINNING_COUNT


class GreedyConquianAgent(Agent):
    """Melds the offered card with as many hand cards as possible, forces when the opponent
    cannot win by it, and discards the card that leaves the least unmatched value."""

    name = "greedy"

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """See :meth:`choose_with_reason`."""
        return self.choose_with_reason(view, legal_actions)[0]

    def choose_with_reason(self, view: View,
                           legal_actions: Sequence[Action]) -> tuple[Action, str]:
        """The greedy choice and why."""
        kinds = {action.kind for action in legal_actions}
        if "draw" in kinds:
            return legal_actions[0], "turn the next card"
        uses = [a for a in legal_actions if a.kind in ("spread", "hit")]
        if uses:
            best = max(uses, key=lambda a: (len(a.cards), a.kind == "spread"))
            return best, "meld as many cards as possible"
        forces = [a for a in legal_actions if a.kind == "force"]
        victim = 1 - view.seat
        if forces and view.info.get("melded", (0, 0))[victim] + 1 < WINNING_COUNT:
            return forces[0], "make the opponent break up their hand"
        discards = [a for a in legal_actions if a.kind == "discard"]
        if discards:
            hand = CardSet(view.hand)
            best = min(discards, key=lambda a: (deadwood_value(hand.remove(a.card), RULES),
                                                -RULES.value(a.card)))
            return best, "keep the cards most likely to meld"
        return next(a for a in legal_actions if a.kind == "pass"), "nothing to use"


def greedy(game: Game, seat: int, seed: int) -> Agent:
    """The ``greedy`` agent factory."""
    return GreedyConquianAgent()
