"""Tiến Lên rules §6, scoring by place (``placement_points``), with worked example 6.

Seats: P1..P4 are seats 0..3; a stacked deal's dealer is the last seat unless a test says
otherwise."""

from __future__ import annotations

import random

import cardkit
from tests.games.tien_len.helpers import P1, P2, P3, P4, deal, later_game


def test_example_6_scoring() -> None:
    """§10.6: P2 first, P4 second, P1 third, P3 left: +3 +2 +1 0; P3 deals next, P2 leads."""
    game = cardkit.load_game("tien-len")
    hands = {
        P2: "3S 3C 4S 4C 5S 5C 6S 6C 7S 7C 8S 8C 9S",
        P4: "9D 9H 10D 10H JD JH QD QH KD KH AD AH 2S",
        P1: "3D 3H 4D 4H 5D 5H 6D 6H 7D 7H 8D 8H 10S",
    }
    state = deal(hands, game, context=later_game(P2))
    script = [
        "play 3S 3C 4S 4C 5S 5C 6S 6C 7S 7C 8S 8C", "pass", "pass", "pass",  # P2 leads
        "play 9S",  # P2 out, 1st
        "pass", "play 2S", "pass",  # P3 passes, P4 2S, P1 passes; P3 skipped
        "play 9D 9H 10D 10H JD JH QD QH KD KH AD AH",  # P4 out, 2nd
        "pass", "pass",  # P1, P3: trick ends, P1 leads
        "play 3D 3H 4D 4H 5D 5H 6D 6H 7D 7H 8D 8H", "pass", "play 10S",  # P1 out, 3rd
    ]
    for text in script:
        state.apply(text)
    result = state.result
    assert result.ending == "normal"
    assert result.details["places"] == [P2, P4, P1, P3]
    assert result.payoffs == (1, 3, 0, 2)
    context = game.definition.match.advance(game, state.context, result, random.Random(0))
    assert context.dealer == P3 and context.leader == P2
    assert context.extra["first_game"] is False


def test_custom_placement_points_three_players() -> None:
    """§6/§8 placement_points: a custom list scores the places."""
    game = cardkit.load_game("tien-len", players=3, instant_wins=[], placement_points=[7, 3, -1])
    hands = {P1: "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AD 2S",
             P2: "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH KC"}
    state = deal(hands, game, context=later_game(P1, players=3))
    for text in ("play 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AD",
                 "play 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "pass", "pass", "play KC",
                 "pass", "play 2S"):
        state.apply(text)
    assert state.result.payoffs == (3, 7, -1)


def test_two_player_default_points() -> None:
    """§6: two players score [1, 0] by default; the game ends as soon as one player is out."""
    game = cardkit.load_game("tien-len", players=2)
    state = deal({P2: "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2S 2C"}, game,
                 context=later_game(P2, players=2))
    state.apply("play 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    state.apply("pass")
    state.apply("play 2S 2C")
    assert state.result.details["places"] == [P2, P1] and state.result.payoffs == (0, 1)


def test_instant_win_scores_the_first_custom_place() -> None:
    """§6: the instant winner scores placement_points[0] (a custom list too), others 0."""
    state = deal({P3: "2S 2C 2D 2H"}, placement_points=[10, 5, 2, 0])
    assert state.result.ending == "instant_win" and state.result.payoffs == (0, 0, 10, 0)
