"""Tonk rules §3, a turn: phase A (dropping, ``drop_timing``, drop locks: ``hit_penalty_turns``,
``hit_penalty_counting``), phase B (the draw, ``discard_pickup_must_meld``), phase C (spreads
and hits: ``max_hits_per_turn``, ``must_spread``) and phase D (the discard,
``return_discard_allowed``), with §9.7, §9.9, §9.15 and worked example 6 (drop lock).
``hit_targets`` is tested on worked example 5 in test_tonk_and_out.py.

Seat letters in the comments are those of the rules page's examples: with the default
stand-alone dealer (the last seat), 2 players: B = seat 0, A = seat 1 (where a test only needs
"the player who acts", that player is A = seat 0); 3 players: B = 0, C = 1, A = 2 (the dealer).
A comment may map them otherwise for its own test."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import IllegalAction, load_game
from tests.games.tonk.helpers import LOW_HIGH, draw_and_discard, legal, stack

# ----- phase A: dropping (§9.7) ------------------------------------------------------------------

def test_drop_timing():
    deck = stack(LOW_HIGH, "KD", "JC")
    state = load_game("tonk", players=2).new_hand(seed=6, deck=deck)
    state.apply("draw stock")
    with pytest.raises(IllegalAction, match="start of your turn"):
        state.apply("drop")
    game = load_game("tonk", players=2, drop_timing="any_time_in_own_turn")
    state = game.new_hand(seed=6, deck=deck)
    state.apply("draw stock")
    state.apply("drop")
    assert state.result.details["counts"][0] == 22  # shown with hand_size + 1 cards


def test_any_time_drop_after_spreading_counts_only_the_cards_in_hand():
    """§3 drop_timing any_time_in_own_turn: a phase C drop after laying a spread; the laid
    cards do not count (§0)."""
    game = load_game("tonk", players=2, drop_timing="any_time_in_own_turn")
    state = game.new_hand(seed=14, deck=stack(["5H 6H 7H 2C 3C", "KS QS 5S 3S 2S"], "4D",
                                              "KD"))
    state.apply("draw stock")
    state.apply("spread 5H 6H 7H")
    state.apply("drop")
    assert state.result.details["counts"] == [15, 30]
    assert state.result.ending == "drop" and state.result.payoffs == (1, -1)


# ----- phase A: drop locks (worked example 6, §9.9) ----------------------------------------------

def test_a_locked_player_cannot_drop_in_phase_c_either():
    """§3 A.2: a locked player cannot drop anywhere in the turn (any_time_in_own_turn)."""
    game = load_game("tonk", players=2, drop_timing="any_time_in_own_turn")
    state = game.new_hand(seed=15, deck=stack(["5H 6H 7H 2C 3C", "8H KD QS JC 9S"], "4D",
                                              "KS 10D 10C"))
    state.apply("draw stock")
    state.apply("spread 5H 6H 7H")
    state.apply("discard KS")
    state.apply("draw stock")
    state.apply("hit 8H 1")
    state.apply("discard 10D")
    assert "drop" not in legal(state)
    state.apply("draw stock")
    assert "drop" not in legal(state)
    with pytest.raises(IllegalAction, match="hit-locked"):
        state.apply("drop")


def test_hit_penalty_turns():
    for turns, locked in ((0, False), (3, True)):
        game = load_game("tonk", players=2, hit_penalty_turns=turns)
        state = game.new_hand(seed=10, deck=stack(["5H 6H 7H 2C 3C", "8H KD QS JC 9S"], "4D",
                                                  "KS 10D 10C"))
        state.apply("draw stock")
        state.apply("spread 5H 6H 7H")
        state.apply("discard KS")
        state.apply("draw stock")
        state.apply("hit 8H 1")
        state.apply("discard 10D")
        assert state.view(0).info["drop_locks"][0] == (2 if locked else 0)  # one consumed
        assert ("drop" not in {str(a) for a in state.legal_actions()}) == locked


def _example_6(counting: str):
    # turn order A, C, B: A = seat 0, C = seat 1, B = seat 2 (dealer); 7-card hands
    game = load_game("tonk", players=3, hand_size=7, hit_penalty_counting=counting)
    hands = ["4H 8H 2C 3C 5C 6D 7D", "9H KC QC JD 2S 3S 10S",
             "5H 6H 7H 9C 9D 9S JS"]
    state = game.new_hand(seed=14, deck=stack(hands, "AD", "AC AS QS"))
    draw_and_discard(state)  # A
    draw_and_discard(state)  # C
    state.apply("draw stock")  # B draws QS
    state.apply("spread 5H 6H 7H")
    state.apply("spread 9C 9D 9S")
    state.apply("discard QS")  # B keeps JS
    state.apply("draw stock")  # A
    state.apply("hit 4H 1")
    state.apply("hit 8H 1")
    assert state.view(0).info["drop_locks"][2] == (2 if counting == "per_card" else 1)
    state.apply("discard 2C")
    state.apply("draw stock")  # C
    state.apply("hit 9H 2")
    lock = state.view(1).info["drop_locks"][2]
    state.apply("discard 2S")
    return state, lock


def _b_turns_until_drop(state) -> int:
    turns = 0
    while True:
        assert state.current_player == 2
        turns += 1
        if "drop" in {str(a) for a in state.legal_actions()}:
            return turns
        draw_and_discard(state)  # B
        draw_and_discard(state)  # A
        draw_and_discard(state)  # C


def test_example_6_hit_lock_per_card():
    state, lock = _example_6("per_card")
    assert lock == 3
    assert _b_turns_until_drop(state) == 4  # locked for three turns, free on the fourth


def test_example_6_hit_lock_per_turn():
    state, lock = _example_6("per_turn")
    assert lock == 2
    assert _b_turns_until_drop(state) == 3


def _hits_on_two_victims(**options):
    """B hits C's run twice and A's run once in one turn; returns the state after the hits."""
    game = load_game("tonk", players=3, **options)
    hands = ["8H 9H 4S 2C 3D", "5H 6H 7H KC QD", "5S 6S 7S JC 10D"]
    state = game.new_hand(seed=16, deck=stack(hands, "AH", "KH QH JH 4D"))
    draw_and_discard(state)  # B
    state.apply("draw stock")  # C
    state.apply("spread 5H 6H 7H")
    state.apply("discard QH")
    state.apply("draw stock")  # A
    state.apply("spread 5S 6S 7S")
    state.apply("discard JH")
    state.apply("draw stock")  # B
    state.apply("hit 8H 1")
    state.apply("hit 9H 1")
    return state


@pytest.mark.parametrize(("counting", "locks"), [("per_card", [0, 2, 1]),
                                                  ("per_turn", [0, 1, 1])])
def test_hit_penalty_counting_per_victim(counting, locks):
    """§3: per_turn counts one lock per victim per hitting turn; per_card one per card."""
    state = _hits_on_two_victims(hit_penalty_counting=counting)
    state.apply("hit 4S 2")
    assert list(state.view(0).info["drop_locks"]) == locks


# ----- phase B: discard_pickup_must_meld ---------------------------------------------------------
# The discard may be taken only if the card is used in a new spread or a hit later in the
# same turn, possibly after other spreads and hits; while it is unused no move may strand
# it and the discard is refused; the drop keeps its normal rules.

def test_discard_pickup_must_meld():
    game = load_game("tonk", players=2, discard_pickup_must_meld=True)
    useless = game.new_hand(seed=16, deck=stack(["2C 3C 4D 2H 3H", "AS 2S 3S AD 2D"], "KH"))
    assert "draw discard" not in {str(a) for a in useless.legal_actions()}
    useful = game.new_hand(seed=16, deck=stack(["2C 3C 4D 2H 3H", "AS 2S 3S AD 2D"], "4C"))
    useful.apply("draw discard")
    with pytest.raises(IllegalAction, match=r"must use the card you took \(4C\)"):
        useful.apply("discard 4D")
    useful.apply("spread 2C 3C 4C")


# seat 1 deals, seat 0 plays first: it lays the run 5H 6H 7H (spread 1) and discards 9H
RUN_THEN_9H = ("5H 6H 7H 9H 2C", "draw stock", "spread 5H 6H 7H", "discard 9H")


def after_run_and_9h(seat1: str, hand_size: int = 5, **options):
    """Seat 0 lays 5H 6H 7H and discards 9H; seat 1 (holding ``seat1``) is to play."""
    first, *moves = RUN_THEN_9H
    if hand_size == 7:
        first += " 3D 4S"
    game = load_game("tonk", players=2, discard_pickup_must_meld=True, hand_size=hand_size,
                     **options)
    state = game.new_hand(seed=5, deck=stack([first, seat1], "KS", "KD"))
    for move in moves:
        state.apply(move)
    assert state.current_player == 1 and state.view(1).discard_top.text == "9H"
    return state


def test_chain_of_hits_makes_the_discard_takeable():
    """§3 B: 9H is used by a hit after 8H extends the run 5H 6H 7H up to it."""
    state = after_run_and_9h("8H 2S 4D 6C 10C")
    assert "draw discard" in legal(state)
    state.apply("draw discard")
    assert legal(state) == {"hit 8H 1"}
    with pytest.raises(IllegalAction, match=r"you must use the card you took \(9H\) in a "
                                            r"spread or a hit first"):
        state.apply("discard 2S")
    state.apply("hit 8H 1")
    assert "hit 9H 1" in legal(state) and not any(a.startswith("discard") for a in legal(state))
    state.apply("hit 9H 1")
    state.apply("discard 2S")
    assert [str(m) for _, m in state.view(0).table] == [str(state.view(1).table[0][1])]
    assert [c.text for c in state.view(0).table[0][1].cards] == ["5H", "6H", "7H", "8H", "9H"]
    assert state.current_player == 0


def test_chain_needs_enough_hits_and_a_joker_may_fill_the_gap():
    """max_hits_per_turn: the chain 8H, 9H needs two hits; a joker can stand for the 8H."""
    assert "draw discard" not in legal(after_run_and_9h("8H 2S 4D 6C 10C", max_hits_per_turn=1))
    assert "draw discard" in legal(after_run_and_9h("8H 2S 4D 6C 10C", max_hits_per_turn=2))
    state = after_run_and_9h("X1 2S 4D 6C 10C", jokers=2)
    state.apply("draw discard")
    state.apply("hit X1=8H 1")
    state.apply("hit 9H 1")
    state.apply("discard 10C")


def test_card_usable_only_in_a_new_spread_with_hand_cards():
    """No table spread takes the card; a new spread with hand cards does (a joker included)."""
    game = load_game("tonk", players=2, discard_pickup_must_meld=True, jokers=2)
    state = game.new_hand(seed=6, deck=stack(["5D X1 2C 9S KC", "2S 4H 6C 10C QS"], "7D"))
    assert not state.view(0).table
    state.apply("draw discard")
    assert legal(state) == {"spread 5D X1=6D 7D"}
    with pytest.raises(IllegalAction, match=r"must use the card you took \(7D\)"):
        state.apply("discard KC")
    state.apply("spread 5D X1=6D 7D")
    state.apply("discard KC")
    assert state.current_player == 1


def test_card_not_usable_at_all_is_not_offered():
    """Neither a spread nor a hit (nor a chain) can use 9H: draw discard is refused, saying why."""
    game = load_game("tonk", players=2, discard_pickup_must_meld=True)
    state = game.new_hand(seed=7, deck=stack(["2C 3D 4S 8H KC", "2S 4H 6C 10C QS"], "9H"))
    assert legal(state) == {"drop", "draw stock"}
    with pytest.raises(IllegalAction, match="only if you can use it in a spread or a hit this "
                                            "turn"):
        state.apply("draw discard")
    # with a run on the table that the hand cannot reach, still no
    state = after_run_and_9h("10H 2S 4D 6C 10C")
    assert "draw discard" not in legal(state)


def test_a_move_that_strands_the_taken_card_is_refused():
    """Laying the 8H elsewhere (a book of its own, or a hit on a book) first would strand 9H."""
    state = after_run_and_9h("8H 8C 8D 2S 4D")
    state.apply("draw discard")
    assert legal(state) == {"hit 8H 1"}
    with pytest.raises(IllegalAction, match=r"would leave the card you took \(9H\) with no "
                                            r"spread or hit this turn"):
        state.apply("spread 8H 8C 8D")
    state.apply("hit 8H 1")
    state.apply("hit 9H 1")
    state.apply("discard 8C")

    # seat 0 lays the book 8C 8D 8S (spread 2) too: hitting 8H onto it is refused
    game = load_game("tonk", players=2, discard_pickup_must_meld=True, hand_size=7)
    deck = stack(["5H 6H 7H 8C 8D 8S 9H", "8H 2S 4D 6C 10C QS 3C"], "KS", "KD")
    state = game.new_hand(seed=8, deck=deck)
    for move in ("draw stock", "spread 5H 6H 7H", "spread 8C 8D 8S", "discard 9H",
                 "draw discard"):
        state.apply(move)
    assert legal(state) == {"hit 8H 1"}
    with pytest.raises(IllegalAction, match=r"would leave the card you took \(9H\)"):
        state.apply("hit 8H 2")
    state.apply("hit 8H 1")
    state.apply("hit 9H 1")
    assert {"hit 8H 2", "discard 3C"} - legal(state) == {"hit 8H 2"}  # 8H is gone; play goes on


def test_spreads_that_keep_the_card_usable_are_legal_and_the_drop_is_unchanged():
    """Other spreads stay legal when the taken card can still be used; a spread laid this turn
    can take it later; drop_timing = any_time_in_own_turn still allows a drop."""
    game = load_game("tonk", players=2, discard_pickup_must_meld=True, hand_size=7,
                     drop_timing="any_time_in_own_turn")
    deck = stack(["6H 7H 8H 2C 2D 2S KC", "3S 4H 6C 10C QS 3C 5D"], "9H")
    state = game.new_hand(seed=9, deck=deck)
    state.apply("draw discard")
    assert {"spread 2C 2D 2S", "spread 6H 7H 8H", "spread 6H 7H 8H 9H", "drop"} <= legal(state)
    assert not any(a.startswith("discard") for a in legal(state))
    state.apply("spread 6H 7H 8H")  # 9H can still be hit onto it
    state.apply("spread 2C 2D 2S")
    assert legal(state) == {"hit 9H 1", "drop"}
    state.apply("hit 9H 1")
    state.apply("discard KC")


OPTION_SETS = st.fixed_dictionaries({
    "jokers": st.sampled_from([0, 2]),
    "ace_in_runs": st.sampled_from(["low", "high_or_low"]),
    "hit_targets": st.sampled_from(["any", "runs_only"]),
    "max_hits_per_turn": st.sampled_from([None, 1, 2]),
    "hand_size": st.sampled_from([5, 7]),
    "completed_book_to_discard": st.booleans(),
    "stock_exhaustion": st.sampled_from(["end_after_last_draw_turn",
                                         "end_when_discard_declined"]),
})


def _pick(legal_actions, rng: random.Random):
    """Random play that likes taking the discard and melding (to reach taken-card states)."""
    by_kind = {}
    for action in legal_actions:
        by_kind.setdefault(str(action) if action.kind == "draw" else action.kind,
                           []).append(action)
    for kind in ("draw discard", "spread", "hit"):
        if kind in by_kind and rng.random() < 0.7:
            return rng.choice(by_kind[kind])
    calm = [a for a in legal_actions if a.kind != "drop"] or legal_actions
    return rng.choice(calm)


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]), options=OPTION_SETS)
def test_random_play_never_gets_stuck(seed, players, options):
    """Under the option no running state is left without a legal action, and a turn never ends
    by a discard while the card taken from the pile is still in the hand."""
    game = load_game("tonk", players=players, discard_pickup_must_meld=True,
                     initial_tonk_mode="off", **options)
    state = game.new_hand(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        legal_actions = state.legal_actions()
        assert legal_actions, f"stuck in phase {state.phase}"
        action = _pick(legal_actions, rng)
        if action.kind == "discard":
            view = state.view(state.current_player)
            taken = view.info["taken_from_discard"]
            assert taken is None or taken not in view.hand
        state.apply(action)


def _used_by_some_sequence(state, seat: int, taken, hits: int, seen: set) -> bool:
    """Brute force (on a game without the option): can some sequence of spreads and hits from
    here put ``taken`` on the table (or empty the hand)?"""
    view = state.view(seat)
    if state.is_over or taken not in view.hand:
        return True
    key = (view.hand, tuple(str(meld) for _, meld in view.table), hits)
    if key in seen:
        return False
    seen.add(key)
    for action in state.legal_actions():
        if action.kind in ("spread", "hit"):
            after = state.clone()
            after.apply_unchecked(action)
            if _used_by_some_sequence(after, seat, taken, hits + (action.kind == "hit"), seen):
                return True
    return False


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3]), options=OPTION_SETS)
def test_the_rule_is_exact_against_a_brute_force_search(seed, players, options):
    """``draw discard`` is offered, and a spread or hit is allowed while the taken card is
    unused, exactly when some sequence of spreads and hits can still use the card (§3 B),
    checked against an exhaustive search on the same deal played without the option."""
    game = load_game("tonk", players=players, discard_pickup_must_meld=True,
                     initial_tonk_mode="off", **options)
    free_game = load_game("tonk", players=players, initial_tonk_mode="off", **options)
    state = game.new_hand(seed=seed)
    twin = free_game.new_hand(seed=seed, deck=list(state.deck))
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.current_player
        view = state.view(seat)
        top = view.discard_top
        if state.phase == "start" and top is not None:
            taken_twin = twin.clone()
            taken_twin.apply("draw discard")
            expected = _used_by_some_sequence(taken_twin, seat, top, 0, set())
            assert ("draw discard" in legal(state)) == expected
        taken = view.info["taken_from_discard"]
        if state.phase == "play" and taken is not None and taken in view.hand:
            hits = 0  # made this turn so far
            for _, done in reversed(twin.history):
                if done.kind == "draw":
                    break
                hits += done.kind == "hit"
            for action in twin.legal_actions():
                if action.kind not in ("spread", "hit"):
                    continue
                after = twin.clone()
                after.apply_unchecked(action)
                expected = _used_by_some_sequence(after, seat, taken,
                                                  hits + (action.kind == "hit"), set())
                assert state.is_legal(action) == expected, str(action)
        action = _pick(state.legal_actions(), rng)
        state.apply(action)
        twin.apply(action)


# ----- phase C: hits per turn --------------------------------------------------------------------

def test_max_hits_per_turn():
    game = load_game("tonk", players=2, max_hits_per_turn=1)
    state = game.new_hand(seed=11, deck=stack(["5H 6H 7H 2C 3C", "8H 9H QS JC 9S"], "4D",
                                              "KS 10D"))
    state.apply("draw stock")
    state.apply("spread 5H 6H 7H")
    state.apply("discard KS")
    state.apply("draw stock")
    state.apply("hit 8H 1")
    with pytest.raises(IllegalAction, match="at most 1 hit"):
        state.apply("hit 9H 1")


def test_max_hits_per_turn_counts_hits_on_every_spread_and_resets_each_turn():
    """§3 max_hits_per_turn: the cap counts all of the player's hits in the turn."""
    state = _hits_on_two_victims(max_hits_per_turn=2)
    assert not any(a.startswith("hit") for a in legal(state))
    with pytest.raises(IllegalAction, match="at most 2 hit"):
        state.apply("hit 4S 2")
    state.apply("discard 4D")
    state.apply("draw stock")  # C: a new turn, the count starts again
    assert state.view(1).info["hits_this_turn"] == 0


