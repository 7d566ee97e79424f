"""How a Rummy 500 hand is scored (RULES.md §6): the cards each player put on the table less
the cards left in hand; one function per ending, used as hooks."""

from __future__ import annotations

from collections.abc import Iterable

from cardkit.cards import Card
from cardkit.results import Result
from cardkit.rummy import RummyState, melded_minus_in_hand
from cardkit_rummy500.rules import RULES, points


def scores(state: RummyState) -> tuple[int, ...]:
    """Each seat's score for the hand so far: melded and laid off, less what is in hand."""
    return melded_minus_in_hand(state.table, state.hands, points(state.options["low_ace"]),
                                RULES)


def _texts(cards: Iterable[Card]) -> str:
    return " ".join(card.text for card in cards) or "nothing"


def _result(state: RummyState, ending: str, summary: str) -> Result:
    hand = scores(state)
    best = max(hand)
    winners = tuple(seat for seat, score in enumerate(hand) if score == best)
    explanation = [f"seat {seat}: {score:+d} ({_texts(c for c, _ in state.table.laid_by(seat))} "
                   f"down; {_texts(state.hands[seat])} in hand)" for seat, score in enumerate(hand)]
    return Result(ending, winners, hand, (), {"scores": list(hand),
                                               "table": state.table.to_data(),
                                               "explanation": explanation}, summary)


def went_out(state: RummyState, seat: int) -> Result:
    """§5: a player has no card left; every hand is scored."""
    return _result(state, "went_out", f"seat {seat} went out")


def stock_out(state: RummyState) -> Result:
    """§5: the stock is out and the play has stopped; every hand is scored."""
    return _result(state, "stock_out", "the stock ran out")
