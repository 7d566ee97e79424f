"""Phase ``start``: phases A and B of a turn (§3): drop (unless hit-locked), draw from the
stock or the discard pile, or -- with the stock empty -- pass (decline the discard, E7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit_games.tonk import settlement
from cardkit_games.tonk.moves import DRAW_DISCARD, DRAW_STOCK, DROP, PASS
from cardkit_games.tonk.phases.common import drop_refusal, not_held, usable
from cardkit_games.tonk.turn import begin_turn

from cardkit.actions import Action
from cardkit.state import Phase
from cardkit.views import seat_name

if TYPE_CHECKING:
    from cardkit_games.tonk.state import TonkState

__all__ = ["START"]


def _moves(drop: bool, stock: bool, discard: bool) -> list[Action]:
    moves = [DROP] if drop else []
    if stock:
        moves.append(DRAW_STOCK)
    if discard:
        moves.append(DRAW_DISCARD)
    if not stock:
        moves.append(PASS)
    return moves


# every combination, built once: the engine hands the list out read-only (``legal_actions``)
_MOVES = {(drop, stock, discard): _moves(drop, stock, discard)
          for drop in (False, True) for stock in (False, True) for discard in (False, True)}


def legal(state: TonkState) -> list[Action]:
    """Drop unless hit-locked; draw stock while it lasts; draw discard (with
    ``discard_pickup_must_meld`` only a card the hand can use this turn, §3 B); pass when the
    stock is empty."""
    top = state.discard_top()
    takeable = top is not None and (
        not state.options["discard_pickup_must_meld"]
        or usable(state, top, state.hands[state.current_player] | top.mask,  # type: ignore[index]
                  state.table, 0))
    return _MOVES[(not state.locked, bool(state.stock), takeable)]


def why_illegal(state: TonkState, action: Action) -> str | None:
    """A hit lock, an empty stock or pile, an unusable discard, a pass with a stock."""
    kind = action.kind
    if kind == "drop":
        return drop_refusal(state)
    if kind == "draw":
        if action.option == "stock" and not state.stock:
            return "the stock is empty"
        if action.option == "discard":
            top = state.discard_top()
            if top is None:
                return "the discard pile is empty"
            return (f"discard_pickup_must_meld: you may take {top} only if you can use it in a "
                    "spread or a hit this turn, and none of your spreads or hits can")
        return "draw stock or draw discard"
    if kind == "pass":
        return "you may pass only when the stock is empty: draw from the stock"
    return not_held(state, action)


def apply(state: TonkState, action: Action) -> None:
    """Draw (then phase ``play``), drop (E6), or pass: the discard declined with the stock
    empty ends the hand (E7)."""
    seat = state.current_player
    assert seat is not None
    kind = action.kind
    if kind == "draw":
        if action.option == "stock":
            card = state.stock.pop()
        else:
            card = state.discards.pop()
            state.reveal(card)  # the move shows the card taken (its Move's ``shown``)
            state.taken = card
            state.must_use = state.options["discard_pickup_must_meld"]
        state.hands[seat] |= card.mask
        state.enter("play")
    elif kind == "drop":
        settlement.drop(state, seat)
    else:
        settlement.stock_out(state, f"{seat_name(seat)} declined the discard with the stock "
                             "empty")


START = Phase("start", {"drop", "draw", "pass"},
              "drop, or draw from the stock or the discard pile",
              "you must draw first (or drop): draw stock or draw discard",
              legal=legal, why_illegal=why_illegal, apply=apply, next={"play"},
              on_enter=begin_turn)
