"""A hand of Conquian (RULES.md §2-§6): the deal, the card on offer and what using, passing or
forcing it does; the phases that call these are declared in :mod:`cardkit_conquian.phases`.
Nothing drawn goes into a hand. The table, its moves, views, hidden cards and re-deals come
from ``cardkit.rummy`` and ``cardkit.zones``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from cardkit.actions import Action
from cardkit.cards import Card, CardSet
from cardkit.results import Ending, Endings
from cardkit.rummy import Table, apply_lay_off, apply_meld, lay_off_actions, owned_by
from cardkit.state import Phase
from cardkit.zones import ZonedState, Zones
from cardkit_conquian.phases import PHASES
from cardkit_conquian.rules import HAND_SIZE, RULES, WINNING_COUNT


class ConquianState(ZonedState):
    """One hand of two-player Conquian."""

    #: RULES.md §6: how a hand ends.
    ENDINGS = Endings(
        Ending("conquian", "a player has eleven cards melded and wins; the other pays", "6.1"),
        Ending("stock_out", "the stock is exhausted and, with stock_out = most_melded, the "
               "player with more cards melded wins", "6.2"),
        Ending("tableau", "the stock is exhausted: a tie", "6.2"),
    )

    PHASES: ClassVar[Mapping[str, Phase]] = PHASES
    ALIASES: Mapping[str, str] = {"turn": "draw stock", "decline": "pass"}
    #: The dead cards (declined by both) are the face-up pile; the card on offer is public
    ZONES: ClassVar[Zones] = Zones(hands="hands", stock="stock", pile="dead", table="table",
                                   face_up=("offered",))

    hands: list[CardSet]
    stock: list[Card]
    table: Table
    dead: list[Card]
    offered: Card | None
    declined: list[int]  # seats that passed on the card on offer, in order
    discarder: int | None  # who discarded the card on offer (None: turned from the stock)

    def setup(self, deck: list[Card]) -> None:
        """§2: ten cards each, one at a time from the dealer's left; no up-card; the rest is
        the stock. The pone (the dealer's opponent) turns the first card."""
        self.stock = self.deal_hands(deck, HAND_SIZE)
        self.table, self.dead, self.offered, self.declined, self.discarder = \
            Table(), [], None, [], None
        self.enter("draw")

    @property
    def laid(self) -> list[int]:
        """The cards each seat has melded (its spreads and hits, and cards forced on it)."""
        return [len(self.table.laid_by(seat)) for seat in range(self.players)]

    def view_info(self, seat: int) -> dict[str, Any]:
        """The card on offer, the cards each seat has melded, who declined it, and Foster's
        pool (tableaus in a row before this hand, RULES.md §6)."""
        return {"offered": self.offered, "melded": tuple(self.laid),
                "declined_by": tuple(self.declined), "pool": self.context.extra.get("tableaus", 0)}

    def hits(self, seat: int, cards: Iterable[Card]) -> list[Action]:
        """Every lay-off of one of ``cards`` on a meld ``seat`` may lay off on."""
        anyone = self.options["layoff_on_opponent"]
        return lay_off_actions(cards, self.table, RULES, None if anyone else owned_by(seat),
                               kind="hit")

    def forces(self, victim: int | None = None) -> list[Action]:
        """§5: the card on offer may be forced on the victim's own melds that accept it (by
        default the seat that may be forced now)."""
        victim = self.force_victim() if victim is None else victim
        if victim is None or self.offered is None:
            return []
        return lay_off_actions((self.offered,), self.table, RULES, owned_by(victim), "force")

    def force_victim(self) -> int | None:
        """The seat that may be forced now: the last to decline the card on offer, if the
        current player is its opponent and forcing is played."""
        if not self.options["forcing"] or not self.declined:
            return None
        return self.declined[-1] if self.declined[-1] != self.current_player else None

    def offer(self, card: Card, to: int, discarder: int | None) -> None:
        """Put ``card`` on offer to seat ``to``."""
        self.offered, self.declined, self.discarder = card, [], discarder
        self.current_player = to
        self.enter("offer")

    def use(self, seat: int, action: Action) -> None:
        """A spread or hit by ``seat``, or a force (§5: the card counts as melded by the
        victim, who then must discard); §6: eleven cards melded wins at once."""
        forced = action.kind == "force"
        owner = self.table[action.target or 0].owner if forced else seat
        self.table = (apply_meld if action.kind == "spread" else apply_lay_off)(
            self.table, owner, action, RULES)
        if self.offered in action.cards:
            self.offered, self.declined = None, []
        self.hands[seat] = self.hands[seat] - CardSet(action.cards)
        if self.laid[owner] >= WINNING_COUNT:
            self.finish(self.game.hooks.went_out(self, owner))
        else:
            self.current_player = owner
            self.enter("discard" if forced else "meld")

    def pass_on(self, seat: int) -> None:
        """§4.1: a declined card goes to the other player if they have not seen it yet; once
        both have had it, it is dead (after a possible force, §5) and the last to decline it
        turns the next card."""
        self.declined.append(seat)
        other = 1 - seat
        if other not in self.declined and other != self.discarder:
            self.current_player = other
        elif self.options["forcing"] and self.forces(seat):
            self.current_player = other
            self.enter("force")
        else:
            self.bury(seat)

    def bury(self, next_to_turn: int) -> None:
        """The card on offer is dead; ``next_to_turn`` turns the next card (or the stock is
        out and the hand ends)."""
        if self.offered is not None:
            self.dead.append(self.offered)
        self.offered, self.declined = None, []
        if not self.stock:
            self.finish(self.game.hooks.stock_out(self))
        else:
            self.current_player = next_to_turn
            self.enter("draw")
