"""Phase ``bet``: the spades side bet (6.9), before the deal check. Each player in deal order
(from the dealer's left) joins or declines; then the joiners reveal and the bet is settled."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit_games.tonk.moves import DECLINE_BET, JOIN_BET
from cardkit_games.tonk.settlement import side_bet
from cardkit_games.tonk.turn import after_deal

from cardkit.actions import Action
from cardkit.state import Phase

if TYPE_CHECKING:
    from cardkit_games.tonk.state import TonkState

__all__ = ["BET"]


def legal(state: TonkState) -> list[Action]:
    """Join or decline."""
    return [JOIN_BET, DECLINE_BET]


def why_illegal(state: TonkState, action: Action) -> str | None:
    """Only ``join bet`` and ``decline bet`` are moves here."""
    return "write join bet or decline bet"


def apply(state: TonkState, action: Action) -> None:
    """Record the choice; once everybody has chosen, settle the bet (6.9) and go on to the deal
    check (§2.6)."""
    seat = state.current_player
    assert seat is not None
    if action.kind == "join":
        state.bet_joiners.append(seat)
        state.count_event("spades_bet_joined")
    state.bet_decided += 1
    if state.bet_decided < state.players:
        state.current_player = (seat + 1) % state.players
    else:
        side_bet(state)
        after_deal(state)


BET = Phase("bet", {"join", "decline"}, "join or decline the spades side bet",
            "first decide on the spades side bet: join bet or decline bet",
            legal=legal, why_illegal=why_illegal, apply=apply, next={"start"})
