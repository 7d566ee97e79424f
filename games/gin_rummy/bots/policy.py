"""Gin rummy's fast strong player, ``hard``: a value of the hand learned from self-play, one
step of look-ahead over the unseen cards, and a knock decision in expected points.

Every decision is taken in points, the currency gin is played for, by comparing what each
legal move leads to:

- **The value of a hand** (:func:`value_features`, weights ``WEIGHTS["value"]``): after the
  seat's discard, the expected points of the hand to come (the seat's score minus the
  opponent's, when played on by this policy), as a linear function of features of the ten
  cards kept and of the card thrown. The features are the deadwood, and a **look-ahead over
  every card the seat has not seen** (:func:`lookahead`): the mean deadwood saved by drawing
  it (with the best discard after it), and the shares of those cards that would allow a knock
  or gin next turn; their products with how far the hand has gone (``late``: the share of the
  stock drawn); and the **danger of the card thrown**: how near it is to the cards the opponent
  took from the pile and still holds, whether it completes a meld with two of them, how many of
  its meld partners are still unseen, and how near it is to cards the opponent let pass or
  threw (signs it does not collect them); and **how near the opponent's knock is**
  (:func:`rival_last`: the value of its latest discard, alone and times the deadwood: a
  player who sheds its costliest unmatched card first holds none worth more).
- **Discard**: the legal discard of best value.
- **Draw**: the up-card is taken when the best value after taking it beats the *expected*
  best value of a stock draw by more than ``WEIGHTS["take_margin"]``. That expectation, the
  mean over every unseen card of the best value after drawing it
  (:meth:`HardAgent.exact_stock_value`), costs thirty look-aheads; the agent uses a linear
  *stock model* of the hand's own look-ahead (``WEIGHTS["stock"]``, :func:`stock_features`)
  fitted to it.
- **Knock**: gin always; a knock when its expected score beats the value of playing on: the
  best plain discard's value, corrected by the *continue model* (``WEIGHTS["continue"]``,
  :func:`continue_features`), fitted to what playing on was worth where a knock was
  possible. The expected score of a knock with deadwood K is
  ``E[D] - K - undercut_bonus * P(D <= K)`` (the score of §6.1 for either side, as the
  knocker's gain), where the defender's deadwood after lay-offs D is predicted from the view:
  ``E[D]`` by a linear model and ``P(D <= K)`` by a logistic one (``WEIGHTS["knock_mean"]``,
  ``WEIGHTS["knock_risk"]``, :func:`knock_features`: how far the hand has gone, the
  opponent's turns and the cards it took, and how many unseen cards, or cards the opponent is
  known to hold, could be laid off on the knocker's melds, and the value of the opponent's
  latest discard).

All weights were fitted by :mod:`.training` (self-play from a seed, a few minutes on
one core): the value by least squares on the points each post-discard position went on to
score, the knock models on the showdown each knockable position would have had, the true
defender's hand being known to the training run but never to the agent. The agent reads only
its view: its hand, the public history (which rebuilds the discard pile, the cards the
opponent took, let pass and threw) and the stock size.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from cardkit_games.gin_rummy.bots.weights import WEIGHTS
from cardkit_games.gin_rummy.rules import RULES, VALUE

from cardkit.actions import Action
from cardkit.agents import Agent
from cardkit.cards import ALL_CARDS, Card, card_mask
from cardkit.game import Game
from cardkit.melds import NEAR_MASKS, best_arrangement, deadwood_value
from cardkit.views import Move, View

__all__ = [
    "CONTINUE_FEATURES",
    "KNOCK_FEATURES",
    "STOCK_FEATURES",
    "VALUE_FEATURES",
    "Context",
    "HardAgent",
    "Memory",
    "check_knock_bias",
    "continue_features",
    "hard_agent",
    "knock_features",
    "lookahead",
    "meldable_mask",
    "rival_last",
    "stock_features",
    "value_features",
]

#: The value model's features, in the order of ``WEIGHTS["value"]``.
VALUE_FEATURES = (
    "bias", "deadwood", "gain", "p_knock", "p_gin", "late", "deadwood_late", "gain_late",
    "p_knock_late", "p_gin_late", "danger_taken", "danger_meld", "live", "near_passed",
    "near_thrown", "opp_known", "opp_turns", "knockable", "rival_last", "rival_last_deadwood",
)
#: The stock model's features, in the order of ``WEIGHTS["stock"]``: the value features of
#: the hand itself, without those of a card thrown.
STOCK_FEATURES = (
    "bias", "deadwood", "gain", "p_knock", "p_gin", "late", "deadwood_late", "gain_late",
    "p_knock_late", "p_gin_late", "opp_known", "opp_turns", "knockable", "rival_last",
    "rival_last_deadwood",
)
#: The continue model's features, in the order of ``WEIGHTS["continue"]``: the correction
#: of the value of playing on where a knock was possible (such hands are few among those the
#: value was fitted on).
CONTINUE_FEATURES = ("bias", "knock_deadwood", "deadwood", "p_knock", "p_gin", "late",
                     "opp_turns", "opp_known", "rival_last")
#: The knock models' features, in the order of ``WEIGHTS["knock_mean"]`` (the risk model
#: adds the knocker's deadwood K last).
KNOCK_FEATURES = ("bias", "late", "opp_turns", "opp_known", "exposure", "exposure_known",
                  "exposure_late", "rival_last")
#: Cards in a stock at the first draw (52 - 2 x 10 - the up-card): ``late`` counts from it.
FULL_STOCK = 31

#: For each card: the other three cards of its rank.
RANK_MATES = tuple(sum(1 << (s * 13 + i % 13) for s in range(4)) & ~(1 << i) for i in range(52))


def _run_pairs(index: int) -> tuple[int, ...]:
    """The pairs of same-suit cards that make a three-card run with card ``index``."""
    suit, rank = divmod(index, 13)
    pairs = []
    for low in (rank - 2, rank - 1, rank):
        if low >= 0 and low + 2 < 13:
            mask = sum(1 << (suit * 13 + r) for r in range(low, low + 3)) & ~(1 << index)
            pairs.append(mask)
    return tuple(pairs)


#: For each card: the pairs of cards that make a three-card run with it.
RUN_PAIRS = tuple(_run_pairs(i) for i in range(52))
#: How directly two cards could meld (2: same rank or suit neighbours, 1: two apart in a
#: suit), by card index pair, for the danger features.
def _nearness(i: int, j: int) -> int:
    same_suit = i // 13 == j // 13
    if i != j and (i % 13 == j % 13 or (same_suit and abs(i - j) == 1)):
        return 2
    return 1 if same_suit and abs(i - j) == 2 else 0


NEARNESS = tuple(tuple(_nearness(i, j) for j in range(52)) for i in range(52))


def _bits(mask: int) -> list[int]:
    """The single-bit masks of ``mask``."""
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low)
        mask ^= low
    return bits


def _indices(mask: int) -> list[int]:
    return [bit.bit_length() - 1 for bit in _bits(mask)]


def melds_with(index: int, hand: int) -> bool:
    """True when card ``index`` makes a meld with two or more cards of ``hand``."""
    if (hand & RANK_MATES[index]).bit_count() >= 2:
        return True
    return any(hand & pair == pair for pair in RUN_PAIRS[index])


def meldable_mask(hand: int) -> int:
    """The cards not in ``hand`` that make a meld with two or more of its cards: the third of
    a rank held twice, and the cards that close a three-card run with two held ones."""
    a = hand & 0x1FFF
    b = hand >> 13 & 0x1FFF
    c = hand >> 26 & 0x1FFF
    d = hand >> 39 & 0x1FFF
    pairs = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    mask = pairs | pairs << 13 | pairs << 26 | pairs << 39
    for shift, suit in ((0, a), (13, b), (26, c), (39, d)):
        if suit:
            runs = (suit << 1 & suit << 2) | (suit << 1 & suit >> 1) | (suit >> 1 & suit >> 2)
            mask |= (runs & 0x1FFF) << shift
    return mask & ~hand


def lookahead(hand: int, unseen: Sequence[int], limit: int) -> tuple[int, float, float, float]:
    """``(deadwood, mean gain, share knockable, share gin)`` of a ten-card ``hand`` (a mask)
    over the ``unseen`` card indices: for each, the deadwood after drawing it and throwing the
    best card, how much that saves, and whether it is within ``limit`` or zero.

    A drawn card that melds with no two cards of the hand stays deadwood, so the best the hand
    can then do is throw it back or swap it for the costliest card it can lose: that needs only
    the best nine-card deadwood, computed once. Only the cards that meld are tried against every
    discard, so a look-ahead costs about a hundred deadwood counts rather than three hundred."""
    held = _bits(hand)
    least = deadwood_value(hand, RULES)
    if not unseen:
        return least, 0.0, float(least <= limit), float(least == 0)
    nine = min(deadwood_value(hand ^ bit, RULES) for bit in held)
    meldable = meldable_mask(hand)
    gain = knock = gin = 0
    for index in unseen:
        if meldable >> index & 1:
            eleven = hand | 1 << index
            after = least
            for bit in held:
                value = deadwood_value(eleven ^ bit, RULES)
                if value < after:
                    after = value
        else:
            after = nine + VALUE[index]
            if after > least:
                after = least
        gain += least - after
        if after <= limit:
            knock += 1
            if after == 0:
                gin += 1
    count = len(unseen)
    return least, gain / count, knock / count, gin / count


class Memory:
    """What the seat has seen of this hand, read from the view's public history (each
    decision reads only the new entries; a view of another hand starts it afresh): the
    discard pile, the cards the opponent took from it and still holds, the cards it let pass
    and threw, and how many turns it has had."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] = ()
        self.seen = 0
        self.pile: list[Card] = []
        self.out = 0              # mask of cards in the discard pile
        self.opp_known = 0        # cards the opponent took from the pile and still holds
        self.passed: list[int] = []
        self.thrown: list[int] = []
        self.mine: set[Card] = set()  # cards this seat threw
        self.opp_turns = 0
        self.history: tuple[Move, ...] = ()

    def update(self, view: View) -> Memory:
        """Read ``view``'s history up to its end."""
        history = view.history
        upcard = view.info.get("first_upcard")
        key = (view.seat, view.dealer, view.scores, upcard, history[:1])
        # a search asks from many sampled worlds whose histories part after the root: read
        # on only from a history that extends the one read so far
        if key != self.key or history[:self.seen] != self.history[:self.seen]:
            self.__init__()  # type: ignore[misc]
            self.key = key
            if upcard is not None:
                self.pile = [upcard]
                self.out = upcard.mask
        me = view.seat
        for move in history[self.seen:]:
            seat, action = move.seat, move.action
            kind, option = action.kind, action.option
            if kind == "discard" or kind == "knock" or kind == "gin":
                if action.cards:
                    card = action.cards[0]
                    self.pile.append(card)
                    self.out |= card.mask
                    if seat == me:
                        self.mine.add(card)
                    else:
                        self.opp_known &= ~card.mask
                        self.thrown.append(card.index)
                        self.opp_turns += 1
            elif option in ("upcard", "discard") and kind in ("take", "draw"):
                if self.pile:
                    card = self.pile.pop()
                    self.out &= ~card.mask
                    if seat != me:
                        self.opp_known |= card.mask
            elif seat != me and self.pile and (kind == "decline" or option == "stock"):
                self.passed.append(self.pile[-1].index)
        self.seen = len(history)
        self.history = history
        return self


