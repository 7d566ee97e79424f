"""What a Tiến Lên state and result tell the screen: seats named ``seat N`` (0-based)
everywhere, details that agree with the headline, written as sentences; the view's trick
information; and the hand analysis that ``cardkit hand`` shows."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.engine.match import HandContext
from cardkit.game import HandAnalysis
from tests.games.tien_len.helpers import P1, P2, P3, P4, deal, later_game

_PLACE_WORDS = ("first", "second", "third")


def _played_out(players: int, seed: int) -> cardkit.State:
    game = cardkit.load_game("tien-len", players=players)
    state = game.new_hand(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply_unchecked(rng.choice(state.legal_actions()))
    return state


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_headline_and_details_name_the_same_seats_in_the_same_order(players: int,
                                                                    seed: int) -> None:
    result = _played_out(players, seed).result
    assert result is not None
    if result.ending != "normal":
        return
    places = result.details["places"]
    headline = re.findall(r"(\d)(?:st|nd|rd|th) seat (\d) \+(\d+)", result.summary)
    assert [int(seat) for _, seat, _ in headline] == places
    assert [int(points) for _, _, points in headline] == [result.payoffs[s] for s in places]
    went_out = result.details["explanation"][0]
    named = [int(seat) for seat in re.findall(r"seat (\d)", went_out)]
    assert named == places
    assert f"seat {places[0]} went out first" in went_out
    for place, seat in enumerate(places[1:-1], start=1):
        assert f"seat {seat} {_PLACE_WORDS[place]}" in went_out
    assert not re.search(r"\bP\d", result.summary + " ".join(result.details["explanation"]))


def test_instant_win_and_void_deal_sentences() -> None:
    state = deal({P3: "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2H"})
    assert state.result.ending == "instant_win"
    assert state.result.summary == "seat 2 wins at once with dragon (+3)"
    assert state.result.details["explanation"] == [
        "seat 2 was dealt a dragon (a card of every rank from 3 to A): an instant win (§5.1), "
        "worth the first place's 3 points; nobody else scores and nothing is played (§6)."]
    void = deal({P1: "2S 2C 2D 2H 3S 3C 4S 4C 5S 5C 6S 6C 7S",
                 P2: "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 8S"})
    assert void.result.ending == "void"
    assert void.result.summary == ("void deal: seat 0 (four twos) and seat 1 (dragon) both hold "
                                   "instant wins; the same dealer redeals")
    assert void.result.details["explanation"] == [
        "Dealt: seat 0 all four 2s and seat 1 a dragon (a card of every rank from 3 to A). "
        "With more than one instant win the deal is void (§5.2): nobody scores and the same "
        "dealer deals again."]


def test_match_summary_names_the_seat() -> None:
    game = cardkit.load_game("tien-len", target_score=3)
    outcome = game.definition.match.outcome(
        game, HandContext(dealer=P4, totals=(0, 4, 0, 0)), 3)
    assert outcome is not None
    assert outcome.summary == "seat 1 wins the match with 4 after 3 games"


def test_view_info() -> None:
    """The view shows the top, who played it, who passed, places so far, and the trick."""
    state = deal({P1: "9C", P2: "JD"}, context=later_game(P1))
    state.apply("play 9C")
    state.apply("pass")
    info = state.view(P3).info
    assert info["top"] == {"type": "single", "length": 1, "cards": ["9C"]}
    assert info["top_player"] == P1 and info["passed_players"] == [P2]
    assert info["finished_players"] == []
    assert state.view(P3).table == ((P1, tuple(cardkit.parse_cards("9C"))),)
    assert state.phase == "follow" and state.view(P3).phase == "follow"


def test_play_direction_is_shown_only_when_counterclockwise() -> None:
    """The view mentions the direction only when it is not the usual clockwise (§8)."""
    clockwise = cardkit.load_game("tien-len").new_hand(seed=3)
    assert "play_direction" not in clockwise.view(0).info
    reverse = cardkit.load_game("tien-len", play_direction="counterclockwise").new_hand(seed=3)
    assert reverse.view(0).info["play_direction"] == "counterclockwise"


def test_hand_analysis_reports_instant_wins_for_the_cli():
    from cardkit.engine.registry import game_definition
    from cardkit.values.cards import parse_cards

    definition = game_definition("tien-len")
    options = definition.configure().options
    dragon = parse_cards("3D 4S 5S 6H 7C 8D 9S 10C JH QD KS AC 5H")
    analysis = definition.capability(HandAnalysis)
    assert analysis.analyse(dragon, options) == {"instant_wins": ["dragon"], "instant_win": True}
    plain = parse_cards("3D 4S 5S 6H 7C 8D 9S 10C JH QD KS 2C 5H")
    assert analysis.analyse(plain, options)["instant_win"] is False
    assert analysis.climbing_rules(options).strength(parse_cards("2H")[0]) == 51
