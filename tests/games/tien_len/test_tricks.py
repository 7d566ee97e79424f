"""Tiến Lên rules §3, tricks: the lead (3.1), following and the pass lock (3.2,
``bombs_ignore_pass_lock``, §9.3), the end of a trick (3.3, §9.6) and going out (3.4, §9.7,
§9.8), with worked example 5 (pass lock).

Seats: P1..P4 are seats 0..3; a stacked deal's dealer is the last seat unless a test says
otherwise."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.values.errors import IllegalAction
from tests.games.tien_len.helpers import P1, P2, P3, P4, can_play, deal, later_game, play_types

# ----- §3.1 the lead, §3.2 following -------------------------------------------------------------

def test_the_phase_says_whether_you_lead_or_follow() -> None:
    """§3.1: the leader cannot pass, and the refusal says so; followers may."""
    state = deal({P1: "9C", P2: "JD"}, context=later_game(P1))
    assert state.phase == "lead" and "cannot pass" in state.prompt
    with pytest.raises(IllegalAction, match="the leader cannot pass"):
        state.apply("pass")
    state.apply("play 9C")
    assert state.phase == "follow" and "pass" in state.prompt


def test_leader_and_passing() -> None:
    """§3.1, §3.2: the leader cannot pass; a follower may pass though AS beats KH, and is then
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


# ----- §3.2 the pass lock (worked example 5, §9.3) -----------------------------------------------

def test_example_5_pass_lock() -> None:
    """§10.5: P2 passed and is skipped; P3 passes, the trick ends and P4 leads."""
    hands = {P1: "9C", P2: "6S 6C 6D 6H", P3: "JD", P4: "2S"}
    state = deal(hands, context=later_game(P1))
    for text in ("play 9C", "pass", "play JD", "play 2S", "pass"):
        state.apply(text)
    assert state.current_player == P3  # P2 skipped
    state.apply("pass")
    assert state.current_player == P4 and state.view(P4).info["top"] is None


def test_example_5_pass_lock_with_bombs_ignore_pass_lock() -> None:
    """§10.5: with bombs_ignore_pass_lock, P2 may bomb the 2S; the others, P1 included
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


def test_bombs_ignore_pass_lock_only_on_twos() -> None:
    """§3.2: under bombs_ignore_pass_lock a locked player is still skipped when the top is not
    2s (here AS): P2 passed and holds a quad, yet the trick ends at P4 without asking P2."""
    hands = {P1: "9C", P2: "6S 6C 6D 6H", P3: "KD", P4: "AS"}
    state = deal(hands, context=later_game(P1), bombs_ignore_pass_lock=True)
    for text in ("play 9C", "pass", "play KD", "play AS", "pass"):
        state.apply(text)
    assert state.current_player == P3  # P2 skipped: the lock is shut on an ace
    state.apply("pass")
    assert state.current_player == P4 and state.top is None


def test_bombs_ignore_pass_lock_not_on_a_led_quad() -> None:
    """§3.2: a bomb opens the lock only when it was played on 2s. On a led quad beaten by a
    higher quad (§4.3, ordinary combinations) the locked P2 is skipped."""
    hands = {P1: "5S 5C 5D 5H", P2: "9S 9C 9D 9H", P3: "7S 7C 7D 7H"}
    state = deal(hands, context=later_game(P1), bombs_ignore_pass_lock=True)
    for text in ("play 5S 5C 5D 5H", "pass", "play 7S 7C 7D 7H", "pass", "pass"):
        state.apply(text)
    assert state.current_player == P3 and state.top is None  # P2 never asked again


def test_locked_bomber_stays_locked() -> None:
    """§3.2: a locked player who bombs the 2s is still in ``passed`` (shown in the view)."""
    hands = {P1: "9C", P2: "6S 6C 6D 6H", P3: "JD", P4: "2S"}
    state = deal(hands, context=later_game(P1), bombs_ignore_pass_lock=True)
    for text in ("play 9C", "pass", "play JD", "play 2S", "pass", "play 6S 6C 6D 6H"):
        state.apply(text)
    assert P2 in state.view(P3).info["passed_players"]
    assert state.view(P3).info["top_player"] == P2


# ----- §3.3 end of a trick, §3.4 going out (§9.6, §9.7) ------------------------------------------

def test_going_out_and_the_next_lead() -> None:
    """§3.3, §3.4: P3 goes out with KS KH; after all pass, P4 leads. Had P4 played AS AH and P1, P2
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


