"""Declared phase transitions: ``Phase.next``, ``Phase.on_enter`` and ``State.enter``."""

from __future__ import annotations

import attrs
import pytest

from cardkit.engine.phases import Phase, phases
from cardkit.services.testing import check_game
from tests.cardkit.knock_rummy import KNOCK_RUMMY, KnockRummyState

STACK = "2C 9S 3C 9H 4C 9D 5C 9C KD KS KH QS 7D 2D JH QC"


def new_state():
    return KNOCK_RUMMY.configure(players=2).new_hand(seed=5, deck=STACK)


def test_a_declared_transition_is_taken_and_an_undeclared_one_refused():
    state = new_state()
    assert state.phase == "draw"
    state.enter("discard")
    assert state.phase == "discard"
    with pytest.raises(RuntimeError, match="phase 'discard' does not declare 'discard'"):
        state.enter("discard")
    assert state.phase == "discard"


def test_the_end_of_the_hand_may_follow_any_phase():
    assert Phase("draw", {"draw"}, "draw", next=()).may_follow("over")
    assert not Phase("draw", {"draw"}, "draw", next=()).may_follow("discard")
    assert Phase("draw", {"draw"}, "draw").may_follow("anything")  # undeclared: unchecked


def test_on_enter_runs_after_the_phase_is_set():
    seen: list[str] = []

    class Noting(KnockRummyState):
        PHASES = phases(
            *(attrs_evolve(p, on_enter=lambda state: seen.append(state.phase))
              for p in KnockRummyState.PHASES.values()))

    game = KNOCK_RUMMY.variant(state_class=Noting).configure(players=2)
    state = game.new_hand(seed=5, deck=STACK)
    state.apply("draw stock")
    assert seen == ["draw", "discard"]


def attrs_evolve(phase: Phase, **changes: object) -> Phase:
    return attrs.evolve(phase, **changes)  # type: ignore[arg-type]


def test_phases_refuse_a_next_phase_that_is_not_declared():
    with pytest.raises(ValueError, match="names 'knock' among its next phases"):
        phases(Phase("draw", {"draw"}, "draw", next={"knock"}))


def test_the_kit_fails_a_game_whose_move_takes_an_undeclared_transition():
    class Strict(KnockRummyState):
        PHASES = phases(*(attrs_evolve(p, next=()) for p in KnockRummyState.PHASES.values()))

    bad = KNOCK_RUMMY.variant(name="strict-knock-rummy", state_class=Strict)
    with pytest.raises(AssertionError, match="does not declare"):
        check_game(bad, players=[2], hands=2)


def test_the_kit_lists_phases_without_declared_transitions():
    class Loose(KnockRummyState):
        PHASES = phases(*(attrs_evolve(p, next=None) for p in KnockRummyState.PHASES.values()))

    report = check_game(KNOCK_RUMMY.variant(name="loose", state_class=Loose), players=[2],
                        hands=2)
    assert report.undeclared_phases == {"draw", "discard"}
    assert check_game(KNOCK_RUMMY, players=[2], hands=2).undeclared_phases == set()
