"""Tonk rules: the spades side bet, offered after the deal (2.5) and settled by 6.9
(``spades_side_bet``, ``spades_bet_ace_high``, ``spades_side_bet_hands``), with worked example 7."""

from __future__ import annotations

from cardkit import load_game
from cardkit.engine.match import HandContext
from tests.games.tonk.helpers import stack

# ----- worked example 7 --------------------------------------------------------------------------

def net(result, reason: str) -> list[float]:
    """Each seat's net from the transfers with ``reason``."""
    totals = [0.0] * len(result.payoffs)
    for t in result.transfers:
        if t.reason == reason:
            totals[t.payer] -= t.amount
            totals[t.payee] += t.amount
    return totals


def _example_7(a_spade: str, **options):
    # B = seat 0, C = seat 1, A = seat 2 (dealer); all three join
    game = load_game("tonk", players=3, spades_side_bet=True, **options)
    state = game.new_hand(seed=20, deck=stack(["6C 7D 8H 9C 10D", "KS 2H 3C 4D 6H",
                                                f"{a_spade} 2C 3D 4H 5C"]))
    for _ in range(3):
        state.apply("join bet")
    state.apply("drop")  # the hand itself is settled separately
    return state.result


def test_example_7_spades_side_bet():
    result = _example_7("9S")
    assert net(result, "spades side bet") == [-1, 2, -1]
    assert result.details["side_bet"]["winner"] == 1


def test_example_7_spades_side_bet_ace():
    assert net(_example_7("AS"), "spades side bet") == [-1, 2, -1]
    assert net(_example_7("AS", spades_bet_ace_high=True), "spades side bet") == [-1, -1, 2]


# ----- joining, revealing, returned stakes -------------------------------------------------------

def _side_bet(hands: list[str], joins: list[bool], dealer: int = 2, **options):
    game = load_game("tonk", players=3, spades_side_bet=True, **options)
    state = game.new_hand(seed=23, deck=stack(hands, dealer=dealer),
                          context=HandContext(dealer=dealer, totals=(0, 0, 0)))
    for join in joins:
        state.apply("join bet" if join else "decline bet")
    return state


def _side_bet_net(result) -> list[float]:
    """Each seat's net from the side bet."""
    return net(result, "spades side bet")


def test_side_bet_joiners_reveal_in_deal_order_even_when_beaten():
    """6.9: deal order from the dealer's left (dealer seat 0: seats 1, 2, 0); every joiner
    reveals, a joiner without a spade reveals nothing."""
    state = _side_bet(["6C 7D 8H 9C 10D", "KS 2H 3C 4D 6H", "2S 2C 3D 4H 5C"], [True] * 3,
                      dealer=0)
    assert state.current_player == 1
    state.apply("drop")
    side = state.result.details["side_bet"]
    assert list(side["spades"]) == ["1", "2", "0"]
    assert side["spades"] == {"1": "KS", "2": "2S", "0": None} and side["winner"] == 1
    assert _side_bet_net(state.result) == [-1, 2, -1]


def test_side_bet_fewer_than_two_joiners_or_no_spade_returns_the_stakes():
    """6.9: one joiner: stakes returned, nothing revealed; joiners without spades: returned."""
    hands = ["6C 7D 8H 9C 10D", "KH 2H 3C 4D 6H", "KS 2C 3D 4H 5C"]
    state = _side_bet(hands, [True, False, False])
    state.apply("drop")
    assert state.result.details["side_bet"]["spades"] == {}
    assert _side_bet_net(state.result) == [0, 0, 0]
    state = _side_bet(hands, [True, True, False])
    state.apply("drop")
    assert state.result.details["side_bet"] == {"joiners": [0, 1], "spades": {"0": None,
                                                                              "1": None},
                                                "winner": None}
    assert _side_bet_net(state.result) == [0, 0, 0]


def test_side_bet_is_settled_with_an_initial_win_and_a_void_deal():
    """6.9: the side bet is independent of the hand: settled also when E1 or E2 ends it."""
    # E1: B dealt 50; C wins the bet with KS
    state = _side_bet(["KC QH JD 10C 10H", "KS 2H 3C 4D 6H", "9S 2C 3D 4H 5C"], [True] * 3)
    assert state.result.ending == "initial_win"
    assert _side_bet_net(state.result) == [-1, 2, -1]
    assert state.result.payoffs == (4 - 1, -2 + 2, -2 - 1)
    # E2: B 50, C 49: void deal, the side bet still paid
    state = _side_bet(["KC QH JD 10C 10H", "KS QD JH 10D 9D", "9S 2C 3D 4H 5C"], [True] * 3)
    assert state.result.ending == "void_deal"
    assert state.result.payoffs == (-1, 2, -1)


# ----- which hands offer it ----------------------------------------------------------------------

def _second_hand_phase(hands: str) -> tuple[str, str]:
    game = load_game("tonk", players=2, spades_side_bet=True, spades_side_bet_hands=hands)
    match = game.new_match(seed=4)
    first = match.current.phase
    while not match.current.is_over:
        state = match.current
        state.apply(state.legal_actions()[0])
    second = match.next_hand()
    assert second is not None
    return first, second.phase


def test_the_side_bet_is_offered_in_every_hand_by_default():
    assert _second_hand_phase("every_hand") == ("bet", "bet")


def test_the_side_bet_is_offered_only_in_the_first_deal_in_the_sources_reading():
    """S000/S004 'in the first deal': the second hand of a match starts with the play; its
    views and result say nothing of a side bet."""
    first, second = _second_hand_phase("first_hand")
    assert (first, second) == ("bet", "start")
    game = load_game("tonk", players=2, spades_side_bet=True, spades_side_bet_hands="first_hand")
    match = game.new_match(seed=4)
    while not match.current.is_over:
        match.current.apply(match.current.legal_actions()[0])
    state = match.next_hand()
    assert state is not None and "side_bet_spades" not in state.view(0).info
    state.apply("drop")
    assert "side_bet" not in state.result.details
