"""A hand of Conquian (RULES.md §2-§6): the offer of each turned card, melding, forcing.

Phases (RULES.md §3):

- ``draw``: the player to turn shows the top card of the stock (``draw stock``);
- ``offer``: the card on offer is the current player's to use (``spread``, ``hit``), to force
  on the opponent's meld (``force``) or to ``pass`` on;
- ``force``: a card both players had the chance to use, which fits a meld of the player who
  declined it last; that player's opponent may ``force`` it on them or ``pass``;
- ``meld``: after using a card: more spreads and lay-offs from the hand, then ``discard``;
- ``discard``: after being forced: ``discard`` only.

Nothing drawn ever goes into a hand: an offered card is melded at once or declined.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cardkit.actions import Action
from cardkit.cards import Card, CardSet
from cardkit.melds import Meld, all_melds, can_lay_off, classify, lay_off
from cardkit.state import Phase, State, phases
from cardkit.views import View
from cardkit_conquian.rules import HAND_SIZE, RULES, WINNING_COUNT

DRAW_STOCK = Action("draw", "stock")
PASS = Action("pass")


# ----- each phase, declared once with its moves (§3-§5) ----------------------------------------


def draw_legal(state: ConquianState) -> list[Action]:
    """§3: the player to turn must turn the stock's top card."""
    return [DRAW_STOCK]


def draw_apply(state: ConquianState, action: Action) -> None:
    """The turned card is offered to the player who turned it."""
    state.offer(state.stock.pop(0), to=state.seat_to_play, discarder=None)


def offer_legal(state: ConquianState) -> list[Action]:
    """§4: use the offered card in a spread or a lay-off, force it (§5), or pass."""
    seat = state.seat_to_play
    card = state.offered
    assert card is not None  # a card is on offer in this phase
    actions = [Action("spread", cards=meld.cards)
               for meld in all_melds(state.hands[seat].add(card), RULES) if card in meld.cards]
    actions += state.hits(seat, (card,))
    victim = state.force_victim()
    if victim is not None:
        actions += state.forces(victim, card)
    actions.append(PASS)
    return actions


def offer_why_illegal(state: ConquianState, action: Action) -> str | None:
    """The offered card must be part of the spread or the lay-off."""
    if action.kind in ("spread", "hit") and state.offered not in action.cards:
        return f"you must use the card on offer, {state.offered}, or pass"
    return _common_mistakes(state, action)


def offer_apply(state: ConquianState, action: Action) -> None:
    """Meld the offered card, force it on the opponent, or pass it on."""
    _meld_or_pass(state, action)


def force_legal(state: ConquianState) -> list[Action]:
    """§5: force the declined card on the decliner's own melds that accept it, or pass."""
    victim = state.force_victim()
    assert victim is not None and state.offered is not None  # why this phase was entered
    return [*state.forces(victim, state.offered), PASS]


def force_apply(state: ConquianState, action: Action) -> None:
    """The force, or a pass that buries the card."""
    if action.kind == "force":
        state.force(action.card, action.target or 0)
    else:
        state.bury(state.declined[-1])


def meld_legal(state: ConquianState) -> list[Action]:
    """After using a card: more spreads and lay-offs from the hand (``meld_from_hand``), then
    a discard."""
    seat = state.seat_to_play
    hand = state.hands[seat]
    actions = []
    if state.options["meld_from_hand"]:
        actions += [Action("spread", cards=meld.cards) for meld in all_melds(hand, RULES)]
        actions += state.hits(seat, hand)
    return actions + _discards(state)


def meld_apply(state: ConquianState, action: Action) -> None:
    """A spread or lay-off from the hand, or the discard that ends the turn."""
    _meld_or_pass(state, action)


def discard_legal(state: ConquianState) -> list[Action]:
    """After being forced (§5): a discard only."""
    return _discards(state)


def discard_apply(state: ConquianState, action: Action) -> None:
    """§4.4: the discard is offered to the opponent as if turned from the stock."""
    seat = state.seat_to_play
    card = action.card
    state.hands[seat] = state.hands[seat].remove(card)
    state.offer(card, to=1 - seat, discarder=seat)


def _discards(state: ConquianState) -> list[Action]:
    return [Action("discard", cards=(card,)) for card in state.hands[state.seat_to_play]]


def _common_mistakes(state: ConquianState, action: Action) -> str | None:
    """Reasons shared by the phases: forcing out of turn, cards not held, no such meld."""
    if action.kind == "force" and state.force_victim() is None:
        return "you may force only a card your opponent has just declined"
    missing = [card for card in action.cards
               if card not in state.hands[state.seat_to_play] and card is not state.offered]
    if missing:
        return f"you do not hold {missing[0]}"
    if action.kind == "hit" and action.target is not None and \
            not 1 <= action.target <= len(state.table):
        return f"there is no meld {action.target} on the table"
    return None


