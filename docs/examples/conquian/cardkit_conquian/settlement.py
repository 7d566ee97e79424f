"""How a Conquian hand is settled (RULES.md §6): one function per ending, used as hooks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit.results import Result, Transfer
from cardkit_conquian.rules import RULES

if TYPE_CHECKING:
    from cardkit_conquian.state import ConquianState


def _amount(state: ConquianState, loser: int) -> int:
    """What the loser pays: the stake (plus Foster's pool of earlier tableaus), or the value
    of the cards left in the loser's hand."""
    if state.options["scoring"] == "points":
        return RULES.hand_value(state.hands[loser])
    pool = state.pool if state.options["carry_tableau"] else 0
    return state.options["stake"] * (1 + pool)


def went_out(state: ConquianState, winner: int) -> Result:
    """§6.1: the first to have eleven cards melded wins; the other pays."""
    loser = 1 - winner
    amount = _amount(state, loser)
    transfers = [Transfer(loser, winner, amount, "conquian: eleven cards melded")] \
        if amount else []
    return Result.from_transfers(
        "conquian", state.players, transfers, (winner,),
        {"melded": list(state.laid), "left_in_hand": [h.text for h in state.hands[loser]]},
        f"seat {winner} melded eleven cards; seat {loser} pays {amount}")


def stock_out(state: ConquianState) -> Result:
    """§6.2: the stock is exhausted: a tableau (tie), or with ``stock_out = most_melded`` the
    player with more cards melded wins (equal counts: still a tableau)."""
    melded = list(state.laid)
    if state.options["stock_out"] == "most_melded" and melded[0] != melded[1]:
        winner = 0 if melded[0] > melded[1] else 1
        loser = 1 - winner
        amount = _amount(state, loser)
        return Result.from_transfers(
            "stock_out", state.players,
            [Transfer(loser, winner, amount, "more cards melded")] if amount else [],
            (winner,), {"melded": melded},
            f"stock exhausted; seat {winner} melded more and wins {amount}")
    return Result("tableau", (), (0,) * state.players, (), {"melded": melded},
                  "stock exhausted: a tableau (tie)")
