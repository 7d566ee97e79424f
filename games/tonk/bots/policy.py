"""Tonk's fast strong player, ``hard``: the greedy agent's spreads and hits, with three decisions
taken by small linear models fitted to play-outs (:mod:`cardkit_games.tonk.bots.training`).

Under the default rules a two-player hand is a race to drop: in greedy self-play 93 % of the
hands end in a drop that wins and 5 % in a caught drop, and a hand lasts three turns a player. So
what wins stakes is

- **when to drop.** Dropping pays +1 a stake per opponent when every other count is higher and
  costs 2 when one is not; going on costs nothing now but lets the opponent drop first. The agent
  estimates each opponent's count from the public history (:class:`HistoryReader`): its hand
  size, the cards it took from the pile, the values it threw, and, against a player who drops
  by a threshold, what its *not* dropping says. Every opponent start that did not end in a drop
  is read as the greedy rule would have seen it (its estimate of the other hands, the threshold
  it drops at), so "it did not drop with our five cards against it" bounds its count from below.
  A linear model of the view (:data:`~cardkit_games.tonk.bots.weights.COUNT_MEAN`,
  :data:`~cardkit_games.tonk.bots.weights.COUNT_VARIANCE`) turns that into a normal estimate of the
  count, hence the chance of being strictly lowest; a second linear model
  (:data:`~cardkit_games.tonk.bots.weights.DROP`) weighs that chance against going on (the chance
  the opponent drops first, its hit-lock, the hand sizes and the stock), fitted to the
  difference of play-out values between dropping and drawing.
- **which card to draw**: the stock, or the pile's top (greedy takes it only to meld at once);
  :data:`~cardkit_games.tonk.bots.weights.TAKE` values taking it (its value against the card it
  would replace, whether it melds or hits) against a stock draw.
- **which card to throw**: :data:`~cardkit_games.tonk.bots.weights.DISCARD` scores the hand left
  (its count, the unseen cards that would complete a book or a run with it, its pairs) and the
  card thrown (whether it fits a spread on the table, or could pair with unseen cards, so the
  opponent may take it).

Spreads and hits are the greedy agent's (every spread and hit at once: each sheds count, and a
hit on an opponent's spread hit-locks it). The side bet is joined when the seat's highest spade
more likely than not beats every other hand's (a hypergeometric count of the unseen spades).

The weights live in :mod:`cardkit_games.tonk.bots.weights`, one table per number of players; with
every weight zero the agent plays exactly as the greedy agent (its choice wins every tie), which
is the untrained start the training script improves on. Everything is read from the seat's
view; no randomness is used, so the agent is deterministic whatever its seed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardkit_games.tonk.bots import weights as trained
from cardkit_games.tonk.bots.agents import (
    DROP_CHANCE,
    DROP_CHANCE_STEP,
    SHADE,
    GreedyAgent,
    _pool_sums,
    _suit_sums,
    chance_lowest,
    forms_spread,
)
from cardkit_games.tonk.count import card_values

from cardkit.actions import Action
from cardkit.agents import Agent
from cardkit.cards import ALL_CARDS, Card
from cardkit.game import Game
from cardkit.search import nearest_table
from cardkit.views import Move, View

__all__ = [
    "COUNT_FEATURES",
    "DISCARD_FEATURES",
    "DROP_FEATURES",
    "MODELS",
    "TAKE_FEATURES",
    "HardAgent",
    "HistoryReader",
    "Opponent",
    "Reading",
    "count_features",
    "discard_features",
    "hard_agent",
    "start_features",
    "take_features",
    "untrained_weights",
    "weights_for",
]

_RANKS = 13
_NATURAL = 4 * _RANKS
#: The ace of every suit; shifted left by ``rank - 1``, that rank in every suit.
_RANK_BITS = sum(1 << _RANKS * suit for suit in range(4))
#: Hand sizes told apart by the count model (larger ones share the last).
_SIZES = 6

#: The names of the features of each model, in order (the weights tables follow them).
COUNT_FEATURES = ("1", "size", "unknown", "known value", "unknown x pool mean", "read",
                  "read x threshold", "read x bound", "last thrown", "lowest thrown",
                  "unknown x last thrown", "unknown x lowest thrown", "turns", "spreads laid",
                  *(f"size {size}" for size in range(1, _SIZES + 1)))
DROP_FEATURES = ("1", "p", "p^2", "p^3", "count/10", "(count/10)^2", "my size", "least size",
                 "locked", "stock/40", "p x locked", "p x my size<=3", "p x least size<=2",
                 "threat", "threat x p", "threat x locked")
TAKE_FEATURES = (*DROP_FEATURES, "top/10", "melds", "hits", "gain/10", "top<=3")
DISCARD_FEATURES = ("count/10", "(count/10)^2", "book outs", "run outs", "outs gain/10",
                    "rank unseen", "suit unseen", "loosest/10", "pairs", "fits table",
                    "thrown face", "low cards", "count/10 x stock/40", "count/10 x least<=3",
                    "book outs x stock/40", "run outs x stock/40", "fits x least<=3", "next p",
                    "next p^2", "next p x outs")


#: model name -> its feature names.
MODELS = {"count_mean": COUNT_FEATURES, "count_variance": COUNT_FEATURES, "drop": DROP_FEATURES,
          "take": TAKE_FEATURES, "discard": DISCARD_FEATURES}


def untrained_weights() -> dict[str, tuple[float, ...]]:
    """Every model's weights at zero: the agent then plays as the greedy agent."""
    return {name: (0.0,) * len(features) for name, features in MODELS.items()}


