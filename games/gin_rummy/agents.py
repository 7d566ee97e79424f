"""Gin rummy's heuristic agent.

``greedy`` (sees only its view):

- up-card / draw: takes the discard when it lowers its deadwood (after its best discard) or
  completes a meld, unless it threw that card itself this hand; otherwise declines the up-card
  / draws from the stock;
- discard: the card leaving the least deadwood, weighed against the danger of feeding the
  opponent (:class:`DiscardMemory`): a card that matches (same rank, or same suit within two
  ranks) a card the opponent was seen taking from the discard pile counts as extra deadwood.
  Among equals it keeps cards close to melds and throws the highest value;
- knock: goes gin whenever it can (or big gin), and knocks as soon as it can, except that with
  1–2 deadwood early in the hand (stock of 20 or more) it holds on for gin, and that late in
  the hand, when the opponent has had time to get low, it does not knock with high deadwood
  (the undercut risk) while the stock still leaves time to improve.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
from cardkit_games.gin_rummy.meld_rules import RULES, VALUE

from cardkit.engine.agents import Agent
from cardkit.engine.game import Game
from cardkit.libraries.melds import deadwood_value
from cardkit.values.actions import Action
from cardkit.values.cards import Card, CardSet
from cardkit.values.views import View

__all__ = ["DiscardMemory", "GreedyAgent", "HistoryReader", "discard_danger", "greedy_agent",
           "read_history"]


#: Hold a knock of at most this much deadwood for gin while the stock is this big or bigger.
GIN_CHASE_DEADWOOD = 2
GIN_CHASE_STOCK = 20
#: Danger (in deadwood points, see :func:`discard_danger`) per degree of nearness to a card the
#: opponent took from the pile. (Matching what it discarded or let pass, and "dead" cards, were
#: measured as signs of safety too and did not help: bench/heuristics.py.)
TAKEN_WEIGHT = 1.5
#: Late in the hand (the opponent has discarded this often) do not knock with more deadwood
#: than this while the stock holds at least ``LATE_KNOCK_STOCK`` cards: the opponent has had
#: time to get low, and an undercut costs its bonus.
LATE_TURNS = 6
LATE_KNOCK_DEADWOOD = 2
LATE_KNOCK_STOCK = 8


@attrs.frozen
class DiscardMemory:
    """What one seat has seen of the others' use of the discard pile this hand: the cards they
    took from it and still hold (``taken``: a card taken and discarded again is dropped) and
    how many discards they have made (``opponent_turns``); and the cards the seat itself threw
    (``thrown``)."""

    taken: frozenset[Card]
    opponent_turns: int
    thrown: frozenset[Card] = frozenset()


@attrs.define
class HistoryReader:
    """Reads a hand's public history into a :class:`DiscardMemory`, remembering where it got
    to, so each decision reads only the new entries. A view of another hand (a different
    dealer, scores, first up-card or start of history) starts it afresh."""

    seat: int = -1
    key: tuple[object, ...] = ()
    seen: int = 0
    pile: list[Card] = attrs.field(factory=list)
    taken: set[Card] = attrs.field(factory=set)
    thrown: set[Card] = attrs.field(factory=set)
    turns: int = 0

    def update(self, view: View) -> DiscardMemory:
        """The memory of ``view``'s seat after everything in ``view.history``."""
        history = view.history
        upcard = view.info.get("first_upcard")
        key = (view.seat, view.dealer, view.scores, upcard, history[:1])
        if key != self.key or len(history) < self.seen:
            self.seat, self.key, self.seen, self.turns = view.seat, key, 0, 0
            self.pile = [upcard] if upcard is not None else []
            self.taken = set()
            self.thrown = set()
        me, pile, taken = self.seat, self.pile, self.taken
        for seat, text in history[self.seen:]:
            verb, _, rest = text.partition(" ")
            if verb in ("discard", "knock", "gin", "big"):
                if rest:
                    card = Card.parse(rest.split()[0])
                    pile.append(card)
                    if seat != me:
                        taken.discard(card)
                        self.turns += 1
                    else:
                        self.thrown.add(card)
            elif rest in ("upcard", "discard") and verb in ("take", "draw") and pile:
                card = pile.pop()
                if seat != me:
                    taken.add(card)
        self.seen = len(history)
        return DiscardMemory(frozenset(taken), self.turns, frozenset(self.thrown))


