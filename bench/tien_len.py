"""Benchmark Tiến Lên: random and greedy 4-player games per second, greedy's strength.

Usage: ``python -m bench.tien_len [--seconds S] [--games N] [--seed N]``.

- random games/s: the bare game loop (``legal_actions`` + a ``random.Random`` choice +
  ``apply_unchecked``), one core; target >= 500;
- greedy games/s: four greedy agents choosing from views;
- greedy vs random: greedy in one seat, random in the others, seats rotated over ``--games``
  games: greedy's win rate (first place; 25 % is chance) and mean points against the random
  players' mean;
- when ``rlcard`` is importable, RLCard's Dou Dizhu random games/s (its bare game loop) for scale.

Random choices come from ``random.Random`` seeds only.
"""

from __future__ import annotations

import argparse
import random
import time

import cardkit
from cardkit.engine.agents import RandomAgent


def random_games_per_second(seconds: float, seed: int) -> tuple[float, float]:
    """(games/s, actions per game) of the bare random loop."""
    game = cardkit.load_game("tien-len")
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_hand(seed=rng.randrange(1 << 62))
        while state.result is None:
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    return games / (time.perf_counter() - start), actions / max(games, 1)


def play(game: cardkit.Game, agents: list, seed: int) -> cardkit.Result:
    """One game with the given agents (choosing from views)."""
    state = game.new_hand(seed=seed)
    while state.result is None:
        seat = state.current_player
        state.apply_unchecked(agents[seat].choose(state.view(seat), state.legal_actions()))
    return state.result


def greedy_games_per_second(seconds: float, seed: int) -> float:
    """Games/s with four greedy agents."""
    game = cardkit.load_game("tien-len")
    agents = [game.agent("greedy", seat, seed) for seat in range(4)]
    rng = random.Random(seed)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        play(game, agents, rng.randrange(1 << 62))
        games += 1
    return games / (time.perf_counter() - start)


def greedy_vs_random(games: int, seed: int) -> tuple[float, float, float, float, int]:
    """(greedy win rate, its standard error, greedy mean points, random mean points, games
    counted) with greedy in seat ``i % 4`` of game ``i``; void deals are not counted."""
    game = cardkit.load_game("tien-len")
    rng = random.Random(seed)
    wins = counted = 0
    greedy_points = random_points = 0.0
    for index in range(games):
        seat = index % 4
        agents = [RandomAgent(rng.randrange(1 << 62)) for _ in range(4)]
        agents[seat] = game.agent("greedy", seat, index)
        result = play(game, agents, rng.randrange(1 << 62))
        if result.ending == "void":
            continue
        counted += 1
        wins += result.winners[0] == seat
        greedy_points += result.payoffs[seat]
        random_points += (sum(result.payoffs) - result.payoffs[seat]) / 3
    rate = wins / counted
    stderr = (rate * (1 - rate) / counted) ** 0.5
    return rate, stderr, greedy_points / counted, random_points / counted, counted


def rlcard_doudizhu_games_per_second(seconds: float, seed: int) -> float | None:
    """RLCard's Dou Dizhu, bare game loop with random legal actions; None without rlcard."""
    try:
        from rlcard.games.doudizhu.game import DoudizhuGame
    except ImportError:
        return None
    import numpy as np

    rng = random.Random(seed)
    game = DoudizhuGame()
    game.np_random = np.random.RandomState(seed)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = game.init_game()
        while not game.is_over():
            legal = state["actions"]
            state, _ = game.step(legal[rng.randrange(len(legal))])
        games += 1
    return games / (time.perf_counter() - start)


def main() -> None:
    """Run the benchmark and print one line per measure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per speed measure")
    parser.add_argument("--games", type=int, default=4000, help="greedy vs random games")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rate, per_game = random_games_per_second(args.seconds, args.seed)
    print(f"tien-len random 4p games/s      {rate:10,.0f}   ({per_game:.1f} actions/game)")
    greedy_rate = greedy_games_per_second(args.seconds, args.seed)
    print(f"tien-len greedy 4p games/s      {greedy_rate:10,.0f}")
    win, err, greedy_mean, random_mean, counted = greedy_vs_random(args.games, args.seed)
    print(f"greedy vs 3 random: win rate {win:.1%} ± {err:.1%} (chance 25%), mean points "
          f"greedy {greedy_mean:.2f} vs random {random_mean:.2f} over {counted} games")
    doudizhu = rlcard_doudizhu_games_per_second(args.seconds, args.seed)
    if doudizhu is not None:
        print(f"rlcard doudizhu random games/s  {doudizhu:10,.0f}   (bare game loop, for scale)")


if __name__ == "__main__":
    main()