def rival_last(memory: Memory) -> float:
    """The value of the opponent's latest discard, in tens (1 before its first): a player who
    sheds its costliest unmatched card first, as most do, holds unmatched cards worth no more
    than that, so a low discard says its knock is near."""
    return VALUE[memory.thrown[-1]] / 10.0 if memory.thrown else 1.0


class Context:
    """One decision's shared data: the cards the seat has not seen (where a draw can come
    from), the opponent's evidence, the knock limit and the stock."""

    __slots__ = ("known", "limit", "memory", "stock", "unseen", "unseen_mask")

    def __init__(self, view: View, memory: Memory) -> None:
        hand = card_mask(view.hand)
        seen = hand | memory.out | memory.opp_known
        self.unseen_mask = ((1 << 52) - 1) & ~seen
        self.unseen = _indices(self.unseen_mask)
        self.known = _indices(memory.opp_known)
        self.memory = memory
        self.limit = int(view.info.get("knock_limit", 10))
        self.stock = view.stock_size


def _late(stock: int) -> float:
    return min(max(1.0 - stock / FULL_STOCK, 0.0), 1.0)


def value_features(hand: int, thrown: int, context: Context, stock: int) -> list[float]:
    """The value model's features (:data:`VALUE_FEATURES`) of keeping ``hand`` (ten cards, a
    mask) after throwing card ``thrown`` (an index), with ``stock`` cards left."""
    least, gain, knock, gin = lookahead(hand, context.unseen, context.limit)
    late = _late(stock)
    near = NEARNESS[thrown]
    memory = context.memory
    taken = sum(near[i] for i in context.known)
    known = memory.opp_known
    meld = 1.0 if known and melds_with(thrown, known) else 0.0
    live = (NEAR_MASKS[thrown] & context.unseen_mask).bit_count() / 6.0
    passed = sum(near[i] for i in memory.passed)
    threw = sum(near[i] for i in memory.thrown)
    dead = least / 10.0
    rival = rival_last(memory)
    return [1.0, dead, gain, knock, gin, late, dead * late, gain * late, knock * late,
            gin * late, taken, meld, live, passed, threw, len(context.known),
            memory.opp_turns / 10.0, 1.0 if least <= context.limit else 0.0, rival,
            rival * dead]


