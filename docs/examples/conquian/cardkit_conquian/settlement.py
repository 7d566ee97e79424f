"""How a Conquian hand is settled (RULES.md §6): one function per ending, used as hooks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit.results import Result, Transfer
from cardkit_conquian.rules import RULES

if TYPE_CHECKING:
    from cardkit_conquian.state import ConquianState


def _win(state: ConquianState, winner: int, ending: str, why: str, summary: str) -> Result:
    """``winner`` is paid by the other: the stake (plus Foster's pool of earlier tableaus), or
    with ``scoring = points`` the value of the cards left in the loser's hand."""
    loser = 1 - winner
    if state.options["scoring"] == "points":
        amount = RULES.hand_value(state.hands[loser])
    else:
        pool = state.context.extra.get("tableaus", 0) if state.options["carry_tableau"] else 0
        amount = state.options["stake"] * (1 + pool)
    transfers = [Transfer(loser, winner, amount, why)] if amount else []
    return Result.from_transfers(
        ending, state.players, transfers, (winner,),
        {"melded": state.laid, "left_in_hand": [h.text for h in state.hands[loser]]},
        summary.format(winner=winner, loser=loser, amount=amount))


def went_out(state: ConquianState, winner: int) -> Result:
    """§6.1: the first to have eleven cards melded wins; the other pays."""
    return _win(state, winner, "conquian", "conquian: eleven cards melded",
                "seat {winner} melded eleven cards; seat {loser} pays {amount}")


def stock_out(state: ConquianState) -> Result:
    """§6.2: the stock is exhausted: a tableau (tie), or with ``stock_out = most_melded`` the
    player with more cards melded wins (equal counts: still a tableau)."""
    melded = state.laid
    if state.options["stock_out"] == "most_melded" and melded[0] != melded[1]:
        return _win(state, 0 if melded[0] > melded[1] else 1, "stock_out", "more cards melded",
                    "stock exhausted; seat {winner} melded more and wins {amount}")
    return Result("tableau", (), (0,) * state.players, (), {"melded": melded},
                  "stock exhausted: a tableau (tie)")
