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

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

import attrs

from cardkit.engine.capabilities import HandAnalysis
from cardkit.engine.claims import (
    ClaimRule,
    OpenWindow,
    claim_phase,
    claims_left,
    open_window,
    start_claims,
)
from cardkit.engine.phases import Phase, phases
from cardkit.libraries.melds import DEFAULT_RULES, MeldRules, classify, layoff_positions
from cardkit.libraries.rummy.contracts import GoingDown, contract_meld_actions, remaining_after
from cardkit.libraries.rummy.copies import Hand, distinct
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
from cardkit.libraries.rummy.stock import Reshuffle, reshuffled
from cardkit.libraries.rummy.table import Table
from cardkit.libraries.zones import ZonedState, Zones
from cardkit.values.actions import Action
from cardkit.values.cards import Card, CardMultiset, CardSet, add_cards, remove_cards

__all__ = ["CLAIM", "DRAW_STOCK", "PASS", "RummyState", "TurnRules", "rummy_phases"]

DRAW_STOCK = Action("draw", "stock")
PASS = Action("pass")
#: The name of the claim window's phase (the moves' words are the game's: ``rummy_phases``).
CLAIM = "claim"

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
      so taken then being one to use that turn, or ``pass``, which ends the hand);
    - ``reshuffle``: the pile goes back into the stock when the stock is out
      (:class:`~cardkit.rummy.Reshuffle`), before ``stock_out`` applies (None: never);
    - ``claims``: after a discard that the next player does not take (they draw from the
      stock), the other seats may claim it out of turn (buy it), by this
      :class:`~cardkit.claims.ClaimRule`; the claimer takes the discard and ``cost`` penalty
      cards from the stock's top, then the player whose turn it is draws. A claim needs the
      stock to hold the cost and one card more; ``claim_when_down``: a player who has gone
      down may still claim;
    - ``going_down``: the deal's contract (:class:`~cardkit.rummy.GoingDown`): a player melds
      only to go down, once, laying the contract's melds in one turn, and lays off only once
      down (None: melds and lay-offs are free).
    """

    hand_size: int = 7
    upcard: bool = True
    pickup: Pickup = TOP_CARD
    lay_off: str = "anyone"
    discard_to_go_out: bool = False
    stock_out: str = "end"
    reshuffle: Reshuffle | None = None
    claims: ClaimRule | None = None
    claim_when_down: bool = True
    going_down: GoingDown | None = None

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
    ``pass`` ends the hand. Declining the pile's top for the stock may first open the claim
    window on it (``TurnRules.claims``)."""
    seat = state.seat_to_play
    if action.kind == "pass":
        state.finish(state.game.hooks.stock_out(state))
        return
    if action.option == "stock":
        if not state.open_claims():  # a window draws for the player once it is settled
            state.draw_from_stock(seat)
        return
    choice = next(c for c in state.pickups() if c.action == action)
    beyond = tuple(card for card in choice.taken if card not in action.cards)
    if beyond:
        state.reveal(*beyond)  # the move shows the cards taken that it does not name
    del state.discards[len(state.discards) - len(choice.taken):]
    state.hands[seat] = add_cards(state.hands[seat], choice.taken)
    state.saw(seat, choice.taken)
    state.must_use = choice.obligation
    # a card that must be melded is used before any discard: no further rule is needed
    free = state.turn.pickup.discard_taken or choice.obligation is not None
    state.taken = None if free else choice.taken[0]
    state.enter("play")


# ----- the play phase -----------------------------------------------------------------------------


def play_legal(state: RummyState) -> list[Action]:
    """Every meld and lay-off that leaves the turn a way to end, then (once any card taken from
    the pile is used, and a contract begun is laid) every discard."""
    seat = state.seat_to_play
    hand = state.hands[seat]
    moves = state.meld_moves(seat) + state.lay_off_moves(seat)
    actions = [move for move in moves if state.leaves_a_way(move)]
    if state.must_use is None and not state.laying:
        actions += [Action("discard", cards=(card,)) for card in distinct(hand)
                    if card is not state.taken or _count(hand, card) > 1]
    return actions


def _count(hand: CardSet | CardMultiset, card: Card) -> int:
    """How many copies of ``card`` ``hand`` holds."""
    return hand.count(card) if isinstance(hand, CardMultiset) else int(card in hand)


