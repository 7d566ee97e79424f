"""Tonk rules §7, a match: ``match_length_hands``, the deal passing left after every hand (void
deals included) and the running balances."""

from __future__ import annotations

import random

from cardkit import load_game


def test_void_deals_count_as_hands_and_pass_the_deal():
    """§7: the deal passes left after every hand, void deals included; match_length_hands
    counts them."""
    game = load_game("tonk", players=3, match_length_hands=3, low_initial_double_max=45)
    match = game.new_match(seed=26)
    endings = []
    while not match.is_over:
        state = match.current
        while not state.is_over:
            state.apply(state.legal_actions()[0])
        endings.append(state.result.ending)
        match.next_hand()
    assert "void_deal" in endings and len(match.hands) == 3
    first = match.contexts[0].dealer
    assert [c.dealer for c in match.contexts] == [(first + k) % 3 for k in range(3)]


def test_match_length_hands_and_running_balances():
    game = load_game("tonk", players=3, match_length_hands=4)
    match = game.new_match(seed=3)
    first_dealer = match.contexts[0].dealer
    rng = random.Random(0)
    balances = [0.0] * 3
    while not match.is_over:
        state = match.current
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        balances = [b + p for b, p in zip(balances, state.result.payoffs, strict=True)]
        match.next_hand()
    assert len(match.hands) == 4
    assert [c.dealer for c in match.contexts] == [(first_dealer + k) % 3 for k in range(4)]
    assert list(match.totals) == balances
    assert "cut" in match.contexts[0].extra
