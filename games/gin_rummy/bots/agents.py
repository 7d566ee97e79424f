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
from cardkit_games.gin_rummy.rules import RULES, VALUE
from cardkit_games.gin_rummy.state import GinState

from cardkit.actions import Action
from cardkit.agents import Agent
from cardkit.cards import STANDARD_CARDS, Card, card_mask
from cardkit.game import Game
from cardkit.melds import deadwood_cards, deadwood_value, deadwood_without_each
from cardkit.state import State
from cardkit.views import View

__all__ = ["DiscardMemory", "GreedyAgent", "HistoryReader", "TurnTally", "discard_danger",
           "greedy_agent", "read_history"]


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


#: The moves that put a card on the pile (a knock or gin ends the hand with its discard).
_THROWS = frozenset({"discard", "knock", "gin"})


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
        for move in history[self.seen:]:
            seat, action = move.seat, move.action
            if action.kind in _THROWS:
                if action.cards:
                    card = action.cards[0]
                    pile.append(card)
                    if seat != me:
                        taken.discard(card)
                        self.turns += 1
                    else:
                        self.thrown.add(card)
            elif action.option in ("upcard", "discard") and action.kind in ("take", "draw") \
                    and pile:
                card = pile.pop()
                if seat != me:
                    taken.add(card)
        self.seen = len(history)
        return DiscardMemory(frozenset(taken), self.turns, frozenset(self.thrown))


class TurnTally:
    """What :class:`HistoryReader` reads from a view, read from a gin state's own history for
    :meth:`GreedyAgent.choose_in`: how often the others have discarded this hand and the cards
    the seat threw (a mask). Only the new entries are read at each call. The hand is known by
    the last entry read, held here: a state whose history does not hold that very entry at
    that place (another hand, or another world sampled from an earlier point) is read afresh.
    (The cards the others took and hold need no history: they are the cards seen taken,
    ``state.public``, that are not in the seat's own hand.)"""

    def __init__(self) -> None:
        self.seat = -1
        self.seen = 0
        self.last: tuple[int | None, Action] | None = None
        self.turns = 0
        self.thrown = 0

    def update(self, state: State, seat: int) -> tuple[int, int]:
        """``(the others' discards, the seat's thrown cards as a mask)`` in ``state``."""
        history = state.history
        seen = self.seen
        if seat != self.seat or len(history) < seen or (
                seen and history[seen - 1] is not self.last):
            self.seat = seat
            seen = self.turns = self.thrown = 0
        if seen < len(history):
            turns, thrown = self.turns, self.thrown
            for index in range(seen, len(history)):
                player, action = history[index]
                if action.cards and action.kind in _THROWS:
                    if player != seat:
                        turns += 1
                    else:
                        thrown |= action.cards[0].mask
            self.turns, self.thrown = turns, thrown
            self.seen = len(history)
            self.last = history[-1]
        return self.turns, self.thrown


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


def _card_masks() -> tuple[tuple[int, int, int, int], ...]:
    """For each card (by index): the cards of its rank (itself included), its neighbours in
    its suit, the cards two apart in its suit, and the other cards it could meld with (its
    rank, or its suit within two ranks: its connections): :func:`_near` and the connections as
    masks."""
    masks = []
    for card in STANDARD_CARDS:
        rank = same = near = gap = 0
        for other in STANDARD_CARDS:
            nearness = _near(card, other)
            if other.rank == card.rank:
                rank |= other.mask
            elif nearness == 2:
                near |= other.mask
            elif nearness == 1:
                gap |= other.mask
            if other is not card and (other.rank == card.rank or (
                    other.suit == card.suit and abs(other.index - card.index) <= 2)):
                same |= other.mask
        masks.append((rank, near, gap, same))
    return tuple(masks)


#: :func:`_card_masks`, by card index.
_MASKS = _card_masks()
#: The cards each card is near (by :func:`_near`; itself included), by card index.
_INFLUENCE = tuple(rank | near | gap for rank, near, gap, _ in _MASKS)


