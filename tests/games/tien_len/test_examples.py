"""Rules §10: every worked example, through the public contract."""

from __future__ import annotations

import random

import pytest

import cardkit
from cardkit import IllegalAction
from cardkit.values.results import Result
from tests.games.tien_len.helpers import (
    P1,
    P2,
    P3,
    P4,
    can_play,
    deal,
    later_game,
    play_types,
    plays,
    with_top,
)


def test_01_card_order() -> None:
    """§10.1: 2S beats AH; 10S beats 9H; 7H beats 7D; 3S is beaten by every card."""
    state = with_top("AH", "2S 10S 7H")
    assert can_play(state, "2S") and not can_play(state, "10S")
    state = with_top("9H", "10S 7H")
    assert can_play(state, "10S") and not can_play(state, "7H")
    state = with_top("7D", "7H 7S")
    assert can_play(state, "7H") and not can_play(state, "7S")
    state = with_top("3S", "3C 4D 9H KS 2C")
    assert plays(state) == {f"play {card}" for card in state.hands[P2]}


def test_02_first_lead() -> None:
    """§10.2: P2 holds 3S in the first game and must lead with it."""
    state = deal({P2: "3S 3C 3D 3H 4C 4D 4H 5S 5C"})
    assert state.current_player == P2
    for text in ("3S", "3S 3H", "3S 4D 5C", "3S 3C 4D 4H 5S 5C"):
        assert can_play(state, text), text
    for text in ("4C", "3H 3D"):
        with pytest.raises(IllegalAction, match="must include 3S"):
            state.apply("play " + text)
    assert all("3S" in str(action) for action in state.legal_actions())
    with pytest.raises(IllegalAction):  # P1 cannot lead: it is not P1's turn
        state.apply("play " + str(state.hands[P1].sorted()[0]))
    assert state.current_player == P2


def test_03_pairs() -> None:
    """§10.3: 8S 8H beats 8C 8D; 9S 9C beats 8S 8H; 8C 8D does not beat 8S 8H."""
    state = with_top("8C 8D", "8S 8H", {P3: "9S 9C"})
    assert can_play(state, "8S 8H")
    state.apply("play 8S 8H")
    assert state.current_player == P3 and can_play(state, "9S 9C")
    state = with_top("8S 8H", "8C 8D")
    assert not can_play(state, "8C 8D")
    with pytest.raises(IllegalAction, match="does not beat"):
        state.apply("play 8C 8D")


def test_04_sequences() -> None:
    """§10.4: on 5C 6D 7S, 5S 6S 7H and 6C 7C 8S beat; a 4-card sequence cannot be played."""
    state = with_top("5C 6D 7S", "5S 6S 7H 6C 7C 8S")
    assert can_play(state, "5S 6S 7H") and can_play(state, "6C 7C 8S")
    state = with_top("5C 6D 7S", "6C 7C 8C 9C")
    assert not can_play(state, "6C 7C 8C 9C")
    assert can_play(state, "7C 8C 9C")


def test_05_invalid_sequences() -> None:
    """§10.5: no 2 in sequences; with twos_in_sequences = as_top_only, 2 at the top only."""
    for options, valid in (({}, False), ({"twos_in_sequences": "as_top_only"}, True)):
        state = deal({P1: "QS KD AH 2C KS AD 2H"}, context=later_game(P1), **options)
        assert can_play(state, "QS KD AH 2C") is valid
        assert can_play(state, "KS AD 2H") is valid
        state = deal({P1: "AS 2D 3C 2S 3D 4C"}, context=later_game(P1), **options)
        assert not can_play(state, "AS 2D 3C")
        assert not can_play(state, "2S 3D 4C")
        with pytest.raises(IllegalAction, match="not a valid combination"):
            state.apply("play AS 2D 3C")