def play_why_illegal(state: RummyState, action: Action) -> str | None:
    """The precise reason for a refused meld, lay-off or discard."""
    seat = state.seat_to_play
    hand = state.hands[seat]
    missing = [card for card in action.cards if card not in hand]
    if missing:
        return f"you do not hold {missing[0]}"
    named = CardMultiset(action.cards)
    if isinstance(hand, CardMultiset) and not named <= hand:
        twice = next(card for card in named.distinct() if named.count(card) > hand.count(card))
        return f"you hold {hand.count(twice)} {twice}, not {named.count(twice)}"
    rules = state.meld_rules
    contract = state.contract_refusal(seat, action)
    if contract is not None:
        return contract
    if action.kind == "discard":
        if state.must_use is not None:
            return f"you must meld {state.must_use}, taken from the pile, before you discard"
        if action.cards and action.cards[0] is state.taken and _count(hand, state.taken) < 2:
            return "you may not discard the card you have just taken from the pile"
        return None
    if action.kind == MELD:
        if classify(action.cards, rules, action.declared or None) is None:
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
        state.shown(seat, action.cards)
        state.discards.append(card)
        state.taken = None
        if not state.hands[seat]:
            state.finish(state.game.hooks.went_out(state, seat))
        else:
            state.next_turn()
        return
    state.table = state.table_after(seat, action)
    state.hands[seat] = remove_cards(state.hands[seat], action.cards)
    state.shown(seat, action.cards)
    if action.kind == MELD and state.turn.going_down is not None:
        state.contract_melded(seat, state.table[len(state.table)].meld.kind)
    if state.must_use in action.cards:
        state.must_use = None
    if not state.hands[seat]:
        state.finish(state.game.hooks.went_out(state, seat))


def rummy_phases(claim: str = "claim", decline: str = "pass") -> Mapping[str, Phase]:
    """The standard turn's phases -- ``draw``, ``play`` and the claim window (phase
    ``claim``, entered only under a ``claims`` rule) -- with the claim window's moves named
    ``claim`` and ``decline`` (``buy 7H`` / ``pass`` in contract rummy): a game with its own
    words sets ``PHASES = rummy_phases("buy")``."""
    return phases(
        Phase("draw", {"draw", TAKE, "pass"}, "draw from the stock or take from the pile",
              "you must draw first: draw stock, or take from the discard pile",
              legal=draw_legal, apply=draw_apply, why_illegal=draw_why_illegal,
              next={"play", CLAIM}),
        Phase("play", {MELD, LAY, "discard"}, "meld, lay off, or discard to end your turn",
              "you have drawn already: meld, lay off or discard",
              legal=play_legal, apply=play_apply, why_illegal=play_why_illegal,
              next={"draw"}),
        claim_phase(CLAIM, claim=claim, decline=decline, next={"play"},
                    prompt=f"out of turn: {claim} the discard (with its penalty), or "
                           f"{decline}"),
    )


