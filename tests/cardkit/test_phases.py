"""Declared phase transitions: ``Phase.next``, ``Phase.on_enter`` and ``State.enter``."""

from __future__ import annotations

import attrs
import pytest

from cardkit.engine.phases import ANY, Phase, phases
from cardkit.services.testing import ConformanceError, check_game
from testgames.knock_rummy import KNOCK_RUMMY, KnockRummyState

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
    assert Phase("draw", {"draw"}, "draw", next=ANY).may_follow("discard")


def test_a_phase_without_next_is_deprecated_and_named_in_the_warning():
    with pytest.warns(DeprecationWarning, match="phase 'draw' declares no next phases.*next=ANY"):
        loose = Phase("draw", {"draw"}, "draw")
    assert loose.may_follow("anything")  # for one more release


def test_next_takes_names_not_one_string():
    with pytest.raises(TypeError, match=r"next='discard': give a set of phase names"):
        Phase("draw", {"draw"}, "draw", next="discard")  # type: ignore[arg-type]


def test_the_phase_cannot_be_set_around_enter():
    state = new_state()
    with pytest.raises(AttributeError, match=r"state.enter\('discard'\)"):
        state.phase = "discard"  # type: ignore[misc]
    assert state.phase == "draw"


def test_a_phase_that_is_not_declared_cannot_be_entered():
    state = new_state()
    with pytest.raises(RuntimeError, match="'meld' is not a declared phase"):
        state.enter("meld")
    with pytest.raises(RuntimeError, match=r"finish\(result\)"):
        state.enter("over")
    assert state.phase == "draw"


def test_a_phase_declared_to_go_anywhere_enters_any_declared_phase():
    class Open(KnockRummyState):
        PHASES = phases(*(attrs_evolve(p, next=ANY) for p in KnockRummyState.PHASES.values()))

    state = KNOCK_RUMMY.variant(state_class=Open).configure(players=2).new_hand(seed=5,
                                                                               deck=STACK)
    state.enter("draw")
    state.enter("discard")
    state.enter("discard")
    assert state.phase == "discard"
    with pytest.raises(RuntimeError, match="not a declared phase"):
        state.enter("meld")


def test_a_phase_shared_by_two_games_enters_each_game_s_own_successor():
    """Two mappings hold one ``draw`` phase, each with its own ``discard``: enter() takes each
    game's own (the phase's shortcut to its successors is dropped when they disagree)."""
    draw, discard = KnockRummyState.PHASES["draw"], KnockRummyState.PHASES["discard"]
    other = attrs_evolve(discard, on_enter=lambda state: None)

    class Other(KnockRummyState):
        PHASES = phases(draw, other)

    mine = new_state()
    mine.enter("discard")
    assert mine.current_phase is discard
    theirs = KNOCK_RUMMY.variant(state_class=Other).configure(players=2).new_hand(seed=5,
                                                                                  deck=STACK)
    theirs.enter("discard")
    assert theirs.current_phase is other
    with pytest.raises(RuntimeError, match="phase 'discard' does not declare 'discard'"):
        theirs.enter("discard")


def test_a_state_may_not_bypass_its_phases_handlers():
    with pytest.raises(TypeError, match="overrides State._apply: declare the moves in its "
                                        "phases"):
        type("Bypass", (KnockRummyState,), {"_apply": lambda self, action: None})
    with pytest.raises(TypeError, match="overrides State._legal_actions"):
        type("Bypass", (KnockRummyState,), {"_legal_actions": lambda self: []})
    handless = phases(Phase("draw", {"draw"}, "draw", next=()))
    with pytest.raises(TypeError, match="phase 'draw' declares no legal handler"):
        type("Handless", (KnockRummyState,), {"PHASES": handless})


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


def test_the_kit_fails_a_game_with_phases_without_declared_transitions():
    with pytest.warns(DeprecationWarning):
        loose = phases(*(attrs_evolve(p, next=None) for p in KnockRummyState.PHASES.values()))

    class Loose(KnockRummyState):
        PHASES = loose

    with pytest.raises(ConformanceError, match="phase 'discard' declares no next phases: "
                                               "declare .*next=ANY"):
        check_game(KNOCK_RUMMY.variant(name="loose", state_class=Loose), players=[2], hands=2)
    assert check_game(KNOCK_RUMMY, players=[2], hands=2).undeclared_phases == set()


def test_a_declared_clone_plan_is_made_from_the_annotations():
    from cardkit.engine.state import declared_attributes

    class Declared(KnockRummyState):
        DECLARED_ATTRIBUTES = True
        hands: list[object]
        discards: list[object]
        stock: list[object]
        turn: int

    assert set(Declared.CLONE_COPIES) == {"hands", "discards", "stock"}
    declared = declared_attributes(Declared)
    assert {"hands", "discards", "stock", "turn"} <= set(declared) and list(declared)[-1] == "turn"
    with pytest.raises(TypeError, match="annotation cannot be read"):
        type("Broken", (KnockRummyState,), {"DECLARED_ATTRIBUTES": True,
                                            "__annotations__": {"hands": "list[Nowhere]"}})
