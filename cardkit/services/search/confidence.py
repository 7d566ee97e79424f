"""How sure a search is of its move, in words that fit the number of deals it sampled.

A search compares moves by their paired differences over sampled deals (the same deal played
with each move, so its luck cancels; :mod:`~cardkit.services.search.racing`). Its reason --
what the in-game ``hint`` prints -- reads the 95 % interval of the difference, never a bare
share of a handful of deals: below :data:`FEW_DEALS` deals any verdict is "a guess"; an
interval that holds 0 is "about as good as ... a close call"; one clear of 0 is "probably"
(under three standard errors) or "clearly" better or worse.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardkit.services.search.racing import MoveStats, Race

__all__ = ["FEW_DEALS", "confidence_words", "joined", "race_reason"]

#: Fewer sampled deals than this make any conclusion a guess.
FEW_DEALS = 12
#: Standard errors from 0 for the 95 % interval to leave it, and for "clearly".
INTERVAL_Z, CLEAR_Z = 1.96, 3.0


def confidence_words(gain: float, stderr: float, worlds: int, rival: str | None = None,
                     unit: str | None = "points") -> str:
    """How a move that gained ``gain`` over ``rival`` (standard error ``stderr``, over
    ``worlds`` sampled deals) compares with it, in words; ``unit`` names what the gain is
    counted in (None: a score with no unit a player would read, such as wins minus losses,
    and no figure is shown).

    >>> confidence_words(2.0, 0.5, 80, "discard KH")
    'clearly better than discard KH over 80 sampled deals (+2.0 ±1.0 points a hand)'
    >>> confidence_words(1.2, 0.5, 80, "discard KH")
    'probably better than discard KH over 80 sampled deals (+1.2 ±1.0 points a hand)'
    >>> confidence_words(0.4, 0.5, 80, "discard KH", unit=None)
    'about as good as discard KH: a close call over 80 sampled deals'
    >>> confidence_words(-0.01, 0.01, 80, "pass")
    'about as good as pass: a close call over 80 sampled deals'
    >>> confidence_words(3.0, 0.5, 6, "discard KH")
    'looks better than discard KH (a guess from only 6 sampled deals)'
    """
    if worlds < FEW_DEALS:
        guess = f"a guess from only {worlds} sampled deals"
        if not rival:
            return guess
        looks = f"better than {rival}" if gain > 0 else f"worse than {rival}" if gain < 0 \
            else f"as good as {rival}"
        return f"looks {looks} ({guess})"
    z = gain / stderr if stderr > 0 else math.copysign(math.inf, gain) if gain else 0.0
    than = f" than {rival}" if rival else ""
    shown = (round(gain, 1), round(INTERVAL_Z * stderr, 1))
    # a figure that rounds to nothing (-0.0 ±0.0) says nothing: it is left out
    figure = "" if not unit or shown == (0.0, 0.0) else \
        f" ({shown[0] + 0.0:+.1f} ±{shown[1]:.1f} {unit} a hand)"
    if abs(z) < INTERVAL_Z:
        close = f"about as good as {rival}: a close call" if rival else "a close call"
        return f"{close} over {worlds} sampled deals{figure}"
    word = "clearly" if abs(z) >= CLEAR_Z else "probably"
    direction = "better" if gain > 0 else "worse"
    return f"{word} {direction}{than} over {worlds} sampled deals{figure}"


def joined(reason: str, more: str) -> str:
    """``reason; more``, or ``more`` alone when there is no reason (an agent need not give
    one)."""
    return f"{reason}; {more}" if reason else more


def race_reason(chosen: MoveStats, default: MoveStats, race: Race, default_why: str,
                unit: str | None = "points") -> str:
    """Why a raced search plays ``chosen``: against the quick choice ``default`` when it left
    it, else against the best of the other moves it tried (``default_why``: the quick
    choice's own reason, or a name for it)."""
    if not default.worlds:
        return f"no time to search: {default_why}" if default_why else "no time to search"
    if chosen is not default:
        return confidence_words(chosen.mean_diff, chosen.stderr, chosen.worlds,
                                f"{default.action} (the quick choice)", unit)
    rivals = [stats for stats in race.running + race.done if stats.worlds >= 3]
    if not rivals:
        return joined(default_why, "no other move was worth trying")
    best = max(rivals, key=lambda stats: stats.mean_diff)
    if best.worlds < FEW_DEALS:
        did = "did worse" if best.mean_diff < 0 else "did no clearly better"
        return joined(default_why, f"the other moves tried {did} in a quick look "
                                   f"({best.worlds} sampled deals, too few to be sure)")
    words = confidence_words(-best.mean_diff, best.stderr, best.worlds,
                             f"{best.action} (the next best)", unit)
    return joined(default_why, words)