def weights_for(players: int) -> dict[str, tuple[float, ...]]:
    """The shipped table for ``players`` (:mod:`cardkit_games.tonk.bots.weights`): its own, the
    nearest player count's, or the untrained one."""
    return dict(nearest_table(trained.TABLES, players, untrained_weights))


def _dot(weights: Sequence[float], features: Sequence[float]) -> float:
    return sum(w * x for w, x in zip(weights, features, strict=True))


class Opponent:
    """What one seat knows of another seat's hand from the public history."""

    __slots__ = (
        "bound_since",
        "known",
        "last_thrown",
        "locks",
        "lowest_thrown",
        "size",
        "spreads",
        "stock_since",
        "threshold",
        "thrown",
        "turns",
    )

    def __init__(self, size: int) -> None:
        self.size = size  # cards held now
        self.known: set[Card] = set()  # taken from the pile and not laid or thrown since
        self.locks = 0  # drop lock, rebuilt from the hits
        self.turns = 0  # draws made
        self.thrown = 0  # discards made
        self.last_thrown = 0  # value of the last discard
        self.lowest_thrown = 0  # lowest value discarded
        self.spreads = 0
        #: The greedy drop threshold at its last start that it did not drop at (its count was
        #: above it), or None when that start was hit-locked or is unknown.
        self.threshold: int | None = None
        self.bound_since = 0  # value taken from the pile less value laid or thrown since then
        self.stock_since = 0  # stock draws since then


class Reading:
    """The public history read for one view: each seat's :class:`Opponent` record and the
    cards the seat has seen (its hand, the table, every discard)."""

    __slots__ = ("players", "seats", "seen")

    def __init__(self, players: int, size: int) -> None:
        self.players = players
        self.seats = [Opponent(size) for _ in range(players)]
        self.seen = 0


