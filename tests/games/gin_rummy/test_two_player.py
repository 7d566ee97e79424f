"""Gin rummy rules, "Two-player gin": the cut for the first dealer, the up-card between dealer and
non-dealer, ``dealer_rule``, each player scoring for themself and the two-player defaults."""

from __future__ import annotations

import random

import pytest
from cardkit_games.gin_rummy.match import advance, outcome, roles_from_order, rotate_roles

import cardkit
from cardkit import HandContext, Result
from tests.games.gin_rummy.helpers import hand, texts


def test_two_player_cut_upcard_protocol_and_scoring() -> None:
    """Appendix: high card deals; the non-dealer decides on the up-card first, then the dealer,
    then the non-dealer must draw from the stock; undercut defaults to 25, each player scores
    for themself."""
    assert roles_from_order([1, 0]) == ("non-dealer", "dealer")
    roles = ("non-dealer", "dealer")
    state = hand("7C 8C 9C JH JS JD 4S 4H 4D 6S", "KH KC KD 5H 6H 7H AS AH AC 6D", "2S",
                 stock="QC", players=2, context=HandContext(dealer=1, totals=(0, 0),
                                                            roles=roles))
    assert state.current_player == 0
    state.apply("decline upcard")
    assert state.current_player == 1
    state.apply("decline upcard")
    assert state.current_player == 0 and texts(state) == {"draw stock"}
    state.apply("draw stock")
    state.apply("knock QC")
    assert state.result.ending == "undercut" and state.result.payoffs == (0, 25)


def test_two_player_hand_and_match() -> None:
    game = cardkit.load_game("gin-rummy", players=2)
    match = game.new_match(seed=3)
    first = match.contexts[0]
    assert sorted(first.roles) == ["dealer", "non-dealer"]
    assert first.roles[first.dealer] == "dealer"
    state = match.current
    assert state.current_player == 1 - first.dealer and state.view(0).roles == first.roles


def test_two_player_dealer_rules() -> None:
    roles = ("dealer", "non-dealer")
    assert rotate_roles(roles, 0, "alternate") == ("non-dealer", "dealer")
    assert rotate_roles(roles, 1, "winner_deals") == ("non-dealer", "dealer")
    assert rotate_roles(roles, 1, "loser_deals") == ("dealer", "non-dealer")
    assert rotate_roles(roles, None, "alternate") == roles  # a dead hand is redealt
    game = cardkit.load_game("gin-rummy", players=2, dealer_rule="winner_deals")
    context = HandContext(dealer=0, totals=(0, 0), roles=roles)
    nxt = advance(game, context, Result("knock", (1,), (0, 12)), random.Random(0))
    assert nxt.dealer == 1 and nxt.roles == ("non-dealer", "dealer")


@pytest.mark.parametrize(("rule", "scorer", "dealer"), [
    ("alternate", 0, 0), ("alternate", 1, 0), ("winner_deals", 0, 0), ("winner_deals", 1, 1),
    ("loser_deals", 0, 1), ("loser_deals", 1, 0), ("alternate", None, 1),
])
def test_two_player_dealer_rule_through_advance(rule, scorer, dealer) -> None:
    """Appendix ``dealer_rule`` (default alternate); a dead hand is redealt by the same dealer."""
    game = cardkit.load_game("gin-rummy", players=2, dealer_rule=rule)
    assert cardkit.load_game("gin-rummy", players=2).options["dealer_rule"] == "alternate"
    context = HandContext(dealer=1, totals=(0, 0), roles=("non-dealer", "dealer"))
    if scorer is None:
        result = Result("draw", (), (0, 0))
    else:
        result = Result("knock", (scorer,), tuple(20 if s == scorer else 0 for s in range(2)))
    nxt = advance(game, context, result, random.Random(0))
    assert nxt.dealer == dealer and nxt.roles[dealer] == "dealer"


def test_two_player_final_totals_with_default_bonuses() -> None:
    """Appendix defaults: game bonus 100, line bonus 25, shutout doubles the hand points."""
    game = cardkit.load_game("gin-rummy", players=2)
    context = HandContext(dealer=0, totals=(90, 0), roles=("dealer", "non-dealer"),
                          extra={"hands_won": [3, 0], "scored_hands": 3, "game_winner": None})
    context = advance(game, context, Result("gin", (0,), (30, 0)), random.Random(0))
    assert outcome(game, context, 4).final_totals == (120 * 2 + 100 + 25 * 4, 0)