def test_06_double_sequences() -> None:
    """§10.6: key 8H beats key 8D; two pairs are not a combination."""
    state = with_top("6D 6H 7C 7H 8S 8D", "6S 6C 7S 7D 8C 8H")
    assert can_play(state, "6S 6C 7S 7D 8C 8H")
    state = deal({P1: "6S 6C 7S 7D"}, context=later_game(P1))
    assert not can_play(state, "6S 6C 7S 7D")


def test_07_chopping_a_single_two() -> None:
    """§10.7: on 2H a quad, a 3-pair and a 4-pair double sequence beat; AH does not."""
    state = with_top("2H", "7S 7C 7D 7H 4S 4C 5D 5H 6C 6D AH",
                     {P3: "JS JC QD QH KS KH AC AD"})
    assert can_play(state, "7S 7C 7D 7H") and can_play(state, "4S 4C 5D 5H 6C 6D")
    assert not can_play(state, "AH")
    state.apply("pass")
    assert state.current_player == P3 and can_play(state, "JS JC QD QH KS KH AC AD")


@pytest.mark.parametrize("quad_option", [False, True])
def test_08_pair_of_twos(quad_option: bool) -> None:
    """§10.8: on 2S 2C: 2D 2H beats; a quad only with quad_beats_pair_of_twos; a 3-pair double
    sequence never; a 4-pair double sequence does."""
    state = with_top("2S 2C", "2D 2H 7S 7C 7D 7H 4S 4C 5D 5H 6C 6D",
                     {P3: "9S 9C 10D 10H JC JD QS QH"}, quad_beats_pair_of_twos=quad_option)
    assert can_play(state, "2D 2H")
    assert can_play(state, "7S 7C 7D 7H") is quad_option
    assert not can_play(state, "4S 4C 5D 5H 6C 6D")
    state.apply("pass")
    assert can_play(state, "9S 9C 10D 10H JC JD QS QH")


def test_09_triple_of_twos() -> None:
    """§10.9: on 2S 2C 2D only a double sequence of 5+ pairs."""
    state = with_top("2S 2C 2D", "3S 3C 4D 4H 5S 5C 6D 6H 7S 7C",
                     {P3: "8S 8C 9D 9H 10S 10C JD JH KS KC KD KH"})
    assert can_play(state, "3S 3C 4D 4H 5S 5C 6D 6H 7S 7C")
    assert {(t, n >= 5) for t, n in play_types(state)} == {("double_sequence", True)}
    state.apply("pass")
    assert plays(state) == set()  # a 4-pair double sequence and a quad cannot


@pytest.mark.parametrize("cross", [False, True])
def test_10_bomb_over_bomb_quads(cross: bool) -> None:
    """§10.10: 2D, a quad, a higher quad; then no double sequence (cross: 4+ pairs could)."""
    state = deal({P1: "2D", P2: "5S 5C 5D 5H", P3: "9S 9C 9D 9H",
                  P4: "10S 10C JD JH QS QC KD KH"},
                 context=later_game(P1), cross_bomb_beating=cross)
    state.apply("play 2D")
    state.apply("play 5S 5C 5D 5H")
    assert can_play(state, "9S 9C 9D 9H")
    state.apply("play 9S 9C 9D 9H")
    assert state.current_player == P4
    lengths = {n for t, n in play_types(state) if t == "double_sequence"}
    assert can_play(state, "10S 10C JD JH QS QC KD KH") is cross
    assert all(n >= 4 for n in lengths) and bool(lengths) is cross


@pytest.mark.parametrize("longer", [False, True])
def test_10_bomb_over_bomb_double_sequences(longer: bool) -> None:
    """§10.10: a 3-pair double sequence chops 2D; a stronger 3-pair one beats it; a 4-pair one
    only with longer_double_sequence_beats_shorter."""
    state = deal({P1: "2D", P2: "3S 3C 4D 4H 5S 5C", P3: "10S 10C JD JH QS QC KS KC"},
                 context=later_game(P1), longer_double_sequence_beats_shorter=longer)
    state.apply("play 2D")
    state.apply("play 3S 3C 4D 4H 5S 5C")
    assert can_play(state, "10S 10C JD JH QS QC")
    assert can_play(state, "JD JH QS QC KS KC")
    assert can_play(state, "10S 10C JD JH QS QC KS KC") is longer