class HistoryReader:
    """Reads a seat's views incrementally: each view's history only from where the last one
    ended, when it continues the same log (checked on the identity of the last entry read, so a
    view of another hand or another simulated line starts afresh). The result depends on the
    view alone."""

    def __init__(self, options: Mapping[str, Any], values: Sequence[int],
                 deck_mask: int) -> None:
        self.options = options
        self.values = values
        self.deck_mask = deck_mask
        self.sums = _suit_sums(tuple(values[:_RANKS]))
        self.penalty = options["hit_penalty_turns"]
        self.per_turn = options["hit_penalty_counting"] == "per_turn"
        self.to_pile = bool(options["completed_book_to_discard"])
        self.on_lay = options["book_to_discard_trigger"] == "any_four_card_book"
        self._reset(None, 0)

    def _reset(self, key: object, players: int) -> None:
        self.key = key
        self.read = 0
        self.last: object = None
        self.reading = Reading(players, self.options["hand_size"])
        self.table: list[list[int]] = []  # per spread: [owner, cards, is book]
        self.pile: list[Card] = []
        self.shown = 0  # every card discarded, spread or hit
        self.current: int | None = None
        self.victims = 0

    def read_view(self, view: View) -> Reading:
        """The :class:`Reading` of ``view`` (``seen`` includes the view's own hand)."""
        history = view.history
        key = (view.seat, view.players, view.dealer, view.scores)
        read = self.read
        if (key != self.key or len(history) < read
                or (read and history[read - 1] is not self.last)):
            self._reset(key, view.players)
            read = 0
        for entry in history[read:]:
            self._entry(entry)
        self.read = len(history)
        self.last = history[-1] if history else None
        seen = self.shown
        for card in view.hand:
            seen |= card.mask
        if view.discard_top is not None:
            seen |= view.discard_top.mask
        self.reading.seen = seen
        return self.reading

    # ----- one entry of the log --------------------------------------------------------------

    def _entry(self, move: Move) -> None:
        seat = move.seat
        if seat is None:
            return
        seats = self.reading.seats
        record = seats[seat]
        action = move.action
        kind = action.kind
        values = self.values
        if (kind == "draw" or kind == "drop" or kind == "pass") and seat != self.current:
            self._start(seat)
        if kind == "draw" and action.option == "stock":
            record.size += 1
            record.turns += 1
            record.stock_since += 1
        elif kind == "draw" and action.option == "discard":
            record.size += 1
            record.turns += 1
            if self.pile:
                card = self.pile.pop()
                record.known.add(card)
                record.bound_since += values[card.index]
            else:  # the up-card, never seen in the log: an unknown card, like a stock draw
                record.stock_since += 1
        elif kind == "discard":
            cards = action.cards
            if cards:
                card = cards[0]
                self.pile.append(card)
                self.shown |= card.mask
                record.known.discard(card)
                value = values[card.index]
                record.lowest_thrown = value if not record.thrown else min(
                    record.lowest_thrown, value)
                record.last_thrown = value
                record.thrown += 1
                record.bound_since -= value
            record.size -= 1
            self.current = None
        elif kind == "spread":
            cards = action.cards
            self._laid(record, cards)
            record.spreads += 1
            book = len({card.index % _RANKS for card in cards if card.index < _NATURAL}) <= 1
            self.table.append([seat, len(cards), int(book)])
            if self.to_pile and self.on_lay and book and len(cards) == 4:
                self.table.pop()
        elif kind == "hit":
            self._laid(record, action.cards)
            if action.target is None:
                return
            target = action.target - 1
            if not 0 <= target < len(self.table):
                return
            spread = self.table[target]
            spread[1] += 1
            owner = spread[0]
            if owner != seat and self.penalty:
                if not self.per_turn:
                    seats[owner].locks += self.penalty
                elif not self.victims >> owner & 1:
                    self.victims |= 1 << owner
                    seats[owner].locks += self.penalty
            if self.to_pile and spread[2] and spread[1] == 4:
                self.table.pop(target)

    def _laid(self, record: Opponent, cards: Sequence[Card]) -> None:
        values = self.values
        for card in cards:
            self.shown |= card.mask
            record.known.discard(card)
            record.bound_since -= values[card.index]
        record.size -= len(cards)

    def _start(self, seat: int) -> None:
        """A turn starts: the drop lock is used up, and an unlocked start that goes on is read
        as the greedy rule would have weighed it."""
        self.current = seat
        self.victims = 0
        record = self.reading.seats[seat]
        locked = record.locks > 0
        if record.locks:
            record.locks -= 1
        record.bound_since = 0
        record.stock_since = 0
        record.threshold = None if locked else self.drop_threshold(seat)

    def drop_threshold(self, seat: int) -> int:
        """The highest count at which the greedy rule would drop at ``seat``'s start now: its
        estimate of the other hands (:class:`~cardkit_games.tonk.bots.agents.CountReader`, with the
        pool of cards it has not seen taken as every card not shown, its own hand included)."""
        seats = self.reading.seats
        pool = self.deck_mask & ~self.shown
        for other, record in enumerate(seats):
            if other != seat:
                for card in record.known:
                    pool &= ~card.mask
        size, total, squares = _pool_sums(pool, self.values, self.sums)
        mean = total / size if size else 6.5
        spread = max(0.0, squares / size - mean * mean) if size else 0.0
        estimates = {}
        for other, record in enumerate(seats):
            if other == seat:
                continue
            unknown = max(0, record.size - len(record.known))
            fraction = (size - unknown) / (size - 1) if size > 1 else 0.0
            estimates[other] = (sum(self.values[card.index] for card in record.known)
                                + unknown * mean * SHADE,
                                unknown * spread * max(0.0, fraction))
        need = DROP_CHANCE - DROP_CHANCE_STEP * len(estimates)
        low, high = -1, 200  # chance_lowest(c) falls as c grows: the last c it clears
        while high - low > 1:
            middle = (low + high) // 2
            if chance_lowest(middle, estimates) >= need:
                low = middle
            else:
                high = middle
        return low


