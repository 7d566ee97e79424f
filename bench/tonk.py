"""Tonk benchmark: hands per second (random and greedy agents, 2 and 4 players) and greedy's
results against random (greedy in one seat, random in the others, seats rotated).

Run: ``python bench/tonk.py [--hands N]``. Seeds come from ``random.Random`` only.
"""

from __future__ import annotations

import argparse
import random
import time

import cardkit


def play_hand(game, seed: int, agents) -> cardkit.Result:
    """Play one hand with ``agents[seat]``; returns its result."""
    state = game.new_hand(seed=seed)
    while state.result is None:
        seat = state.current_player
        action = agents[seat].choose(state.view(seat), state.legal_actions())
        state.apply_unchecked(action)
    return state.result


def hands_per_second(players: int, kind: str, hands: int, seed: int = 1) -> float:
    """Hands per second with every seat played by ``kind`` agents."""
    game = cardkit.load_game("tonk", players=players)
    rng = random.Random(seed)
    agents = [game.agent(kind, seat, rng.randrange(1 << 30)) for seat in range(players)]
    start = time.perf_counter()
    for _ in range(hands):
        play_hand(game, rng.randrange(1 << 62), agents)
    return hands / (time.perf_counter() - start)


def greedy_vs_random(players: int, hands: int, seed: int = 2) -> tuple[float, float]:
    """Greedy's win rate (share of hands it is among the winners) and mean payoff per hand,
    greedy in seat ``hand % players``, random agents in the others."""
    game = cardkit.load_game("tonk", players=players)
    rng = random.Random(seed)
    wins = 0
    total = 0.0
    for hand in range(hands):
        greedy_seat = hand % players
        agents = [game.agent("greedy" if s == greedy_seat else "random", s,
                             rng.randrange(1 << 30)) for s in range(players)]
        result = play_hand(game, rng.randrange(1 << 62), agents)
        wins += greedy_seat in result.winners
        total += result.payoffs[greedy_seat]
    return wins / hands, total / hands


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=5000)
    args = parser.parse_args()
    for players in (2, 4):
        for kind in ("random", "greedy"):
            rate = hands_per_second(players, kind, args.hands)
            print(f"{players} players, {kind:6} vs {kind:6}: {rate:8.0f} hands/s")
    for players in (2, 3, 4):
        win, mean = greedy_vs_random(players, args.hands)
        print(f"{players} players, greedy vs random: greedy wins {win:.1%} of hands "
              f"(fair share {1 / players:.1%}), mean payoff {mean:+.3f} S per hand")


if __name__ == "__main__":
    main()
