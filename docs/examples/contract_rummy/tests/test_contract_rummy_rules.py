"""Contract rummy's rules (RULES.md), through the public contract, on stacked decks: every
contract, buying with its penalty card and its limits, going out and the scoring."""

from __future__ import annotations

import pytest

import cardkit
from cardkit import HandContext, IllegalAction, parse_cards

# Three players: seat 0 plays first (seat 2 deals); cards are dealt one at a time from seat 0,
# then the up-card, then the stock (its top first). Two decks: a card may appear twice.
OTHERS = ("AH 2H 5H 9D QC KC 4S 6S 8D 10D JD 3H", "AS 2S 10S QS KS 4H 6H 8C 9C JC AD 3D")

#: For each deal, seat 0's hand and the melds that go down (the contract), in order.
CONTRACT_HANDS = [
    ("7H 7H 7S KD KD KC 2C 4D 9S JH", ["meld 7H 7H 7S", "meld KC KD KD"]),
    ("7H 7D 7S 3C 4C 5C 6C 9S JH 2D", ["meld 7D 7H 7S", "meld 3C 4C 5C 6C"]),
    ("3C 4C 5C 6C 8H 9H 10H JH 2S KD", ["meld 3C 4C 5C 6C", "meld 8H 9H 10H JH"]),
    ("7H 7D 7S 9C 9D 9S QH QD QS 2C", ["meld 7D 7H 7S", "meld 9C 9D 9S", "meld QD QH QS"]),
    ("7H 7D 7S 9C 9D 9S 3C 4C 5C 6C 2S KD",
     ["meld 7D 7H 7S", "meld 9C 9D 9S", "meld 3C 4C 5C 6C"]),
    ("7H 7D 7S 3C 4C 5C 6C 8H 9H 10H JH KD",
     ["meld 7D 7H 7S", "meld 3C 4C 5C 6C", "meld 8H 9H 10H JH"]),
    ("3C 4C 5C 6C 8H 9H 10H JH 2S 3S 4S 5S",
     ["meld 3C 4C 5C 6C", "meld 8H 9H 10H JH", "meld 2S 3S 4S 5S"]),
]


def stacked(hands: tuple[str, ...], up: str, stock: str) -> list[cardkit.Card]:
    """The deck dealing ``hands``, then the up-card, then ``stock``."""
    size = len(parse_cards(hands[0]))
    dealt = [card for cards in zip(*(parse_cards(h)[:size] for h in hands), strict=True)
             for card in cards]
    return [*dealt, *parse_cards(up), *parse_cards(stock)]


def deal(number: int, hand: str, up: str = "KH", stock: str = "5D QH 8S 2D", **options: object
         ) -> cardkit.State:
    """Deal ``number`` (0-6) of a three-player game, seat 0 holding ``hand``."""
    game = cardkit.load_game("contract-rummy", players=3, **options)
    size = len(parse_cards(hand))
    hands = (hand, *(" ".join(other.split()[:size]) for other in OTHERS))
    return game.new_hand(deck=stacked(hands, up, stock),
                         context=HandContext(dealer=2, hand_number=number, totals=(0, 0, 0)))


def test_the_decks_and_the_deal() -> None:
    """§1, §2: 108 cards for three or four players, 162 for five or six; 10 cards a hand in
    deals 1-4, 12 in deals 5-7."""
    assert len(cardkit.load_game("contract-rummy", players=4).new_hand(seed=1).deck) == 108
    six = cardkit.load_game("contract-rummy", players=6).new_hand(seed=1)
    assert len(six.deck) == 162 and [len(hand) for hand in six.hands] == [10] * 6
    late = cardkit.load_game("contract-rummy", players=3).new_hand(
        seed=1, context=HandContext(dealer=2, hand_number=5, totals=(0, 0, 0)))
    assert [len(hand) for hand in late.hands] == [12, 12, 12]


@pytest.mark.parametrize("number", range(7))
def test_every_contract_goes_down_in_one_turn(number: int) -> None:
    """§4: the deal's contract, laid meld by meld in one turn; no discard until it is laid,
    and a meld that cannot lead to the contract is refused."""
    hand, melds = CONTRACT_HANDS[number]
    state = deal(number, hand)
    state.apply("draw stock")
    state.apply("pass")  # seat 1 does not buy the KH
    assert state.current_player == 0 and state.phase == "play"
    legal = set(map(str, state.legal_actions()))
    assert set(melds) <= legal
    kinds = state.view(0).info["contract"]
    if "set" not in kinds:
        assert not any(move.startswith("meld 7") for move in legal)
    state.apply(melds[0])
    with pytest.raises(IllegalAction, match="finish laying your contract"):
        state.apply("discard 5D")
    for move in melds[1:]:
        state.apply(move)
    assert state.down == (True, False, False)
    if number == 6:  # three runs of four: twelve cards down, the last discard goes out
        state.apply("discard 5D")
        assert state.result.ending == "went_out" and state.result.winners == (0,)
    else:
        assert not any(a.kind == "meld" for a in state.legal_actions())  # no new melds