# ----- features ----------------------------------------------------------------------------------

def _pool_mean(reading: Reading, deck_mask: int, values: Sequence[int],
               sums: Sequence[tuple[int, int, int]]) -> float:
    seen = reading.seen
    for record in reading.seats:
        for card in record.known:
            seen |= card.mask
    size, total, _ = _pool_sums(deck_mask & ~seen, values, sums)
    return total / size if size else 6.5


def count_features(record: Opponent, pool_mean: float, values: Sequence[int]) -> list[float]:
    """The count model's features of one opponent (:data:`COUNT_FEATURES`)."""
    size = record.size
    unknown = max(0, size - len(record.known))
    known = sum(values[card.index] for card in record.known)
    read = record.threshold is not None
    threshold = record.threshold if record.threshold is not None else 0
    bound = (threshold + 1 + record.bound_since + record.stock_since * pool_mean) if read else 0.0
    last, lowest = record.last_thrown, record.lowest_thrown
    sizes = [0.0] * _SIZES
    if size:
        sizes[min(size, _SIZES) - 1] = 1.0
    return [1.0, size, unknown, known, unknown * pool_mean, float(read), threshold if read else 0,
            bound, last, lowest, unknown * last, unknown * lowest, record.turns,
            record.spreads, *sizes]


def _chance_above(my_count: int, mean: float, variance: float) -> float:
    """P(count > my_count) for a normal count (a continuity correction: counts are whole)."""
    if variance <= 0:
        return 1.0 if mean >= my_count + 1 else 0.0
    return 0.5 * math.erfc((my_count + 0.5 - mean) / math.sqrt(2 * variance))


def start_features(chance: float, my_count: int, my_size: int, least: int, locked: bool,
                   stock: int, threat: float) -> list[float]:
    """The drop model's features (:data:`DROP_FEATURES`)."""
    c = my_count / 10
    lock = float(locked)
    return [1.0, chance, chance * chance, chance ** 3, c, c * c, my_size, least, lock,
            stock / 40, chance * lock, chance * (my_size <= 3), chance * (least <= 2), threat,
            threat * chance, threat * lock]


def take_features(base: list[float], top: Card, melds: bool, hits: bool, gain: float,
                  values: Sequence[int]) -> list[float]:
    """The pile-draw model's features (:data:`TAKE_FEATURES`): the start's and the top card's."""
    value = values[top.index]
    return [*base, value / 10, float(melds), float(hits), gain / 10, float(value <= 3)]


def _keep_bonus(index: int, hand: int) -> int:
    """The greedy agent's bonus for a natural card close to a meld in ``hand`` (a mask)."""
    others = hand & ~(1 << index)
    rank = index % _RANKS
    bonus = 6 * (others & _RANK_BITS << rank).bit_count()
    for step, points in ((-2, 2), (-1, 4), (1, 4), (2, 2)):
        if 0 <= rank + step < _RANKS and others >> (index + step) & 1:
            bonus += points
    return bonus


