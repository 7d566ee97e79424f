"""Conquian's rules (RULES.md), through the public contract: load_game, new_hand, apply."""

from __future__ import annotations

import pytest
from cardkit_conquian.match import MATCH
from cardkit_conquian.rules import DECK, RULES

import cardkit
from cardkit import HandContext, IllegalAction, parse_cards
from cardkit.melds import classify

# Seat 1 deals, so seat 0 (the pone) receives the first card and turns the first card.
FORCE_HANDS = ("5H 6H 2C 2D KS QD JC 3S 4D AC", "AD AS 7C 7D 3C 4C 5S 6S 5D QS")
WIN_HANDS = ("AS AD AC 2S 2D 2C 3S 3D 3C 7H", "KC KD QC QD JD 6C 5C 4D 6D 5S")


def stacked(hand0: str, hand1: str, stock: str) -> list[cardkit.Card]:
    """A deck dealing ``hand0`` to seat 0 and ``hand1`` to seat 1, then ``stock`` on top."""
    deck = []
    for pair in zip(parse_cards(hand0), parse_cards(hand1), strict=True):
        deck.extend(pair)
    return deck + parse_cards(stock)


def play(state: cardkit.State, *moves: str) -> None:
    """Apply moves in order."""
    for move in moves:
        state.apply(move)


def pass_to_the_end(state: cardkit.State) -> None:
    """Both players decline everything until the hand ends."""
    while not state.is_over:
        state.apply("draw stock" if state.phase == "draw" else "pass")


def test_deck_and_melds() -> None:
    """§1: 40 cards without 8s, 9s and 10s; 7-J is a run, the ace is only low."""
    assert DECK.size == 40
    assert not {card.rank for card in DECK.cards} & {8, 9, 10}
    assert classify(parse_cards("6H 7H JH"), RULES) is not None
    assert classify(parse_cards("AH 2H 3H"), RULES) is not None
    assert classify(parse_cards("QH KH AH"), RULES) is None


def test_deal() -> None:
    """§2: ten cards each, no up-card, twenty in the stock, the pone turns first."""
    state = cardkit.load_game("conquian").new_hand(seed=1)
    assert [len(hand) for hand in state.hands] == [10, 10]
    assert len(state.stock) == 20
    assert (state.current_player, state.phase) == (0, "draw")


def test_turned_card_goes_to_turner_then_opponent_then_dies() -> None:
    """§4.1: offered to the player who turned it, then to the opponent; the last to decline
    it turns the next card."""
    state = cardkit.load_game("conquian").new_hand(deck=stacked(*FORCE_HANDS, "KH 7H"))
    play(state, "draw stock")
    assert (state.phase, state.current_player, state.offered.text) == ("offer", 0, "KH")
    play(state, "pass")
    assert (state.phase, state.current_player) == ("offer", 1)
    play(state, "pass")
    assert (state.phase, state.current_player) == ("draw", 1)
    assert [card.text for card in state.dead] == ["KH"]


def test_used_card_is_melded_at_once_then_a_discard_is_offered() -> None:
    """§4.2-4.4: a used card is melded with hand cards, then the player discards, and the
    discard is offered to the opponent. A drawn card never goes into the hand."""
    state = cardkit.load_game("conquian").new_hand(deck=stacked(*FORCE_HANDS, "7H 4H"))
    play(state, "draw stock")
    with pytest.raises(IllegalAction):
        state.apply("discard 7H")
    play(state, "spread 5H 6H 7H")
    assert state.phase == "meld" and state.laid == [3, 0]
    play(state, "discard KS")
    assert (state.phase, state.current_player, state.offered.text) == ("offer", 1, "KS")
    assert len(state.hands[0]) == 7
    play(state, "pass")  # the discarder never gets their own card back
    assert (state.phase, state.current_player) == ("draw", 1)


def forced_position(**options: object) -> cardkit.State:
    """Seat 0 has 5H 6H 7H down; seat 1 turns 4H and both decline it."""
    game = cardkit.load_game("conquian", **options)
    state = game.new_hand(deck=stacked(*FORCE_HANDS, "7H 4H"))
    play(state, "draw stock", "spread 5H 6H 7H", "discard KS", "pass", "draw stock", "pass")
    assert "hit 4H 1" in map(str, state.legal_actions())
    play(state, "pass")
    return state


def test_forcing_a_declined_card_onto_the_decliners_meld() -> None:
    """§5: seat 0 declined 4H though it fits 5H 6H 7H; seat 1 forces it, seat 0 discards."""
    state = forced_position()
    assert (state.phase, state.current_player) == ("force", 1)
    play(state, "force 4H 1")
    assert [c.text for c in state.table[1].meld.cards] == ["4H", "5H", "6H", "7H"]
    assert state.laid == [4, 0]
    assert (state.phase, state.current_player) == ("discard", 0)
    assert {a.kind for a in state.legal_actions()} == {"discard"}


def test_forcing_option_off() -> None:
    """Option ``forcing = false``: the declined card simply dies."""
    state = forced_position(forcing=False)
    assert (state.phase, state.current_player) == ("draw", 0)


