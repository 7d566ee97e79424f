"""The agents: greedy gives reasons, keeps its 2s, and beats random clearly."""

from __future__ import annotations

import random

import cardkit
from cardkit.engine.agents import RandomAgent
from tests.games.tien_len.helpers import P1, P2, deal, later_game


def test_greedy_reasons_and_choices() -> None:
    """Greedy leads its weakest unit, keeps a 2 on a low single, goes out when it can."""
    game = cardkit.load_game("tien-len")
    state = deal({P1: "3D 4C 5H 9S 9C 2S", P2: "2H 8D 8C 10S JS QH"}, game,
                 context=later_game(P1))
    greedy = game.agent("greedy", P1)
    action, reason = greedy.choose_with_reason(state.view(P1), state.legal_actions())
    assert reason and action.kind == "play"
    state.apply("play 9S")
    follower = game.agent("greedy", P2)
    action, reason = follower.choose_with_reason(state.view(P2), state.legal_actions())
    assert "2H" not in str(action) and reason


def test_greedy_beats_random() -> None:
    """Greedy in one seat (rotated) wins far more than the 25 % of chance."""
    game = cardkit.load_game("tien-len")
    rng = random.Random(5)
    wins = games = 0
    for index in range(60):
        seat = index % 4
        agents = [RandomAgent(rng.randrange(1 << 30)) for _ in range(4)]
        agents[seat] = game.agent("greedy", seat, index)
        state = game.new_hand(seed=rng.randrange(1 << 30))
        while not state.is_over:
            s = state.current_player
            state.apply(agents[s].choose(state.view(s), state.legal_actions()))
        if state.result.ending != "void":
            games += 1
            wins += state.result.winners[0] == seat
    assert wins / games > 0.45
