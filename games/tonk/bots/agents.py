"""Tonk agents: ``greedy`` (the ``random`` agent comes from cardkit).

The greedy agent sees only its :class:`~cardkit.views.View`. It lays every spread and makes every
hit it can (each sheds count and moves it towards a tonk; a hit on someone else's spread also
hit-locks them), takes the discard
only when it can use it at once, discards its highest-value loose card (cards in a pair or near a
run are kept), and drops when it is probably the lowest (:func:`chance_lowest`): each opponent's
count is inferred from its hand size, the cards it was seen taking from the discard pile (known
to be in its hand until it lays or throws them) and the values of the cards this seat has not
seen (not in its hand, on the table or discarded), shaded down because players shed high cards
first.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Iterable, Sequence

import attrs
from cardkit_games.tonk.count import hand_counter
from cardkit_games.tonk.state import TonkState, card_values
from cardkit_games.tonk.suits import cards_in

from cardkit.actions import Action
from cardkit.agents import Agent
from cardkit.cards import STANDARD_CARDS, Card, card_mask
from cardkit.game import Game
from cardkit.melds import Meld
from cardkit.state import State
from cardkit.views import View

__all__ = ["CountEstimate", "CountReader", "CountTally", "GreedyAgent", "chance_lowest",
           "estimate_counts", "forms_spread", "greedy_agent"]


#: Unknown cards in an opponent's hand are worth this share of the unseen cards' mean value
#: (players throw their high cards first).
SHADE = 0.85
#: Drop when the chance of being strictly lowest is at least ``DROP_CHANCE - DROP_CHANCE_STEP x
#: opponents`` (0.8 heads-up, 0.75 against two, 0.7 against three: measured best in
#: bench/heuristics.py; the chance is a product over the opponents, so it shrinks with them).
DROP_CHANCE = 0.85
DROP_CHANCE_STEP = 0.05

#: An opponent's inferred count: its mean and variance.
CountEstimate = tuple[float, float]


def _rank(card: Card) -> int:
    """A standard card's rank, 1 (ace) to 13 (king), from its index (typed, unlike
    ``card.rank``, which a joker lacks)."""
    return card.index % 13 + 1


@functools.cache
def _suit_sums(rank_values: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """For every 13-bit set of ranks: (cards, sum of values, sum of squared values)."""
    table = [(0, 0, 0)] * (1 << 13)
    for mask in range(1, 1 << 13):
        low = mask & -mask
        value = rank_values[low.bit_length() - 1]
        size, total, squares = table[mask ^ low]
        table[mask] = (size + 1, total + value, squares + value * value)
    return tuple(table)


def _pool_sums(pool: int, values: Sequence[int], table: Sequence[tuple[int, int, int]]
               ) -> tuple[int, int, int]:
    """(cards, sum of values, sum of squares) of the card mask ``pool``: four look-ups in
    ``table`` (:func:`_suit_sums` of the rank values: a card's value depends on its rank
    only), plus the jokers one by one."""
    size = total = squares = 0
    for suit in range(4):
        count, value, square = table[pool >> 13 * suit & 0x1FFF]
        size += count
        total += value
        squares += square
    jokers = pool >> 52
    index = 52
    while jokers:
        if jokers & 1:
            size += 1
            total += values[index]
            squares += values[index] * values[index]
        jokers >>= 1
        index += 1
    return size, total, squares


#: :func:`_suit_sums` by the identity of the values tuple (held, so the id stays its own).
_SUMS_BY_VALUES: dict[int, tuple[Sequence[int], Sequence[tuple[int, int, int]]]] = {}


@attrs.define
class CountReader:
    """Infers the opponents' counts from one seat's views (see :meth:`estimates`), reading
    each view's public history only from where the last one ended (a view of another hand —
    different dealer, scores or start of history — starts afresh)."""

    values: Sequence[int]
    deck_mask: int
    key: tuple[object, ...] = ()
    read: int = 0
    pile: list[Card] = attrs.field(factory=list)
    known: dict[int, set[Card]] = attrs.field(factory=dict)
    shown: int = 0  # every card seen discarded, spread or hit this hand

    @property
    def sums(self) -> Sequence[tuple[int, int, int]]:
        """:func:`_suit_sums` of the rank values (one table per values, shared: not part of a
        reader's state, so a copy of a reader does not copy it). Found by the identity of
        ``values`` (asked at every estimate: the 13-value key is not rebuilt each time)."""
        values = self.values
        known = _SUMS_BY_VALUES.get(id(values))
        if known is None or known[0] is not values:
            known = _SUMS_BY_VALUES[id(values)] = (values, _suit_sums(tuple(values[:13])))
        return known[1]

    def _catch_up(self, view: View) -> None:
        history = view.history
        key = (view.seat, view.dealer, view.scores, history[:1])
        if key != self.key or len(history) < self.read:
            self.key, self.read, self.shown = key, 0, 0
            self.pile, self.known = [], {}
        known, pile, shown = self.known, self.pile, self.shown
        for move in history[self.read:]:
            seat = move.seat
            if seat is None:
                continue
            action = move.action
            kind = action.kind
            if kind == "discard":
                cards = action.cards
                if len(cards) == 1 and not action.declared:
                    card = cards[0]
                    pile.append(card)
                    shown |= card.mask
                    if seat in known:
                        known[seat].discard(card)
            elif kind == "draw" and action.option == "discard" and pile:
                known.setdefault(seat, set()).add(pile.pop())
            elif kind == "spread" or kind == "hit":
                for card in action.cards:
                    shown |= card.mask
                    if seat in known:
                        known[seat].discard(card)
        self.shown = shown
        self.read = len(history)

    def estimates(self, view: View, shade: float | None = None,
                  hand: int | None = None) -> dict[int, CountEstimate]:
        """Each opponent's count as (mean, variance): the cards it took from the discard pile
        and still holds count in full; its other cards are a draw from the cards this seat
        has not seen (not in its own hand, on the table, discarded or known in a hand), their
        mean value times ``shade`` (default :data:`SHADE`), with the variance of drawing
        without replacement. ``hand``: the view's hand as a mask, when the caller has it."""
        self._catch_up(view)
        mine = card_mask(view.hand) if hand is None else hand
        return _estimates(self.known, self.shown, mine, view.hand_sizes, view.seat,
                          self.values, self.sums, self.deck_mask, shade)


def _estimates(known: dict[int, set[Card]], shown: int, hand: int, hand_sizes: Sequence[int],
               me: int, values: Sequence[int], sums: Sequence[tuple[int, int, int]],
               deck_mask: int, shade: float | None) -> dict[int, CountEstimate]:
    """:meth:`CountReader.estimates` from what a reader has gathered (``known``: the cards
    each seat took from the pile and holds; ``shown``: every card seen discarded, spread or
    hit) and the seat's hand (a mask) and the hands' sizes."""
    shade = SHADE if shade is None else shade
    seen = shown | hand  # the table's cards are all in the history's spreads and hits
    for cards in known.values():
        for card in cards:
            seen |= card.mask
    size, total, squares = _pool_sums(deck_mask & ~seen, values, sums)
    mean = total / size if size else 6.5
    spread = squares / size - mean * mean if size else 0.0
    estimates = {}
    for seat, hand_size in enumerate(hand_sizes):
        if seat == me:
            continue
        mine = known.get(seat, ())
        unknown = max(0, hand_size - len(mine))
        fraction = (size - unknown) / (size - 1) if size > 1 else 0.0
        estimates[seat] = (sum(values[card.index] for card in mine)
                           + unknown * mean * shade,
                           unknown * max(0.0, spread) * max(0.0, fraction))
    return estimates


class CountTally:
    """What :class:`CountReader` gathers from a view's history, gathered from a Tonk state's
    own history for :meth:`GreedyAgent.choose_in` (the same moves, as actions rather than
    text). Only the new entries are read at each call; the hand is known by the last entry
    read, held here: a state whose history does not hold that very entry at that place
    (another hand, or another world sampled from an earlier point) is read afresh, or from the
    point remembered at the last fresh reading when its history holds that point's entry."""

    def __init__(self) -> None:
        self.seen = 0
        self.last: tuple[int | None, Action] | None = None
        # The history read last (to find how much of it a new one shares).
        self.history: Sequence[tuple[int | None, Action]] = ()
        self.pile: list[Card] = []
        self.known: dict[int, set[Card]] = {}
        self.shown = 0
        # What was read up to the entry before the last of a history read afresh: (entries,
        # the last of them, pile, known, shown). A search plays world after world from one
        # point of the hand, whose histories share those very entries: each is then read on
        # from there, not from the start.
        self.base: tuple[int, tuple[int | None, Action], tuple[Card, ...],
                         dict[int, frozenset[Card]], int] | None = None

    def update(self, state: State) -> None:
        """Read ``state``'s history up to now."""
        history = state.history
        seen = self.seen
        if len(history) < seen or (seen and history[seen - 1] is not self.last):
            base = self.base
            if base is not None and len(history) >= base[0] and history[base[0] - 1] is base[1]:
                seen, self.shown = base[0], base[4]
                self.pile = list(base[2])
                self.known = {seat: set(cards) for seat, cards in base[3].items()}
            else:
                seen = self.shown = 0
                self.pile, self.known = [], {}
                # Remember a point to read on from: all but the last entry, or less, where the
                # history read last parts from this one (a search's worlds share the entries
                # up to their common start, and part after it: a point past that start would
                # hold for one world only).
                point = len(history) - 1
                previous = self.history
                shared = 0
                while shared < point and shared < len(previous) \
                        and previous[shared] is history[shared]:
                    shared += 1
                if previous:
                    point = shared
                if point > 0:
                    self._read(history, 0, point)
                    seen = point
                    self.base = (seen, history[seen - 1], tuple(self.pile),
                                 {seat: frozenset(cards) for seat, cards in self.known.items()},
                                 self.shown)
        self.history = history
        if seen == len(history):
            return
        self._read(history, seen, len(history))
        self.seen = len(history)
        self.last = history[-1]

    def _read(self, history: Sequence[tuple[int | None, Action]], start: int, stop: int
              ) -> None:
        """Read the entries ``start`` to ``stop`` (not included) of ``history``."""
        known, pile, shown = self.known, self.pile, self.shown
        for index in range(start, stop):
            seat, action = history[index]
            if seat is None:
                continue
            kind = action.kind
            if kind == "discard":
                card = action.cards[0]
                pile.append(card)
                shown |= card.mask
                if seat in known:
                    known[seat].discard(card)
            elif kind == "draw":
                if action.option == "discard" and pile:
                    known.setdefault(seat, set()).add(pile.pop())
            elif kind == "spread" or kind == "hit":
                for card in action.cards:
                    shown |= card.mask
                    if seat in known:
                        known[seat].discard(card)
        self.shown = shown


def estimate_counts(view: View, values: Sequence[int], deck: Sequence[Card],
                    shade: float | None = None) -> dict[int, CountEstimate]:
    """The opponents' inferred counts from one view (:meth:`CountReader.estimates`)."""
    return CountReader(values, card_mask(deck)).estimates(view, shade)


def chance_lowest(my_count: int, estimates: dict[int, CountEstimate]) -> float:
    """The chance that every opponent's count is above ``my_count`` (a tie catches a dropper),
    each count taken as normal (with a continuity correction) and independent."""
    chance = 1.0
    for mean, variance in estimates.values():
        if variance <= 0:
            chance *= 1.0 if mean >= my_count + 1 else 0.0
            continue
        z = (my_count + 0.5 - mean) / math.sqrt(variance)
        chance *= 0.5 * math.erfc(z / math.sqrt(2))
    return chance


def _keep_masks() -> tuple[tuple[int, int, int], ...]:
    """For each standard card (by index): the other cards of its rank, the cards next to it in
    its suit and those two ranks away (no wrap): :meth:`GreedyAgent.keep_bonus` as masks."""
    masks = []
    for card in STANDARD_CARDS:
        rank = near = gap = 0
        for other in STANDARD_CARDS:
            if other is card:
                continue
            if other.rank == card.rank:
                rank |= other.mask
            elif other.suit == card.suit:
                distance = abs(_rank(other) - _rank(card))
                if distance == 1:
                    near |= other.mask
                elif distance == 2:
                    gap |= other.mask
        masks.append((rank, near, gap))
    return tuple(masks)


_KEEP = _keep_masks()
#: The index of the first joker: a hand mask shifted by it holds the jokers alone.
_JOKER_SHIFT = len(STANDARD_CARDS)


def _spread_masks() -> tuple[tuple[int, tuple[int, ...], int], ...]:
    """For each standard card (by index), what :func:`forms_spread` looks for in a hand, as
    masks: the cards of its rank; each pair of cards of its suit that makes a run with it (two
    below, one each side, two above, and Q K with an ace, the ace standing high or low); the
    cards one or two ranks from it in its suit, which a joker turns into a run."""
    def card(suit: int, rank: int) -> int:  # rank 14 is the ace high; 0 when there is none
        if rank == 14:
            rank = 1
        return 1 << 13 * suit + rank - 1 if 1 <= rank <= 13 else 0

    masks = []
    for each in STANDARD_CARDS:
        r, suit = _rank(each), each.index // 13
        same = 0
        for other in STANDARD_CARDS:
            if other.rank == each.rank:
                same |= other.mask
        near = [(r - 2, r - 1), (r - 1, r + 1), (r + 1, r + 2)]
        if r == 1:
            near.append((12, 13))
        pairs = tuple(card(suit, a) | card(suit, b) for a, b in near
                      if card(suit, a) and card(suit, b))
        # r + d names the ace high only from a queen or a king, as a set of ranks holding 14
        # beside 1 does; a rank below 1 is no card
        close = 0
        for d in (-2, -1, 1, 2):
            close |= card(suit, r + d)
        masks.append((same, pairs, close))
    return tuple(masks)


_SPREAD = _spread_masks()


def forms_spread(card: Card, hand: int) -> bool:
    """Would ``card`` complete a book or a run with the hand (a mask; jokers count as
    anything)? On masks, as a view's hand and the discard top are read at every draw
    decision of every simulated hand."""
    if card.is_joker:
        return hand.bit_count() >= 2
    jokers = hand >> _JOKER_SHIFT
    same, pairs, close = _SPREAD[card.index]
    same_rank = (hand & same).bit_count()
    if same_rank >= 2 or (same_rank and jokers):
        return True
    for pair in pairs:
        if hand & pair == pair:
            return True
    return bool(jokers and hand & close)


class GreedyAgent(Agent):
    """Spreads and hits whenever it can, keeps cards close to melds, discards its highest loose
    card, drops when its count is low relative to its estimate of the others' counts.

    It decides the same way from a view (:meth:`choose`) and, in a search's play-outs, from
    the sampled world (:meth:`choose_in`), reading there only the seat's hand, the top
    discard, the table, the hands' sizes and the history."""

    name = "greedy"

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.values = card_values(1, game.options["joker_hand_value"])
        self.hand_count = hand_counter(1, game.options["joker_hand_value"])
        self.deck = [card for card in game.deck_spec.cards]
        self.reader = CountReader(self.values, card_mask(self.deck))
        self.tally = CountTally()
        self.ace_high_bet = game.options["spades_bet_ace_high"]

    # ----- helpers ---------------------------------------------------------------------------

    def count(self, cards: Sequence[Card]) -> int:
        """Count of ``cards``."""
        values = self.values
        return sum(values[card.index] for card in cards)

    def keep_bonus(self, card: Card, hand: Sequence[Card]) -> int:
        """How close ``card`` is to a meld with the rest of ``hand``: pairs and near-runs."""
        return self._keep_bonus(card, card_mask(hand))

    @staticmethod
    def _keep_bonus(card: Card, hand: int) -> int:
        """:meth:`keep_bonus` with the hand as a mask: 6 for each other card of its rank, 4 for
        each neighbour in its suit, 2 for each card two ranks away; a joker is kept (100)."""
        if card.is_joker:
            return 100
        rank, near, gap = _KEEP[card.index]
        return (6 * (hand & rank).bit_count() + 4 * (hand & near).bit_count()
                + 2 * (hand & gap).bit_count())

    @staticmethod
    def _drop(estimates: dict[int, CountEstimate], my_count: int, explain: bool
              ) -> tuple[bool, str]:
        chance = chance_lowest(my_count, estimates)
        drop = chance >= DROP_CHANCE - DROP_CHANCE_STEP * len(estimates)
        if not explain:
            return drop, ""
        low = min((mean for mean, _ in estimates.values()), default=0.0)
        text = (f"my count {my_count}, lowest opponent estimated at {low:.0f}: "
                f"{chance:.0%} likely lowest")
        return drop, text

    # ----- choosing --------------------------------------------------------------------------

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """The greedy move (:meth:`choose_with_reason` without writing the reason: it is
        asked at every step of every simulated hand)."""
        return self._from_view(view, legal_actions, False)[0]

    def choose_with_reason(self, view: View,
                           legal_actions: Sequence[Action]) -> tuple[Action, str]:
        """The greedy move and why."""
        return self._from_view(view, legal_actions, True)

    def _from_view(self, view: View, legal_actions: Sequence[Action], explain: bool
                   ) -> tuple[Action, str]:
        hand = card_mask(view.hand)
        return self._decide(view.phase, legal_actions, hand, view.discard_top,
                            lambda: [meld for _, meld in view.table],
                            lambda: self.reader.estimates(view, hand=hand), explain)

    def choose_in(self, state: State, seat: int, legal_actions: Sequence[Action]) -> Action:
        """The greedy move in a Tonk hand, read from the state: :meth:`choose` of the seat's
        view, without building it."""
        assert isinstance(state, TonkState)
        hand = state.hands[seat]

        def estimates() -> dict[int, CountEstimate]:
            tally = self.tally
            tally.update(state)
            reader = self.reader
            return _estimates(tally.known, tally.shown, hand,
                              [other.bit_count() for other in state.hands], seat,
                              reader.values, reader.sums, reader.deck_mask, None)

        return self._decide(state.phase, legal_actions, hand, state.discard_top(),
                            lambda: [entry.meld for entry in state.table], estimates,
                            False)[0]

    def _decide(self, phase: str, legal_actions: Sequence[Action], hand: int,
                top: Card | None, table: Callable[[], Sequence[Meld]],
                estimates: Callable[[], dict[int, CountEstimate]], explain: bool
                ) -> tuple[Action, str]:
        """The greedy move from what the seat sees: the phase, its hand (a mask), the top
        discard, the table's melds and (asked only to weigh a drop) its estimates of the
        others' counts."""
        kinds: dict[str, list[Action]] = {}
        for action in legal_actions:
            group = kinds.get(action.kind)
            if group is None:
                kinds[action.kind] = [action]
            else:
                group.append(action)
        if phase == "bet":
            spades = [c for c in cards_in(hand) if c.suit == 3]
            strength = max((14 if (c.rank == 1 and self.ace_high_bet) else _rank(c)
                            for c in spades), default=0)
            if strength >= 12:
                return Action("join", "bet"), f"my highest spade is strong ({strength})"
            return Action("decline", "bet"), "my spades are too weak for the side bet"
        if phase == "respond":
            if "hit" in kinds:
                return kinds["hit"][0], "hit onto the tonker's run: aiming for a double-double"
            return kinds["pass"][0], "nothing fits the tonker's run"
        if "drop" in kinds and phase == "start":
            drop, why = self._drop(estimates(), self.hand_count(hand), explain)
            if drop:
                return kinds["drop"][0], f"drop: {why}" if explain else ""
        if phase == "start":
            return self._draw(top, hand, table, kinds, explain)
        # play: spreads first (most cards, then most count), then hits, then the discard
        if "spread" in kinds:
            best = max(kinds["spread"], key=lambda a: (len(a.cards), self.count(a.cards)))
            return best, (f"lay the spread {' '.join(c.text for c in best.cards)}"
                          if explain else "")
        values = self.values
        if "hit" in kinds:
            # (a hit that also locks the opponent likeliest to be low, among equal hits, was
            # measured and made no difference: such ties are rare)
            best = max(kinds["hit"], key=lambda a: values[a.cards[0].index])
            return best, f"hit {best.cards[0]} onto spread {best.target}" if explain else ""
        if "drop" in kinds:
            drop, why = self._drop(estimates(), self.hand_count(hand), explain)
            if drop:
                return kinds["drop"][0], f"drop: {why}" if explain else ""
        if "discard" in kinds:
            # the highest (value - keep bonus, then index), in one pass; the pair is one number
            # (the index below 64) and :meth:`_keep_bonus` is inlined: a discard is chosen at
            # every turn of every simulated hand
            best_key = -1 << 40
            thrown: Action | None = None
            keep = _KEEP
            for action in kinds["discard"]:
                card = action.cards[0]
                index = card.index
                if card.is_joker:
                    bonus = 100
                else:
                    rank, near, gap = keep[index]
                    bonus = (6 * (hand & rank).bit_count() + 4 * (hand & near).bit_count()
                             + 2 * (hand & gap).bit_count())
                key = (values[index] - bonus) * 64 + index
                if key > best_key:
                    best_key, thrown = key, action
            assert thrown is not None
            return thrown, f"discard {thrown.cards[0]}, my highest loose card" if explain else ""
        action = legal_actions[0]
        return action, "the only kind of move left"

    def _draw(self, top: Card | None, hand: int, table: Callable[[], Sequence[Meld]],
              kinds: dict[str, list[Action]], explain: bool) -> tuple[Action, str]:
        # only a card used at once: taking "close" cards lets two players swap the same
        # discards for ever (the stock never shrinks)
        draws = kinds.get("draw", ())
        if top is not None:
            for action in draws:
                if action.option == "discard":
                    if forms_spread(top, hand) or self._hits_table(top, table()):
                        return action, (f"take {top}: it makes a spread or a hit now"
                                        if explain else "")
                    break
        for action in draws:
            if action.option == "stock":
                return action, "draw from the stock: the discard does not help"
        if "draw" in kinds:
            return kinds["draw"][0], "the stock is empty: take the discard"
        return kinds["pass"][0] if "pass" in kinds else next(iter(kinds.values()))[0], \
            "nothing to draw"

    @staticmethod
    def _forms_spread(card: Card, hand: Sequence[Card]) -> bool:
        """Would ``card`` complete a book or a run with the hand (jokers count as anything)?"""
        return forms_spread(card, card_mask(hand))

    @staticmethod
    def _hits_table(card: Card, table: Iterable[Meld]) -> bool:
        for meld in table:
            reps = meld.represents
            if card.is_joker:
                return True
            if meld.kind == "set":
                if len(reps) < 4 and reps[0].rank == card.rank:
                    return True
            elif reps[0].suit == card.suit:
                low, high = _rank(reps[0]), _rank(reps[-1])
                if _rank(card) in (low - 1, high + 1):
                    return True
        return False


def greedy_agent(game: Game, seat: int, seed: int) -> Agent:
    """Factory for the ``greedy`` agent."""
    return GreedyAgent(game, seat, seed)