def test_11_no_bombing_non_twos() -> None:
    """§10.11: a quad cannot be played on AH, a 4-pair double sequence not on KS KH."""
    state = with_top("AH", "4S 4C 4D 4H")
    assert not can_play(state, "4S 4C 4D 4H")
    assert {t for t, _ in play_types(state)} <= {"single"}
    state = with_top("KS KH", "5S 5C 6D 6H 7S 7C 8D 8H")
    assert not can_play(state, "5S 5C 6D 6H 7S 7C 8D 8H")
    assert {t for t, _ in play_types(state)} <= {"pair"}


def test_12_pass_lock() -> None:
    """§10.12: P2 passed and is skipped; P3 passes, the trick ends and P4 leads."""
    hands = {P1: "9C", P2: "6S 6C 6D 6H", P3: "JD", P4: "2S"}
    state = deal(hands, context=later_game(P1))
    for text in ("play 9C", "pass", "play JD", "play 2S", "pass"):
        state.apply(text)
    assert state.current_player == P3  # P2 skipped
    state.apply("pass")
    assert state.current_player == P4 and state.view(P4).info["top"] is None


def test_12_pass_lock_with_bombs_ignore_pass_lock() -> None:
    """§10.12: with bombs_ignore_pass_lock, P2 may bomb the 2S; the others, P1 included
    (locked), may then beat it only with a higher quad."""
    hands = {P1: "9C KS KC KD KH", P2: "6S 6C 6D 6H", P3: "JD 7S 7C 7D 7H 2H", P4: "2S"}
    state = deal(hands, context=later_game(P1), bombs_ignore_pass_lock=True)
    for text in ("play 9C", "pass", "play JD", "play 2S", "pass"):
        state.apply(text)
    assert state.current_player == P2
    assert can_play(state, "6S 6C 6D 6H")  # only bombs (or pass)
    assert {t for t, _ in play_types(state)} <= {"quad", "double_sequence"}
    state.apply("play 6S 6C 6D 6H")
    for seat in (P3, P4):
        assert state.current_player == seat
        assert {t for t, _ in play_types(state)} <= {"quad"}  # higher quads only
        assert not can_play(state, "2H") if seat == P3 else True
        state.apply("pass")
    assert state.current_player == P1  # locked, but asked: may bomb
    assert can_play(state, "KS KC KD KH")
    assert {t for t, _ in play_types(state)} <= {"quad"}


def test_13_going_out_and_the_next_lead() -> None:
    """§10.13: P3 goes out with KS KH; after all pass, P4 leads. Had P4 played AS AH and P1, P2
    passed, P4 would lead."""
    hands = {P3: "3D 3H 4D 4H 5D 5H 6D 6H 7D 7H 9D KS KH", P4: "AS AH"}
    state = deal(hands, context=later_game(P3))
    state.apply("play 3D 3H 4D 4H 5D 5H 6D 6H 7D 7H")
    for _ in range(3):
        state.apply("pass")
    state.apply("play 9D")
    for _ in range(3):
        state.apply("pass")
    assert state.current_player == P3
    branch = state.clone()
    state.apply("play KS KH")
    assert state.view(P1).info["finished_players"] == [P3]
    for _ in range(3):
        state.apply("pass")
    assert state.current_player == P4 and state.top is None
    branch.apply("play KS KH")
    branch.apply("play AS AH")
    branch.apply("pass")
    branch.apply("pass")
    assert branch.current_player == P4 and branch.top is None


