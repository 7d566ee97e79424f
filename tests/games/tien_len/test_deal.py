"""Tiến Lên rules §2, setup and deal: the dealer (2.1), the deal and ``play_direction`` (2.2, two
and three players), and who leads first (2.4, ``lead_after_instant_win``, §9.10), with worked
example 2 (first lead). The check for instant wins (2.3) is tested in test_game_end.py.

Seats: P1..P4 are seats 0..3; a stacked deal's dealer is the last seat unless a test says
otherwise."""

from __future__ import annotations

import pytest

import cardkit
from cardkit.engine.match import HandContext
from cardkit.values.cards import STANDARD_CARDS
from cardkit.values.errors import IllegalAction
from tests.games.tien_len.helpers import P1, P2, P3, P4, can_play, deal, later_game, plays

# ----- §2.1 the dealer ---------------------------------------------------------------------------

def test_first_dealer_is_chosen_at_random() -> None:
    """§2.1: the match's first dealer is random (not always the same seat)."""
    game = cardkit.load_game("tien-len")
    dealers = {game.new_match(seed=seed).contexts[0].dealer for seed in range(24)}
    assert len(dealers) > 1


# ----- §2.2 the deal -----------------------------------------------------------------------------

@pytest.mark.parametrize(("direction", "order"), [("clockwise", (P3, P4, P1, P2)),
                                                  ("counterclockwise", (P1, P4, P3, P2))])
def test_deal_one_card_at_a_time_from_the_dealers_next_seat(direction: str, order: tuple) -> None:
    """§2.2/§8 play_direction: one card at a time, starting with the player after the dealer
    (here P2) in the play direction."""
    game = cardkit.load_game("tien-len", play_direction=direction, instant_wins=[])
    deck = list(STANDARD_CARDS)
    state = game.new_hand(deck=deck, context=HandContext(dealer=P2, totals=(0,) * 4))
    for position, card in enumerate(deck):
        assert card in state.hands[order[position % 4]]


def test_play_direction_counterclockwise() -> None:
    """Counter-clockwise: the deal starts at the dealer's right and turns go right."""
    game = cardkit.load_game("tien-len", play_direction="counterclockwise")
    state = deal({P3: "3S 9C", P1: "9D"}, game)  # dealer P4; first card to P3
    assert state.deck[0] in state.hands[P3]
    state.apply("play 3S")
    assert state.current_player == P2
    state.apply("pass")
    assert state.current_player == P1


def test_two_player_deal() -> None:
    """Two players: 26 cards dealt, 26 out of play."""
    state = cardkit.load_game("tien-len", players=2).new_hand(seed=3)
    assert [len(hand) for hand in state.hands] == [13, 13] and len(state.out_of_play) == 26


# ----- §2.4 who leads first (worked example 2, §9.10) --------------------------------------------

def test_example_2_first_lead() -> None:
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


def test_three_players() -> None:
    """§2.2, §2.4: 39 cards dealt, 13 out of play; 3S out of play; P2 holds 3C and must lead it."""
    game = cardkit.load_game("tien-len", players=3)
    assert game.options["placement_points"] == [2, 1, 0]
    assert game.options["num_players"] == 3
    state = deal({P2: "3C 5D"}, game, out_of_play="3S")
    assert sum(len(hand) for hand in state.hands) == 39 and len(state.out_of_play) == 13
    assert state.current_player == P2
    assert all("3C" in str(action) for action in state.legal_actions())
    with pytest.raises(IllegalAction, match="must include 3C"):
        state.apply("play 5D")


def test_two_players_lowest_dealt_card_leads_and_is_included() -> None:
    """§2.4/§9.10 with 2 players: every 3 is out of play, so 4S (the lowest dealt card) leads and
    the first play must include it."""
    game = cardkit.load_game("tien-len", players=2)
    state = deal({P2: "4S 4C 9H"}, game, out_of_play="3S 3C 3D 3H")
    assert state.current_player == P2
    assert plays(state) and all("4S" in text for text in plays(state))
    assert not can_play(state, "9H") and not can_play(state, "4C")
    assert can_play(state, "4S 4C")


def test_later_game_leader_leads_anything() -> None:
    """After the first game the previous winner leads, free of the 3S rule."""
    state = deal({P2: "3S", P4: "9H"}, context=later_game(P4))
    assert state.current_player == P4 and can_play(state, "9H")


def test_lead_after_instant_win() -> None:
    """The instant winner leads next, or (``lowest_card``) the 3S rule applies again."""
    for value, leader, first in (("instant_winner", P3, False), ("lowest_card", None, True)):
        game = cardkit.load_game("tien-len", lead_after_instant_win=value)
        state = deal({P3: "2S 2C 2D 2H"}, game)
        context = game.definition.match.advance(game, state.context, state.result, None)
        assert context.leader == leader and context.extra["first_game"] is first
        following = deal({P2: "3S"}, game, context=context)
        assert following.current_player == (P3 if leader is not None else P2)
