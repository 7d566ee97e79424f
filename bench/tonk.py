"""Tonk benchmark: hands per second (random and greedy agents, 2 and 4 players) and greedy's
results against random (greedy in one seat, random in the others, seats rotated).

Run: ``python -m bench.tonk [--hands N]``. Seeds come from ``random.Random`` only.

Against another checkout (e.g. the start of a round, installed in its own venv)::

    python -m bench.tonk --against /tmp/tonk-base/.venv/bin/python --rounds 5 --hands 3000

runs this script's two-player random and greedy measures under both interpreters, each in a
fresh process, rounds interleaved A/B/B/A, and prints the median ratio (this / other) and its
spread. ``--memory`` plays 100k random hands and prints how far the process grew.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
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
    seeds = [rng.randrange(1 << 62) for _ in range(hands)]
    play_hand(game, seeds[0], agents)  # first-use tables are built before the clock starts
    # CPU time of this process: on a shared machine it moves far less than the wall clock
    start = time.process_time()
    for seed in seeds:
        play_hand(game, seed, agents)
    return hands / (time.process_time() - start)


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


def _rate_in(python: str, kind: str, hands: int) -> float:
    """Two-player hands per second of ``kind`` agents, measured by ``python`` in a new
    process."""
    out = subprocess.run([python, __file__, "--rate", kind, "--hands", str(hands)],
                         check=True, capture_output=True, text=True).stdout
    return float(out.strip())


def compare(other: str, rounds: int, hands: int) -> None:
    """Interleaved A/B rounds of this checkout against ``other``'s interpreter."""
    for kind in ("random", "greedy"):
        ratios = []
        for number in range(rounds):
            order = (sys.executable, other) if number % 2 == 0 else (other, sys.executable)
            rates = {python: _rate_in(python, kind, hands) for python in order}
            ratios.append(rates[sys.executable] / rates[other])
        print(f"2 players, {kind:6}: this / other = {statistics.median(ratios):.2f} "
              f"(rounds {min(ratios):.2f}-{max(ratios):.2f}, n={rounds})")


def memory_growth(hands: int) -> None:
    """Play ``hands`` random two-player hands; print the growth of the peak resident size."""
    game = cardkit.load_game("tonk", players=2)
    agents = [game.agent("random", seat, seat) for seat in range(2)]
    play_hand(game, 0, agents)
    start = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for seed in range(1, hands + 1):
        play_hand(game, seed, agents)
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - start
    print(f"{hands} random hands: peak resident size grew {grown / 1024:.1f} MiB")


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--rate", choices=("random", "greedy"),
                        help="print only the two-player hands per second of these agents")
    parser.add_argument("--against", metavar="PYTHON",
                        help="compare with the checkout installed for this interpreter")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--memory", action="store_true")
    args = parser.parse_args()
    if args.rate:
        print(hands_per_second(2, args.rate, args.hands))
        return
    if args.against:
        compare(args.against, args.rounds, args.hands)
        return
    if args.memory:
        memory_growth(100_000)
        return
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
