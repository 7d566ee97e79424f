"""The lab's ``evaluate`` for Tiến Lên: minus cards left, bonuses for 2s and bombs, places."""

from __future__ import annotations

from cardkit_games.tien_len.game import BOMB_BONUS, TWO_BONUS, evaluate
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.engine.agents import RandomAgent
from cardkit.frontends.lab.simulate import play_hand
from cardkit.game import Evaluation
from cardkit.values.cards import STANDARD_CARDS, CardSet, parse_cards
from tests.games.tien_len.helpers import P1, P2, P3, P4, deal, later_game

ORDER = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1)  # ranks of sequences (§4.1), no 2


def reference(cards: list) -> float:
    """The same standing computed from ranks, the slow way."""
    counts = {rank: sum(1 for c in cards if c.rank == rank) for rank in range(1, 14)}
    quads = sum(1 for n in counts.values() if n == 4)
    paired = [counts[rank] >= 2 for rank in ORDER]
    has_double_sequence = any(all(paired[i:i + 3]) for i in range(len(ORDER) - 2))
    twos = counts[2]
    return -len(cards) + TWO_BONUS * twos + BOMB_BONUS * (quads + has_double_sequence)


def test_registered_on_the_definition() -> None:
    """The definition offers it, so the lab counts lead changes with it."""
    assert cardkit.load_game("tien-len").definition.capability(Evaluation).evaluate is evaluate


def test_values_of_dealt_hands() -> None:
    """Cards left, 2s and bombs (a quad; any double sequence of 3+ pairs, 2s excluded)."""
    state = deal({
        P1: "7S 7C 7D 7H 2S 2H",                 # quad + two 2s
        P2: "4S 4C 5D 5H 6C 6D",                 # double sequence
        P3: "QS QC KD KH AS AH",                 # Q-K-A pairs: a double sequence
        P4: "KS KC AD AC 2C 2D",                 # K-A-2 pairs: not one (no 2s in sequences)
    }, context=later_game(P1))
    for seat in range(4):
        assert evaluate(state)[seat] == reference(list(state.hands[seat]))
    values = evaluate(state)
    assert values[P1] >= -13 + 2 * TWO_BONUS + BOMB_BONUS
    assert values[P4] == reference(list(state.hands[P4]))


def test_bonuses_are_small_against_a_card() -> None:
    """Equal sizes: the 2s and bombs decide; one card fewer beats up to three 2s."""
    assert reference(parse_cards("2S 4C")) > reference(parse_cards("3S 4C"))
    assert reference(parse_cards("9S 9C")) > reference(parse_cards("2S 2C 2D"))


def test_seats_out_rank_by_place_above_holders() -> None:
    """Seats that have gone out score players - place: first out highest, above any holder."""
    state = deal({P1: "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD 2D 2C"}, context=later_game(P1))
    state.apply("play 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD")
    for _ in range(3):
        state.apply("pass")
    state.apply("play 2D 2C")
    assert state.places == [P1]
    values = evaluate(state)
    assert values[P1] == 4.0 and max(values[1:]) < 0


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(STANDARD_CARDS), min_size=1, max_size=13, unique=True))
def test_matches_the_rank_count_reference(cards: list) -> None:
    """The bit arithmetic equals the rank-count reference on random hands."""
    state = deal({})
    state.hands[P1] = CardSet(cards)
    assert evaluate(state)[P1] == reference(cards)


def test_lab_counts_lead_changes_with_it() -> None:
    """A random hand played by the lab's loop reports lead changes from this evaluation."""
    game = cardkit.load_game("tien-len")
    state = game.new_hand(seed=11)
    agents = [RandomAgent(seat) for seat in range(4)]
    evaluate = game.definition.capability(Evaluation).evaluate
    turns, changes, _ = play_hand(state, agents, evaluate, 2000)
    assert state.is_over and turns > 0 and changes is not None and changes >= 0