def test_counterclockwise_trick_end_after_last_player_went_out() -> None:
    """§3.3/§9.6 counter-clockwise (P1 → P4 → P3 → P2): P1 goes out; after P4, P3, P2 pass the
    lead goes to P4, the first holder after P1 in the play direction."""
    game = cardkit.load_game("tien-len", play_direction="counterclockwise")
    hands = {P1: "3S 3C 3D 3H 4S 4C 4D 4H 5S 5C 5D 5H KS", P4: "AS", P3: "2S"}
    state = deal(hands, game, context=later_game(P1))
    for lead in ("3S 3C 3D 3H", "4S 4C 4D 4H", "5S 5C 5D 5H"):
        state.apply("play " + lead)
        for seat in (P4, P3, P2):
            assert state.current_player == seat
            state.apply("pass")
        assert state.current_player == P1 and state.top is None
    state.apply("play KS")
    assert state.places == [P1]
    for seat in (P4, P3, P2):
        assert state.current_player == seat
        state.apply("pass")
    assert state.current_player == P4 and state.top is None


def test_game_ends_mid_trick_when_one_player_is_left() -> None:
    """§3.4/§9.7, 3 players: P2 goes out first; P1 then sheds its last card (2S) on P2's KC, and
    the game ends at once although P3 could chop the 2 with a double sequence. §6: [2, 1, 0]."""
    game = cardkit.load_game("tien-len", players=3, instant_wins=[])
    hands = {P1: "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AD 2S",
             P2: "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH KC",
             P3: "3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 8C 8D 9C"}
    state = deal(hands, game, context=later_game(P1, players=3))
    for text in ("play 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AD",
                 "play 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "pass", "pass", "play KC",
                 "pass"):
        state.apply(text)
    assert state.current_player == P1
    state.apply("play 2S")
    assert state.is_over and state.result.ending == "normal"
    assert state.result.details["places"] == [P2, P1, P3]
    assert state.result.payoffs == (1, 2, 0)


# ----- §3.3 trick end with bombs_ignore_pass_lock ------------------------------------------------
# Regression: hands that never ended. When ``last_player`` had gone out with a 2 on top, the
# locked players were asked again and again (the lock is open on 2s, §3.2) and the round
# never reached ``last_player``'s seat, so the trick never ended and the hand hit
# ``max_actions``.

# P3 sheds to a single 2H and goes out with it on P4's 9H, which P1 and P2 have passed.
HANDS = {
    P1: "3D 4D 5D 6D 7D 8D 9D 10D JD",  # + fillers 3S 3C 3H 4S (no bomb)
    P3: "4C 5C 6C 7C 8C 9C 10C JC QC KC KD KH 2H",
    P4: "AS AH AD 9H",  # + fillers; P2's fillers hold pairs of 5 to 8 (a bomb on a single 2)
}


def _to_last_two(ignore_lock: bool) -> cardkit.State:
    """Play up to P3 going out with 2H on P4's 9H (P1, P2 locked), then P4 passing."""
    state = deal(HANDS, context=later_game(P1), bombs_ignore_pass_lock=ignore_lock)
    for text in ("play 3D 4D 5D 6D 7D 8D 9D 10D JD", "pass",
                 "play 4C 5C 6C 7C 8C 9C 10C JC QC", "pass", "pass"):
        state.apply(text)
    assert state.top is None and state.current_player == P3  # P2 skipped: P3 leads
    for text in ("play KC KD KH", "play AS AH AD", "pass", "pass", "pass"):
        state.apply(text)
    assert state.top is None and state.current_player == P4
    for text in ("play 9H", "pass", "pass", "play 2H"):
        state.apply(text)
    assert state.places == [P3] and not state.hands[P3]
    assert state.passed == (1 << P1) | (1 << P2)
    state.apply("pass")  # P4
    return state


