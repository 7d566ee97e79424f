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
from typing import Any

from cardkit.actions import Action
from cardkit.cards import Card, CardSet
from cardkit.melds import Meld, all_melds, can_lay_off, classify, lay_off
from cardkit.state import Phase, State
from cardkit.views import View
from cardkit_conquian.rules import HAND_SIZE, RULES, WINNING_COUNT

DRAW_STOCK = Action("draw", "stock")
PASS = Action("pass")


class ConquianState(State):
    """One hand of two-player Conquian."""

    PHASES: Mapping[str, Phase] = {
        "draw": Phase("draw", {"draw"}, "turn up the top card of the stock (draw stock)",
                      "you must turn up the top card of the stock first"),
        "offer": Phase("offer", {"spread", "hit", "force", "pass"},
                       "use the card on offer in a spread or a lay-off, or pass",
                       "a card is on offer: use it (spread, hit), force it, or pass"),
        "force": Phase("force", {"force", "pass"},
                       "force the declined card on your opponent's meld, or pass",
                       "you may only force the declined card or pass"),
        "meld": Phase("meld", {"spread", "hit", "discard"},
                      "spread or lay off more cards, then discard",
                      "you have used the card: spread, hit or discard"),
        "discard": Phase("discard", {"discard"}, "you were forced: discard a card",
                         "you were forced: you must discard"),
    }
    ALIASES: Mapping[str, str] = {"turn": "draw stock", "decline": "pass"}

    # ----- deal (§2) -----------------------------------------------------------------------

    def setup(self, deck: list[Card]) -> None:
        """§2: ten cards each, one at a time from the dealer's left; no up-card; the rest is
        the stock. The pone (the dealer's opponent) turns the first card."""
        first = (self.context.dealer + 1) % self.players
        self.hands = [CardSet() for _ in range(self.players)]
        for position in range(HAND_SIZE * self.players):
            seat = (first + position) % self.players
            self.hands[seat] = self.hands[seat].add(deck[position])
        self.stock: list[Card] = deck[HAND_SIZE * self.players:]
        self.table: list[tuple[int, Meld]] = []
        self.laid = [0] * self.players  # cards each seat has melded (the target is 11)
        self.dead: list[Card] = []      # cards declined by both players, face up
        self.offered: Card | None = None
        self.declined: list[int] = []   # seats that passed on the card on offer, in order
        self.discarder: int | None = None  # who discarded the card on offer (None: stock)
        self.current_player = first
        self.phase = "draw"

    # ----- legal actions ---------------------------------------------------------------------

    def _may_lay_on(self, seat: int, owner: int) -> bool:
        return owner == seat or self.options["layoff_on_opponent"]

    def _hits(self, seat: int, cards: Iterable[Card]) -> list[Action]:
        actions = []
        for number, (owner, meld) in enumerate(self.table, 1):
            if self._may_lay_on(seat, owner):
                actions.extend(Action("hit", cards=(card,), target=number)
                               for card in cards if can_lay_off(card, meld, RULES))
        return actions

    def _forces(self, victim: int, card: Card) -> list[Action]:
        """§5: the card may be forced on the victim's own melds that accept it."""
        return [Action("force", cards=(card,), target=number)
                for number, (owner, meld) in enumerate(self.table, 1)
                if owner == victim and can_lay_off(card, meld, RULES)]

    def _force_victim(self) -> int | None:
        """The seat that may be forced now: the last to decline the card on offer, if the
        current player is its opponent and forcing is played."""
        if not self.options["forcing"] or not self.declined:
            return None
        victim = self.declined[-1]
        return victim if victim != self.current_player else None

    def _legal_actions(self) -> list[Action]:
        seat = self.current_player
        hand = self.hands[seat]
        if self.phase == "draw":
            return [DRAW_STOCK]
        if self.phase == "offer":
            card = self.offered
            actions = [Action("spread", cards=meld.cards)
                       for meld in all_melds(hand.add(card), RULES) if card in meld.cards]
            actions += self._hits(seat, (card,))
            victim = self._force_victim()
            if victim is not None:
                actions += self._forces(victim, card)
            actions.append(PASS)
            return actions
        if self.phase == "force":
            return [*self._forces(self._force_victim(), self.offered), PASS]
        actions = []
        if self.phase == "meld" and self.options["meld_from_hand"]:
            actions += [Action("spread", cards=meld.cards) for meld in all_melds(hand, RULES)]
            actions += self._hits(seat, hand)
        actions += [Action("discard", cards=(card,)) for card in hand]
        return actions

    def why_illegal(self, action: Action) -> str | None:
        """A precise reason for the common mistakes."""
        seat = self.current_player
        if self.phase == "offer" and action.kind in ("spread", "hit") and \
                self.offered not in action.cards:
            return f"you must use the card on offer, {self.offered}, or pass"
        if action.kind == "force" and self._force_victim() is None:
            return "you may force only a card your opponent has just declined"
        missing = [card for card in action.cards
                   if card not in self.hands[seat] and card is not self.offered]
        if missing:
            return f"you do not hold {missing[0]}"
        if action.kind == "hit" and action.target is not None and \
                not 1 <= action.target <= len(self.table):
            return f"there is no meld {action.target} on the table"
        return None

    # ----- applying actions ----------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        seat = self.current_player
        kind = action.kind
        if kind == "draw":
            self._offer(self.stock.pop(0), to=seat, discarder=None)
        elif kind == "spread":
            self._spread(seat, action.cards)
        elif kind == "hit":
            self._hit(seat, action.card, action.target)
        elif kind == "force":
            self._force(action.card, action.target)
        elif kind == "pass":
            self._pass(seat)
        else:  # discard
            card = action.card
            self.hands[seat] = self.hands[seat].remove(card)
            # §4.4: the discard is offered to the opponent as if turned from the stock
            self._offer(card, to=1 - seat, discarder=seat)

    def _offer(self, card: Card, to: int, discarder: int | None) -> None:
        self.offered = card
        self.declined = []
        self.discarder = discarder
        self.current_player = to
        self.phase = "offer"

    def _use_offered(self, seat: int, cards: Iterable[Card]) -> None:
        """Take the used cards out of the hand (the offered card never was in it)."""
        used = CardSet(card for card in cards if card is not self.offered)
        if self.offered in cards:
            self.offered = None
            self.declined = []
        self.hands[seat] = self.hands[seat] - used

    def _after_use(self, seat: int) -> None:
        # §6: eleven cards melded wins at once (the hand is then empty)
        if self.laid[seat] >= WINNING_COUNT:
            self._end(self.game.hooks.went_out(self, seat))
        else:
            self.current_player = seat
            self.phase = "meld"

    def _spread(self, seat: int, cards: tuple[Card, ...]) -> None:
        self._use_offered(seat, cards)
        self.table.append((seat, classify(cards, RULES)))
        self.laid[seat] += len(cards)
        self._after_use(seat)

    def _hit(self, seat: int, card: Card, number: int) -> None:
        self._use_offered(seat, (card,))
        owner, meld = self.table[number - 1]
        self.table[number - 1] = (owner, lay_off(meld, card, RULES))
        self.laid[seat] += 1
        self._after_use(seat)

    def _force(self, card: Card, number: int) -> None:
        """§5: the card joins the victim's meld and counts as melded by the victim, who must
        discard (or wins, if that was the eleventh card)."""
        owner, meld = self.table[number - 1]
        self.table[number - 1] = (owner, lay_off(meld, card, RULES))
        self.offered = None
        self.declined = []
        self.laid[owner] += 1
        if self.laid[owner] >= WINNING_COUNT:
            self._end(self.game.hooks.went_out(self, owner))
        else:
            self.current_player = owner
            self.phase = "discard"

    def _pass(self, seat: int) -> None:
        """§4.1: a declined card goes to the other player if they have not seen it yet; once
        both have had it, it is dead (after a possible force, §5) and the last to decline it
        turns the next card."""
        if self.phase == "force":
            self._bury(self.declined[-1])
            return
        self.declined.append(seat)
        other = 1 - seat
        if other not in self.declined and other != self.discarder:
            self.current_player = other
            return
        if self.options["forcing"] and self._forces(seat, self.offered):
            self.current_player = other
            self.phase = "force"
            return
        self._bury(seat)

    def _bury(self, next_to_turn: int) -> None:
        self.dead.append(self.offered)
        self.offered = None
        self.declined = []
        if not self.stock:
            self._end(self.game.hooks.stock_out(self))
            return
        self.current_player = next_to_turn
        self.phase = "draw"

    def _end(self, result: Any) -> None:
        self.result = result
        self.current_player = None
        self.phase = "over"

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