def _outs(hand: int, unseen: int, values: Sequence[int]) -> tuple[int, int, float]:
    """The unseen cards that would make a new spread with two cards of ``hand``: (completing a
    book, completing a run, the count such spreads would shed)."""
    book = run = 0
    gain = 0.0
    for rank in range(_RANKS):
        if (hand & _RANK_BITS << rank).bit_count() == 2:
            outs = (unseen & _RANK_BITS << rank).bit_count()
            book += outs
            gain += outs * 3 * values[rank]
    for suit in range(4):
        ranks = hand >> _RANKS * suit & 0x1FFF
        if not ranks:
            continue
        adjacent = ranks & ranks >> 1  # bit r: ranks r and r+1 held
        gapped = ranks & ranks >> 2  # bit r: ranks r and r+2 held
        need = (adjacent >> 1 | adjacent << 2 | gapped << 1) & 0x1FFF
        need &= unseen >> _RANKS * suit & ~ranks
        run += need.bit_count()
        while need:
            low = need & -need
            rank = low.bit_length() - 1
            gain += values[rank] + values[min(rank + 1, _RANKS - 1)] + values[max(rank - 1, 0)]
            need ^= low
    return book, run, gain


def _fits_table(card: Card, table: Sequence[Any]) -> bool:
    """Could ``card`` be hit onto a spread on the table now (its rank's book with room, or an
    end of its suit's run)?"""
    index = card.index
    if index >= _NATURAL:
        return bool(table)
    rank, suit = index % _RANKS, index // _RANKS
    for _, meld in table:
        reps = meld.represents
        if meld.kind == "set":
            if len(reps) < 4 and reps[0].index % _RANKS == rank:
                return True
        elif reps[0].index // _RANKS == suit:
            low, high = reps[0].index % _RANKS, reps[-1].index % _RANKS
            if rank in (low - 1, high + 1) or (rank == 0 and high == _RANKS - 1):
                return True
    return False


def discard_features(card: Card, hand: int, unseen: int, table: Sequence[Any], stock: int,
                     least: int, values: Sequence[int],
                     chance: Callable[[int], float]) -> list[float]:
    """The discard model's features of throwing ``card`` from ``hand`` (a mask) with the cards
    ``unseen`` by the seat (:data:`DISCARD_FEATURES`); ``chance(count)`` is the chance that
    every other hand's count is above ``count``."""
    rest = hand & ~card.mask
    count = 0
    loosest = -100
    low = 0
    mask = rest
    while mask:
        bit = mask & -mask
        index = bit.bit_length() - 1
        value = values[index]
        count += value
        low += value <= 3
        if index < _NATURAL:
            loosest = max(loosest, value - _keep_bonus(index, rest))
        mask ^= bit
    loosest = max(loosest, 0)
    book, run, gain = _outs(rest & (1 << _NATURAL) - 1, unseen, values)
    index = card.index
    rank_unseen = suit_unseen = 0
    if index < _NATURAL:
        rank = index % _RANKS
        rank_unseen = (unseen & _RANK_BITS << rank).bit_count()
        for step in (-2, -1, 1, 2):
            if 0 <= rank + step < _RANKS and unseen >> (index + step) & 1:
                suit_unseen += 1
    pairs = sum(1 for rank in range(_RANKS) if (rest & _RANK_BITS << rank).bit_count() >= 2)
    fits = float(_fits_table(card, table))
    c = count / 10
    s = stock / 40
    near_out = float(least <= 3)
    face = values[index] if index < _NATURAL and index % _RANKS >= 10 else 0
    p = chance(count)
    return [c, c * c, book, run, gain / 10, rank_unseen, suit_unseen, loosest / 10, pairs, fits,
            face / 10, low, c * s, c * near_out, book * s, run * s, fits * near_out, p, p * p,
            p * (book + run)]


# ----- the agent ---------------------------------------------------------------------------------

