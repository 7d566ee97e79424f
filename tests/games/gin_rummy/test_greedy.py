"""Gin's greedy agent: discards that do not feed the opponent, knock timing, its memory, its
reasons and its margin over random play; greedy players never pass the same cards round for
ever."""

from __future__ import annotations

from cardkit_games.gin_rummy.bots.agents import GreedyAgent, read_history

import cardkit
from cardkit.values.actions import Action
from cardkit.values.cards import Card, parse_cards
from cardkit.values.views import View
from cardkit.views import Move

# nine cards melded (A-2-3 of spades, three 5s, 9-10-J of clubs) and two loose kings: throwing
# either king leaves the same 10 deadwood, the same connections and the same value
HAND = parse_cards("AS 2S 3S 5D 5H 5C 9C 10C JC KH KS")


def _moves(history: tuple[tuple[int, str], ...] | list[tuple[int, str]]) -> tuple[Move, ...]:
    return tuple(Move.parse(seat, text) for seat, text in history)


def _view(history: tuple[tuple[int, str], ...], stock: int = 25) -> View:
    return View(game="gin-rummy", seat=0, players=2, phase="discard", current_player=0,
                hand=tuple(HAND), hand_sizes=(11, 10), stock_size=stock,
                discard_top=None, history=_moves(history), dealer=1, scores=(0, 0),
                info={"first_upcard": Card.parse("4D")})


def _discards(hand=HAND) -> list[Action]:
    return [Action("discard", cards=(card,)) for card in hand]


# the opponent (seat 1) took the queen of hearts from the pile: it collects hearts near QH
TOOK_QH = ((1, "draw stock"), (1, "discard 8D"), (0, "draw stock"), (0, "discard QH"),
           (1, "draw discard"), (1, "discard 2D"), (0, "draw stock"))
# the same turns, but the opponent drew from the stock and left the queen
LEFT_QH = ((1, "draw stock"), (1, "discard 8D"), (0, "draw stock"), (0, "discard QH"),
           (1, "draw stock"), (1, "discard 2D"), (0, "draw stock"))


def test_the_history_names_the_cards_the_opponent_took_and_kept() -> None:
    assert read_history(_view(TOOK_QH)).taken == {Card.parse("QH")}
    assert read_history(_view(LEFT_QH)).taken == frozenset()
    thrown_back = (*TOOK_QH, (0, "discard 7H"), (1, "draw stock"), (1, "discard QH"))
    memory = read_history(_view(thrown_back))
    assert memory.taken == frozenset() and memory.opponent_turns == 3


def test_greedy_does_not_feed_a_card_the_opponent_visibly_collects() -> None:
    agent = GreedyAgent(1)
    # with nothing known, the tie between the kings falls to the heart
    plain = agent.choose(_view(LEFT_QH), _discards())
    assert plain.cards == (Card.parse("KH"),)
    # once the opponent is seen taking QH, KH (next to it) is the dangerous one
    action, reason = GreedyAgent(1).choose_with_reason(_view(TOOK_QH), _discards())
    assert action.cards == (Card.parse("KS"),) and "KS" in reason


def test_the_danger_never_outweighs_much_deadwood() -> None:
    # a queen of hearts held against a loose 3 of diamonds: the queen goes, danger or not
    hand = parse_cards("AS 2S 3S 5D 5H 5C 9C 10C JC KH 3D")
    view = View(game="gin-rummy", seat=0, players=2, phase="discard", current_player=0,
                hand=tuple(hand), hand_sizes=(11, 10), stock_size=25, history=_moves(TOOK_QH),
                dealer=1, scores=(0, 0), info={"first_upcard": Card.parse("4D")})
    assert GreedyAgent(1).choose(view, _discards(hand)).cards == (Card.parse("KH"),)


def _knock_view(opponent_turns: int, stock: int) -> tuple[View, list[Action]]:
    hand = parse_cards("AS 2S 3S 5D 5H 5C 9C 10C JC 4H KS")  # KS out: 4 deadwood
    history: list[tuple[int, str]] = []
    for turn in range(opponent_turns):
        history += [(1, "draw stock"), (1, f"discard {'23456789'[turn % 8]}D"),
                    (0, "draw stock"), (0, f"discard {'QJ'[turn % 2]}H")]
    view = View(game="gin-rummy", seat=0, players=2, phase="discard", current_player=0,
                hand=tuple(hand), hand_sizes=(11, 10), stock_size=stock,
                history=_moves(history), dealer=1, scores=(0, 0),
                info={"first_upcard": Card.parse("4D")})
    legal = [*_discards(hand), Action("knock", cards=(Card.parse("KS"),))]
    return view, legal


def test_greedy_knocks_early_but_not_late_with_high_deadwood() -> None:
    early, legal = _knock_view(opponent_turns=2, stock=25)
    assert GreedyAgent(1).choose(early, legal).kind == "knock"
    late, legal = _knock_view(opponent_turns=8, stock=15)
    action, reason = GreedyAgent(1).choose_with_reason(late, legal)
    assert action.kind == "discard" and "undercut" in reason
    # with the stock nearly gone there is no time to improve: knock
    last, legal = _knock_view(opponent_turns=8, stock=4)
    assert GreedyAgent(1).choose(last, legal).kind == "knock"


def test_the_remembering_agent_chooses_as_a_fresh_one_would() -> None:
    for players in (2, 3):
        game = cardkit.load_game("gin-rummy", players=players)
        for seed in range(4):
            state = game.new_hand(seed=seed)
            agents = [game.agent("greedy", seat, seed) for seat in range(players)]
            while not state.is_over:
                seat = state.current_player
                view, legal = state.view(seat), state.legal_actions()
                action = agents[seat].choose(view, legal)
                assert action == GreedyAgent(0).choose(view, legal)
                state.apply(action)


def test_greedy_gives_reasons_and_beats_random() -> None:
    game = cardkit.load_game("gin-rummy", players=2)
    wins = {"greedy": 0, "random": 0}
    for index in range(60):
        greedy_seat = index % 2
        agents = {greedy_seat: game.agent("greedy", greedy_seat, seed=index),
                  1 - greedy_seat: game.agent("random", 1 - greedy_seat, seed=index)}
        state = game.new_hand(seed=index)
        while not state.is_over:
            seat = state.current_player
            action, reason = agents[seat].choose_with_reason(state.view(seat),
                                                             state.legal_actions())
            assert reason
            state.apply(action)
        if state.result.winners:
            winner = state.result.winners[0]
            wins["greedy" if winner == greedy_seat else "random"] += 1
    assert wins["greedy"] > 5 * max(1, wins["random"])


def test_greedy_players_do_not_pass_the_same_cards_round_for_ever() -> None:
    """Found by the test above: three greedy players each took the discard the next one threw,
    cycling 4S, 2D and 3H through the pile with the stock never shrinking. A greedy player no
    longer takes back a card it threw itself."""
    game = cardkit.load_game("gin-rummy", team_points_to="captain_and_sitter")
    match = game.new_match(seed=945215, hands=8)
    agents = {seat: game.agent("greedy", seat, 945215) for seat in range(3)}
    while not match.is_over:
        state = match.current
        while not state.is_over:
            seat = state.current_player
            state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
            assert len(state.history) < 400
        match.next_hand()