# ----- phase C: must_spread (§9.15) --------------------------------------------------------------

def test_must_spread():
    game = load_game("tonk", players=2, must_spread=True)
    state = game.new_hand(seed=17, deck=stack(["7C 7D 7S 2H 9D", "4C 5D 6S 8C 9S"], "JC", "KC"))
    state.apply("draw stock")
    with pytest.raises(IllegalAction, match="must_spread"):
        state.apply("discard KC")
    state.apply("spread 7C 7D 7S")
    state.apply("discard KC")
    assert state.current_player == 1


def test_must_spread_three_aces_exception():
    game = load_game("tonk", players=2, must_spread=True)
    state = game.new_hand(seed=17, deck=stack(["AC AD AS 9H 5D", "4C 5C 6S 8C 9S"], "JC", "KC"))
    state.apply("draw stock")
    state.apply("discard KC")
    assert state.current_player == 1


def test_must_spread_ace_exception_is_for_all_ace_books_only():
    """§3 must_spread: AH 2H 3H must be laid (a run with an ace is no exception); once only
    an all-ace book is left the player may discard."""
    game = load_game("tonk", players=2, must_spread=True)
    state = game.new_hand(seed=17, deck=stack(["AC AD AS AH 2H", "4C 5D 6S 8C 9S"], "JC", "3H"))
    state.apply("draw stock")
    assert not any(a.startswith("discard") for a in legal(state))
    state.apply("spread AC AD AS")
    assert not any(a.startswith("discard") for a in legal(state))  # AH 2H 3H still formable
    state = game.new_hand(seed=17, deck=stack(["AC AD AS AH 2H", "4C 5D 6S 8C 9S"], "JC", "3H"))
    state.apply("draw stock")
    state.apply("spread AH 2H 3H")
    state.apply("discard AC")  # AD AS: no spread left
    assert state.current_player == 1


# ----- phase D: the discard ----------------------------------------------------------------------

def test_return_discard_allowed():
    deck = stack(["2C 3C 4D 2H 3H", "AS 2S 3S AD 2D"], "KH")
    state = load_game("tonk", players=2).new_hand(seed=15, deck=deck)
    state.apply("draw discard")
    with pytest.raises(IllegalAction, match="just took"):
        state.apply("discard KH")
    state = load_game("tonk", players=2, return_discard_allowed=True).new_hand(seed=15,
                                                                                deck=deck)
    state.apply("draw discard")
    state.apply("discard KH")
