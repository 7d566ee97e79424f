"""Gin rummy rules §6, scoring: the formulas of 6.1 over every showdown, who gets the points (6.2,
``team_points_to``, §9.7) and who won the hand (6.3).

Seats as in the rules page's examples: P1 = seat 0 is the box (and deals), P2 = seat 1 the
captain, P3 = seat 2 the sitter, unless a test says otherwise."""

from __future__ import annotations

import random

import attrs
import pytest
from cardkit_games.gin_rummy.match import advance
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit import Result, parse_cards
from tests.games.gin_rummy.helpers import (
    BOX_P1,
    EXAMPLE_1_BOX,
    EXAMPLE_1_CAPTAIN,
    P1,
    P2,
    P3,
    both_decline,
    brute_deadwood,
    brute_melds,
    card_value,
    deck,
    hand,
)

# ----- §6.1 the hand's score ---------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([10, 25, 40]))
def test_every_showdown_scores_by_the_formulas(seed, limit) -> None:
    """§5.1/§5.2/§6.1/§6.2 as an invariant over random play: the knocker shows disjoint melds
    and deadwood worth K, at least the least deadwood and ≤ ``knock_limit`` (§5.1.1/§9.9: any
    valid arrangement may be shown); gin has K = 0 and no lay-offs; exactly one side scores
    D − K, ``undercut_bonus`` + (K − D) or ``gin_bonus`` + D; the sitter never scores."""
    game = cardkit.load_game("gin-rummy", knock_limit=limit)
    state = game.new_hand(seed=seed, context=BOX_P1)
    rng = random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions()
        enders = [a for a in legal if a.kind in ("knock", "gin")]
        state.apply(rng.choice(enders) if enders and rng.random() < 0.5 else rng.choice(legal))
    result = state.result
    assert result.payoffs[P3] == 0
    if result.ending == "draw":
        assert result.payoffs == (0, 0, 0) and result.winners == ()
        return
    details = result.details
    knocker, defender = details["knocker"], details["defender"]
    texts_shown = [card for meld in details["knocker_melds"] for card in meld]
    shown = parse_cards(" ".join([*texts_shown, *details["knocker_deadwood_cards"]]))
    k, d = details["knocker_deadwood"], details["defender_deadwood"]
    assert len(shown) == 10 and brute_deadwood(shown) <= k <= limit
    deadwood = parse_cards(" ".join(details["knocker_deadwood_cards"]))
    assert k == sum(card_value(card) for card in deadwood)
    assert all(frozenset(parse_cards(" ".join(meld))) in set(brute_melds(shown))
               for meld in details["knocker_melds"])
    if details["kind"] == "gin":
        assert k == 0 and details["layoffs"] == []
        expected = (knocker, 25 + d)
    elif k < d:
        expected = (knocker, d - k)
    else:
        expected = (defender, 10 + k - d)
    assert result.winners == (expected[0],)
    assert result.payoffs == tuple(expected[1] if s == expected[0] else 0 for s in range(3))


# ----- §6.2 who gets the points (§9.7) -----------------------------------------------------------

@pytest.mark.parametrize(("team", "payoffs"), [
    ("captain", (0, 26, 0)), ("captain_and_sitter", (0, 26, 26))])
def test_team_credit(team, payoffs) -> None:
    # example 1's hands with the captain knocking: 9H drawn, K = 4, D = 30 → the team scores 26
    state = hand(EXAMPLE_1_BOX, EXAMPLE_1_CAPTAIN, "2D", stock="9H", team_points_to=team)
    both_decline(state)
    state.apply("draw stock")
    state.apply("knock 9H")
    assert state.result.payoffs == payoffs
    context = advance(state.game, attrs.evolve(BOX_P1, extra={}), state.result,
                      random.Random(0))
    assert context.totals == payoffs


def test_team_credit_counts_a_won_hand_for_both_team_members() -> None:
    """§6.2 with ``team_points_to = captain_and_sitter``: both credited members won the hand."""
    game = cardkit.load_game("gin-rummy", team_points_to="captain_and_sitter")
    context = advance(game, attrs.evolve(BOX_P1, extra={}),
                      Result("knock", (P2,), (0, 26, 26)), random.Random(0))
    assert context.totals == (0, 26, 26) and context.extra["hands_won"] == [0, 1, 1]
    # a 0-point team score (undercut_bonus = 0, equal counts) is still won by both members
    zero = cardkit.load_game("gin-rummy", team_points_to="captain_and_sitter", undercut_bonus=0)
    context = advance(zero, attrs.evolve(BOX_P1, extra={}),
                      Result("undercut", (P2,), (0, 0, 0)), random.Random(0))
    assert context.extra["hands_won"] == [0, 1, 1]


# ----- §6.3 who won the hand ---------------------------------------------------------------------

def test_a_zero_point_score_still_wins_the_hand() -> None:
    """§6.1/§6.3/§7: with ``undercut_bonus = 0`` an undercut on equal counts scores 0 points,
    but the defender's side still scored, so it won the hand (line bonus, shutout, rotation)."""
    game = cardkit.load_game("gin-rummy", undercut_bonus=0, line_bonus=25)
    state = game.new_hand(seed=1, deck=deck("7C 8C 9C JH JS JD 4S 4H 4D 6S",
                                            "KH KC KD 5H 6H 7H AS AH AC 6D", "2S",
                                            stock="QC"), context=BOX_P1)
    both_decline(state)
    state.apply("draw stock")
    state.apply("knock QC")
    assert state.result.ending == "undercut" and state.result.payoffs == (0, 0, 0)
    assert state.result.winners == (P1,)
    context = advance(game, attrs.evolve(BOX_P1, extra={}), state.result, random.Random(0))
    assert context.extra["hands_won"] == [1, 0, 0] and context.extra["scored_hands"] == 1
    assert context.roles == ("box", "sitter", "captain")  # box won: captain and sitter swap