class RummyState(ZonedState):
    """A hand of a draw, meld and discard rummy (see the module's docstring). Subclasses give
    :meth:`turn_rules` (or set ``TURN``), and may add phases, options and details; the game's
    definition declares the hooks ``went_out(state, seat)`` and ``stock_out(state)`` and its
    meld rules (``meld_rules=`` / :class:`~cardkit.game.HandAnalysis`)."""

    ZONES: ClassVar[Zones] = Zones(hands="hands", stock="stock", pile="discards",
                                   table="table", seen="seen", recycled="recycled")
    PHASES = rummy_phases()
    #: The turn rules when :meth:`turn_rules` is not overridden.
    TURN: ClassVar[TurnRules] = TurnRules()

    hands: list[Hand]
    stock: list[Card]
    discards: list[Card]
    table: Table
    #: the hand cards every seat saw go into them: one set for every seat with one deck, a
    #: multiset per seat with copies
    seen: CardSet | list[CardMultiset]
    must_use: Card | None
    taken: Card | None
    turn: TurnRules
    meld_rules: MeldRules
    recycled: CardSet
    reshuffles: int
    claim_rule: ClaimRule | None
    claim_window: OpenWindow | None
    claims_made: tuple[int, ...]
    #: per seat: has gone down (laid the deal's contract)
    down: tuple[bool, ...]
    #: the contract's melds the player to play has still to lay this turn (() when none)
    laying: tuple[str, ...]
    #: the player to play went down this turn
    down_now: bool

    # ----- what a game may override ------------------------------------------------------------

    def turn_rules(self) -> TurnRules:
        """The turn rules for this hand's options (``TURN`` by default)."""
        return self.TURN

    def rules_for_melds(self) -> MeldRules:
        """The meld rules in force: the game's :class:`~cardkit.game.HandAnalysis`
        ``meld_rules`` for the options (the default rules without one)."""
        declared = (self.game.definition.capability(HandAnalysis) or HandAnalysis()).meld_rules
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
        # with copies, each seat's own: which copies of a card a seat holds is known only for
        # the ones it was seen to take (and still holds)
        self.seen = [CardMultiset() for _ in range(self.players)] if self.has_copies() \
            else CardSet()
        self.must_use = None
        self.taken = None
        self.recycled = CardSet()
        self.reshuffles = 0
        start_claims(self, self.turn.claims)
        self.down = (False,) * self.players
        self.laying = ()
        self.down_now = False
        self.enter("draw")

    def next_turn(self) -> None:
        """The next player draws; when the stock is out the pile is shuffled back where the
        rule says so, and otherwise the hand ends (``stock_out``), unless the rule lets the
        pile be taken and that player can take some of it."""
        self.current_player = (self.seat_to_play + 1) % self.players
        self.laying = ()
        self.down_now = False
        rule = self.turn.reshuffle
        if not self.stock and rule is not None and rule.allows(self.reshuffles,
                                                               len(self.discards)):
            self.stock, self.discards = reshuffled(self.discards, rule.keep, self.seed,
                                                   self.reshuffles)
            back = CardSet(self.stock)
            self.recycled = self.recycled | back
            if isinstance(self.seen, CardSet):
                self.seen = self.seen - back  # where they go now nobody knows
            self.reshuffles += 1
        if not self.stock and (self.turn.stock_out == "end" or not self.pickups()):
            self.finish(self.game.hooks.stock_out(self))
            return
        self.enter("draw")

    def saw(self, seat: int, cards: Iterable[Card]) -> None:
        """Every seat saw ``cards`` go into ``seat``'s hand (taken from the pile)."""
        if isinstance(self.seen, CardSet):
            self.seen = self.seen | CardSet(cards)
        else:
            seen = list(self.seen)
            seen[seat] = seen[seat] + CardMultiset(list(cards))
            self.seen = seen

    def shown(self, seat: int, cards: Iterable[Card]) -> None:
        """``cards`` left ``seat``'s hand face up: with copies, the copies every seat saw go
        there count one fewer each (nobody knows which copy went)."""
        if not isinstance(self.seen, CardSet):
            seen = list(self.seen)
            seen[seat] = seen[seat] - CardMultiset(list(cards))
            self.seen = seen

    def draw_from_stock(self, seat: int) -> None:
        """``seat`` takes the stock's top card and plays."""
        card = self.stock.pop()
        self.hands[seat] = self.hands[seat].add(card)
        self.must_use = self.taken = None
        self.current_player = seat
        self.enter("play")

    # ----- claims out of turn ------------------------------------------------------------------

    def open_claims(self) -> bool:
        """After the player to play declines the pile's top card (drawing from the stock),
        open the claim window on it, if the rule has one and a seat may claim."""
        rule = self.turn.claims
        if rule is None or not self.discards:
            return False
        turn = self.seat_to_play
        opener = (turn - 1) % self.players
        return open_window(self, CLAIM, self.discards[-1], opener, turn, "play",
                           lambda seat: self.may_claim(seat, turn))

    def may_claim(self, seat: int, turn: int) -> bool:
        """Whether ``seat`` may claim the discard the player ``turn`` declined: not that
        player, the stock holds the cost and a card more, and (unless ``claim_when_down``)
        the seat has not gone down."""
        rule = self.turn.claims
        assert rule is not None
        return (seat != turn and len(self.stock) > rule.cost
                and (self.turn.claim_when_down or not self.down[seat]))

    def claim_taken(self, seat: int, window: OpenWindow) -> None:
        """The claimer takes the card on offer (everyone sees it go) and the cost, penalty
        cards from the stock's top (unseen)."""
        rule = self.turn.claims
        assert rule is not None
        card = self.discards.pop()
        penalty = [self.stock.pop() for _ in range(rule.cost)]
        self.hands[seat] = add_cards(self.hands[seat], [card, *penalty])
        self.saw(seat, (card,))

    def claims_closed(self, window: OpenWindow) -> None:
        """The window is settled: the player whose turn it is draws from the stock."""
        self.draw_from_stock(window.turn)

    # ----- contracts ---------------------------------------------------------------------------

    def meld_moves(self, seat: int) -> list[Action]:
        """The melds ``seat`` may lay now: any (no contract); with a contract, those that
        begin or go on with going down and can be finished this turn, then (at least the
        contract) any more that turn, or (``new_melds``) any on later turns."""
        hand = self.hands[seat]
        rules = self.meld_rules
        rule = self.turn.going_down
        if rule is None:
            return meld_actions(hand, rules)
        if not self.down[seat]:
            needed = self.laying or rule.contract.melds
            return contract_meld_actions(hand, needed, rules, self._keep())
        if (self.down_now and not rule.exact) or (not self.down_now and rule.new_melds):
            return meld_actions(hand, rules)
        return []

    def lay_off_moves(self, seat: int) -> list[Action]:
        """The lay-offs ``seat`` may make now: with a contract, only once gone down (and not
        in the turn of going down unless ``lay_off_same_turn``)."""
        rule = self.turn.going_down
        if rule is not None and (not self.down[seat]
                                 or (self.down_now and not rule.lay_off_same_turn)):
            return []
        return lay_off_actions(distinct(self.hands[seat]), self.table, self.meld_rules,
                               self.may_lay_on(seat))

    def contract_melded(self, seat: int, kind: str) -> None:
        """``seat`` laid a meld of ``kind``: one contract meld fewer to lay (going down once
        none is left)."""
        if self.down[seat]:
            return
        rule = self.turn.going_down
        assert rule is not None
        self.laying = remaining_after(self.laying or rule.contract.melds, kind)
        if not self.laying:
            self.down = tuple(down or other == seat for other, down in enumerate(self.down))
            self.down_now = True

    def contract_refusal(self, seat: int, action: Action) -> str | None:
        """Why the contract refuses ``action`` (None when it does not)."""
        rule = self.turn.going_down
        if rule is None or action in self.legal_actions():
            return None
        contract = rule.contract
        if action.kind == "discard" and self.laying:
            return f"finish laying your contract ({contract}) before you discard"
        if action.kind == LAY and not self.down[seat]:
            return f"you may lay off only once you have gone down ({contract})"
        if action.kind == LAY and self.down_now:
            return "you may lay off from your next turn, not in the turn you go down"
        if action.kind == MELD and self.down[seat]:
            return "you have gone down: you may only lay off now"
        if action.kind == MELD:
            return (f"to go down you lay {contract} this turn; that meld does not leave a way "
                    "to finish it")
        return None

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
        hand = remove_cards(self.hands[seat], move.cards)
        keep = self._keep()
        if self.must_use is not None and self.must_use not in move.cards:
            return usable(self.must_use, hand, self.table_after(seat, move), self.meld_rules,
                          keep, self.may_lay_on(seat))
        if not hand:
            return not keep
        return bool(remove_cards(hand, [self.taken])) if self.taken is not None else True

    # ----- what the views show -------------------------------------------------------------------

    def view_info(self, seat: int) -> dict[str, Any]:
        """The lay-offs on the table, the card taken from the pile that must be used, and the
        whole pile when any depth may be taken."""
        info: dict[str, Any] = {"lay_offs": self.table.lay_off_text(),
                                "must_use": self.must_use}
        if self.turn.pickup.depth == "any":
            info["discard_pile"] = tuple(self.discards)
        if self.turn.claims is not None:
            info["claims_left"] = tuple(claims_left(self, seat) for seat in range(self.players))
            info["claim_cost"] = self.turn.claims.cost
            if self.claim_window is not None:
                info["claim"] = self.claim_window.to_info()
        if self.turn.going_down is not None:
            info["contract"] = self.turn.going_down.contract.melds
            info["down"] = self.down
            info["laying"] = self.laying
        return info


def _nobody(owner: int) -> bool:
    return False