def _meld_or_pass(state: ConquianState, action: Action) -> None:
    seat = state.seat_to_play
    kind = action.kind
    if kind == "spread":
        state.spread(seat, action.cards)
    elif kind == "hit":
        state.hit(seat, action.card, action.target or 0)
    elif kind == "force":
        state.force(action.card, action.target or 0)
    elif kind == "pass":
        state.pass_on(seat)
    else:
        discard_apply(state, action)


class ConquianState(State):
    """One hand of two-player Conquian."""

    PHASES = phases(
        Phase("draw", {"draw"}, "turn up the top card of the stock (draw stock)",
              "you must turn up the top card of the stock first",
              legal=draw_legal, apply=draw_apply),
        Phase("offer", {"spread", "hit", "force", "pass"},
              "use the card on offer in a spread or a lay-off, or pass",
              "a card is on offer: use it (spread, hit), force it, or pass",
              legal=offer_legal, apply=offer_apply, why_illegal=offer_why_illegal),
        Phase("force", {"force", "pass"},
              "force the declined card on your opponent's meld, or pass",
              "you may only force the declined card or pass",
              legal=force_legal, apply=force_apply, why_illegal=_common_mistakes),
        Phase("meld", {"spread", "hit", "discard"},
              "spread or lay off more cards, then discard",
              "you have used the card: spread, hit or discard",
              legal=meld_legal, apply=meld_apply, why_illegal=_common_mistakes),
        Phase("discard", {"discard"}, "you were forced: discard a card",
              "you were forced: you must discard",
              legal=discard_legal, apply=discard_apply, why_illegal=_common_mistakes),
    )
    ALIASES: Mapping[str, str] = {"turn": "draw stock", "decline": "pass"}

    hands: list[CardSet]
    stock: list[Card]
    table: list[tuple[int, Meld]]
    laid: list[int]
    dead: list[Card]
    offered: Card | None
    declined: list[int]
    discarder: int | None

    # ----- deal (§2) -----------------------------------------------------------------------

    def setup(self, deck: list[Card]) -> None:
        """§2: ten cards each, one at a time from the dealer's left; no up-card; the rest is
        the stock. The pone (the dealer's opponent) turns the first card."""
        first = (self.context.dealer + 1) % self.players
        self.hands = [CardSet() for _ in range(self.players)]
        for position in range(HAND_SIZE * self.players):
            seat = (first + position) % self.players
            self.hands[seat] = self.hands[seat].add(deck[position])
        self.stock = deck[HAND_SIZE * self.players:]
        self.table = []
        self.laid = [0] * self.players  # cards each seat has melded (the target is 11)
        self.dead = []                  # cards declined by both players, face up
        self.offered = None
        self.declined = []              # seats that passed on the card on offer, in order
        self.discarder = None           # who discarded the card on offer (None: stock)
        self.current_player = first
        self.phase = "draw"

    # ----- what the phases share -------------------------------------------------------------

    def may_lay_on(self, seat: int, owner: int) -> bool:
        """``layoff_on_opponent``: may ``seat`` lay off on ``owner``'s melds?"""
        return owner == seat or self.options["layoff_on_opponent"]

    def hits(self, seat: int, cards: Iterable[Card]) -> list[Action]:
        """Every lay-off of one of ``cards`` on a meld ``seat`` may lay off on."""
        actions = []
        for number, (owner, meld) in enumerate(self.table, 1):
            if self.may_lay_on(seat, owner):
                actions.extend(Action("hit", cards=(card,), target=number)
                               for card in cards if can_lay_off(card, meld, RULES))
        return actions

    def forces(self, victim: int, card: Card) -> list[Action]:
        """§5: the card may be forced on the victim's own melds that accept it."""
        return [Action("force", cards=(card,), target=number)
                for number, (owner, meld) in enumerate(self.table, 1)
                if owner == victim and can_lay_off(card, meld, RULES)]

    def force_victim(self) -> int | None:
        """The seat that may be forced now: the last to decline the card on offer, if the
        current player is its opponent and forcing is played."""
        if not self.options["forcing"] or not self.declined:
            return None
        victim = self.declined[-1]
        return victim if victim != self.current_player else None

    def offer(self, card: Card, to: int, discarder: int | None) -> None:
        """Put ``card`` on offer to seat ``to``."""
        self.offered = card
        self.declined = []
        self.discarder = discarder
        self.current_player = to
        self.phase = "offer"

    def _use_offered(self, seat: int, cards: Iterable[Card]) -> None:
        """Take the used cards out of the hand (the offered card never was in it)."""
        cards = tuple(cards)
        used = CardSet(card for card in cards if card is not self.offered)
        if self.offered in cards:
            self.offered = None
            self.declined = []
        self.hands[seat] = self.hands[seat] - used

    def _after_use(self, seat: int) -> None:
        # §6: eleven cards melded wins at once (the hand is then empty)
        if self.laid[seat] >= WINNING_COUNT:
            self.finish(self.game.hooks.went_out(self, seat))
        else:
            self.current_player = seat
            self.phase = "meld"

    def spread(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Lay a new meld (the offered card and/or cards from the hand)."""
        meld = classify(cards, RULES)
        assert meld is not None  # legal spreads are melds
        self._use_offered(seat, cards)
        self.table.append((seat, meld))
        self.laid[seat] += len(cards)
        self._after_use(seat)

    def hit(self, seat: int, card: Card, number: int) -> None:
        """Lay ``card`` off on meld ``number``."""
        self._use_offered(seat, (card,))
        owner, meld = self.table[number - 1]
        self.table[number - 1] = (owner, lay_off(meld, card, RULES))
        self.laid[seat] += 1
        self._after_use(seat)

    def force(self, card: Card, number: int) -> None:
        """§5: the card joins the victim's meld and counts as melded by the victim, who must
        discard (or wins, if that was the eleventh card)."""
        owner, meld = self.table[number - 1]
        self.table[number - 1] = (owner, lay_off(meld, card, RULES))
        self.offered = None
        self.declined = []
        self.laid[owner] += 1
        if self.laid[owner] >= WINNING_COUNT:
            self.finish(self.game.hooks.went_out(self, owner))
        else:
            self.current_player = owner
            self.phase = "discard"

    def pass_on(self, seat: int) -> None:
        """§4.1: a declined card goes to the other player if they have not seen it yet; once
        both have had it, it is dead (after a possible force, §5) and the last to decline it
        turns the next card."""
        self.declined.append(seat)
        other = 1 - seat
        if other not in self.declined and other != self.discarder:
            self.current_player = other
            return
        offered = self.offered
        if self.options["forcing"] and offered is not None and self.forces(seat, offered):
            self.current_player = other
            self.phase = "force"
            return
        self.bury(seat)

    def bury(self, next_to_turn: int) -> None:
        """The card on offer is dead; ``next_to_turn`` turns the next card (or the stock is
        out and the hand ends)."""
        if self.offered is not None:
            self.dead.append(self.offered)
        self.offered = None
        self.declined = []
        if not self.stock:
            self.finish(self.game.hooks.stock_out(self))
            return
        self.current_player = next_to_turn
        self.phase = "draw"

    # ----- what players see ------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """Own hand, the table, the card on offer, the dead cards' top, card counts."""
        revealed = ({s: tuple(self.hands[s]) for s in range(self.players) if s != seat}
                    if self.is_over else {})
        return View(
            game=self.game.name, seat=seat, players=self.players, phase=self.phase,
            current_player=self.current_player, hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(hand) for hand in self.hands), stock_size=len(self.stock),
            discard_top=self.dead[-1] if self.dead else None, table=tuple(self.table),
            scores=self.context.totals, history=self.public_history(),
            dealer=self.context.dealer, revealed=revealed,
            info={"offered": self.offered, "melded": tuple(self.laid),
                  "declined_by": tuple(self.declined), "pool": self.pool},
            result=self.result,
        )

    @property
    def pool(self) -> int:
        """Tableaus in a row before this hand (Foster's pool, RULES.md §6)."""
        return int(self.context.extra.get("tableaus", 0))

    def hidden_cards(self, seat: int) -> CardSet:
        """The opponent's hand and the stock (until the hand is over)."""
        if self.is_over:
            return CardSet(self.stock)
        return self.hands[1 - seat] | CardSet(self.stock)

    def zones(self) -> Mapping[str, Iterable[Card]]:
        """Hands, stock, the card on offer, dead cards and the table."""
        zones: dict[str, Iterable[Card]] = {f"hand {s}": h for s, h in enumerate(self.hands)}
        zones["stock"] = self.stock
        zones["offered"] = [self.offered] if self.offered is not None else []
        zones["dead"] = self.dead
        for number, (_, meld) in enumerate(self.table, 1):
            zones[f"meld {number}"] = meld.cards
        return zones
