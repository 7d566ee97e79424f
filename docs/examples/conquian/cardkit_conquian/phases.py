"""The phases of a Conquian turn (RULES.md §3-§5), each declared once with its moves: ``draw``
(turn a card), ``offer`` (spread or hit the card on offer, force it, or pass), ``force``,
``meld`` (more spreads and hits, then the discard) and ``discard`` (after being forced). Each
declares the phases that may follow it; the hand's state is
:class:`~cardkit_conquian.state.ConquianState`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit.actions import Action
from cardkit.rummy import DRAW_STOCK, PASS, meld_actions
from cardkit.state import Phase, phases
from cardkit_conquian.rules import RULES

if TYPE_CHECKING:
    from cardkit_conquian.state import ConquianState

__all__ = ["PHASES"]


def draw_legal(state: ConquianState) -> list[Action]:
    """§3: the player to turn must turn the stock's top card."""
    return [DRAW_STOCK]


def offer_legal(state: ConquianState) -> list[Action]:
    """§4: use the offered card in a spread or a lay-off, force it (§5), or pass."""
    seat, card = state.seat_to_play, state.offered
    assert card is not None  # a card is on offer in this phase
    spreads = meld_actions(state.hands[seat].add(card), RULES, "spread")
    return [*(a for a in spreads if card in a.cards), *state.hits(seat, (card,)),
            *state.forces(), PASS]


def offer_why_illegal(state: ConquianState, action: Action) -> str | None:
    """The offered card must be part of the spread or the lay-off."""
    if action.kind in ("spread", "hit") and state.offered not in action.cards:
        return f"you must use the card on offer, {state.offered}, or pass"
    return why_illegal(state, action)


def force_legal(state: ConquianState) -> list[Action]:
    """§5: force the declined card on the decliner's own melds that accept it, or pass."""
    return [*state.forces(), PASS]


def meld_legal(state: ConquianState) -> list[Action]:
    """After using a card: more spreads and lay-offs from the hand (``meld_from_hand``), then
    a discard."""
    seat = state.seat_to_play
    hand = state.hands[seat]
    more = meld_actions(hand, RULES, "spread") + state.hits(seat, hand) \
        if state.options["meld_from_hand"] else []
    return more + discard_legal(state)


def discard_legal(state: ConquianState) -> list[Action]:
    """After being forced (§5): a discard only."""
    return [Action("discard", cards=(card,)) for card in state.hands[state.seat_to_play]]


def play_apply(state: ConquianState, action: Action) -> None:
    """Every phase's move: turn, spread or hit, force, pass, or the discard that ends the turn
    (§4.4: offered to the opponent as if turned from the stock)."""
    seat = state.seat_to_play
    if action.kind == "draw":
        state.offer(state.stock.pop(0), to=seat, discarder=None)
    elif action.kind in ("spread", "hit", "force"):
        state.use(seat, action)
    elif action.kind == "pass":
        if state.phase == "force":
            state.bury(state.declined[-1])
        else:
            state.pass_on(seat)
    else:
        state.hands[seat] = state.hands[seat].remove(action.card)
        state.offer(action.card, to=1 - seat, discarder=seat)


def why_illegal(state: ConquianState, action: Action) -> str | None:
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


PHASES = phases(
    Phase("draw", {"draw"}, "turn up the top card of the stock (draw stock)",
          "you must turn up the top card of the stock first",
          legal=draw_legal, apply=play_apply, next={"offer"}),
    Phase("offer", {"spread", "hit", "force", "pass"},
          "use the card on offer in a spread or a lay-off, or pass",
          "a card is on offer: use it (spread, hit), force it, or pass",
          legal=offer_legal, apply=play_apply, why_illegal=offer_why_illegal,
          next={"meld", "discard", "force", "draw"}),
    Phase("force", {"force", "pass"},
          "force the declined card on your opponent's meld, or pass",
          "you may only force the declined card or pass",
          legal=force_legal, apply=play_apply, why_illegal=why_illegal,
          next={"discard", "draw"}),
    Phase("meld", {"spread", "hit", "discard"}, "spread or lay off more cards, then discard",
          "you have used the card: spread, hit or discard",
          legal=meld_legal, apply=play_apply, why_illegal=why_illegal,
          next={"meld", "offer"}),
    Phase("discard", {"discard"}, "you were forced: discard a card",
          "you were forced: you must discard",
          legal=discard_legal, apply=play_apply, why_illegal=why_illegal,
          next={"offer"}),
)