@pytest.mark.parametrize("ignore_lock", [False, True])
def test_trick_ends_when_last_player_went_out_on_a_two(ignore_lock: bool) -> None:
    """§3.3/§9.6 (the lab's looping hands): P3 goes out with 2H; once P4 has passed and the
    locked P1 and P2 have passed again or been skipped, the trick ends and P4, the first holder
    after P3, leads. It used to loop: the locked players were asked again forever."""
    state = _to_last_two(ignore_lock)
    if ignore_lock:
        # §3.2: locked players are not skipped on a 2: each may bomb or pass, and the pass
        # counts for the trick end.
        assert state.current_player == P1
        assert [str(a) for a in state.legal_actions()] == ["pass"]  # no bomb in P1's hand
        state.apply("pass")
        assert state.current_player == P2
        assert state.is_legal(state.parse("play 5S 5H 6S 6H 7S 7H 8S 8H"))
        state.apply("pass")
    assert state.top is None and state.passed == 0 and state.last_player is None
    assert state.current_player == P4 and not state.is_over


def test_locked_bomber_then_trick_ends_at_the_bomb() -> None:
    """Under the option the locked P2 chops P3's last 2H; P4 and P1 (locked, lock open in the
    bomb fight) may then only bomb or pass; after they pass the round reaches P2, who leads."""
    state = _to_last_two(True)
    state.apply("pass")  # P1
    state.apply("play 5S 5H 6S 6H 7S 7H 8S 8H")
    assert state.bomb_fight and state.current_player == P4
    state.apply("pass")
    assert state.current_player == P1
    state.apply("pass")
    assert state.top is None and state.current_player == P2


OPTION_COMBINATIONS = st.fixed_dictionaries({
    "bombs_ignore_pass_lock": st.booleans(),
    "quad_beats_pair_of_twos": st.booleans(),
    "longer_double_sequence_beats_shorter": st.booleans(),
    "cross_bomb_beating": st.booleans(),
    "twos_in_sequences": st.sampled_from(["never", "as_top_only"]),
    "play_direction": st.sampled_from(["clockwise", "counterclockwise"]),
})


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 4), options=OPTION_COMBINATIONS, seed=st.integers(0, 1 << 30),
       pass_bias=st.sampled_from([0.0, 0.5, 0.9]))
def test_random_hands_end_within_the_bound(players: int, options: dict, seed: int,
                                           pass_bias: float) -> None:
    """Every hand ends, well within ``max_actions``: each play sheds at least one card, so a
    hand has at most 13 x players plays; a trick ends after at most one round of passes since
    its last play, so each play is followed by at most players - 1 passes (or skips, which are
    not actions). Hence at most 13 x players x players actions (208 for 4 players < 2000).
    ``pass_bias`` makes players pass more often (passing is what used to loop)."""
    game = cardkit.load_game("tien-len", players=players, **options)
    state = game.new_hand(seed=seed)
    rng = random.Random(seed)
    bound = 13 * players * players
    assert bound < game.definition.max_actions
    plays = passes = since_play = 0
    while not state.is_over and plays + passes <= bound:
        legal = state.legal_actions()
        can_pass = legal[-1].kind == "pass"
        action = (legal[-1] if can_pass and rng.random() < pass_bias
                  else legal[rng.randrange(len(legal))])
        state.apply_unchecked(action)
        if action.kind == "pass":
            passes += 1
            since_play += 1
            assert since_play <= players - 1  # one round of passes at most
        else:
            plays += 1
            since_play = 0
    assert state.is_over
    assert plays <= 13 * players and plays + passes <= bound
