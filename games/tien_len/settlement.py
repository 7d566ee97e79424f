"""How a game of Tiến Lên ends and what it scores (rules §5, §6): one function per ending.

Endings (``result.ending``): ``normal`` (all but one player went out, §5.3), ``instant_win``
(§5.1) and ``void`` (two or more instant wins, §5.2). ``result.payoffs`` are the points scored
this game (not zero-sum). ``result.details``: ``places`` (seats in finishing order), ``points``
(per seat), ``instant_win`` (``{"seat", "kind", "cards"}``) or ``instant_wins`` for a void deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit.results import Result

if TYPE_CHECKING:
    from cardkit_games.tien_len.state import TienLenState

__all__ = ["settle_instant_win", "settle_normal", "settle_void"]

_ORDINALS = ("1st", "2nd", "3rd", "4th")


def _seat_name(seat: int) -> str:
    return f"P{seat + 1}"


def settle_normal(state: TienLenState, places: list[int]) -> Result:
    """§6 normal end: ``placement_points[k]`` to the player in place ``k + 1``."""
    table = state.options["placement_points"]
    points = [0] * state.players
    for place, seat in enumerate(places):
        points[seat] = table[place]
    summary = ", ".join(f"{_ORDINALS[place]} {_seat_name(seat)} +{table[place]}"
                        for place, seat in enumerate(places))
    return Result("normal", (places[0],), tuple(points),
                  details={"places": list(places), "points": list(points)},
                  summary=summary)


def settle_instant_win(state: TienLenState, seat: int, kind: str) -> Result:
    """§6 instant win: the instant winner scores ``placement_points[0]``, everyone else 0."""
    points = [0] * state.players
    points[seat] = state.options["placement_points"][0]
    cards = [card.text for card in state.hands[seat].sorted()]
    return Result(
        "instant_win", (seat,), tuple(points),
        details={"places": [seat], "points": list(points),
                 "instant_win": {"seat": seat, "kind": kind, "cards": cards}},
        summary=f"{_seat_name(seat)} wins at once with {kind.replace('_', ' ')} "
                f"(+{points[seat]})",
    )


def settle_void(state: TienLenState, instant: dict[int, list[str]]) -> Result:
    """§5.2 void deal: two or more instant wins; nobody scores, the same dealer redeals."""
    wins = [{"seat": seat, "kind": kinds[0],
             "cards": [card.text for card in state.hands[seat].sorted()]}
            for seat, kinds in sorted(instant.items())]
    names = [f"{_seat_name(w['seat'])} ({w['kind'].replace('_', ' ')})" for w in wins]
    # Two or more holders (with six_pairs, three or four are possible): "both" only for two.
    listed = ", ".join(names[:-1]) + " and " + names[-1]
    holders = "both hold" if len(names) == 2 else "all hold"
    return Result("void", (), (0,) * state.players,
                  details={"places": [], "points": [0] * state.players, "instant_wins": wins},
                  summary=f"void deal: {listed} {holders} instant wins; the same dealer redeals")