def test_buying_takes_the_discard_and_a_penalty_card() -> None:
    """§3.2: seat 0 draws from the stock, so seat 1 may buy the KH: it takes the KH and the
    stock's top card, and seat 0 draws the next one."""
    hand, _ = CONTRACT_HANDS[0]
    state = deal(0, hand)
    state.apply("draw stock")
    assert state.phase == "claim" and state.current_player == 1 and state.turn_player == 0
    assert [str(a) for a in state.legal_actions()] == ["buy KH", "pass"]
    state.apply("buy KH")
    one = parse_cards("KH 5D")
    assert all(card in state.hands[1] for card in one) and len(state.hands[1]) == 12
    assert parse_cards("QH")[0] in state.hands[0] and state.current_player == 0
    assert state.view(2).info["claims_left"] == (3, 2, 3)


def test_three_buys_a_deal_and_none_once_down() -> None:
    """§3.2: a fourth buy is not offered; nor is a buy to a player who has gone down
    (option ``buy_when_down``)."""
    hand, _ = CONTRACT_HANDS[0]
    spent = deal(0, hand)
    spent.claims_made = (0, 3, 0)
    spent.forget_legal_actions()
    spent.apply("draw stock")
    assert spent.phase == "play"  # seat 1 has bought three times: no window
    down = deal(0, hand)
    down.down = (False, True, False)
    down.forget_legal_actions()
    down.apply("draw stock")
    assert down.phase == "play"
    allowed = deal(0, hand, buy_when_down=True)
    allowed.down = (False, True, False)
    allowed.forget_legal_actions()
    allowed.apply("draw stock")
    assert allowed.phase == "claim"


def test_lay_offs_only_once_down_and_from_the_next_turn() -> None:
    """§4: no lay-off before going down nor in the turn of going down (option
    ``lay_off_same_turn``); a set may take an identical copy."""
    hand, melds = CONTRACT_HANDS[0]
    for same in (False, True):
        state = deal(0, hand, stock="7S 5D QH 8S", lay_off_same_turn=same)
        state.apply("draw stock")
        state.apply("pass")
        for move in melds:
            state.apply(move)
        assert ("lay 7S 1" in map(str, state.legal_actions())) is same


def test_scoring_and_the_match() -> None:
    """§6: the others pay for their hands (2-9 five, 10-K ten, ace 15, joker 50); seven deals
    and the lowest total wins."""
    hand, melds = CONTRACT_HANDS[6]
    state = deal(6, hand, stock="X1 QH 8S 2D")
    state.apply("draw stock")
    state.apply("pass")
    for move in melds:
        state.apply(move)
    state.apply("discard X1")
    # seat 1: AH 2H 5H 9D QC KC 4S 6S 8D 10D JD 3H; seat 2: AS 2S 10S QS KS 4H 6H 8C 9C JC AD 3D
    assert state.result.payoffs == (0, -(15 + 5 * 7 + 10 * 4), -(15 * 2 + 5 * 6 + 10 * 4))
    face = deal(6, hand, stock="X1 QH", low_cards="face", ace_points=20)
    assert face.meld_rules.hand_value(parse_cards("AH 2H X1")) == 20 + 2 + 50
    game = cardkit.load_game("contract-rummy", players=3)
    assert game.definition.match.outcome(game, HandContext(0, totals=(-10, -5, -90)), 7) \
        .winner == 1


def test_the_ladder_and_the_generic_greedy_buy_and_go_down() -> None:
    """No agent of its own: the generic greedy plays it (buys, contracts) and gives the
    ladder."""
    game = cardkit.load_game("contract-rummy", players=3)
    assert {"easy", "normal", "hard"} <= set(game.definition.agent_names)
    hand, _ = CONTRACT_HANDS[0]
    state = deal(0, hand)
    agent = game.agent("normal", seat=0, seed=1)
    move = agent.choose(state.view(0), state.legal_actions())
    assert str(move) == "draw discard"  # the KH joins KC KD KD
