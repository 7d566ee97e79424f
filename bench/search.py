"""The generic search agent (cardkit.search) against each game's greedy agent.

Prints, per game, the search agent's share of wins and mean payoff against greedy opponents
(the search agent's seat rotates), and the time per search decision. Small samples: the search
agent is slow by design (every decision plays many hands out). Run: ``python bench/search.py``.
"""

from __future__ import annotations

import time

import cardkit
from cardkit.agents import choose_action
from cardkit.deck import derive_seed
from cardkit.search import SearchAgent

RUNS = (("tonk", 2, 40), ("gin-rummy", 2, 16), ("tien-len", 4, 8))


def main(samples: int = 8) -> None:
    """Play the head-to-head runs and print the figures."""
    print(f"search agent ({samples} samples per decision, greedy play-outs) vs greedy")
    for name, players, hands in RUNS:
        game = cardkit.load_game(name, players=players)
        wins = 0
        payoff = 0.0
        decisions = 0
        thinking = 0.0
        for hand in range(hands):
            seat = hand % players
            agents = [game.agent("greedy", s, derive_seed(7, hand, s)) for s in range(players)]
            agents[seat] = SearchAgent(game, seat, derive_seed(7, hand), samples=samples)
            state = game.new_hand(seed=derive_seed(11, name, hand))
            while not state.is_over:
                current = state.current_player
                start = time.perf_counter()
                action, _ = choose_action(agents[current], state, current)
                if current == seat and len(state.legal_actions()) > 1:
                    thinking += time.perf_counter() - start
                    decisions += 1
                state.apply_unchecked(action)
            wins += seat in state.result.winners
            payoff += state.result.payoffs[seat]
        print(f"  {name:10s} {players}p  search wins {wins / hands:6.1%} of {hands} hands "
              f"(fair {1 / players:.0%}), mean payoff {payoff / hands:+.2f}, "
              f"{thinking / max(decisions, 1):.2f} s per decision")


if __name__ == "__main__":
    main()
