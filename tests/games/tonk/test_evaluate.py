"""The lab's ``evaluate`` for Tonk: minus each seat's count of the cards still in hand."""

from __future__ import annotations

from cardkit_games.tonk.game import evaluate
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.engine.agents import RandomAgent
from cardkit.frontends.lab.simulate import play_hand
from cardkit.game import Evaluation, HandAnalysis
from cardkit.values.cards import STANDARD_CARDS
from tests.games.tonk.helpers import stack


def reference(cards, joker_value: int = 0) -> float:
    """Minus the count the slow way (§1: A = 1, 2-10 face value, J Q K = 10)."""
    return -float(sum(joker_value if c.is_joker else min(c.rank, 10) for c in cards))


def test_registered_on_the_definition() -> None:
    """The definition offers it, so the lab counts lead changes with it."""
    assert cardkit.load_game("tonk").definition.capability(Evaluation).evaluate is evaluate


def test_lowest_count_leads() -> None:
    """Seat 1 holds the lowest count (9), so it is the unique best seat: the lab's leader."""
    game = cardkit.load_game("tonk", players=3)
    state = game.new_hand(seed=1, deck=stack(["3S 7D KH AC 9C", "AS AH 2C 2D 3H",
                                               "QS QD 5H 6C 8D"]))
    assert not state.is_over
    values = evaluate(state)
    assert values == [-30.0, -9.0, -39.0]
    assert max(range(3), key=values.__getitem__) == 1
    assert sorted(values)[-2] < values[1]


def test_laid_cards_no_longer_count() -> None:
    """§0: after laying a book only the cards left in hand count, so the seat takes the lead."""
    game = cardkit.load_game("tonk", players=2)
    state = game.new_hand(seed=2, deck=stack(["KC KD KH 2C 3D", "4S 5H 6C 7D 8S"], "JC", "QS"))
    assert evaluate(state) == [-35.0, -30.0]
    state.apply("draw stock")  # QS
    state.apply("spread KC KD KH")
    assert evaluate(state) == [-15.0, -30.0]
    state.apply("discard QS")
    assert evaluate(state) == [-5.0, -30.0]


def test_jokers_count_joker_hand_value() -> None:
    """An unplayed joker counts ``joker_hand_value`` (§1)."""
    game = cardkit.load_game("tonk", players=2, jokers=2, joker_hand_value=15)
    state = game.new_hand(seed=3, deck=stack(["X1 2S 5H QC QD", "2C 3D 4H 6S 8C"]))
    assert evaluate(state) == [-42.0, -23.0]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(STANDARD_CARDS), min_size=0, max_size=10, unique=True))
def test_matches_the_rank_reference(cards) -> None:
    """The bitmask count equals the rank-by-rank sum on random hands."""
    state = cardkit.load_game("tonk", players=2).new_hand(seed=4)
    state.hands[0] = sum(card.mask for card in cards)
    assert evaluate(state)[0] == reference(cards)


def test_lab_counts_lead_changes_with_it() -> None:
    """Random hands played by the lab's loop report lead changes from this evaluation."""
    game = cardkit.load_game("tonk", players=3)
    for seed in range(5):
        state = game.new_hand(seed=seed)
        agents = [RandomAgent(seed * 10 + seat) for seat in range(3)]
        evaluate = game.definition.capability(Evaluation).evaluate
        _, changes, _ = play_hand(state, agents, evaluate, 2000)
        assert state.is_over and changes is not None and changes >= 0


def test_the_hand_shows_its_count_not_its_deadwood():
    """§0, §9.12: a drop compares every card held, so the screen shows the count."""
    definition = cardkit.registry.game_definition("tonk")
    options = definition.configure().options
    book_in_hand = cardkit.parse_cards("7C 7D 7S 2H")
    value = definition.capability(HandAnalysis).value
    assert value(book_in_hand, options) == ("count", 23)
    jokers = definition.configure(jokers=2, joker_hand_value=5).options
    assert value(cardkit.parse_cards("X1 2H"), jokers) == ("count", 7)
