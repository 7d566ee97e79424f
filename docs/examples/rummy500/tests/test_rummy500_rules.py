"""Rummy 500's rules (RULES.md), through the public contract: load_game, new_hand, apply."""

from __future__ import annotations

import pytest
from cardkit_rummy500.settlement import scores

import cardkit
from cardkit import HandContext, IllegalAction, parse_cards
from cardkit.agents import choose_action

# Three players: seat 0 plays first (seat 2 deals). The deck deals one card at a time from
# seat 0, then turns the up-card, then the stock (its top first).
HANDS = ("6H 9S 2D 3D 4D KC QC", "AS 2S 3S 4S 5S 8C 9C", "AH 2H 3C 7C 10D JS QS")


def stacked(stock: str, up: str = "7H", hands: tuple[str, ...] = HANDS) -> list[cardkit.Card]:
    """The deck dealing ``hands``, then the up-card, then ``stock``."""
    dealt = [card for cards in zip(*(parse_cards(h) for h in hands), strict=True)
             for card in cards]
    return [*dealt, *parse_cards(up), *parse_cards(stock)]


def play(state: cardkit.State, *moves: str) -> None:
    """Apply moves in order."""
    for move in moves:
        state.apply(move)


def test_deal() -> None:
    """§2: seven cards each for three players, thirteen for two; one card turned up."""
    state = cardkit.load_game("rummy500").new_hand(seed=1)
    assert [len(hand) for hand in state.hands] == [7, 7, 7] and len(state.discards) == 1
    two = cardkit.load_game("rummy500", players=2).new_hand(seed=1)
    assert [len(hand) for hand in two.hands] == [13, 13]
    assert len(cardkit.load_game("rummy500", players=2, two_player_hand=10)
               .new_hand(seed=1).hands[0]) == 10


def test_taking_deep_obliges_the_deepest_card() -> None:
    """§3.2: any card of the spread pile may be taken with every card above it, if the
    deepest card taken is melded that turn; until it is, no discard."""
    state = cardkit.load_game("rummy500").new_hand(deck=stacked("5H 8D 10C"))
    play(state, "draw stock", "meld 2D 3D 4D", "discard KC",  # seat 0: 5H
         "draw stock", "discard 8D",                           # seat 1
         "draw stock", "discard 10C")                          # seat 2
    assert [c.text for c in state.view(0).info["discard_pile"]] == ["7H", "KC", "8D", "10C"]
    assert "take 7H" in map(str, state.legal_actions())
    assert "take 8D" not in map(str, state.legal_actions())  # it could not be melded
    play(state, "take 7H")
    assert state.must_use == parse_cards("7H")[0] and len(state.hands[0]) == 8
    with pytest.raises(IllegalAction, match="must meld 7H"):
        state.apply("discard 9S")
    play(state, "meld 5H 6H 7H", "discard KC")
    assert state.must_use is None


def test_top_card_free_option() -> None:
    """§3.2: the top card alone carries no duty (by default), or it does."""
    for free in (True, False):
        state = cardkit.load_game("rummy500", top_card_free=free).new_hand(
            deck=stacked("5H"))
        assert ("take 7H" in map(str, state.legal_actions())) is free


def test_lay_offs_on_anyones_melds_score_for_whoever_laid_them() -> None:
    """§4: a card is laid off on any player's meld, and scores for whoever laid it; with
    ``lay_off_anywhere = false`` only on one's own."""
    hands = ("6H 9S 2D 3D 4D KC QC", "AS 2S 3S 4S 5D 8C 9C", "AH 2H 3C 7C 10D JS QS")
    for anywhere in (True, False):
        state = cardkit.load_game("rummy500", lay_off_anywhere=anywhere).new_hand(
            deck=stacked("5H 8D 4H", hands=hands))
        play(state, "draw stock", "meld 2D 3D 4D", "discard KC", "draw stock")
        assert ("lay 5D 1" in map(str, state.legal_actions())) is anywhere
    state = cardkit.load_game("rummy500").new_hand(deck=stacked("5H 8D", hands=hands))
    play(state, "draw stock", "meld 2D 3D 4D", "discard KC", "draw stock", "lay 5D 1")
    assert state.table[1].laid_off == ((1, parse_cards("5D")[0]),)
    assert [card.text for card, _ in state.table.laid_by(1)] == ["5D"]
    assert state.view(2).info["lay_offs"] == "5D on 1 by seat 1"  # everyone sees who laid it


def test_scoring_melded_minus_in_hand_and_the_low_ace() -> None:
    """§6: each player scores the cards they put down less the cards left in hand; an ace
    counts 1 in A-2-3 (option ``low_ace``), else 15."""
    game = cardkit.load_game("rummy500")
    state = game.new_hand(deck=stacked("5H", hands=("AH 2H 3H 9S 9H 9D KH",
                                                    "AS 2S 3S 4S 5S 8C 9C",
                                                    "AC 2C 3C 7C 10D JS QS")))
    play(state, "draw stock", "meld AH 2H 3H", "meld 9D 9H 9S", "discard KH")
    assert state.table.to_data()[0]["cards"] == ["AH", "2H", "3H"]
    assert scores(state)[0] == (1 + 2 + 3) + (9 + 9 + 9) - 5  # 5H left in hand
    high = cardkit.load_game("rummy500", low_ace=15).new_hand(deck=stacked("5H", hands=(
        "AH 2H 3H 9S 9H 9D KH", "AS 2S 3S 4S 5S 8C 9C", "AC 2C 3C 7C 10D JS QS")))
    play(high, "draw stock", "meld AH 2H 3H")
    assert scores(high)[0] == 15 + 2 + 3 - (9 * 3 + 10 + 5)