def stock_features(hand: int, context: Context) -> list[float]:
    """The stock model's features (:data:`STOCK_FEATURES`) of a ten-card ``hand`` about to
    draw from the stock (so one card fewer in the stock)."""
    least, gain, knock, gin = lookahead(hand, context.unseen, context.limit)
    late = _late(context.stock - 1)
    dead = least / 10.0
    rival = rival_last(context.memory)
    return [1.0, dead, gain, knock, gin, late, dead * late, gain * late, knock * late,
            gin * late, len(context.known), context.memory.opp_turns / 10.0,
            1.0 if least <= context.limit else 0.0, rival, rival * dead]


def continue_features(value: Sequence[float], knocker: int) -> list[float]:
    """The continue model's features (:data:`CONTINUE_FEATURES`): where the seat could knock
    with deadwood ``knocker`` but plays on, from the value features of the hand it keeps."""
    return [1.0, knocker / 10.0, value[1], value[3], value[4], value[5], value[16],
            value[15], value[18]]


def _layoff_mask(melds: Sequence[Any]) -> int:
    """The cards that could be laid off directly on ``melds``: a set's fourth card, the card
    below and above a run."""
    mask = 0
    for meld in melds:
        cards = meld.cards
        first = cards[0].index
        if meld.kind == "run":
            low = min(card.index for card in cards)
            high = max(card.index for card in cards)
            if low % 13:
                mask |= 1 << (low - 1)
            if high % 13 != 12:
                mask |= 1 << (high + 1)
        elif len(cards) == 3:
            mask |= RANK_MATES[first] & ~sum(card.mask for card in cards)
    return mask