def test_eleven_cards_melded_wins_and_the_loser_pays_the_stake() -> None:
    """§6.1: melding the eleventh card wins at once; a player may have an empty hand with
    ten cards down and go out later by laying off the offered card."""
    game = cardkit.load_game("conquian")
    state = game.new_hand(deck=stacked(*WIN_HANDS, "AH 2H"))
    play(state, "draw stock", "spread AS AD AC AH", "spread 2S 2D 2C", "spread 3S 3D 3C",
         "discard 7H")
    assert state.laid == [10, 0] and len(state.hands[0]) == 0
    play(state, "pass", "draw stock", "pass", "hit 2H 2")
    assert state.result.ending == "conquian"
    assert state.result.winners == (0,)
    assert state.result.payoffs == (1, -1)


def test_points_scoring() -> None:
    """Option ``scoring = points``: the loser pays the value of the cards left in hand."""
    state = cardkit.load_game("conquian", scoring="points").new_hand(
        deck=stacked(*WIN_HANDS, "AH 2H"))
    play(state, "draw stock", "spread AS AD AC AH", "spread 2S 2D 2C", "spread 3S 3D 3C",
         "discard 7H", "pass", "draw stock", "pass", "hit 2H 2")
    assert state.result.payoffs == (76, -76)  # K K Q Q J = 50, 6 5 4 6 5 = 26


def test_tableau_pool_is_paid_by_the_next_loser() -> None:
    """§6.3: after two tableaus in a row the next loser pays 1 + 2 stakes."""
    context = HandContext(dealer=1, totals=(0, 0), extra={"tableaus": 2})
    state = cardkit.load_game("conquian").new_hand(
        deck=stacked(*WIN_HANDS, "AH 2H"), context=context)
    play(state, "draw stock", "spread AS AD AC AH", "spread 2S 2D 2C", "spread 3S 3D 3C",
         "discard 7H", "pass", "draw stock", "pass", "hit 2H 2")
    assert state.result.payoffs == (3, -3)


def test_match_counts_tableaus_in_a_row() -> None:
    """§6.3: the match context carries the number of tableaus in a row."""
    game = cardkit.load_game("conquian")
    state = game.new_hand(seed=3)
    pass_to_the_end(state)
    assert state.result.ending == "tableau" and state.result.payoffs == (0, 0)
    after = MATCH.advance(game, game.first_context(), state.result, None)
    assert after.extra["tableaus"] == 1 and after.dealer == 0


def test_stock_out_most_melded() -> None:
    """§6.2 and option ``stock_out``: the stock runs out; tableau by default, or the player
    with more cards melded wins."""
    for stock_out, ending, payoffs in (("tableau", "tableau", (0, 0)),
                                       ("most_melded", "stock_out", (1, -1))):
        game = cardkit.load_game("conquian", stock_out=stock_out, forcing=False)
        state = game.new_hand(deck=stacked(*FORCE_HANDS, "7H 4H"), seed=5)
        play(state, "draw stock", "spread 5H 6H 7H", "discard KS")
        pass_to_the_end(state)
        assert (state.result.ending, state.result.payoffs) == (ending, payoffs)


def test_meld_from_hand_option() -> None:
    """Option ``meld_from_hand``: after the offered card, more melds from the hand or not."""
    for allowed in (True, False):
        state = cardkit.load_game("conquian", meld_from_hand=allowed).new_hand(
            deck=stacked(*WIN_HANDS, "AH 2H"))
        play(state, "draw stock", "spread AS AD AC AH")
        kinds = {action.kind for action in state.legal_actions()}
        assert ("spread" in kinds) is allowed


def test_layoff_on_opponent_option() -> None:
    """Option ``layoff_on_opponent``: seat 1 may lay 4H on seat 0's meld."""
    for allowed in (False, True):
        state = cardkit.load_game("conquian", layoff_on_opponent=allowed).new_hand(
            deck=stacked(*FORCE_HANDS, "7H 4H"))
        play(state, "draw stock", "spread 5H 6H 7H", "discard KS", "pass", "draw stock")
        assert ("hit 4H 1" in map(str, state.legal_actions())) is allowed


def test_stake_option() -> None:
    """Option ``stake``: what the loser pays."""
    state = cardkit.load_game("conquian", stake=5).new_hand(deck=stacked(*WIN_HANDS, "AH 2H"))
    play(state, "draw stock", "spread AS AD AC AH", "spread 2S 2D 2C", "spread 3S 3D 3C",
         "discard 7H", "pass", "draw stock", "pass", "hit 2H 2")
    assert state.result.payoffs == (5, -5)


def test_refusals_explain() -> None:
    """Illegal moves are refused with a reason and change nothing."""
    state = cardkit.load_game("conquian").new_hand(deck=stacked(*FORCE_HANDS, "7H 4H"))
    with pytest.raises(IllegalAction, match="turn up"):
        state.apply("discard KS")
    play(state, "draw stock")
    with pytest.raises(IllegalAction, match="card on offer"):
        state.apply("spread 2C 2D AC")