def test_14_instant_wins() -> None:
    """§10.14: four 2s and a dragon win at once (+3); both together void the deal."""
    game = cardkit.load_game("tien-len")
    state = deal({P3: "2S 2C 2D 2H"}, game)
    assert state.is_over and state.result.ending == "instant_win"
    assert state.result.payoffs == (0, 0, 3, 0)
    assert state.result.details["instant_win"]["kind"] == "four_twos"
    context = game.definition.match.advance(game, state.context, state.result, random.Random(0))
    assert context.leader == P3 and context.dealer == state.context.dealer
    dragon = "3D 4S 5S 6H 7C 8D 9S 10C JH QD KS AC 5H"
    state = deal({P1: dragon}, game)
    assert state.result.ending == "instant_win" and state.result.payoffs == (3, 0, 0, 0)
    assert state.result.details["instant_win"]["kind"] == "dragon"
    state = deal({P1: dragon, P3: "2S 2C 2D 2H"}, game)
    assert state.result.ending == "void" and state.result.payoffs == (0, 0, 0, 0)
    context = game.definition.match.advance(game, state.context, state.result, random.Random(0))
    assert context.dealer == state.context.dealer and context.totals == (0, 0, 0, 0)


def test_15_scoring() -> None:
    """§10.15: P2 first, P4 second, P1 third, P3 left: +3 +2 +1 0; P3 deals next, P2 leads."""
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


def _normal(places: list[int], points: list[int]) -> Result:
    payoffs = [0] * 4
    for place, seat in enumerate(places):
        payoffs[seat] = points[place]
    return Result("normal", (places[0],), tuple(payoffs), details={"places": places})


def test_16_match_end_and_tie() -> None:
    """§10.16: 22-22 at the target plays on; P2 then wins with 25."""
    game = cardkit.load_game("tien-len")
    rules = game.definition.match
    context = later_game(P1)
    context = type(context)(dealer=P4, totals=(19, 20, 10, 12), leader=P1,
                            extra={"first_game": False})
    context = rules.advance(game, context, _normal([P1, P2, P4, P3], [3, 2, 1, 0]),
                            random.Random(0))
    assert context.totals == (22, 22, 10, 13)
    assert rules.outcome(game, context, 5) is None  # tied at the top: play on
    context = rules.advance(game, context, _normal([P2, P3, P4, P1], [3, 2, 1, 0]),
                            random.Random(0))
    assert context.totals[P2] == 25 and context.totals[P1] == 22
    outcome = rules.outcome(game, context, 6)
    assert outcome is not None and outcome.winner == P2


def test_17_three_players() -> None:
    """§10.17: 39 cards dealt, 13 out of play; 3S out of play; P2 holds 3C and must lead it."""
    game = cardkit.load_game("tien-len", players=3)
    assert game.options["placement_points"] == [2, 1, 0]
    assert game.options["num_players"] == 3
    state = deal({P2: "3C 5D"}, game, out_of_play="3S")
    assert sum(len(hand) for hand in state.hands) == 39 and len(state.out_of_play) == 13
    assert state.current_player == P2
    assert all("3C" in str(action) for action in state.legal_actions())
    with pytest.raises(IllegalAction, match="must include 3C"):
        state.apply("play 5D")


def test_18_triples() -> None:
    """§10.18: 9S 9C 9D beats 8S 8H 8D; a quad cannot be played on a triple of non-2s."""
    state = with_top("8S 8H 8D", "9S 9C 9D 5S 5C 5D 5H")
    assert can_play(state, "9S 9C 9D")
    assert not can_play(state, "5S 5C 5D 5H")


def test_19_leader_and_passing() -> None:
    """§10.19: the leader cannot pass; a follower may pass though AS beats KH, and is then
    locked out."""
    state = deal({P1: "KH 5C", P2: "AS", P3: "2D"}, context=later_game(P1))
    with pytest.raises(IllegalAction, match="leader cannot pass"):
        state.apply("pass")
    state.apply("play KH")
    assert can_play(state, "AS")
    state.apply("pass")
    state.apply("play 2D")  # P3
    state.apply("pass")  # P4
    state.apply("pass")  # P1; P2 is locked and skipped: the trick ends
    assert state.current_player == P3 and state.top is None