def read_history(view: View) -> DiscardMemory:
    """The seat's :class:`DiscardMemory`, read from the view's public history (the pile is
    rebuilt from the first up-card and every discard, so a take names its card)."""
    return HistoryReader().update(view)


def _near(a: Card, b: Card) -> int:
    """2 when ``a`` and ``b`` share a rank or are neighbours in a suit, 1 when two apart in a
    suit, else 0: how directly they could meld together."""
    if a.rank == b.rank:
        return 2
    if a.suit == b.suit:
        gap = abs(a.index - b.index)  # one suit's cards are consecutive indices, by rank
        return 2 if gap == 1 else 1 if gap == 2 else 0
    return 0


def discard_danger(card: Card, memory: DiscardMemory) -> float:
    """How likely ``card`` is to help the opponent, in deadwood points: ``TAKEN_WEIGHT`` per
    degree of nearness (:func:`_near`) to each card it took from the pile and still holds."""
    return TAKEN_WEIGHT * sum(_near(card, taken) for taken in memory.taken)


def _connections(card: Card, hand: CardSet) -> int:
    """How many other cards of ``hand`` could meld with ``card`` (same rank, or same suit within
    two ranks): a card with connections is close to a meld."""
    count = 0
    for other in hand:
        if other is card:
            continue
        if other.rank == card.rank or (other.suit == card.suit  # gin has no jokers: ranks are set
                                       and other.rank is not None and card.rank is not None
                                       and abs(other.rank - card.rank) <= 2):
            count += 1
    return count


class GreedyAgent(Agent):
    """Lowers its deadwood greedily; knocks as soon as it can; goes gin when it can."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.reader = HistoryReader()

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
        # never take back a card this seat threw: greedy players could otherwise pass the
        # same few cards round through the pile for ever (the stock never shrinks)
        if take is not None and top is not None and top not in self.reader.update(view).thrown:
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
        memory = self.reader.update(view)
        scored = []
        for action in legal:
            if action.kind != "discard":
                continue
            card = action.cards[0]
            left = hand.remove(card)
            dead = deadwood_value(left, RULES)
            danger = discard_danger(card, memory)
            scored.append((dead + danger, dead, danger, action))
        # ties on (deadwood + danger, deadwood) fall to the cheaper-to-compute keys only now
        first = min(item[:2] for item in scored)
        _, best_dead, danger, best = min(
            (item for item in scored if item[:2] == first),
            key=lambda item: (_connections(item[3].cards[0], hand),
                              -VALUE[item[3].cards[0].index], item[3].cards[0].index))
        knocks = [a for a in legal if a.kind == "knock"]
        if knocks:
            knock_dead = {item[3].cards[0]: item[1] for item in scored}
            knock = min(knocks, key=lambda a: (knock_dead.get(a.cards[0], 99),
                                               -VALUE[a.cards[0].index]))
            dead = knock_dead.get(knock.cards[0], 99)
            if dead <= GIN_CHASE_DEADWOOD and view.stock_size >= GIN_CHASE_STOCK:
                return best, f"{dead} deadwood: holding on for gin while the stock is large"
            if (dead > LATE_KNOCK_DEADWOOD and memory.opponent_turns >= LATE_TURNS
                    and view.stock_size >= LATE_KNOCK_STOCK):
                return best, (f"{dead} deadwood is too much to knock this late: the opponent "
                              f"is likely low (undercut risk)")
            return knock, f"knocking with {dead} deadwood"
        card = best.cards[0]
        why = "keeping cards near melds"
        if danger > 0:
            why = "though the opponent may want it, the others cost more"
        return best, f"discarding {card} leaves {best_dead} deadwood: {why}"


def greedy_agent(game: Game, seat: int, seed: int) -> GreedyAgent:
    """The ``greedy`` agent factory."""
    return GreedyAgent(seed)
