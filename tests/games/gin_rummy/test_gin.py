"""Gin rummy rules §5.2, gin and big gin (``big_gin_bonus``), scored by 6.1 (``gin_bonus``), with
§9.2, §9.4 and worked example 3 (gin).

Seats as in the rules page's examples: P1 = seat 0 is the box (and deals), P2 = seat 1 the
captain, P3 = seat 2 the sitter, unless a test says otherwise."""

from __future__ import annotations

import pytest

from cardkit import IllegalAction
from tests.games.gin_rummy.helpers import both_decline, box_draws, hand, texts

EXAMPLE_3_BOX = "AC 2C 3C 4C 7H 7D 7S 10S JS QS"


@pytest.mark.parametrize(("captain", "options", "points"), [
    ("KH KD KC 2H 3H 4H 5D 8H 6S 4D", {}, 48),     # worked example 3
    ("KH KD KC 2H 3H 4H 5H 4D 5D 6D", {}, 25),     # defender all melded: still 25, P2 nothing
    ("KH KD KC 2H 3H 4H 5D 7C 6S 4D", {}, 25 + 22),  # 7C may not be laid off after gin
    ("KH KD KC 2H 3H 4H 5D 8H 6S 4D", {"gin_bonus": 20}, 43),
])
def test_example_3_gin(captain, options, points) -> None:
    state = hand(captain, EXAMPLE_3_BOX, "KS", stock="2S 9D", **options)
    box_draws(state, "2S")
    with pytest.raises(IllegalAction, match="that is gin"):
        state.apply("knock 9D")
    state.apply("gin 9D")
    result = state.result
    assert result.ending == "gin"
    assert result.payoffs == (points, 0, 0)
    assert result.details["layoffs"] == []


def test_big_gin_option() -> None:
    captain = "AC 2C 3C 4C 7H 7D 7S 10S JS QS"
    box = "2D 4D 6D 8D 10D 2S 4S 6S 8S 3H"
    plain = hand(captain, box, "JC", stock="KS")
    both_decline(plain)
    plain.apply("draw stock")
    assert "big gin" not in texts(plain)
    big = hand(captain, box, "JC", stock="KS", big_gin_bonus=31)
    both_decline(big)
    big.apply("draw stock")
    assert "big gin" in texts(big)
    big.apply("big gin")
    assert big.result.ending == "big_gin"
    deadwood = big.result.details["defender_deadwood"]
    assert big.result.payoffs == (0, 31 + deadwood, 0)


def test_big_gin_allows_no_layoffs() -> None:
    """§5.2: big gin, like gin, leaves the defender only own melds (9S would fit 10S–KS and 5C
    would fit AC–4C after a knock)."""
    captain = "AC 2C 3C 4C 7H 7D 7S 10S JS QS"
    box = "2D 4D 6D 8D 10D 2S 4S 9S 5C 3H"
    state = hand(captain, box, "JC", stock="KS", big_gin_bonus=31)
    both_decline(state)
    state.apply("draw stock")
    state.apply("big gin")
    details = state.result.details
    assert details["layoffs"] == [] and details["discard"] is None
    assert details["defender_deadwood"] == 53
    assert state.result.payoffs == (0, 31 + 53, 0)
