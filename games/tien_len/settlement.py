"""How a game of Tiến Lên ends and what it scores (rules §5, §6): one function per ending, with
its points and its explanation.

Endings (``result.ending``): ``normal`` (all but one player went out, §5.3), ``instant_win``
(§5.1) and ``void`` (two or more instant wins, §5.2). ``result.payoffs`` are the points scored
this game (not zero-sum). ``result.details``: ``places`` (seats in finishing order), ``points``
(per seat), ``instant_win`` (``{"seat", "kind", "cards"}``) or ``instant_wins`` for a void deal,
and ``explanation`` (the ending in sentences, seats named as everywhere: ``seat 0`` …).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardkit.results import Ending, Endings, Result
from cardkit.views import seat_name

if TYPE_CHECKING:
    from cardkit_games.tien_len.state import TienLenState

__all__ = ["ENDINGS", "settle_instant_win", "settle_normal", "settle_void"]

#: The endings of §5 (result.ending), scored by §6.
ENDINGS = Endings(
    Ending("normal", "every player but one has gone out", "5.3, 6"),
    Ending("instant_win", "a player was dealt an instant win and wins at once", "5.1, 6"),
    Ending("void", "two or more players were dealt an instant win: nobody scores", "5.2"),
)

_ORDINALS = ("1st", "2nd", "3rd", "4th")
_PLACE_WORDS = ("first", "second", "third", "fourth")
#: §5.1: each instant win, as a sentence names it.
_INSTANT_WORDS = {
    "four_twos": "all four 2s",
    "dragon": "a dragon (a card of every rank from 3 to A)",
    "six_pairs": "six pairs",
    "five_consecutive_pairs": "five pairs of consecutive ranks",
}


def _listed(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def settle_normal(state: TienLenState, places: list[int]) -> Result:
    """§6 normal end: ``placement_points[k]`` to the player in place ``k + 1``."""
    table = state.options["placement_points"]
    points = [0] * state.players
    for place, seat in enumerate(places):
        points[seat] = table[place]
    if state.quiet:  # a search's play-out: the result without its words
        return Result("normal", (places[0],), tuple(points))
    summary, went, scored = _normal_words(tuple(places), tuple(table))
    last = places[-1]
    left = len(state.hands[last])
    explanation = [f"{went}; {seat_name(last)}, left last, still held {left} "
                   f"card{'s' if left != 1 else ''}.", scored]
    return Result("normal", (places[0],), tuple(points),
                  details={"places": list(places), "points": list(points),
                           "explanation": explanation},
                  summary=summary)


@functools.lru_cache(maxsize=1024)
def _normal_words(places: tuple[int, ...], table: tuple[int, ...]) -> tuple[str, str, str]:
    """A normal end's summary, who went out in what order, and how places score: they depend on
    the finishing order and the points table alone (a few dozen of each), and every simulated
    game ends here, so they are worded once."""
    summary = ", ".join(f"{_ORDINALS[place]} {seat_name(seat)} +{table[place]}"
                        for place, seat in enumerate(places))
    first, *others = places[:-1]
    out = [f"{seat_name(seat)} {_PLACE_WORDS[place]}" for place, seat in enumerate(others, 1)]
    went = f"{seat_name(first)} went out first" + (f", {_listed(out)}" if out else "") + " (§3.4)"
    scored = f"Places score {_listed([str(p) for p in table])} points (placement_points, §6)."
    return summary, went, scored


def settle_instant_win(state: TienLenState, seat: int, kind: str) -> Result:
    """§6 instant win: the instant winner scores ``placement_points[0]``, everyone else 0."""
    points = [0] * state.players
    points[seat] = state.options["placement_points"][0]
    cards = [card.text for card in state.hands[seat].sorted()]
    explanation = [f"{seat_name(seat)} was dealt {_INSTANT_WORDS[kind]}: an instant win "
                   f"(§5.1), worth the first place's {points[seat]} points; nobody else scores "
                   f"and nothing is played (§6)."]
    return Result(
        "instant_win", (seat,), tuple(points),
        details={"places": [seat], "points": list(points),
                 "instant_win": {"seat": seat, "kind": kind, "cards": cards},
                 "explanation": explanation},
        summary=f"{seat_name(seat)} wins at once with {kind.replace('_', ' ')} "
                f"(+{points[seat]})",
    )


def settle_void(state: TienLenState, instant: dict[int, list[str]]) -> Result:
    """§5.2 void deal: two or more instant wins; nobody scores, the same dealer redeals."""
    holders = sorted((seat, kinds[0]) for seat, kinds in instant.items())
    wins = [{"seat": seat, "kind": kind,
             "cards": [card.text for card in state.hands[seat].sorted()]}
            for seat, kind in holders]
    names = [f"{seat_name(seat)} ({kind.replace('_', ' ')})" for seat, kind in holders]
    # Two or more holders (with six_pairs, three or four are possible): "both" only for two.
    verb = "both hold" if len(names) == 2 else "all hold"
    dealt = _listed([f"{seat_name(seat)} {_INSTANT_WORDS[kind]}" for seat, kind in holders])
    explanation = [f"Dealt: {dealt}. With more than one instant win the deal is void (§5.2): "
                   f"nobody scores and the same dealer deals again."]
    return Result("void", (), (0,) * state.players,
                  details={"places": [], "points": [0] * state.players, "instant_wins": wins,
                           "explanation": explanation},
                  summary=f"void deal: {_listed(names)} {verb} instant wins; the same dealer "
                          f"redeals")