def knock_features(hand: int, context: Context, stock: int) -> tuple[list[float], int]:
    """The knock models' features (:data:`KNOCK_FEATURES`) of knocking with ``hand`` (ten
    cards), and its deadwood K."""
    arrangement = best_arrangement(hand, RULES)
    layoffs = _layoff_mask(arrangement.melds)
    late = _late(stock)
    exposure = (layoffs & context.unseen_mask).bit_count()
    exposure_known = (layoffs & context.memory.opp_known).bit_count()
    return ([1.0, late, context.memory.opp_turns / 10.0, len(context.known), exposure,
             exposure_known, exposure * late, rival_last(context.memory)],
            arrangement.deadwood_value)


def _dot(weights: Sequence[float], features: Sequence[float]) -> float:
    return sum(w * f for w, f in zip(weights, features, strict=True))


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


#: A record of one decision for training: (kind, features, extra).
Trace = Callable[[str, Sequence[float], Any], None]


class HardAgent(Agent):
    """Gin rummy's ``hard`` agent (see the module docstring).

    ``weights`` replaces the shipped ones (training); ``explore`` is the share of discards
    played at random among the three best, and of knocks declined (training only; 0 in
    play); ``trace``, when set, is
    called with every decision's chosen features (training data; ``trace_stock`` adds the
    view at each draw, where the stock model's target is computed); ``exact_draw``
    values a stock draw exactly instead of by the stock model (thirty times slower)."""

    name = "hard"

    def __init__(self, game: Game, seed: int = 0, weights: dict[str, Any] | None = None,
                 explore: float = 0.0, trace: Trace | None = None,
                 trace_stock: bool = False, exact_draw: bool = False,
                 knock_bias: float = 0.0) -> None:
        check_knock_bias(knock_bias)
        self.knock_bias = float(knock_bias)
        self.weights: dict[str, Any] = weights or WEIGHTS
        self.value_weights = tuple(self.weights["value"])
        self.knock_mean = tuple(self.weights["knock_mean"])
        self.knock_risk = tuple(self.weights["knock_risk"])
        self.stock_weights = tuple(self.weights["stock"])
        self.continue_weights = tuple(self.weights["continue"])
        self.take_margin = float(self.weights["take_margin"])
        self.undercut = int(game.options["undercut_bonus"])
        self.barred_rule = not game.options["discard_taken_card_same_turn"]
        self.rng = random.Random(seed)
        self.explore = explore
        self.trace = trace
        self.trace_stock = trace_stock
        self.exact_draw = exact_draw
        self.memory = Memory()

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """The move of best expected points."""
        return self.choose_with_reason(view, legal_actions)[0]

    def choose_with_reason(self, view: View, legal_actions: Sequence[Action]
                           ) -> tuple[Action, str]:
        """The move of best expected points, and why."""
        if len(legal_actions) == 1:
            return legal_actions[0], "the only legal move"
        memory = self.memory.update(view)
        context = Context(view, memory)
        if view.phase in ("upcard", "draw"):
            return self._draw(view, legal_actions, context)
        return self._discard(view, legal_actions, context)

    # ----- values --------------------------------------------------------------------------

    def value(self, hand: int, thrown: int, context: Context, stock: int) -> float:
        """Expected points of keeping ``hand`` after throwing ``thrown``."""
        return _dot(self.value_weights, value_features(hand, thrown, context, stock))

    def best_discard(self, hand: int, barred: int, context: Context, stock: int
                     ) -> tuple[float, int]:
        """``(value, card index)`` of the best card to throw from eleven cards ``hand``,
        not ``barred`` (a mask: the card taken this turn)."""
        best = (-math.inf, -1)
        for bit in _bits(hand & ~barred):
            index = bit.bit_length() - 1
            score = self.value(hand ^ bit, index, context, stock)
            if score > best[0]:
                best = (score, index)
        return best

    def stock_value(self, hand: int, context: Context) -> float:
        """The expected best value after a stock draw, by the stock model: a linear function
        of the hand's own look-ahead (:func:`stock_features`) fitted to
        :meth:`exact_stock_value` (one look-ahead instead of thirty)."""
        if self.exact_draw:
            return self.exact_stock_value(hand, context)
        return _dot(self.stock_weights, stock_features(hand, context))

    def stock_sample(self, view: View) -> tuple[list[float], float]:
        """The stock model's features and its target (the exact expected value of a stock
        draw under this agent's value weights) at a draw decision's view (training)."""
        context = Context(view, Memory().update(view))
        hand = card_mask(view.hand)
        return stock_features(hand, context), self.exact_stock_value(hand, context)

    def exact_stock_value(self, hand: int, context: Context) -> float:
        """The expected best value after a stock draw: the mean over every unseen card of the
        best value after drawing it. A card that melds with no two of the hand is kept only
        as a swap for the costliest card that can go (or thrown back); the rest are tried
        against their three best discards by deadwood."""
        stock = context.stock - 1
        unseen = context.unseen
        if not unseen:
            return -math.inf
        arrangement = best_arrangement(hand, RULES)
        deadwood = sorted((card.index for card in arrangement.deadwood),
                          key=lambda i: -VALUE[i])
        costliest = deadwood[0] if deadwood else -1
        keep_cache: dict[int, float] = {}
        total = 0.0
        for index in unseen:
            bit = 1 << index
            if melds_with(index, hand):
                eleven = hand | bit
                options = sorted(_bits(eleven), key=lambda b: deadwood_value(eleven ^ b, RULES))
                best = max(self.value(eleven ^ b, b.bit_length() - 1, context, stock)
                           for b in options[:3])
            else:
                # throw it back: the same ten cards (the card thrown changes only the danger)
                best = self.value(hand, index, context, stock)
                if costliest >= 0 and VALUE[costliest] - VALUE[index] >= 3:
                    swapped = keep_cache.get(index)
                    if swapped is None:
                        swapped = self.value(hand ^ (1 << costliest) | bit, costliest, context,
                                             stock)
                        keep_cache[index] = swapped
                    best = max(best, swapped)
            total += best
        return total / len(unseen)

    def knock_value(self, hand: int, context: Context) -> tuple[float, int]:
        """Expected points of knocking with ten cards ``hand`` now, and its deadwood K."""
        features, knocker = knock_features(hand, context, context.stock)
        mean = _dot(self.knock_mean, features)
        risk = _sigmoid(_dot(self.knock_risk, [*features, float(knocker)]))
        return mean - knocker - self.undercut * risk, knocker

    def evaluate(self, view: View) -> float | None:
        """The expected points of the hand to come for the view's seat, right after its
        discard (ten cards held, another seat to move, the card thrown on the pile): the value
        of the hand kept. None anywhere else (the ``expert`` search then plays on)."""
        if (view.current_player == view.seat or view.phase not in ("draw", "upcard")
                or len(view.hand) != 10 or view.discard_top is None or view.result is not None):
            return None
        memory = self.memory.update(view)
        context = Context(view, memory)
        hand = card_mask(view.hand)
        return self.value(hand, view.discard_top.index, context, view.stock_size)

    def rank(self, view: View, legal_actions: Sequence[Action]) -> list[tuple[Action, float]]:
        """Every legal move with what this agent expects it to be worth, in points, best
        first (for a search that spends its time only where the best moves are close). The
        order is the agent's own: its move comes first. A draw's moves are the up-card
        (the best value after taking it) and the stock (the stock value plus the take
        margin); a discard's are each card's value, corrected as when playing on where a
        knock is possible, and each knock's expected score. Gin, big gin and a single legal
        move are certain: that move alone, worth 0."""
        action, _ = self.choose_with_reason(view, legal_actions)
        if len(legal_actions) == 1 or action.kind in ("gin", "big"):
            return [(action, 0.0)]
        context = Context(view, self.memory.update(view))
        hand = card_mask(view.hand)
        scored: list[tuple[Action, float]] = []
        if view.phase in ("upcard", "draw"):
            top = view.discard_top
            assert top is not None
            barred = top.mask if self.barred_rule else 0
            taken = self.best_discard(hand | top.mask, barred, context, context.stock)[0]
            rest = self.stock_value(hand, context) + self.take_margin
            for move in legal_actions:
                is_take = move.kind == "take" or move.option == "discard"
                scored.append((move, taken if is_take else rest))
        else:
            knocks = [(self.knock_value(hand ^ a.cards[0].mask, context), a)
                      for a in legal_actions if a.kind == "knock"]
            # playing on where a knock is possible: the value corrected as in the decision,
            # with the deadwood of the best knock
            knocker = max(knocks, key=lambda item: item[0][0])[0][1] if knocks else None
            for move in legal_actions:
                if move.kind == "discard":
                    card = move.cards[0]
                    features = value_features(hand ^ card.mask, card.index, context,
                                              context.stock)
                    value = _dot(self.value_weights, features)
                    if knocker is not None:
                        value += _dot(self.continue_weights,
                                      continue_features(features, knocker))
                    scored.append((move, value))
            scored.extend((move, knock_value + self.knock_bias)
                          for (knock_value, _), move in knocks)
        scored.sort(key=lambda item: (item[0] != action, -item[1]))
        return scored

    # ----- decisions ------------------------------------------------------------------------

    def _draw(self, view: View, legal: Sequence[Action], context: Context
              ) -> tuple[Action, str]:
        take = next((a for a in legal if a.kind == "take" or a.option == "discard"), None)
        other = next(a for a in legal if a is not take)
        hand = card_mask(view.hand)
        top = view.discard_top
        if take is None or top is None:
            return other, "drawing from the stock"
        grown = hand | top.mask
        barred = top.mask if self.barred_rule else 0
        taken, thrown = self.best_discard(grown, barred, context, context.stock)
        # declining the first up-card leads to a stock draw too (the opponent's, or the
        # seat's own once both declined): valued as one
        rest = self.stock_value(hand, context)
        if self.trace is not None and self.trace_stock:
            self.trace("stock", (), view)
        if taken > rest + self.take_margin:
            return take, (f"taking {top} and throwing {ALL_CARDS[thrown]} is worth "
                          f"{taken - rest:+.1f} points over a stock draw")
        why = "the up-card" if other.kind == "decline" else "the discard"
        return other, f"{why} is worth less than a stock draw ({taken - rest:+.1f} points)"

    def _discard(self, view: View, legal: Sequence[Action], context: Context
                 ) -> tuple[Action, str]:
        for action in legal:
            if action.kind == "big":
                return action, "all eleven cards are melded: big gin"
        gins = [a for a in legal if a.kind == "gin"]
        if gins:
            card = max(gins, key=lambda a: VALUE[a.cards[0].index]).cards[0]
            return next(a for a in gins if a.cards[0] is card), f"discarding {card} leaves gin"
        hand = card_mask(view.hand)
        stock = context.stock
        scored = []
        for action in legal:
            if action.kind == "discard":
                card = action.cards[0]
                features = value_features(hand ^ card.mask, card.index, context, stock)
                scored.append((_dot(self.value_weights, features), action, features))
        scored.sort(key=lambda item: -item[0])
        best_value, best, features = scored[0]
        if self.explore and self.rng.random() < self.explore:
            best_value, best, features = scored[self.rng.randrange(min(3, len(scored)))]
        knocks = [a for a in legal if a.kind == "knock"]
        if knocks:
            options = [(self.knock_value(hand ^ a.cards[0].mask, context), a) for a in knocks]
            (knock_value, knocker), knock = max(options, key=lambda item: item[0][0])
            # playing on, where a knock is possible, by the value corrected for such hands
            shape = continue_features(features, knocker)
            playing_on = best_value + _dot(self.continue_weights, shape)
            if self.trace is not None:
                for _, action in options:
                    left = hand ^ action.cards[0].mask
                    self.trace("knock", knock_features(left, context, stock)[0], left)
            # exploring (training only) plays on now and then, to see what that is worth
            explored = self.explore and self.rng.random() < self.explore
            if knock_value + self.knock_bias > playing_on and not explored:
                return knock, (f"knocking with {knocker} is worth {knock_value:+.1f} points, "
                               f"playing on {playing_on:+.1f}")
            if self.trace is not None:
                self.trace("continue", shape, features)
        if self.trace is not None:
            self.trace("value", features, None)
        card = best.cards[0]
        return best, (f"throwing {card} keeps the hand worth {best_value:+.1f} points "
                      f"(deadwood {round(features[1] * 10)})")


def check_knock_bias(knock_bias: object) -> None:
    """``ValueError`` with a one-line reason unless ``knock_bias`` is a number of points
    within ±25."""
    if not (isinstance(knock_bias, int | float) and not isinstance(knock_bias, bool)
            and -25 <= knock_bias <= 25):
        raise ValueError(f"knock_bias must be a number of points from -25 to 25, "
                         f"not {knock_bias!r}")


def hard_agent(game: Game, seat: int, seed: int, *, knock_bias: float = 0.0) -> HardAgent:
    """The ``hard`` agent factory of gin rummy; ``knock_bias`` (points, 0 by default) is added
    to a knock's expected score before it is weighed against playing on: above 0 the agent
    knocks sooner (against an opponent that knocks at once, playing on is worth less than
    the self-play it was fitted on says)."""
    return HardAgent(game, seed, knock_bias=knock_bias)
