"""Tonk agents: ``greedy`` (the ``random`` agent comes from cardkit).

The greedy agent sees only its :class:`~cardkit.views.View`. It lays every spread and makes every
hit it can (each sheds count and moves it towards a tonk; a hit on someone else's spread also
hit-locks them), takes the discard only when it can use it at once or it is a low card close to a
meld, discards its highest-value loose card (cards in a pair or near a run are kept), and drops
when its count is low compared with what it infers about the others: each opponent's hand size
times the mean value of the cards it has not seen (its own hand, the table, every discard), shaded
down because players shed high cards first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardkit_games.tonk.state import card_values

from cardkit.actions import Action
from cardkit.agents import Agent
from cardkit.cards import ALL_CARDS, Card
from cardkit.game import Game
from cardkit.views import View

__all__ = ["GreedyAgent", "greedy_agent"]

_CARD_BY_TEXT = {card.text: card for card in ALL_CARDS}


class GreedyAgent(Agent):
    """Spreads and hits whenever it can, keeps cards close to melds, discards its highest loose
    card, drops when its count is low relative to its estimate of the others' counts."""

    name = "greedy"

    #: Drop when my count is below this share of the lowest estimated opponent count.
    drop_share = 0.55
    #: A dealt-in opponent keeps lower cards than average: estimate = cards x mean x shade.
    shade = 0.8

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.values = card_values(1, game.options["joker_hand_value"])
        self.deck = [card for card in game.deck_spec.cards]
        self.ace_high_bet = game.options["spades_bet_ace_high"]

    # ----- helpers ---------------------------------------------------------------------------

    def count(self, cards: Sequence[Card]) -> int:
        """Count of ``cards``."""
        values = self.values
        return sum(values[card.index] for card in cards)

    def keep_bonus(self, card: Card, hand: Sequence[Card]) -> int:
        """How close ``card`` is to a meld with the rest of ``hand``: pairs and near-runs."""
        if card.is_joker:
            return 100
        bonus = 0
        for other in hand:
            if other is card or other.is_joker:
                continue
            if other.rank == card.rank:
                bonus += 6
            elif other.suit == card.suit and abs(int(other.rank) - int(card.rank)) <= 2:
                bonus += 4 if abs(int(other.rank) - int(card.rank)) == 1 else 2
        return bonus

    def opponent_estimate(self, view: View) -> float:
        """Lowest estimated count among the opponents (cards x mean unseen value x shade)."""
        seen = {card.index for card in view.hand}
        for _, meld in view.table:
            seen.update(card.index for card in meld.cards)
        for _, text in view.history:
            if text.startswith("discard "):
                card = _CARD_BY_TEXT.get(text.split()[1].upper())
                if card is not None:
                    seen.add(card.index)
        unseen = [self.values[c.index] for c in self.deck if c.index not in seen]
        mean = sum(unseen) / len(unseen) if unseen else 6.5
        return min(size * mean * self.shade
                   for seat, size in enumerate(view.hand_sizes) if seat != self.seat)

    def should_drop(self, view: View, my_count: int) -> tuple[bool, str]:
        """Drop when my count is well under the lowest estimated opponent count."""
        estimate = self.opponent_estimate(view)
        text = f"my count {my_count}, lowest opponent estimated at {estimate:.0f}"
        return my_count < self.drop_share * estimate or my_count <= 2, text

    # ----- choosing --------------------------------------------------------------------------

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """The greedy move."""
        return self.choose_with_reason(view, legal_actions)[0]

    def choose_with_reason(self, view: View,
                           legal_actions: Sequence[Action]) -> tuple[Action, str]:
        """The greedy move and why."""
        phase = view.phase
        kinds: dict[str, list[Action]] = {}
        for action in legal_actions:
            kinds.setdefault(action.kind, []).append(action)
        hand = view.hand
        if phase == "bet":
            spades = [c for c in hand if c.suit == 3]
            strength = max((14 if (c.rank == 1 and self.ace_high_bet) else int(c.rank)
                            for c in spades), default=0)
            if strength >= 12:
                return Action("join", "bet"), f"my highest spade is strong ({strength})"
            return Action("decline", "bet"), "my spades are too weak for the side bet"
        if phase == "respond":
            if "hit" in kinds:
                return kinds["hit"][0], "hit onto the tonker's run: aiming for a double-double"
            return kinds["pass"][0], "nothing fits the tonker's run"
        my_count = self.count(hand)
        if "drop" in kinds and phase == "start":
            drop, why = self.should_drop(view, my_count)
            if drop:
                return kinds["drop"][0], f"drop: {why}"
        if phase == "start":
            return self._draw(view, kinds)
        # play: spreads first (most cards, then most count), then hits, then the discard
        if "spread" in kinds:
            best = max(kinds["spread"], key=lambda a: (len(a.cards), self.count(a.cards)))
            return best, f"lay the spread {' '.join(c.text for c in best.cards)}"
        if "hit" in kinds:
            best = max(kinds["hit"], key=lambda a: self.values[a.cards[0].index])
            return best, f"hit {best.cards[0]} onto spread {best.target}"
        if "drop" in kinds:
            drop, why = self.should_drop(view, my_count)
            if drop:
                return kinds["drop"][0], f"drop: {why}"
        if "discard" in kinds:
            best = max(kinds["discard"],
                       key=lambda a: (self.values[a.cards[0].index]
                                      - self.keep_bonus(a.cards[0], hand), a.cards[0].index))
            return best, f"discard {best.cards[0]}, my highest loose card"
        action = legal_actions[0]
        return action, "the only kind of move left"

    def _draw(self, view: View, kinds: dict[str, list[Action]]) -> tuple[Action, str]:
        top = view.discard_top
        # only a card used at once: taking "close" cards lets two players swap the same
        # discards for ever (the stock never shrinks)
        if "draw" in kinds and top is not None and any(
                a.option == "discard" for a in kinds["draw"]) and (
                self._forms_spread(top, view.hand) or self._hits_table(top, view)):
            return Action("draw", "discard"), f"take {top}: it makes a spread or a hit now"
        for action in kinds.get("draw", ()):
            if action.option == "stock":
                return action, "draw from the stock: the discard does not help"
        if "draw" in kinds:
            return kinds["draw"][0], "the stock is empty: take the discard"
        return kinds["pass"][0] if "pass" in kinds else next(iter(kinds.values()))[0], \
            "nothing to draw"

    @staticmethod
    def _forms_spread(card: Card, hand: Sequence[Card]) -> bool:
        """Would ``card`` complete a book or a run with the hand (jokers count as anything)?"""
        if card.is_joker:
            return len(hand) >= 2
        jokers = sum(1 for c in hand if c.is_joker)
        same_rank = sum(1 for c in hand if c.rank == card.rank)
        if same_rank >= 2 or (same_rank >= 1 and jokers > 0):
            return True
        ranks = {int(c.rank) for c in hand if not c.is_joker and c.suit == card.suit}
        if 1 in ranks:
            ranks.add(14)
        r = int(card.rank)
        near = [(r - 2, r - 1), (r - 1, r + 1), (r + 1, r + 2)]
        if r == 1:
            near.append((12, 13))
        return any(a in ranks and b in ranks for a, b in near) or (
            jokers > 0 and any(r + d in ranks for d in (-2, -1, 1, 2)))

    @staticmethod
    def _hits_table(card: Card, view: View) -> bool:
        for _, meld in view.table:
            reps = meld.represents
            if card.is_joker:
                return True
            if meld.kind == "set":
                if len(reps) < 4 and reps[0].rank == card.rank:
                    return True
            elif reps[0].suit == card.suit:
                low, high = int(reps[0].rank), int(reps[-1].rank)
                if int(card.rank) in (low - 1, high + 1):
                    return True
        return False


def greedy_agent(game: Game, seat: int, seed: int) -> Agent:
    """Factory for the ``greedy`` agent."""
    return GreedyAgent(game, seat, seed)

