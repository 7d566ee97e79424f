"""The plugin registry and the conformance kit (which must also catch broken games)."""

from importlib.metadata import EntryPoint

import attrs
import pytest

import cardkit
from cardkit.engine import registry
from cardkit.engine.phases import phases
from cardkit.libraries.melds import MeldRules
from cardkit.services.testing import ConformanceError, check_game, view_cards
from cardkit.values.cards import JOKERS, Card, CardSet, parse_cards
from testgames.knock_rummy import KNOCK_RUMMY, KnockRummyState


def test_load_game_by_name_and_errors(knock_rummy):
    assert "knock-rummy" in cardkit.available_games()
    game = cardkit.load_game("knock-rummy", players=3, knock_limit=5)
    assert game.players == 3 and game.options == {"hand_size": 7, "knock_limit": 5}
    with pytest.raises(ValueError, match="unknown game 'chess'; installed games: .*knock-rummy"):
        cardkit.load_game("chess")
    with pytest.raises(ValueError, match="knock-rummy is for 2, 3, 4 players, not 5"):
        cardkit.load_game("knock-rummy", players=5)
    with pytest.raises(ValueError, match="valid options: hand_size, knock_limit"):
        cardkit.load_game("knock-rummy", knock_limt=3)
    assert cardkit.load_game("knock-rummy", preset="strict").options["knock_limit"] == 0


def test_a_broken_plugin_is_reported_and_does_not_break_the_others(monkeypatch):
    good = EntryPoint("knock-rummy", "testgames.knock_rummy:KNOCK_RUMMY", "cardkit.games")
    broken = EntryPoint("broken", "tests.cardkit.no_such_module:GAME", "cardkit.games")
    wrong = EntryPoint("wrong", "testgames.knock_rummy:RULES", "cardkit.games")
    monkeypatch.setattr(registry, "entry_points", lambda group: [good, broken, wrong])
    registry.refresh()
    try:
        assert registry.available_games() == ["knock-rummy"]
        errors = registry.plugin_errors()
        assert "ModuleNotFoundError" in errors["broken"]
        assert "not a cardkit GameDefinition" in errors["wrong"]
        with pytest.raises(ValueError, match="game 'broken' failed to load"):
            cardkit.load_game("broken")
    finally:
        monkeypatch.undo()
        registry.refresh()


def test_conformance_kit_passes_on_the_test_game():
    report = check_game(KNOCK_RUMMY, players=[2, 3, 4], presets=[None, "strict"], hands=3)
    assert report.hands == 18 and report.actions > 100 and report.refused > 100


class LeakyState(KnockRummyState):
    """Shows the next stock card in the view: the kit must notice."""

    def view(self, seat):
        view = super().view(seat)
        return attrs.evolve(view, info={"peek": self.stock[0] if self.stock else None})


class EnglishState(KnockRummyState):
    """Explains the hand in plain English whose words spell cards in lower case ("as", "ad",
    "ah"): not a leak."""

    def view(self, seat):
        view = super().view(seat)
        return attrs.evolve(view, info={"explanation": "seat 1 waits as the stock runs low; "
                                                       "ah, an ad hoc rule. As before."})


class ExplainedLeakState(KnockRummyState):
    """Names the next stock card in an explanation, as the project writes cards: a leak."""

    def view(self, seat):
        view = super().view(seat)
        peek = f"the next card is {self.stock[0]}." if self.stock else "no stock."
        return attrs.evolve(view, info={"explanation": peek})


class SloppyState(KnockRummyState):
    """Mutates the state while refusing an action: the kit must notice."""

    def why_illegal(self, action):
        self.hands[0] = self.hands[0] | CardSet()
        self.phase_notes = getattr(self, "phase_notes", 0) + 1
        return "no"


def _losing_discard(state, action):
    KnockRummyState.PHASES["discard"].apply(state, action)
    if action.kind == "discard" and state.discards:
        state.discards.pop()


class LosingState(KnockRummyState):
    """Loses the discarded card: the kit must notice."""

    PHASES = phases(KnockRummyState.PHASES["draw"],
                    attrs.evolve(KnockRummyState.PHASES["discard"], apply=_losing_discard))


class PlannedState(KnockRummyState):
    """Names its mutable attributes for a planned clone, correctly."""

    CLONE_COPIES = ("hands", "discards", "stock")


class UnplannedState(KnockRummyState):
    """Leaves the stock out of its clone plan: clones would share it."""

    CLONE_COPIES = ("hands", "discards")


@pytest.mark.parametrize(
    ("state_class", "message"),
    [
        (LeakyState, "leaks hidden cards"),
        (ExplainedLeakState, "leaks hidden cards"),
        (SloppyState, "changed the state"),
        (LosingState, "cards not conserved"),
        (UnplannedState, "CLONE_COPIES: stock holds a list"),
    ],
)
def test_conformance_kit_catches_defects_and_names_seed_and_step(state_class, message):
    broken = KNOCK_RUMMY.variant(name="broken", state_class=state_class)
    with pytest.raises(ConformanceError, match=f"seed=\\d+ step=\\d+: .*{message}"):
        check_game(broken, players=[2], hands=3)


def test_plain_english_in_a_view_is_no_leak():
    check_game(KNOCK_RUMMY.variant(name="english", state_class=EnglishState), players=[2],
               hands=3)
    assert view_cards("seat 1 was dealt 49 and wins as the first turn starts") == set()
    assert {c.text for c in view_cards("seat 1 held (KS, 10♥) and AD.")} == {"KS", "10H", "AD"}


def test_tonks_instant_win_explanation_passes_the_leak_check():
    # "... wins as the first turn starts" was read as the ace of spades
    from cardkit.services.testing import check_hand

    game = cardkit.load_game("tonk", initial_tonk_mode="50_auto_49_in_turn")
    assert check_hand(game, 15).snapshot()


def test_a_correct_clone_plan_passes_the_kit_and_clones_the_same_hand():
    planned = KNOCK_RUMMY.variant(name="planned", state_class=PlannedState)
    check_game(planned, players=[2, 3], hands=3)
    state = planned.configure(players=2).new_hand(seed=5)
    twin = state.clone()
    assert twin.snapshot() == state._clone_examined().snapshot() == state.snapshot()
    twin.apply(twin.legal_actions()[0])
    assert twin.stock is not state.stock and twin.hands is not state.hands
    assert state.snapshot() == planned.configure(players=2).new_hand(seed=5).snapshot()


def test_view_cards_walks_everything():
    found = view_cards({"a": [Card.parse("7H"), ("spread 8H 9H X1=10H", CardSet("2C"))]})
    assert {c.text for c in found} == {"7H", "8H", "9H", "X1", "2C"}


def test_declared_identities_are_not_shown_cards():
    from cardkit.libraries.melds import classify
    from cardkit.values.actions import parse_action

    wild_run = classify(parse_cards("5H X1 7H"), MeldRules(wild=JOKERS),
                        declared={JOKERS[0]: Card.parse("6H")})
    assert {c.text for c in view_cards(wild_run)} == {"5H", "X1", "7H"}
    assert {c.text for c in view_cards(parse_action("hit X1=6H 2"))} == {"X1"}


def test_patient_playouts_reach_long_hands():
    """Half the kit's hands avoid ending moves, so deep states are checked too."""
    from cardkit.services.testing import check_hand

    game = KNOCK_RUMMY.configure(players=2, knock_limit=60)  # a knock is almost always legal
    quick = [len(check_hand(game, seed).history) for seed in range(6)]
    patient = [len(check_hand(game, seed, patient=True).history) for seed in range(6)]
    assert sum(patient) > 2 * sum(quick)
