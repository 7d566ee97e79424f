"""Gin rummy rules §5.1, the knock (``knock_limit``, 5.1.3) and its score by 6.1 (the knocker's
difference or the defender's undercut, ``undercut_bonus``), with §9.1, §9.3 and worked examples
1 (knock) and 2 (undercut). The knocker's arrangement (5.1.1) is tested in
test_knocker_arrangement.py, the defender's lay-offs (5.1.2) in test_melds_and_layoffs.py.

Seats as in the rules page's examples: P1 = seat 0 is the box (and deals), P2 = seat 1 the
captain, P3 = seat 2 the sitter, unless a test says otherwise."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit import IllegalAction
from tests.games.gin_rummy.helpers import (
    BOX_P1,
    EXAMPLE_1_BOX,
    EXAMPLE_1_CAPTAIN,
    P2,
    both_decline,
    box_draws,
    brute_deadwood,
    hand,
    next_roles,
    texts,
)

# ----- worked examples 1 and 2, §9.1, §9.3 -------------------------------------------------------

def test_example_1_knock_knocker_wins() -> None:
    state = hand(EXAMPLE_1_CAPTAIN, EXAMPLE_1_BOX, "2D", stock="3C 9H")
    box_draws(state, "3C")
    state.apply("knock 9H")
    result = state.result
    assert result.ending == "knock"
    assert result.payoffs == (26, 0, 0)
    details = result.details
    assert details["knocker_deadwood"] == 4 and details["knocker_deadwood_cards"] == ["4C"]
    assert sorted(map(sorted, details["knocker_melds"])) == sorted(
        map(sorted, [["3S", "4S", "5S"], ["8C", "8D", "8H"], ["JD", "QD", "KD"]]))
    assert {item["card"] for item in details["layoffs"]} == {"6S", "8S"}
    assert details["defender_melds"] == [["10C", "10H", "10S"]]
    assert details["defender_deadwood"] == 30
    assert "26" in result.summary
    assert next_roles(state) == ("box", "sitter", "captain")  # P1 box, P3 captain, P2 sitter


EXAMPLE_2_CAPTAIN = "AH 2H 3H 5C 5D 5S 9D 10D JD 7S"
EXAMPLE_2_BOX = "KS KH KC 6H 7H 8H 4H QD 2C 3D"


@pytest.mark.parametrize(("options", "points"), [({}, 12), ({"undercut_bonus": 25}, 27)])
def test_example_2_undercut(options, points) -> None:
    state = hand(EXAMPLE_2_CAPTAIN, EXAMPLE_2_BOX, "9C", stock="10C", **options)
    both_decline(state)
    state.apply("draw stock")
    state.apply("knock 10C")
    result = state.result
    assert result.ending == "undercut"
    assert result.payoffs == (points, 0, 0)
    assert result.details["knocker_deadwood"] == 7
    assert {item["card"] for item in result.details["layoffs"]} == {"4H", "QD"}
    assert result.details["defender_deadwood"] == 5
    assert next_roles(state) == ("box", "sitter", "captain")


def test_equal_counts_is_an_undercut() -> None:
    state = hand("7C 8C 9C JH JS JD 4S 4H 4D 6S", "KH KC KD 5H 6H 7H AS AH AC 6D", "2S",
                 stock="QC")
    both_decline(state)
    state.apply("draw stock")
    state.apply("knock QC")
    assert state.result.details["layoffs"] == []
    assert state.result.details["knocker_deadwood"] == 6
    assert state.result.details["defender_deadwood"] == 6
    assert state.result.ending == "undercut" and state.result.payoffs == (10, 0, 0)


# ----- §5.1 when a knock is allowed --------------------------------------------------------------

def test_knock_not_allowed_at_eleven() -> None:
    state = hand("2C 3C 4C 5C 7C 7D 7H 7S KH AS", "2D 4D 6D 8D 10D 2S 4S 6S 8S 10S", "JC",
                 stock="QD")
    both_decline(state)
    state.apply("draw stock")
    assert not any(t.startswith(("knock", "gin")) for t in texts(state))
    with pytest.raises(IllegalAction, match="leaves 11"):
        state.apply("knock QD")
    # 10 is within the limit
    state = hand("2C 3C 4C 7D 7H 7S 9S 10S JS KH", "2D 4D 6D 8D 10D 2S 4S 6S 8S 3H", "JC",
                 stock="QD")
    both_decline(state)
    state.apply("draw stock")
    assert "knock QD" in texts(state)
    # and knock_limit changes it
    state = hand("2C 3C 4C 5C 7C 7D 7H 7S KH AS", "2D 4D 6D 8D 10D 2S 4S 6S 8S 10S", "JC",
                 stock="QD", knock_limit=11)
    both_decline(state)
    state.apply("draw stock")
    assert {"knock QD", "knock KH"} <= texts(state)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([0, 5, 10, 25, 40]), st.booleans())
def test_knock_and_gin_offered_exactly_for_discards_within_the_limit(seed, limit, take) -> None:
    """§5.1/§5.2/§3.2: after the draw, ``knock c`` / ``gin c`` is offered exactly for the cards
    c (not the card just taken) whose removal leaves the ten within ``knock_limit`` (0: gin),
    checked against an independent exhaustive search."""
    game = cardkit.load_game("gin-rummy", knock_limit=limit)
    state = game.new_hand(seed=seed, context=BOX_P1)
    taken = None
    if take:
        taken = state.view(P2).discard_top
        state.apply("take upcard")
    else:
        both_decline(state)
        state.apply("draw stock")
    cards = list(state.view(P2).hand)
    expected = set()
    for card in cards:
        if card is taken:
            continue
        left = brute_deadwood([c for c in cards if c is not card])
        if left <= limit:
            expected.add(f"{'gin' if left == 0 else 'knock'} {card}")
    assert {t for t in texts(state) if t.startswith(("knock", "gin"))} == expected
