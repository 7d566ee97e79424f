"""Phase ``respond``: the double-double (6.8, E8). After a tonk in a two-player hand, in a turn
in which the tonker laid a new run, the opponent may hit cards onto that run (or runs); emptying
the hand this way is a double-double, ``pass`` (or running out of hits) lets the tonk be paid."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit_games.tonk import settlement
from cardkit_games.tonk.phases.common import not_held
from cardkit_games.tonk.spreads import table_after
from cardkit_games.tonk.suits import cards_in

from cardkit.actions import Action
from cardkit.rummy import PASS, lay_off_actions
from cardkit.state import Phase

if TYPE_CHECKING:
    from cardkit_games.tonk.state import TonkState

__all__ = ["RESPOND", "respond_hits"]


def respond_hits(state: TonkState) -> list[Action]:
    """Every hit of the responder's cards onto the run(s) the tonker laid this turn."""
    return lay_off_actions(cards_in(state.hands[state.current_player]),  # type: ignore[index]
                           state.table, state.rules, kind="hit", numbers=state.new_runs,
                           ends=False)


def legal(state: TonkState) -> list[Action]:
    """The hits onto the new run(s), and ``pass``."""
    return [*respond_hits(state), PASS]


def why_illegal(state: TonkState, action: Action) -> str | None:
    """A card not held, a spread that is not a new run, a card that does not fit."""
    held = not_held(state, action)
    if held:
        return held
    if len(action.cards) != 1 or action.target is None:
        return "write hit <card> <spread number>, e.g. hit 4C 1"
    if not 1 <= action.target <= len(state.table):
        return f"there is no spread number {action.target} on the table"
    if action.target not in state.new_runs:
        return "in a double-double you may hit only the run(s) the tonker just laid"
    return f"{action.card} does not fit spread {action.target} ({state.table[action.target].meld})"


def apply(state: TonkState, action: Action) -> None:
    """A hit (E8 once the hand is empty; the tonk is paid when no hit is left), or ``pass``:
    the tonk is paid (E4)."""
    seat = state.current_player
    assert seat is not None and state.tonker is not None
    if action.kind == "pass":
        settlement.tonk_out(state, state.tonker)
        return
    card = action.cards[0]
    state.table = table_after(state.table, seat, action, state.rules)
    state.hands[seat] &= ~card.mask
    state.count_event("hit")
    if not state.hands[seat]:
        settlement.double_double(state, state.tonker, seat)
    elif not respond_hits(state):
        settlement.tonk_out(state, state.tonker)


RESPOND = Phase("respond", {"hit", "pass"},
                "double-double: hit your cards onto the tonker's new run(s), or pass",
                "the hand is over except for the double-double: hit or pass",
                legal=legal, why_illegal=why_illegal, apply=apply, next=())