def _danger(index: int, taken: int) -> float:
    """:func:`discard_danger` of the card ``index`` against the taken cards' mask."""
    rank, near, gap, _ = _MASKS[index]
    return TAKEN_WEIGHT * (2 * (taken & rank).bit_count() + 2 * (taken & near).bit_count()
                           + (taken & gap).bit_count())


def _takes(hand: int, top: Card, now: int) -> bool:
    """Whether :meth:`GreedyAgent._draw` takes ``top`` into ``hand`` (a mask): when it completes
    a meld (the hand with it has less deadwood than now plus its value) or some discard then
    leaves less deadwood than now. Decided weighing few hands: a card of the grown hand's
    deadwood leaves exactly that deadwood less its value, any other at least as much
    (:func:`~cardkit.melds.deadwood_cards`), so only cards whose bound is below now are
    weighed. ``now`` is the hand's deadwood."""
    grown = hand | top.mask
    total, dead = deadwood_cards(grown, RULES)
    if total < now + VALUE[top.index]:
        return True
    rest = hand
    while rest:
        low = rest & -rest
        rest ^= low
        if total - VALUE[low.bit_length() - 1] < now and (
                low & dead or deadwood_value(grown ^ low, RULES) < now):
            return True
    return False


def _influence(taken: int) -> int:
    """The cards near any card of ``taken`` (a mask): the union of each one's
    :data:`_INFLUENCE`."""
    influence = 0
    while taken:
        low = taken & -taken
        taken ^= low
        influence |= _INFLUENCE[low.bit_length() - 1]
    return influence


def _first_of(ties: list[tuple[Action, float]], hand: int) -> tuple[Action, float]:
    """Among equal discards, the card with the fewest connections in ``hand``, the highest
    value, the lowest index."""
    return ties[0] if len(ties) == 1 else min(ties, key=lambda item: (
        (hand & _MASKS[item[0].cards[0].index][3]).bit_count(),
        -VALUE[item[0].cards[0].index], item[0].cards[0].index))


def _least_discard(legal: Sequence[Action], hand: int, taken: int
                   ) -> tuple[Action, int, float]:
    """The best discard of ``legal`` for :meth:`GreedyAgent._discard`, with the deadwood it
    leaves and its danger (:func:`discard_danger`; ``taken`` is the mask of the cards the
    opponent took from the pile and holds): the card leaving the least deadwood plus danger,
    then the least deadwood, then the fewest connections, the highest value and the lowest
    index. The deadwood left is exact for the cards of the hand's
    deadwood (:func:`~cardkit.melds.deadwood_cards`: the least less the card's value) and at
    least that bound for the others, which are weighed only when the bound could match the
    best so far."""
    least, dead = deadwood_cards(hand, RULES)
    influence = _influence(taken)
    best_total = 0.0
    best_dead = 0
    ties: list[tuple[Action, float]] = []
    melded: list[tuple[Action, int, float]] = []
    # the exact ones first (the deadwood cards): the best of them then bounds the others
    for action in legal:
        if action.kind != "discard":
            continue
        card = action.cards[0]
        mask = card.mask
        left = least - VALUE[card.index]
        danger = _danger(card.index, taken) if influence & mask else 0.0
        if not mask & dead:
            melded.append((action, left, danger))
            continue
        total = left + danger
        if not ties or total < best_total or (total == best_total and left < best_dead):
            best_total, best_dead = total, left
            ties = [(action, danger)]
        elif total == best_total and left == best_dead:
            ties.append((action, danger))
    for action, left, danger in melded:
        total = left + danger
        if ties and (total > best_total or (total == best_total and left > best_dead)):
            continue  # even its bound is worse than the best
        left = deadwood_value(hand ^ action.cards[0].mask, RULES)
        total = left + danger
        if not ties or total < best_total or (total == best_total and left < best_dead):
            best_total, best_dead = total, left
            ties = [(action, danger)]
        elif total == best_total and left == best_dead:
            ties.append((action, danger))
    best, danger = _first_of(ties, hand)
    return best, best_dead, danger


