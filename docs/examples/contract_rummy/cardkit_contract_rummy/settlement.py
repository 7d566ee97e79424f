"""How a deal of contract rummy is scored (RULES.md §6): every player pays for the cards left
in hand, the one who went out nothing; one function per ending, used as hooks."""

from __future__ import annotations

from cardkit.results import Result
from cardkit.rummy import RummyState


def points(state: RummyState) -> tuple[int, ...]:
    """What each seat's hand costs now (§6)."""
    return tuple(state.meld_rules.hand_value(hand) for hand in state.hands)


def scores(state: RummyState) -> tuple[float, ...]:
    """The deal so far for a referee: each seat's cost in hand, as a loss."""
    return tuple(-cost for cost in points(state))


def _result(state: RummyState, ending: str, winners: tuple[int, ...], summary: str) -> Result:
    cost = points(state)
    explanation = [f"seat {seat}: {value} points in hand" for seat, value in enumerate(cost)]
    return Result(ending, winners, tuple(-value for value in cost), (),
                  {"points": list(cost), "contract": " and ".join(state.turn.going_down
                                                                  .contract.melds)
                   if state.turn.going_down else "", "explanation": explanation}, summary)


def went_out(state: RummyState, seat: int) -> Result:
    """§5: a player has no card left; the others pay for theirs."""
    return _result(state, "went_out", (seat,), f"seat {seat} went out")


def stock_out(state: RummyState) -> Result:
    """§5: the stock is out and may not be made again; everybody pays for their hand."""
    return _result(state, "stock_out", (), "the stock ran out")
