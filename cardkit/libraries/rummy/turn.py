"""The standard rummy turn: draw (the stock, or the pile by a declared rule), meld and lay off,
discard; going out and the end of the stock settled by the game's hooks.

A game subclasses :class:`RummyState`, says how it plays in :meth:`RummyState.turn_rules` (a
:class:`TurnRules` from its options) and declares two hooks, ``went_out(state, seat)`` and
``stock_out(state)``, each returning the hand's :class:`~cardkit.results.Result`. Everything
else -- the deal, both phases with their moves and refusals, the table, the pile, the
obligation to use a card taken from it, views, hidden cards and re-deals (it is a
:class:`~cardkit.zones.ZonedState`) -- is here. The moves:

- ``draw`` phase: ``draw stock``; a pickup under the declared :class:`~cardkit.rummy.Pickup`
  (``draw discard``, or ``take 7H`` for the pile down to 7H), offered only when it can be
  honoured; ``pass`` once the stock is out, where the pile may still be taken;
- ``play`` phase: ``meld CARDS``, ``lay CARD N`` (``lay low AH 3`` / ``lay high AH 3`` when
  the card fits both ends), ``discard CARD``.

While a card taken from the pile must still be used, the discards are refused ("you must meld
7H, taken from the pile, before you discard") and so is every meld or lay-off after which it
could no longer be used: the engine never offers a move that leads to a dead end. A hand also
never empties where the game wants a last discard (``discard_to_go_out``), and a player who
may not discard the card just taken always keeps another.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from cardkit.engine.phases import Phase, phases
from cardkit.libraries.melds import DEFAULT_RULES, MeldRules, classify, layoff_positions
from cardkit.libraries.rummy.moves import (
    LAY,
    MELD,
    MayLayOn,
    apply_lay_off,
    apply_meld,
    lay_off_actions,
    meld_actions,
    owned_by,
    usable,
)
from cardkit.libraries.rummy.pickups import TAKE, TOP_CARD, Pickup, PickupChoice, pickup_choices
from cardkit.libraries.rummy.table import Table
from cardkit.libraries.zones import ZonedState, Zones
from cardkit.values.actions import Action
from cardkit.values.cards import Card, CardSet

__all__ = ["DRAW_STOCK", "PASS", "RummyState", "TurnRules"]

DRAW_STOCK = Action("draw", "stock")
PASS = Action("pass")

_LAY_OFF = ("anyone", "own", "none")
_STOCK_OUT = ("end", "pile")


@attrs.frozen
class TurnRules:
    """How a game plays the standard turn:

    - ``hand_size``: cards dealt to each player; ``upcard``: a card turned to start the pile;
    - ``pickup``: what may be taken from the pile (:class:`~cardkit.rummy.Pickup`);
    - ``lay_off``: on whose melds a player may lay off: ``anyone``, ``own`` or ``none``;
    - ``discard_to_go_out``: a player goes out only by a last discard (never by melding the
      last card);
    - ``stock_out``: when the player to draw finds the stock empty: ``end`` (the hand ends,
      the ``stock_out`` hook) or ``pile`` (the player may still take from the pile, every card
      so taken then being one to use that turn, or ``pass``, which ends the hand).
    """

    hand_size: int = 7
    upcard: bool = True
    pickup: Pickup = TOP_CARD
    lay_off: str = "anyone"
    discard_to_go_out: bool = False
    stock_out: str = "end"

    def __attrs_post_init__(self) -> None:
        if self.lay_off not in _LAY_OFF:
            raise ValueError(f"TurnRules.lay_off is one of {_LAY_OFF}, not {self.lay_off!r}")
        if self.stock_out not in _STOCK_OUT:
            raise ValueError(f"TurnRules.stock_out is one of {_STOCK_OUT}, not "
                             f"{self.stock_out!r}")
        if self.hand_size < 1:
            raise ValueError("TurnRules.hand_size must be at least 1")


# ----- the draw phase -----------------------------------------------------------------------------


def draw_legal(state: RummyState) -> list[Action]:
    """The stock's top card, every pickup the player can honour, and ``pass`` once the stock
    is out."""
    actions = [DRAW_STOCK] if state.stock else []
    actions += [choice.action for choice in state.pickups()]
    if not state.stock:
        actions.append(PASS)
    return actions


def draw_why_illegal(state: RummyState, action: Action) -> str | None:
    """Why a draw is refused: an empty stock, a card not in the pile, a pickup that could not
    be honoured."""
    if action.option == "stock":
        return "the stock is empty: take from the discard pile or pass" if not state.stock \
            else None
    if action.kind == "pass":
        return "you may pass only once the stock is out" if state.stock else None
    rule = state.turn.pickup
    wrong_words = (action.kind == TAKE and rule.depth == "top") or (
        action.kind == "draw" and action.option == "discard" and rule.depth == "any")
    if wrong_words:
        word = "draw discard" if rule.depth == "top" else "take CARD (the pile down to it)"
        return f"to take from the discard pile say {word}"
    if not state.discards:
        return "the discard pile is empty"
    if action.kind == TAKE and len(action.cards) == 1 and action.card not in state.discards:
        return f"{action.card} is not in the discard pile"
    card = action.cards[0] if action.cards else state.discards[-1]
    return f"you may take {card} only if you can meld it this turn"


def draw_apply(state: RummyState, action: Action) -> None:
    """Take the card(s) into the hand; a pickup is seen by everyone and may leave a card to use;
    ``pass`` ends the hand."""
    seat = state.seat_to_play
    if action.kind == "pass":
        state.finish(state.game.hooks.stock_out(state))
        return
    if action.option == "stock":
        card = state.stock.pop()
        state.hands[seat] = state.hands[seat].add(card)
        state.must_use = state.taken = None
    else:
        choice = next(c for c in state.pickups() if c.action == action)
        taken = CardSet(choice.taken)
        beyond = tuple(card for card in choice.taken if card not in action.cards)
        if beyond:
            state.reveal(*beyond)  # the move shows the cards taken that it does not name
        del state.discards[len(state.discards) - len(choice.taken):]
        state.hands[seat] = state.hands[seat] | taken
        state.seen = state.seen | taken
        state.must_use = choice.obligation
        # a card that must be melded is used before any discard: no further rule is needed
        free = state.turn.pickup.discard_taken or choice.obligation is not None
        state.taken = None if free else choice.taken[0]
    state.enter("play")


# ----- the play phase -----------------------------------------------------------------------------


def play_legal(state: RummyState) -> list[Action]:
    """Every meld and lay-off that leaves the turn a way to end, then (once any card taken from
    the pile is used) every discard."""
    seat = state.seat_to_play
    hand = state.hands[seat]
    rules = state.meld_rules
    moves = meld_actions(hand, rules) + lay_off_actions(hand, state.table, rules,
                                                        state.may_lay_on(seat))
    actions = [move for move in moves if state.leaves_a_way(move)]
    if state.must_use is None:
        actions += [Action("discard", cards=(card,)) for card in hand if card is not state.taken]
    return actions


def play_why_illegal(state: RummyState, action: Action) -> str | None:
    """The precise reason for a refused meld, lay-off or discard."""
    seat = state.seat_to_play
    hand = state.hands[seat]
    missing = [card for card in action.cards if card not in hand]
    if missing:
        return f"you do not hold {missing[0]}"
    rules = state.meld_rules
    if action.kind == "discard":
        if state.must_use is not None:
            return f"you must meld {state.must_use}, taken from the pile, before you discard"
        if action.cards and action.cards[0] is state.taken:
            return "you may not discard the card you have just taken from the pile"
        return None
    if action.kind == MELD:
        if classify(action.cards, rules, dict(action.declared) or None) is None:
            return f"{' '.join(card.text for card in action.cards)} is not a meld"
    elif action.kind == LAY:
        if len(action.cards) != 1 or action.target is None:
            return "say which card and on which meld, e.g. lay 8H 2"
        if not 1 <= action.target <= len(state.table):
            return f"there is no meld {action.target} on the table"
        entry = state.table[action.target]
        may = state.may_lay_on(seat)
        if may is not None and not may(entry.owner):
            return "you may not lay off on that player's melds"
        ends = layoff_positions(action.card, entry.meld, rules)
        if not ends:
            return f"{action.card} does not fit meld {action.target}"
        if len(ends) == 2 and action.option is None:
            return (f"{action.card} fits both ends of meld {action.target}: say "
                    f"lay low {action.card} {action.target} or "
                    f"lay high {action.card} {action.target}")
        if action.option is not None and (len(ends) < 2 or action.option not in ends):
            return (f"{action.card} goes on meld {action.target} one way only: "
                    f"lay {action.card} {action.target}")
    if state.must_use is not None and state.must_use not in action.cards:
        return f"after that you could no longer meld {state.must_use}, which you must use now"
    return "you must keep a card to discard"


def play_apply(state: RummyState, action: Action) -> None:
    """A meld or lay-off goes on the table (an empty hand goes out); a discard ends the turn."""
    seat = state.seat_to_play
    if action.kind == "discard":
        card = action.card
        state.hands[seat] = state.hands[seat].remove(card)
        state.discards.append(card)
        state.taken = None
        if not state.hands[seat]:
            state.finish(state.game.hooks.went_out(state, seat))
        else:
            state.next_turn()
        return
    state.table = state.table_after(seat, action)
    state.hands[seat] = state.hands[seat] - CardSet(action.cards)
    if state.must_use in action.cards:
        state.must_use = None
    if not state.hands[seat]:
        state.finish(state.game.hooks.went_out(state, seat))


class RummyState(ZonedState):
    """A hand of a draw, meld and discard rummy (see the module's docstring). Subclasses give
    :meth:`turn_rules` (or set ``TURN``), and may add phases, options and details; the game's
    definition declares the hooks ``went_out(state, seat)`` and ``stock_out(state)`` and its
    meld rules (``meld_rules=`` / :class:`~cardkit.game.HandAnalysis`)."""

    ZONES: ClassVar[Zones] = Zones(hands="hands", stock="stock", pile="discards",
                                   table="table", seen="seen")
    PHASES = phases(
        Phase("draw", {"draw", TAKE, "pass"}, "draw from the stock or take from the pile",
              "you must draw first: draw stock, or take from the discard pile",
              legal=draw_legal, apply=draw_apply, why_illegal=draw_why_illegal, next={"play"}),
        Phase("play", {MELD, LAY, "discard"}, "meld, lay off, or discard to end your turn",
              "you have drawn already: meld, lay off or discard",
              legal=play_legal, apply=play_apply, why_illegal=play_why_illegal,
              next={"draw"}),
    )
    #: The turn rules when :meth:`turn_rules` is not overridden.
    TURN: ClassVar[TurnRules] = TurnRules()

    hands: list[CardSet]
    stock: list[Card]
    discards: list[Card]
    table: Table
    seen: CardSet
    must_use: Card | None
    taken: Card | None
    turn: TurnRules
    meld_rules: MeldRules

    # ----- what a game may override ------------------------------------------------------------

    def turn_rules(self) -> TurnRules:
        """The turn rules for this hand's options (``TURN`` by default)."""
        return self.TURN

    def rules_for_melds(self) -> MeldRules:
        """The meld rules in force: the definition's ``meld_rules`` for the options (the
        default rules without one)."""
        declared = self.game.definition.meld_rules
        return declared(self.options) if declared is not None else DEFAULT_RULES

    def may_lay_on(self, seat: int) -> MayLayOn:
        """On whose melds ``seat`` may lay off (None: anyone's), from ``TurnRules.lay_off``."""
        rule = self.turn.lay_off
        if rule == "anyone":
            return None
        if rule == "own":
            return owned_by(seat)
        return _nobody

    # ----- the deal and the turn ---------------------------------------------------------------

    def setup(self, deck: list[Card]) -> None:
        """Deal ``hand_size`` cards each, one at a time from the dealer's left; turn the
        up-card to start the pile; the rest is the stock (its top the next card of ``deck``).
        The dealer's left plays first."""
        self.turn = self.turn_rules()
        self.meld_rules = self.rules_for_melds()
        rest = self.deal_hands(deck, self.turn.hand_size)
        upcards = 1 if self.turn.upcard and rest else 0
        self.discards = rest[:upcards]
        self.stock = rest[upcards:][::-1]  # its top is the list's end
        self.table = Table()
        self.seen = CardSet()
        self.must_use = None
        self.taken = None
        self.enter("draw")

    def next_turn(self) -> None:
        """The next player draws; when the stock is out the hand ends (``stock_out``), unless
        the rule lets the pile be taken and that player can take some of it."""
        self.current_player = (self.seat_to_play + 1) % self.players
        if not self.stock and (self.turn.stock_out == "end" or not self.pickups()):
            self.finish(self.game.hooks.stock_out(self))
            return
        self.enter("draw")

    def pickups(self) -> list[PickupChoice]:
        """The pickups the player to draw can honour now (every one of them an obligation once
        the stock is out)."""
        seat = self.seat_to_play
        return pickup_choices(self.turn.pickup, self.discards, self.hands[seat], self.table,
                              self.meld_rules, self._keep(), self.may_lay_on(seat),
                              forced=not self.stock)

    def _keep(self) -> int:
        return 1 if self.turn.discard_to_go_out else 0

    def table_after(self, seat: int, action: Action) -> Table:
        """The table after ``seat``'s meld or lay-off ``action``."""
        if action.kind == MELD:
            return apply_meld(self.table, seat, action, self.meld_rules)
        return apply_lay_off(self.table, seat, action, self.meld_rules)

    def leaves_a_way(self, move: Action) -> bool:
        """True when, after the meld or lay-off ``move``, the turn can still end: a card still
        to be used can be, a hand emptied goes out where the rules allow it, and otherwise a
        card remains that may be discarded."""
        seat = self.seat_to_play
        hand = self.hands[seat] - CardSet(move.cards)
        keep = self._keep()
        if self.must_use is not None and self.must_use not in move.cards:
            return usable(self.must_use, hand, self.table_after(seat, move), self.meld_rules,
                          keep, self.may_lay_on(seat))
        if not hand:
            return not keep
        return bool(hand - CardSet([self.taken])) if self.taken is not None else True

    # ----- what the views show -------------------------------------------------------------------

    def view_info(self, seat: int) -> dict[str, Any]:
        """The lay-offs on the table, the card taken from the pile that must be used, and the
        whole pile when any depth may be taken."""
        info: dict[str, Any] = {"lay_offs": self.table.lay_off_text(),
                                "must_use": self.must_use}
        if self.turn.pickup.depth == "any":
            info["discard_pile"] = tuple(self.discards)
        return info


def _nobody(owner: int) -> bool:
    return False
