"""The conformance kit and invariants (hypothesis) for Tonk: every preset, and the options
``discard_pickup_must_meld``, ``spread_min_natural``, ``book_to_discard_trigger`` and
``spades_side_bet_hands`` in their non-default readings."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import load_game
from cardkit.services.testing import check_game
from tests.games.tonk.helpers import SOURCE_READINGS

PRESETS = [None, "texas", "all_house_rules", "all_house_rules_declined",
           "all_house_rules_reshuffle"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_kit(players):
    report = check_game("tonk", players=[players], presets=PRESETS, hands=10, seed=players)
    assert report.hands == 10 * len(PRESETS)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_kit_with_discard_pickup_must_meld(players):
    report = check_game("tonk", players=[players], presets=[None, "all_house_rules"],
                        options={"discard_pickup_must_meld": True}, hands=10, seed=40 + players)
    assert report.hands == 20


def test_the_conformance_kit_holds_under_the_sources_readings():
    for players in (2, 3):
        check_game("tonk", players=[players], presets=[None, "all_house_rules"],
                   options=SOURCE_READINGS, hands=8, seed=players)


def _play_without_early_drops(state, rng: random.Random) -> int:
    """Random play that avoids drops (so hands reach tonks, stock ends and reshuffles); returns
    the number of stock draws."""
    stock_draws = 0
    while not state.is_over:
        legal = state.legal_actions()
        choices = [a for a in legal if a.kind != "drop"] or legal
        if rng.random() < 0.02:
            choices = legal
        action = choices[rng.randrange(len(choices))]
        stock_draws += str(action) == "draw stock"
        state.apply(action)
        zones = [c for cards in state.zones().values() for c in cards]
        assert sorted(c.index for c in zones) == sorted(c.index for c in state.deck)
    return stock_draws


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.sampled_from([2, 3, 4]),
       preset=st.sampled_from(PRESETS))
def test_hands_are_zero_sum_and_bounded(seed, players, preset):
    game = load_game("tonk", players=players, preset=preset)
    state = game.new_hand(seed=seed)
    initial_stock = len(state.stock)
    stock_draws = _play_without_early_drops(state, random.Random(seed))
    result = state.result
    assert abs(sum(result.payoffs)) < 1e-9
    assert abs(sum(t.amount for t in result.transfers if t.payee == 0)
               - sum(t.amount for t in result.transfers if t.payer == 0)
               - result.payoffs[0]) < 1e-9
    if game.options["stock_exhaustion"] == "reshuffle":
        assert state.turns <= game.options["turn_cap"] + 1
    else:
        # the stock never grows: a hand draws at most the initial stock
        assert stock_draws <= initial_stock
    assert result.summary and "explanation" in result.details
    assert len(result.details["counts"]) == players


def test_no_hand_outlasts_the_deck_when_everyone_draws_from_the_stock():
    game = load_game("tonk", players=2)
    for seed in range(30):
        state = game.new_hand(seed=seed)
        initial_stock = len(state.stock)
        rng = random.Random(seed)
        while not state.is_over:
            legal = [a for a in state.legal_actions() if a.kind not in ("drop", "draw")
                     or str(a) == "draw stock"]
            state.apply(legal[rng.randrange(len(legal))])
        assert state.turns <= initial_stock