class HardAgent(Agent):
    """Tonk's ``hard`` rung (see the module docstring)."""

    name = "hard"

    def __init__(self, game: Game, seat: int, seed: int, *,
                 weights: Mapping[str, Sequence[float]] | None = None,
                 drop_margin: float = 0.0) -> None:
        self.seat = seat
        self.greedy = GreedyAgent(game, seat, seed)
        options = game.options
        self.values = card_values(1, options["joker_hand_value"])
        self.deck_mask = 0
        for card in game.deck_spec.cards:
            self.deck_mask |= card.mask
        self.reader = HistoryReader(options, self.values, self.deck_mask)
        self.sums = _suit_sums(tuple(self.values[:_RANKS]))
        self.weights = dict(weights if weights is not None else weights_for(game.players))
        self.drop_margin = drop_margin
        self.ace_high = bool(options["spades_bet_ace_high"])

    # ----- estimates -------------------------------------------------------------------------

    def estimates(self, view: View, reading: Reading) -> dict[int, tuple[float, float]]:
        """Each other hand's count as (mean, variance): the count model's, or the greedy
        agent's estimate while that model is untrained."""
        mean_weights = self.weights["count_mean"]
        if not any(mean_weights):
            return self.greedy.reader.estimates(view)
        variance_weights = self.weights["count_variance"]
        pool_mean = _pool_mean(reading, self.deck_mask, self.values, self.sums)
        estimates = {}
        for seat, record in enumerate(reading.seats):
            if seat == view.seat or not view.hand_sizes[seat]:
                continue
            features = count_features(record, pool_mean, self.values)
            estimates[seat] = (_dot(mean_weights, features),
                               max(1.0, _dot(variance_weights, features)))
        return estimates

    @staticmethod
    def chance_lowest(my_count: int, estimates: Mapping[int, tuple[float, float]]) -> float:
        """The chance that every other hand's count is above ``my_count``."""
        chance = 1.0
        for mean, variance in estimates.values():
            chance *= _chance_above(my_count, mean, variance)
        return chance

    def threat(self, view: View, estimates: Mapping[int, tuple[float, float]]) -> float:
        """The chance that some other hand is at or below the count at which the greedy rule
        would drop at its next start (with this seat's hand as it is now)."""
        safe = 1.0
        for seat, (mean, variance) in estimates.items():
            threshold = self.reader.drop_threshold(seat)
            safe *= _chance_above(threshold, mean, variance)
        return 1.0 - safe

    # ----- choosing --------------------------------------------------------------------------

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """The move."""
        return self.choose_with_reason(view, legal_actions)[0]

    def choose_with_reason(self, view: View,
                           legal_actions: Sequence[Action]) -> tuple[Action, str]:
        """The move and why."""
        if len(legal_actions) == 1:
            return legal_actions[0], "the only legal move"
        phase = view.phase
        if phase == "bet":
            return self._bet(view)
        greedy, why = self.greedy.choose_with_reason(view, legal_actions)
        if phase == "start":
            return self._start(view, legal_actions, greedy, why)
        if phase == "play" and greedy.kind == "discard":
            return self._discard(view, legal_actions, greedy)
        if phase == "play" and greedy.kind not in ("spread", "hit") and any(
                a.kind == "drop" for a in legal_actions):
            return self._start(view, legal_actions, greedy, why)
        return greedy, why

    def start_base(self, view: View) -> list[float]:
        """The drop model's features at this start (:func:`start_features`)."""
        reading = self.reader.read_view(view)
        my_count = sum(self.values[card.index] for card in view.hand)
        estimates = self.estimates(view, reading)
        chance = self.chance_lowest(my_count, estimates)
        others = [size for seat, size in enumerate(view.hand_sizes) if seat != view.seat and size]
        locks = view.info.get("drop_locks", ())
        locked = any(lock for seat, lock in enumerate(locks) if seat != view.seat)
        return start_features(chance, my_count, len(view.hand), min(others, default=0), locked,
                              view.stock_size, self.threat(view, estimates))

    def _start(self, view: View, legal: Sequence[Action], greedy: Action,
               why: str) -> tuple[Action, str]:
        """Drop, draw the stock or take the pile's top: the move the models value most
        (a stock draw is worth 0; greedy's move wins a tie)."""
        base = self.start_base(view)
        scored: list[tuple[float, bool, Action, str]] = []
        for action in legal:
            if action.kind == "drop":
                value = _dot(self.weights["drop"], base) - self.drop_margin
                text = f"drop: {base[1]:.0%} likely lowest"
            elif action.kind == "draw" and action.option == "discard":
                top = view.discard_top
                if top is None:
                    continue
                value = _dot(self.weights["take"], self._take(view, base, top))
                text = f"take {top}"
            elif action.kind == "draw":
                value, text = 0.0, "draw from the stock"
            else:
                continue
            scored.append((value, action == greedy, action, text))
        if not scored:
            return greedy, why
        _, _, action, text = max(scored, key=lambda item: (item[0], item[1]))
        return action, text if action != greedy else why

    def _take(self, view: View, base: list[float], top: Card) -> list[float]:
        hand = view.hand
        mask = 0
        for card in hand:
            mask |= card.mask
        melds = forms_spread(top, mask)
        hits = GreedyAgent._hits_table(top, (meld for _, meld in view.table))
        with_top = mask | top.mask
        values = self.values
        loosest = max((values[c.index] - _keep_bonus(c.index, with_top)
                       for c in hand if c.index < _NATURAL), default=0)
        gain = max(0, loosest - values[top.index])
        return take_features(base, top, melds, hits, gain, values)

    def discard_context(self, view: View, reading: Reading) -> tuple[int, int, list[int]]:
        """What the discard features read besides the card: the seat's hand as a mask, the
        cards it has not seen (a mask), and the other hands' sizes (the empty ones left out)."""
        hand = 0
        for card in view.hand:
            hand |= card.mask
        seen = reading.seen
        for record in reading.seats:
            for card in record.known:
                seen |= card.mask
        others = [size for seat, size in enumerate(view.hand_sizes) if seat != view.seat and size]
        return hand, self.deck_mask & ~seen, others

    def discard_options(self, view: View, discards: Sequence[Action]) -> list[list[float]]:
        """The discard model's features of each of ``discards`` (:func:`discard_features`)."""
        reading = self.reader.read_view(view)
        hand, unseen, others = self.discard_context(view, reading)
        least = min(others, default=0)
        estimates = self.estimates(view, reading)

        def chance(count: int) -> float:
            return self.chance_lowest(count, estimates)

        return [discard_features(a.cards[0], hand, unseen, view.table, view.stock_size, least,
                                 self.values, chance) for a in discards]

    def _discard(self, view: View, legal: Sequence[Action],
                 greedy: Action) -> tuple[Action, str]:
        """The discard the model values most (never a joker while a natural card can go;
        greedy's wins a tie)."""
        weights = self.weights["discard"]
        discards = [a for a in legal if a.kind == "discard"]
        naturals = [a for a in discards if not a.cards[0].is_joker] or discards
        if not any(weights) or len(naturals) < 2:
            return greedy, f"discard {greedy.cards[0]}"
        scores = [_dot(weights, features) for features in self.discard_options(view, naturals)]
        _, _, best = max(zip(scores, [a == greedy for a in naturals], naturals, strict=True),
                         key=lambda item: (item[0], item[1]))
        return best, f"discard {best.cards[0]}"

    def _bet(self, view: View) -> tuple[Action, str]:
        """Join the side bet when the highest spade held more likely than not beats every
        other hand's: the chance that none of the unseen higher spades is in another hand."""
        ace_high = self.ace_high

        def strength(card: Card) -> int:
            rank = card.index % _RANKS + 1
            return 14 if rank == 1 and ace_high else rank

        spades = [card for card in view.hand if card.index < _NATURAL and card.index // _RANKS == 3]
        best = max(map(strength, spades), default=0)
        if not best:
            return Action("decline", "bet"), "no spade"
        higher = sum(1 for card in ALL_CARDS[3 * _RANKS:_NATURAL]
                     if strength(card) > best and card not in view.hand)
        unseen = self.deck_mask.bit_count() - len(view.hand)
        held = sum(size for seat, size in enumerate(view.hand_sizes) if seat != view.seat)
        # P(no higher spade among the `held` cards dealt from the `unseen` ones)
        chance = 1.0
        for k in range(held):
            chance *= max(0.0, (unseen - higher - k) / (unseen - k))
        if chance > 0.5:
            return Action("join", "bet"), f"my best spade beats the others' {chance:.0%} of deals"
        return Action("decline", "bet"), f"my best spade wins only {chance:.0%} of deals"


def hard_agent(game: Game, seat: int, seed: int, *, drop_margin: float = 0.0) -> Agent:
    """Factory for Tonk's ``hard`` agent. ``drop_margin`` (stakes, default 0) is subtracted
    from the drop model's value: above 0 drops later, below 0 sooner."""
    if isinstance(drop_margin, bool) or not isinstance(drop_margin, int | float) \
            or not -2 <= drop_margin <= 2:
        raise ValueError(f"drop_margin must be a number from -2 to 2, not {drop_margin!r}")
    return HardAgent(game, seat, seed, drop_margin=float(drop_margin))
