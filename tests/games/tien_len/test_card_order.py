"""Tiến Lên rules §1: the order of ranks and suits, a card's strength, and worked example 1."""

from __future__ import annotations

import cardkit
from cardkit.game import HandAnalysis
from cardkit.values.cards import STANDARD_CARDS, parse_cards
from tests.games.tien_len.helpers import P1, P2, can_play, deal, later_game, plays, with_top


def test_example_1_card_order() -> None:
    """§10.1: 2S beats AH; 10S beats 9H; 7H beats 7D; 3S is beaten by every card."""
    state = with_top("AH", "2S 10S 7H")
    assert can_play(state, "2S") and not can_play(state, "10S")
    state = with_top("9H", "10S 7H")
    assert can_play(state, "10S") and not can_play(state, "7H")
    state = with_top("7D", "7H 7S")
    assert can_play(state, "7H") and not can_play(state, "7S")
    state = with_top("3S", "3C 4D 9H KS 2C")
    assert plays(state) == {f"play {card}" for card in state.hands[P2]}


def test_card_order_rank_then_suit() -> None:
    """§1: ranks 3 … K A 2, suits spades < clubs < diamonds < hearts; strength 3S = 0 … 2H = 51
    (the game's own rules, not a test copy)."""
    game = cardkit.load_game("tien-len")
    rules = game.definition.capability(HandAnalysis).climbing_rules(game.options)
    ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    expected = [f"{rank}{suit}" for rank in ranks for suit in "SCDH"]
    assert sorted((card.text for card in STANDARD_CARDS),
                  key=lambda text: rules.strength(parse_cards(text)[0])) == expected
    state = deal({P1: "9C", P2: "9S 9D"}, context=later_game(P1))
    state.apply("play 9C")
    assert plays(state) >= {"play 9D"} and not can_play(state, "9S")
