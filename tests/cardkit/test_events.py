"""Events: a game declares the events its rules cause and counts them as they happen
(``state.count_event``); copies count on their own; the conformance kit refuses undeclared ones."""

from __future__ import annotations

import pytest

from cardkit.engine.capabilities import Events
from cardkit.engine.definition import GameDefinition
from cardkit.engine.registry import load_game
from cardkit.services.testing import ConformanceError, check_hand
from testgames.knock_rummy import KNOCK_RUMMY, KnockRummyState


def test_a_new_hand_has_counted_nothing_and_count_event_adds_up():
    state = load_game("tonk", players=2).new_hand(seed=1)
    before = dict(state.event_counts)
    state.count_event("hit")
    state.count_event("hit")
    state.count_event("layoff", 3)
    assert state.event_counts["hit"] == before.get("hit", 0) + 2
    assert state.event_counts["layoff"] == 3


def test_a_clone_counts_apart_from_its_original():
    state = load_game("gin-rummy", players=2).new_hand(seed=4)
    twin = state.clone()
    twin.count_event("knock")
    assert "knock" not in state.event_counts and twin.event_counts["knock"] == 1


def test_events_declare_their_meanings_in_order():
    events = Events({"b": "the second", "a": "the first"})
    assert events.names == ("b", "a") and events.meanings["a"] == "the first"


class _CountsUndeclared(KnockRummyState):
    """Knock rummy that counts an event its definition does not declare."""

    def setup(self, deck):
        super().setup(deck)
        self.count_event("surprise")


def test_the_conformance_kit_refuses_an_undeclared_event():
    declared = KNOCK_RUMMY.variant(name="knock-rummy-events", state_class=_CountsUndeclared,
                                   capabilities=(*KNOCK_RUMMY.capabilities,
                                                 Events({"other": "another event"})))
    assert isinstance(declared, GameDefinition)
    with pytest.raises(ConformanceError, match="surprise"):
        check_hand(declared.configure(players=2), seed=3)
    allowed = declared.variant(capabilities=(*KNOCK_RUMMY.capabilities,
                                             Events({"surprise": "counted at the deal"})))
    final = check_hand(allowed.configure(players=2), seed=3)
    assert final.event_counts == {"surprise": 1}
