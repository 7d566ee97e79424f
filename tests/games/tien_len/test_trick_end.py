"""§3.3 trick end with ``bombs_ignore_pass_lock`` (regression: hands that never ended).

The bug: when ``last_player`` had gone out with a 2 on top, the locked players were asked again
and again (the lock is open on 2s, §3.2) and the round never reached ``last_player``'s seat, so
the trick never ended and the hand hit ``max_actions``.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.services.testing import check_game
from tests.games.tien_len.helpers import P1, P2, P3, P4, deal, later_game

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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_with_bombs_ignore_pass_lock(players: int) -> None:
    """The conformance kit with the option on alone (random playouts end, zones hold)."""
    report = check_game("tien-len", players=[players],
                        options={"bombs_ignore_pass_lock": True}, hands=15, seed=7 + players)
    assert report.hands == 15
