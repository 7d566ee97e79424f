"""A search's reason says how sure it is in words that fit its sample: a guess below a dozen
deals, a close call while the 95 % interval holds 0, probably or clearly better past it, and
never a share of a handful of deals."""

from __future__ import annotations

import math
import re

from hypothesis import given
from hypothesis import strategies as st

from cardkit.services.search.confidence import FEW_DEALS, confidence_words, race_reason
from cardkit.services.search.racing import MoveStats, Race
from cardkit.values.actions import Action

DRAW, TAKE, KNOCK = Action("draw", "stock"), Action("draw", "discard"), Action("knock", "5C")


def raced(gains: dict[Action, list[float]], worlds: int) -> tuple[MoveStats, Race]:
    """The default (``DRAW``, scoring 0 in every world) and the others with their gains."""
    default = MoveStats(DRAW)
    others = [MoveStats(action) for action in gains]
    race = Race(default, others, width=8, z=2.0, min_worlds=3)
    for world in range(worlds):
        default.add(0.0, False, 0.0)
        for stats in others:
            values = gains[stats.action]
            stats.add(values[world % len(values)], False, 0.0)
    return default, race


def test_the_quick_choice_kept_or_left_is_said_against_its_rival():
    default, race = raced({TAKE: [-3.0, -1.0], KNOCK: [-6.0, -4.0]}, 40)
    kept = race_reason(default, default, race, "lowest deadwood")
    assert kept.startswith("lowest deadwood; clearly better than draw discard (the next best) "
                           "over 40 sampled deals (+2.0 ±"), kept
    default, race = raced({TAKE: [1.0, 3.0]}, 40)
    chosen = race.running[0]
    left = race_reason(chosen, default, race, "lowest deadwood")
    assert left.startswith("clearly better than draw stock (the quick choice) over 40 sampled "
                           "deals (+2.0 ±"), left
    unitless = race_reason(chosen, default, race, "x", unit=None)  # a score by wins
    assert "points" not in unitless and "40 sampled deals" in unitless


def test_few_deals_nothing_tried_and_no_time():
    default, race = raced({TAKE: [-1.0, -2.0]}, 5)
    assert race_reason(default, default, race, "greedy's choice") == (
        "greedy's choice; the other moves tried did worse in a quick look (5 sampled deals, "
        "too few to be sure)")
    default, race = raced({}, 5)
    assert race_reason(default, default, race, "greedy's choice") == (
        "greedy's choice; no other move was worth trying")
    default, race = raced({TAKE: [1.0]}, 0)
    assert race_reason(default, default, race, "greedy's choice") == (
        "no time to search: greedy's choice")


@given(st.floats(-50, 50), st.floats(0.01, 20), st.integers(1, 5000))
def test_the_words_follow_the_interval(gain, stderr, worlds):
    words = confidence_words(gain, stderr, worlds, "X")
    assert not re.search(r"\d\s*%", words)
    assert f"{worlds} sampled deals" in words
    if worlds < FEW_DEALS:
        assert "a guess" in words
    elif abs(gain) < 1.96 * stderr:
        assert words.startswith("about as good as X: a close call")
    else:
        word = "clearly" if abs(gain) >= 3 * stderr else "probably"
        direction = "better" if gain > 0 else "worse"
        assert words.startswith(f"{word} {direction} than X")
        if round(gain, 1) == 0 and round(1.96 * stderr, 1) == 0:
            assert "±" not in words  # a figure that rounds to -0.0 ±0.0 is left out
        else:
            assert math.isclose(float(re.search(r"\(([+-][\d.]+) ±", words)[1]),
                                round(gain, 1), abs_tol=0.051)
