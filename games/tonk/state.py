"""A hand of Tonk: the deal (§2), the turn (§3: phases A-D), spreads and hits (§4), the endings
(§5) and settlement through the ``settle_*`` hooks (§6).

Phases of this state machine (the rules' phase A "go to draw" is merged into the draws):

- ``bet``: the spades side bet (6.9), each player in deal order: ``join bet`` / ``decline bet``;
- ``start``: phase A + B: ``drop`` (unless hit-locked), ``draw stock``, ``draw discard``, and
  ``pass`` (decline the discard when the stock is empty, E7);
- ``play``: phases C + D: ``spread``, ``hit``, ``discard`` (ends phase C and the turn), and
  ``drop`` with ``drop_timing = any_time_in_own_turn``;
- ``respond``: double-double (6.8): the opponent of a tonker ``hit``\\ s onto the run(s) laid in
  the out-turn, or ``pass``.

Hands are int bitmasks (bit = card index); the stock is a list with its top card last.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from cardkit_games.tonk.spreads import (
    BOOK,
    JOKER_CARDS,
    RUN,
    Spread,
    formable_spreads,
    hit_identities,
    make_spread,
    natural_spreads,
    usable_this_turn,
)

from cardkit.actions import Action
from cardkit.cards import ALL_CARDS, Card, CardSet, cards_of_mask
from cardkit.deck import derive_seed
from cardkit.results import Result, Transfer
from cardkit.state import Phase, State
from cardkit.views import View

__all__ = ["TonkState", "card_values", "hand_count"]

DROP = Action("drop")
DRAW_STOCK = Action("draw", "stock")
DRAW_DISCARD = Action("draw", "discard")
PASS = Action("pass")
JOIN_BET = Action("join", "bet")
DECLINE_BET = Action("decline", "bet")
DISCARD = tuple(Action("discard", cards=(card,)) for card in ALL_CARDS)

_SPREAD_ACTIONS: dict[Any, Action] = {}
_HIT_ACTIONS: dict[tuple[int, int, int], Action] = {}
_VALUES: dict[tuple[int, int], tuple[int, ...]] = {}


def card_values(ace: int = 1, joker: int = 0) -> tuple[int, ...]:
    """Count value of each card index (§1: A = ``ace``, 2-10 face, J Q K = 10, joker =
    ``joker``)."""
    key = (ace, joker)
    values = _VALUES.get(key)
    if values is None:
        values = tuple(
            joker if i >= 52 else (ace if i % 13 == 0 else min(i % 13 + 1, 10)) for i in range(54)
        )
        _VALUES[key] = values
    return values


def hand_count(mask: int, values: tuple[int, ...]) -> int:
    """The count of the hand ``mask`` (§0: sum of the values of the cards held)."""
    total = 0
    while mask:
        low = mask & -mask
        total += values[low.bit_length() - 1]
        mask ^= low
    return total


def _spread_action(cards: tuple[Card, ...], declared: tuple[tuple[Card, Card], ...]) -> Action:
    key = (tuple(c.index for c in cards), tuple((w.index, i.index) for w, i in declared))
    action = _SPREAD_ACTIONS.get(key)
    if action is None:
        if len(_SPREAD_ACTIONS) > 200_000:
            _SPREAD_ACTIONS.clear()
        action = _SPREAD_ACTIONS[key] = Action("spread", cards=cards, declared=declared)
    return action


def _natural_spread_action(mask: int) -> Action:
    action = _SPREAD_ACTIONS.get(mask)
    if action is None:
        if len(_SPREAD_ACTIONS) > 200_000:
            _SPREAD_ACTIONS.clear()
        action = _SPREAD_ACTIONS[mask] = Action("spread", cards=tuple(cards_of_mask(mask)))
    return action


def _hit_action(card: Card, target: int, identity: Card) -> Action:
    key = (card.index, target, identity.index)
    action = _HIT_ACTIONS.get(key)
    if action is None:
        declared = ((card, identity),) if card is not identity else ()
        action = _HIT_ACTIONS[key] = Action("hit", cards=(card,), target=target,
                                            declared=declared)
    return action


def seat_name(seat: int) -> str:
    """How summaries name a seat."""
    return f"seat {seat}"


class TonkState(State):
    """One hand of Tonk (rules §2-§6). See the module docstring for the phases."""

    PHASES: ClassVar[Mapping[str, Phase]] = {
        "bet": Phase("bet", {"join", "decline"}, "join or decline the spades side bet",
                     "first decide on the spades side bet: join bet or decline bet"),
        "start": Phase("start", {"drop", "draw", "pass"},
                       "drop, or draw from the stock or the discard pile",
                       "you must draw first (or drop): draw stock or draw discard"),
        "play": Phase("play", {"spread", "hit", "discard", "drop"},
                      "spread, hit, or discard to end your turn",
                      "you have drawn already: spread, hit, or discard"),
        "respond": Phase("respond", {"hit", "pass"},
                         "double-double: hit your cards onto the tonker's new run(s), or pass",
                         "the hand is over except for the double-double: hit or pass"),
    }
    ALIASES: ClassVar[Mapping[str, str]] = {"take discard": "draw discard",
                                            "take stock": "draw stock", "knock": "drop"}

    # ----- §2 setup and deal --------------------------------------------------------------------

    def setup(self, deck: list[Card]) -> None:
        """§2.2-2.7: deal ``hand_size`` cards one at a time from the dealer's left, the up-card,
        the stock; then the side bet (6.9) and the deal check (E1/E2), or the first turn."""
        options = self.options
        players = self.players
        size = options["hand_size"]
        self.first_seat = (self.context.dealer + 1) % players
        self.hands = [0] * players
        for position in range(size * players):
            seat = (self.first_seat + position) % players
            self.hands[seat] |= deck[position].mask
        rest = deck[size * players:]
        self.discards: list[Card] = []
        # §4 completed_book_to_discard: completed books lie face down *under* the pile; they are
        # the bottom ``buried`` cards of ``discards`` and are never the visible, takeable top
        self.buried = 0
        if options["initial_discard"]:
            self.discards.append(rest.pop(0))
        rest.reverse()
        self.stock: list[Card] = rest  # top card last
        self.values = card_values(1, options["joker_hand_value"])
        self.high_ace = options["ace_in_runs"] == "high_or_low"
        self.wild = options["jokers"] > 0
        deal_values = card_values(options["initial_count_ace_value"], options["joker_hand_value"])
        self.dealt = tuple(self.hands)
        self.dealt_counts = tuple(hand_count(hand, deal_values) for hand in self.hands)
        self.table: list[Spread] = []
        self.locks = [0] * players
        self.had_turn = [False] * players
        self.ever_melded = [False] * players
        self.public_mask = 0  # cards every seat has seen (discards, taken discards, revealed)
        for card in self.discards:
            self.public_mask |= card.mask
        self.log: list[tuple[int | None, str]] = []
        self.turns = 0
        self.reshuffles = 0
        self.books_to_pile = 0
        self.locked = False
        self.taken: Card | None = None
        self.must_use = False
        self.hits_this_turn = 0
        self.victims = 0
        self.new_spreads = 0
        self.new_runs: list[int] = []
        self.turn_start_size = 0
        self.melded_before = False
        self.tonker: int | None = None
        self.bet_joiners: list[int] = []
        self.bet_decided = 0
        self.bet_spades: dict[int, Card | None] = {}
        self.bet_transfers: list[Transfer] = []
        self.bet_winner: int | None = None
        self.events: list[str] = []
        if options["spades_side_bet"]:
            self.phase = "bet"
            self.current_player = self.first_seat
        else:
            self._after_deal()

    def _after_deal(self) -> None:
        """§2.6: the deal check (E1 one qualifier, E2 two or more), else the first turn."""
        qualifiers = self.game.hooks.deal_check(self.options, self.dealt_counts)
        if len(qualifiers) == 1:
            seat, multiplier, why = qualifiers[0]
            transfers = self.game.hooks.settle_initial_win(self.options, self.players, seat,
                                                           multiplier, why)
            self._end("initial_win", (seat,), transfers,
                      f"{seat_name(seat)} was dealt {why} and wins at once (E1)")
        elif len(qualifiers) > 1:
            seats = ", ".join(f"{seat_name(s)} ({why})" for s, _, why in qualifiers)
            self._end("void_deal", (), self.game.hooks.settle_void_deal(self.options,
                                                                       self.players),
                      f"two or more players qualified at the deal: {seats}; void deal (E2)")
        else:
            self._start_turn(self.first_seat)

    # ----- §3 turn structure --------------------------------------------------------------------

    def _start_turn(self, seat: int) -> None:
        """Phase A: E3 (a dealt 49 wins when its first turn starts), the turn cap, the drop lock
        (consumed one per turn), a reshuffle if needed; then the draw."""
        options = self.options
        self.current_player = seat
        if (options["initial_tonk_mode"] == "50_auto_49_in_turn" and not self.had_turn[seat]
                and self.dealt_counts[seat] == 49):
            transfers = self.game.hooks.settle_initial_win(
                options, self.players, seat, options["initial_49_multiplier"], "49")
            self._end("initial_win", (seat,), transfers,
                      f"{seat_name(seat)} was dealt 49 and wins as the first turn starts (E3)")
            return
        self.had_turn[seat] = True
        self.turns += 1
        cap = options["turn_cap"]
        if cap is not None and self.turns > cap:
            self._stock_out(f"the turn cap of {cap} turns was reached")
            return
        lock = self.locks[seat]
        self.locked = lock > 0
        if self.locked:
            self.locks[seat] = lock - 1
        self.taken = None
        self.must_use = False
        self.hits_this_turn = 0
        self.victims = 0
        self.new_spreads = 0
        self.new_runs = []
        self.turn_start_size = self.hands[seat].bit_count()
        self.melded_before = self.ever_melded[seat]
        if not self.stock:
            mode = options["stock_exhaustion"]
            if mode == "reshuffle" and len(self.discards) > self._visible_top_count():
                self._reshuffle()
            elif mode == "end_after_last_draw_turn":  # not reached: the hand ended already
                self._stock_out("the stock is empty")
                return
        self.phase = "start"

    def _visible_top_count(self) -> int:
        """1 if the discard pile shows a face-up top card, else 0 (empty, or only face-down
        completed books under it, §4)."""
        return 1 if len(self.discards) > self.buried else 0

    def discard_top(self) -> Card | None:
        """The visible, takeable top of the discard pile (§2: only the top card is visible; §4:
        books put under the pile face down never are)."""
        return self.discards[-1] if len(self.discards) > self.buried else None

    def _reshuffle(self) -> None:
        """E7 ``reshuffle`` (§9.10): every discard but the visible top card (face-down books
        included), shuffled, becomes the stock; the top card stays in place."""
        keep = self._visible_top_count()
        pile = self.discards[:len(self.discards) - keep]
        self.reshuffles += 1
        random.Random(derive_seed(self.seed, "reshuffle", self.reshuffles)).shuffle(pile)
        self.stock = pile
        # the reshuffled cards were seen, but where each one is now (stock or, once drawn, a
        # hand) is unknown to everyone: they are hidden again (``hidden_cards``, ``determinize``)
        for card in pile:
            self.public_mask &= ~card.mask
        self.discards = self.discards[len(self.discards) - keep:]
        self.buried = 0
        self.events.append(f"reshuffle {self.reshuffles} before turn {self.turns}")

    def _usable(self, card: Card, hand: int, spreads: list[Spread], hits_made: int) -> bool:
        """§3 B ``discard_pickup_must_meld``: can ``card`` (in ``hand``) still be used in a new
        spread or a hit this turn, with ``spreads`` on the table and ``hits_made`` hits made?"""
        cap = self.options["max_hits_per_turn"]
        hits_left = len(ALL_CARDS) if cap is None else cap - hits_made
        return usable_this_turn(card, hand, spreads, hits_left, self.high_ace, self.wild,
                                self.options["hit_targets"] != "runs_only")

    def _keeps_taken_usable(self, seat: int, hand: int, action: Action) -> bool:
        """While the taken discard is unused, a spread or hit is legal only if the taken card
        can still be used afterwards (so the player can never strand it, §3 B)."""
        taken = self.taken
        if taken in action.cards:
            return True
        if action.kind == "spread":
            rest = hand
            for card in action.cards:
                rest &= ~card.mask
            return self._usable(taken, rest, [*self.table, make_spread(seat, action)],
                                self.hits_this_turn)
        card = action.cards[0]
        index = action.target - 1
        grown = self.table[index].copy()
        grown.add(card, action.declared_as(card))
        spreads = list(self.table)
        spreads[index] = grown
        return self._usable(taken, hand & ~card.mask, spreads, self.hits_this_turn + 1)

    def _meld_actions(self, hand: int) -> list[Action]:
        """Every spread and hit the hand can make now (before the taken-card rule)."""
        actions = self._spread_actions(hand)
        if self.table and self._hits_allowed():
            cards = cards_of_mask(hand)
            for index in range(len(self.table)):
                for card in cards:
                    for identity in self._hit_targets(card, index):
                        actions.append(_hit_action(card, index + 1, identity))
        return actions

    def _hits_allowed(self) -> bool:
        cap = self.options["max_hits_per_turn"]
        return cap is None or self.hits_this_turn < cap

    def _hit_targets(self, card: Card, index: int) -> list[Card]:
        spread = self.table[index]
        if spread.kind == BOOK and self.options["hit_targets"] == "runs_only":
            return []
        return hit_identities(card, spread, self.high_ace)

    def _spread_actions(self, hand: int) -> list[Action]:
        if self.wild and hand & (JOKER_CARDS[0].mask | JOKER_CARDS[1].mask):
            return [_spread_action(cards, declared)
                    for cards, declared in formable_spreads(hand, self.high_ace, True)]
        return [_natural_spread_action(mask) for mask in natural_spreads(hand, self.high_ace)]

    def blocking_spread(self, hand: int) -> Action | None:
        """``must_spread``: a spread the hand still holds that is not an all-ace book (§3 C)."""
        for action in self._spread_actions(hand):
            if not all(action.declared_as(card).rank == 1 for card in action.cards):
                return action
        return None

    def _discard_blocked_by_taken(self, hand: int, card: Card) -> bool:
        # the return-discard rule yields when the taken card is the only card left: the player
        # must discard something (implementation choice, documented in rules notes)
        return (card is self.taken and not self.options["return_discard_allowed"]
                and hand != card.mask)

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        seat = self.current_player
        if phase == "start":
            actions = [] if self.locked else [DROP]
            if self.stock:
                actions.append(DRAW_STOCK)
            top = self.discard_top()
            if top is not None and (not self.options["discard_pickup_must_meld"]
                                    or self._usable(top, self.hands[seat] | top.mask,
                                                    self.table, 0)):
                actions.append(DRAW_DISCARD)
            if not self.stock:
                actions.append(PASS)
            return actions
        if phase == "play":
            hand = self.hands[seat]
            options = self.options
            actions = self._meld_actions(hand)
            if self.must_use:
                # §3 B: no discard until the taken card is used, and no move that strands it
                actions = [a for a in actions if self._keeps_taken_usable(seat, hand, a)]
            elif not (options["must_spread"] and actions and self.blocking_spread(hand)):
                for card in cards_of_mask(hand):
                    if not self._discard_blocked_by_taken(hand, card):
                        actions.append(DISCARD[card.index])
            if options["drop_timing"] == "any_time_in_own_turn" and not self.locked:
                actions.append(DROP)
            return actions
        if phase == "bet":
            return [JOIN_BET, DECLINE_BET]
        if phase == "respond":
            return [*self._respond_hits(), PASS]
        return []

    def _respond_hits(self) -> list[Action]:
        actions = []
        for card in cards_of_mask(self.hands[self.current_player]):
            for index in self.new_runs:
                for identity in hit_identities(card, self.table[index], self.high_ace):
                    actions.append(_hit_action(card, index + 1, identity))
        return actions

    def why_illegal(self, action: Action) -> str | None:
        """A precise reason for refusing ``action`` (of a kind the phase accepts)."""
        seat = self.current_player
        hand = self.hands[seat] if seat is not None else 0
        kind = action.kind
        for card in action.cards:
            if not hand & card.mask and kind != "draw":
                return f"you do not hold {card}"
        if kind == "drop":
            if self.locked:
                return ("you are hit-locked this turn (a player hit your spreads): you cannot "
                        f"drop; {self.locks[seat]} more locked turn(s) to come")
            if self.phase == "play":
                return "you may drop only at the start of your turn, before drawing"
        if kind == "draw":
            if action.option == "stock" and not self.stock:
                return "the stock is empty"
            if action.option == "discard":
                if self.discard_top() is None:
                    return "the discard pile is empty"
                return (f"discard_pickup_must_meld: you may take {self.discard_top()} only if "
                        "you can use it in a spread or a hit this turn, and none of your spreads "
                        "or hits can")
            return "draw stock or draw discard"
        if kind == "pass" and self.phase == "start":
            return "you may pass only when the stock is empty: draw from the stock"
        if kind in ("join", "decline"):
            return "write join bet or decline bet"
        if self.phase == "play" and self.must_use:
            taken = self.taken
            if kind == "discard":
                return f"you must use the card you took ({taken}) in a spread or a hit first"
            if kind in ("spread", "hit") and action in self._meld_actions(hand):
                return (f"'{action}' would leave the card you took ({taken}) with no spread or "
                        "hit this turn: use it first, or play in another order")
        if kind == "discard":
            if len(action.cards) != 1:
                return "discard exactly one card"
            if action.card is self.taken:
                return "you may not discard the card you just took from the discard pile"
            blocking = self.blocking_spread(hand) if self.options["must_spread"] else None
            if blocking is not None:
                shown = " ".join(map(str, blocking.cards))
                return (f"must_spread: your hand still holds a spread ({shown}); lay it before "
                        "you discard")
        if kind == "hit":
            if len(action.cards) != 1 or action.target is None:
                return "write hit <card> <spread number>, e.g. hit 4C 1"
            if not 1 <= action.target <= len(self.table):
                return f"there is no spread number {action.target} on the table"
            if self.phase == "respond" and action.target - 1 not in self.new_runs:
                return "in a double-double you may hit only the run(s) the tonker just laid"
            spread = self.table[action.target - 1]
            if self.phase == "play":
                if spread.kind == BOOK and self.options["hit_targets"] == "runs_only":
                    return "only runs may be hit (hit_targets = runs_only)"
                if not self._hits_allowed():
                    return f"you may make at most {self.options['max_hits_per_turn']} hit(s) a turn"
            return f"{action.card} does not fit spread {action.target} ({spread.text()})"
        if kind == "spread":
            return "those cards do not form a spread (a book of 3-4 or a run of 3+ in one suit)"
        return None

    def _apply(self, action: Action) -> None:
        seat = self.current_player
        self.log.append((seat, str(action)))
        kind = action.kind
        phase = self.phase
        if phase == "start":
            if kind == "draw":
                if action.option == "stock":
                    card = self.stock.pop()
                else:
                    card = self.discards.pop()
                    self.taken = card
                    self.must_use = self.options["discard_pickup_must_meld"]
                self.hands[seat] |= card.mask
                self.phase = "play"
            elif kind == "drop":
                self._drop(seat)
            else:  # pass: the discard is declined with an empty stock (E7)
                self._stock_out(f"{seat_name(seat)} declined the discard with the stock empty")
            return
        if phase == "play":
            if kind == "discard":
                card = action.cards[0]
                self.hands[seat] &= ~card.mask
                self.discards.append(card)
                self.public_mask |= card.mask
                if not self.hands[seat]:
                    transfers = self.game.hooks.settle_out_by_discard(self.options, self.players,
                                                                      seat)
                    self._end("out_by_discard", (seat,), transfers,
                              f"{seat_name(seat)} went out by discarding {card} (E5)")
                elif not self.stock and (self.options["stock_exhaustion"]
                                         == "end_after_last_draw_turn"):
                    self._stock_out("the last stock card was drawn and the turn is over")
                else:
                    self._start_turn((seat + 1) % self.players)
            elif kind == "spread":
                self._lay(seat, action)
            elif kind == "hit":
                self._hit(seat, action)
            else:
                self._drop(seat)
            return
        if phase == "bet":
            if kind == "join":
                self.bet_joiners.append(seat)
            self.bet_decided += 1
            if self.bet_decided < self.players:
                self.current_player = (seat + 1) % self.players
            else:
                self._settle_side_bet()
            return
        # respond (6.8)
        if kind == "pass":
            self._tonk_paid(self.tonker)
            return
        card = action.cards[0]
        identity = action.declared_as(card)
        self.table[action.target - 1].add(card, identity)
        self.hands[seat] &= ~card.mask
        if not self.hands[seat]:
            tonker = self.tonker
            transfers = self.game.hooks.settle_double_double(self.options, tonker, seat)
            self._end("double_double", (transfers[0].payee,), transfers,
                      f"{seat_name(seat)} hit every card onto {seat_name(tonker)}'s new run: "
                      "double-double (E8)")
        elif not self._respond_hits():
            self._tonk_paid(self.tonker)

    def _lay(self, seat: int, action: Action) -> None:
        """§3 C ``lay_spread`` (and §4 completed books)."""
        for card in action.cards:
            self.hands[seat] &= ~card.mask
        spread = make_spread(seat, action)
        self.table.append(spread)
        self.new_spreads += 1
        self.ever_melded[seat] = True
        if self.taken is not None and self.taken in action.cards:
            self.must_use = False
        if spread.kind == RUN:
            self.new_runs.append(len(self.table) - 1)
        elif len(spread.cards) == 4:
            self._book_to_pile(len(self.table) - 1)
        self._after_meld(seat)

    def _hit(self, seat: int, action: Action) -> None:
        """§3 C ``hit``: the card joins the spread and its owner's drop lock grows."""
        card = action.cards[0]
        index = action.target - 1
        spread = self.table[index]
        identity = action.declared_as(card)
        spread.add(card, identity)
        self.hands[seat] &= ~card.mask
        self.hits_this_turn += 1
        self.ever_melded[seat] = True
        if card is self.taken:
            self.must_use = False
        owner = spread.owner
        penalty = self.options["hit_penalty_turns"]
        if owner != seat and penalty:
            if self.options["hit_penalty_counting"] == "per_card":
                self.locks[owner] += penalty
            elif not self.victims >> owner & 1:
                self.victims |= 1 << owner
                self.locks[owner] += penalty
        if spread.kind == BOOK and len(spread.cards) == 4:
            self._book_to_pile(index)
        self._after_meld(seat)

    def _book_to_pile(self, index: int) -> None:
        """``completed_book_to_discard``: a 4-card book goes face down under the discard pile."""
        if not self.options["completed_book_to_discard"]:
            return
        spread = self.table.pop(index)
        self.discards[0:0] = spread.cards
        self.buried += len(spread.cards)
        self.books_to_pile += 1
        self.new_runs = [i - 1 if i > index else i for i in self.new_runs]

    def _after_meld(self, seat: int) -> None:
        """E4: an empty hand in phase C is a tonk (then maybe a double-double, 6.8)."""
        if self.hands[seat]:
            return
        self.tonker = seat
        if self.options["double_double"] and self.players == 2 and self.new_runs:
            self.current_player = 1 - seat
            if self._respond_hits():
                self.phase = "respond"
                return
        self._tonk_paid(seat)

    def _tonk_qualifies(self) -> bool:
        condition = self.options["tonk_double_condition"]
        if condition == "any":
            return True
        if condition == "new_spread":
            return self.new_spreads > 0
        return not self.melded_before and self.turn_start_size == self.options["hand_size"]

    def _tonk_paid(self, seat: int) -> None:
        qualifies = self._tonk_qualifies()
        transfers = self.game.hooks.settle_tonk(self.options, self.players, seat, qualifies)
        how = "double" if qualifies else "single"
        self._end("tonk", (seat,), transfers,
                  f"{seat_name(seat)} emptied the hand by spreads and hits: tonk, paid {how} (E4)")

    def _drop(self, seat: int) -> None:
        counts = self.counts()
        ending, winners, transfers = self.game.hooks.settle_drop(self.options, self.players,
                                                                 seat, counts)
        if ending == "drop":
            why = f"{seat_name(seat)} dropped with {counts[seat]} and was lowest: drop won (E6)"
        else:
            low = ", ".join(f"{seat_name(w)} with {counts[w]}" for w in winners)
            why = f"{seat_name(seat)} dropped with {counts[seat]} and was caught by {low} (E6)"
        self._end(ending, winners, transfers, why, dropper=seat)

    def _stock_out(self, why: str) -> None:
        counts = self.counts()
        winners, transfers = self.game.hooks.settle_stock_out(self.options, self.players, counts)
        tail = "lowest count wins" if len(winners) == 1 else (
            "tie for lowest: draw" if not winners else "tie for lowest: all tied are paid")
        self._end("stock_out", winners, transfers, f"{why}: hands compared, {tail} (E7)")

    def _settle_side_bet(self) -> None:
        """6.9: joiners reveal their highest spade; the highest takes the side pot."""
        ace_high = self.options["spades_bet_ace_high"]
        from cardkit_games.tonk.settlement import spade_strength

        for seat in self.bet_joiners if len(self.bet_joiners) > 1 else ():
            spades = [c for c in cards_of_mask(self.hands[seat]) if c.suit == 3]
            best = max(spades, key=lambda c: spade_strength(c, ace_high), default=None)
            self.bet_spades[seat] = best
            if best is not None:
                self.public_mask |= best.mask
        self.bet_winner, self.bet_transfers = self.game.hooks.settle_side_bet(
            self.options, self.bet_joiners, self.bet_spades)
        self._after_deal()

    # ----- the end of the hand ------------------------------------------------------------------

    def counts(self) -> list[int]:
        """Every seat's count now (§0; laid cards never count)."""
        return [hand_count(hand, self.values) for hand in self.hands]

    def _end(self, ending: str, winners: Iterable[int], transfers: list[Transfer], why: str,
             dropper: int | None = None) -> None:
        counts = self.counts()
        all_transfers = [*transfers, *self.bet_transfers]
        details: dict[str, Any] = {
            "explanation": why,
            "counts": counts,
            "dealt_counts": list(self.dealt_counts),
            "revealed": [[c.text for c in sorted(cards_of_mask(h), key=lambda c: c.sort_key)]
                         for h in self.hands],
            "table": [{"owner": s.owner, "kind": s.kind, "cards": s.text()} for s in self.table],
            "drop_locks": list(self.locks),
            "turns": self.turns,
        }
        if dropper is not None:
            details["dropper"] = dropper
        if self.options["spades_side_bet"]:
            details["side_bet"] = {
                "joiners": list(self.bet_joiners),
                "spades": {str(s): (c.text if c else None) for s, c in self.bet_spades.items()},
                "winner": self.bet_winner,
            }
        if self.events:
            details["events"] = list(self.events)
        payments = ", ".join(f"{seat_name(t.payer)} pays {seat_name(t.payee)} {t.amount:g}"
                             for t in transfers) or "no payments"
        summary = f"{why}: {payments}"
        if self.bet_transfers:
            summary += f"; side bet won by {seat_name(self.bet_winner)}"
        self.result = Result.from_transfers(ending, self.players, all_transfers, winners,
                                            details, summary)
        self.current_player = None
        self.phase = "over"

    # ----- what each seat sees ------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """The seat's hand and the public table: spreads with owners, the discard top, hand
        sizes, drop locks, the side bet's revealed spades; every hand once the hand is over."""
        over = self.result is not None
        revealed: dict[int, tuple[Card, ...]] = {}
        if over:
            revealed = {s: tuple(cards_of_mask(h)) for s, h in enumerate(self.hands) if s != seat}
        info: dict[str, Any] = {
            "drop_locks": tuple(self.locks),
            "locked": self.locked,
            "hits_this_turn": self.hits_this_turn,
            "taken_from_discard": self.taken,
            "turns": self.turns,
        }
        if self.options["spades_side_bet"] and self.phase != "bet":
            info["side_bet_spades"] = dict(self.bet_spades)
        return View(
            game=self.game.name, seat=seat, players=self.players, phase=self.phase,
            current_player=self.current_player, hand=tuple(cards_of_mask(self.hands[seat])),
            hand_sizes=tuple(h.bit_count() for h in self.hands), stock_size=len(self.stock),
            discard_top=self.discard_top(),
            table=tuple((s.owner, s.meld()) for s in self.table),
            scores=self.context.totals, history=tuple(self.log), dealer=self.context.dealer,
            revealed=revealed, info=info, result=self.result,
        )

    def public_history(self) -> tuple[tuple[int | None, str], ...]:
        """The public log (kept as the hand is played, so views stay cheap)."""
        return tuple(self.log)

    def hidden_cards(self, seat: int) -> CardSet:
        """Other seats' hands and the stock, except cards everyone has seen (discards, taken
        discards, the side bet's revealed spades); only the stock once the hand is over. (What
        a joker is declared to be names a card without showing it.)"""
        stock = 0
        for card in self.stock:
            stock |= card.mask
        if self.result is not None:
            return CardSet.from_mask(stock & ~self.public_mask)
        others = 0
        for other, hand in enumerate(self.hands):
            if other != seat:
                others |= hand
        return CardSet.from_mask((others | stock) & ~self.public_mask)

    def determinize(self, seat: int, rng: random.Random) -> TonkState:
        """A copy in which the cards hidden from ``seat`` are dealt again at random among the
        places they occupy: each other hand keeps its public cards (taken discards, a revealed
        spade) and its number of hidden ones, the stock its length. Data derived from the hidden
        cards is made to match the new deal: the dealt hands and counts of seats that have not
        played yet (the deal check E1/E2 and E3 read them), the legal-action caches, and the
        reshuffle seed (so the order of a future reshuffle is not known either)."""
        copy = self.clone()
        copy._legal = None
        copy._legal_set = None
        if self.options["stock_exhaustion"] == "reshuffle":
            copy.seed = rng.getrandbits(62)
        hidden = self.hidden_cards(seat).mask
        if not hidden:
            return copy
        cards = cards_of_mask(hidden)
        deal_values = card_values(self.options["initial_count_ace_value"],
                                  self.options["joker_hand_value"])
        # A running hand had no winner at the deal (E1/E2): a sample in which a seat that has
        # not played yet would have qualified is not a possible world, so deal again.
        for _attempt in range(50):
            rng.shuffle(cards)
            hands = self._redeal_hands(hidden, cards)
            fresh = [other for other in range(self.players)
                     if other != seat and not self.had_turn[other]]
            counts = [hand_count(hands[other], deal_values) for other in range(self.players)]
            if self.result is not None or not any(
                    qualifier[0] in fresh
                    for qualifier in self.game.hooks.deal_check(self.options, counts)):
                break
        copy.hands = hands
        stock = copy.stock
        position = sum((hand & hidden).bit_count() for hand in self.hands)
        for index, card in enumerate(stock):
            if card.mask & hidden:
                stock[index] = cards[position]
                position += 1
        # What the others were dealt is not known to ``seat``: the copy keeps their present
        # hands there (a seat that has not played yet still holds its dealt hand; E3 reads it).
        copy.dealt = tuple(self.dealt[other] if other == seat else hands[other]
                           for other in range(self.players))
        copy.dealt_counts = tuple(self.dealt_counts[other] if other == seat else counts[other]
                                  for other in range(self.players))
        return copy

    def _redeal_hands(self, hidden: int, cards: list[Card]) -> list[int]:
        """The hands with their hidden cards replaced, in seat order, from ``cards``."""
        hands = list(self.hands)
        position = 0
        for other, hand in enumerate(hands):
            held = hand & hidden
            if held:
                count = held.bit_count()
                dealt = 0
                for card in cards[position:position + count]:
                    dealt |= card.mask
                hands[other] = hand & ~hidden | dealt
                position += count
        return hands

    def zones(self) -> Mapping[str, Iterable[Card]]:
        """Every card: hands, stock, discard pile (with books under it), table spreads."""
        zones: dict[str, Iterable[Card]] = {f"hand {s}": cards_of_mask(h)
                                            for s, h in enumerate(self.hands)}
        zones["stock"] = self.stock
        zones["discard pile"] = self.discards
        zones["table"] = [card for spread in self.table for card in spread.cards]
        return zones