def _weighed_discard(legal: Sequence[Action], hand: int, taken: int
                     ) -> tuple[Action, int, float, dict[int, int]]:
    """:func:`_least_discard` from the deadwood every discard leaves
    (:func:`~cardkit.melds.deadwood_without_each`), which it returns too, by card index."""
    dead_of = deadwood_without_each(hand, RULES)
    influence = _influence(taken)
    best_total = 0.0
    best_dead = 0
    ties: list[tuple[Action, float]] = []
    dead_by_card: dict[int, int] = {}
    for action in legal:
        if action.kind != "discard":
            continue
        card = action.cards[0]
        index = card.index
        dead = dead_of[(hand & (card.mask - 1)).bit_count()]
        danger = _danger(index, taken) if influence & card.mask else 0.0
        total = dead + danger
        dead_by_card[index] = dead
        if not ties or total < best_total or (total == best_total and dead < best_dead):
            best_total, best_dead = total, dead
            ties = [(action, danger)]
        elif total == best_total and dead == best_dead:
            ties.append((action, danger))
    best, danger = _first_of(ties, hand)
    return best, best_dead, danger, dead_by_card


class GreedyAgent(Agent):
    """Lowers its deadwood greedily; knocks as soon as it can; goes gin when it can.

    It decides the same way from a view (:meth:`choose`) and, in a search's play-outs, from
    the sampled world (:meth:`choose_in`), reading there only the seat's hand, the top
    discard, the stock's size, the cards seen taken from the pile and the seat's share of the
    history."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.reader = HistoryReader()
        self.tally = TurnTally()
        # (hand, its deadwood) after the last discard chosen in a state: the next draw's
        # "deadwood now", when the hand is that one
        self._left = (-1, 0)

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """The greedy move."""
        return self.choose_with_reason(view, legal_actions)[0]

    def choose_with_reason(self, view: View, legal_actions: Sequence[Action]
                           ) -> tuple[Action, str]:
        """The greedy move and why."""
        hand = card_mask(view.hand)
        if view.phase in ("upcard", "draw"):
            top = view.discard_top
            thrown = 0
            if top is not None:
                thrown = card_mask(self.reader.update(view).thrown)
            return self._draw(legal_actions, hand, top, thrown, True)
        memory = self.reader.update(view)
        return self._discard(legal_actions, hand, view.stock_size, card_mask(memory.taken),
                             memory.opponent_turns, True)

    def choose_in(self, state: State, seat: int, legal_actions: Sequence[Action]) -> Action:
        """The greedy move in a gin hand, read from the state: :meth:`choose` of the seat's
        view, without building it."""
        assert isinstance(state, GinState)
        hand = state.hands[seat].mask
        if state.phase != "discard":
            discards = state.discards
            top = discards[-1] if discards else None
            thrown = self.tally.update(state, seat)[1] if top is not None else 0
            return self._draw(legal_actions, hand, top, thrown, False)[0]
        # the cards seen taken from the pile that are not in this hand: the opponent's
        taken = state.public & ~hand
        if legal_actions[-1].kind == "discard":  # no knock, gin or big gin to weigh
            best, left, _ = _least_discard(legal_actions, hand, taken)
            self._left = (hand ^ best.cards[0].mask, left)
            return best
        return self._discard(legal_actions, hand, len(state.stock), taken,
                             self.tally.update(state, seat)[0], False)[0]

    def _draw(self, legal: Sequence[Action], hand: int, top: Card | None, thrown: int,
              explain: bool) -> tuple[Action, str]:
        take = next((a for a in legal if a.kind == "take" or a.option == "discard"), None)
        other = next(a for a in legal if a is not take)
        # never take back a card this seat threw: greedy players could otherwise pass the
        # same few cards round through the pile for ever (the stock never shrinks)
        if take is not None and top is not None and not top.mask & thrown:
            if not explain:
                # the hand's deadwood: what the last discard left, when this is that hand
                left_hand, left = self._left
                now = left if left_hand == hand else deadwood_value(hand, RULES)
                return (take if _takes(hand, top, now) else other), ""
            grown = hand | top.mask
            # the deadwood of the hand with the up-card, less each card: less the up-card, it
            # is the hand's deadwood now; less another, what taking it and throwing that leaves
            position = (grown & (top.mask - 1)).bit_count()
            dead = deadwood_without_each(grown, RULES)
            now = dead[position]
            after = min(dead[:position] + dead[position + 1:])
            if after < now:
                return take, (f"taking {top} lowers my deadwood from {now} to {after}"
                              if explain else "")
            if deadwood_value(grown, RULES) < now + VALUE[top.index]:
                return take, f"{top} completes a meld" if explain else ""
        if not explain:
            return other, ""
        why = "the up-card does not help me" if other.kind == "decline" else \
            "the discard does not help me: drawing from the stock"
        return other, why

    def _discard(self, legal: Sequence[Action], hand: int, stock_size: int, taken: int,
                 turns: int, explain: bool) -> tuple[Action, str]:
        """The discard (or knock, gin, big gin), given the cards the opponent took from the
        pile and holds (``taken``, a mask) and how often it has discarded (``turns``)."""
        gins = []
        knocks = []
        for action in legal:
            kind = action.kind
            if kind == "big":
                return action, "all eleven cards are melded: big gin" if explain else ""
            if kind == "gin":
                gins.append(action)
            elif kind == "knock":
                knocks.append(action)
        if gins:
            best_gin = gins[0]
            for action in gins[1:]:  # the highest card, the first of equals
                if VALUE[action.cards[0].index] > VALUE[best_gin.cards[0].index]:
                    best_gin = action
            card = best_gin.cards[0]
            return best_gin, f"discarding {card} leaves gin" if explain else ""
        if not knocks:
            best, dead, danger = _least_discard(legal, hand, taken)
        else:  # the knock check weighed this hand: every discard's deadwood is at hand
            best, dead, danger, dead_by_card = _weighed_discard(legal, hand, taken)
        if knocks:
            # what each knock leaves (99 for a card no discard names: never, in a real hand)
            def left_by(action: Action) -> int:
                return dead_by_card.get(action.cards[0].index, 99)

            knock = knocks[0]
            knock_dead = left_by(knock)
            for action in knocks[1:]:  # the least deadwood, then the highest card
                left = left_by(action)
                if left < knock_dead or (left == knock_dead and VALUE[action.cards[0].index]
                                         > VALUE[knock.cards[0].index]):
                    knock, knock_dead = action, left
            if knock_dead <= GIN_CHASE_DEADWOOD and stock_size >= GIN_CHASE_STOCK:
                return best, (f"{knock_dead} deadwood: holding on for gin while the stock is "
                              f"large" if explain else "")
            if (knock_dead > LATE_KNOCK_DEADWOOD and turns >= LATE_TURNS
                    and stock_size >= LATE_KNOCK_STOCK):
                return best, (f"{knock_dead} deadwood is too much to knock this late: the "
                              f"opponent is likely low (undercut risk)" if explain else "")
            return knock, f"knocking with {knock_dead} deadwood" if explain else ""
        if not explain:
            return best, ""
        card = best.cards[0]
        why = "keeping cards near melds"
        if danger > 0:
            why = "though the opponent may want it, the others cost more"
        return best, f"discarding {card} leaves {dead} deadwood: {why}"


def greedy_agent(game: Game, seat: int, seed: int) -> GreedyAgent:
    """The ``greedy`` agent factory."""
    return GreedyAgent(seed)