def test_going_out_ends_the_hand_and_scores_every_seat() -> None:
    """§5: a player who melds or discards the last card goes out."""
    hands = ("2H 3H 4H 8C 8D 8S KD", "AS 2S 3S 4S 5S 9C 9D", "AC 2C 3C 7C 10D JS QS")
    state = cardkit.load_game("rummy500").new_hand(deck=stacked("5H", hands=hands))
    play(state, "draw stock", "meld 2H 3H 4H 5H", "meld 8C 8D 8S", "discard KD")
    result = state.result
    assert result.ending == "went_out" and result.winners == (0,)
    assert result.payoffs[0] == 2 + 3 + 4 + 5 + 8 * 3
    assert result.payoffs[1] == -(15 + 2 + 3 + 4 + 5 + 9 + 9)  # an ace in hand: 15
    assert result.details["table"][0]["owner"] == 0


def test_discard_to_go_out_option() -> None:
    """Option ``discard_to_go_out``: the last card is discarded, never melded."""
    hands = ("2H 3H 4H 8C 8D 8S 5D", "AS 2S 3S 4S 5S 9C 9D", "AC 2C 3C 7C 10D JS QS")
    state = cardkit.load_game("rummy500", discard_to_go_out=True).new_hand(
        deck=stacked("5H", hands=hands))
    play(state, "draw stock", "meld 2H 3H 4H 5H")
    assert "meld 8C 8D 8S" in map(str, state.legal_actions())
    free = cardkit.load_game("rummy500").new_hand(deck=stacked("5H", hands=hands))
    play(free, "draw stock", "meld 2H 3H 4H 5H", "meld 8C 8D 8S")
    assert free.result is None and len(free.hands[0]) == 1


def test_the_match_is_first_to_the_target() -> None:
    """§6: the first total to reach the target wins; a tie for the lead plays on."""
    game = cardkit.load_game("rummy500", target=50)
    rules = game.definition.match
    assert rules.outcome(game, HandContext(0, totals=(40, 49, 0)), 2) is None
    assert rules.outcome(game, HandContext(0, totals=(60, 55, 0)), 3).winner == 0
    assert rules.outcome(game, HandContext(0, totals=(60, 60, 0)), 3) is None
    match = game.new_match(seed=4)
    assert match.totals == (0, 0, 0)


def test_the_ladder_and_the_generic_greedy() -> None:
    """Rummy 500 brings no agent: the generic greedy one gives it easy, normal and hard."""
    game = cardkit.load_game("rummy500")
    assert game.definition.agent_names[:4] == ["random", "easy", "normal", "hard"]
    state = game.new_hand(seed=2)
    agent = game.agent("normal", seat=0, seed=2)
    assert agent.choose(state.view(0), state.legal_actions()) in state.legal_actions()


def test_a_pickled_hand_plays_on_identically() -> None:
    """A hand in progress (its table, pile and duty to meld) survives pickling."""
    import pickle
    import random

    game = cardkit.load_game("rummy500")
    state = game.new_hand(seed=9)
    rng = random.Random(9)
    for _ in range(25):
        state.apply(rng.choice(state.legal_actions()))
    again = pickle.loads(pickle.dumps(state))
    assert again.snapshot() == state.snapshot() and again.legal_actions() == state.legal_actions()
    while not state.is_over:
        move = rng.choice(state.legal_actions())
        state.apply(move)
        again.apply(move)
    assert again.result == state.result
    match = game.new_match(seed=1)
    assert pickle.loads(pickle.dumps(match)).current.snapshot() == match.current.snapshot()


@pytest.mark.parametrize("players", [2, 3])
def test_greedy_players_never_pass_cards_round_for_ever(players: int) -> None:
    """With the top card free, two greedy players once passed the same cards between them
    through the pile (take it, throw another back) until the action guard cut the hand: a card
    taken from the pile is now used or kept that turn, so every hand ends by the rules."""
    game = cardkit.load_game("rummy500", players=players)
    limit = game.definition.max_actions
    for seed in (19, 96, *range(60)):
        state = game.new_hand(seed=seed)
        agents = [game.agent("greedy", seat, seed) for seat in range(players)]
        moves = 0
        while state.result is None and moves < limit:
            seat = state.current_player
            state.apply(choose_action(agents[seat], state, seat)[0])
            moves += 1
        assert state.result is not None, f"seed {seed}: no end after {moves} moves"
        assert state.result.ending in ("went_out", "stock_out")
