"""Speed of the search agent per game: clone cost, play-outs per second, decisions per second.

For each game: the time of ``State.clone`` against ``copy.deepcopy`` of the same mid-hand state,
the greedy play-outs per second from that state, and how many ``hard`` decisions per second the
search makes at a fixed number of play-outs (one core; on a shared machine quote the ratios).
Run: ``python bench/search.py [--iterations N]``.
"""

from __future__ import annotations

import argparse
import copy
import time

import cardkit
from cardkit.services.search.choose import choose_action
from cardkit.services.search.rollout import Rollout

GAMES = (("tonk", 2), ("gin-rummy", 2), ("gin-rummy", 3), ("tien-len", 4))


def mid_hand(game: cardkit.Game, seed: int) -> cardkit.State:
    """A hand played a dozen greedy moves in."""
    state = game.new_hand(seed=seed)
    agents = [game.agent("normal", s, seed) for s in range(game.players)]
    for _ in range(12):
        if state.is_over:
            break
        seat = state.current_player
        state.apply_unchecked(agents[seat].choose(state.view(seat), state.legal_actions()))
    return state


def per_second(work, seconds: float = 1.0) -> float:
    """How many times ``work()`` runs per second (for about ``seconds``)."""
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        work()
        count += 1
    return count / (time.perf_counter() - start)


def main() -> None:
    """Print the figures for every game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=200)
    args = parser.parse_args()
    for name, players in GAMES:
        game = cardkit.load_game(name, players=players)
        state = mid_hand(game, 3)
        fast = per_second(state.clone, 0.5)
        memo = {id(game): game}
        deep = per_second(lambda s=state, m=memo: copy.deepcopy(s, memo=dict(m)), 0.5)
        policies = [game.agent("normal", s, 0) for s in range(players)]
        rollout = Rollout(policies, game.definition.max_actions, game.definition.evaluate)
        playouts = per_second(lambda r=rollout, s=state: r.play(s.clone(), 0), 1.0)
        decisions = 0
        thinking = 0.0
        for seed in range(3):
            hand = game.new_hand(seed=seed)
            agents = [game.agent("normal", s, seed) for s in range(players)]
            agents[0] = game.agent("hard", 0, seed, iterations=args.iterations)
            while not hand.is_over:
                seat = hand.current_player
                started = time.perf_counter()
                action, _ = choose_action(agents[seat], hand, seat)
                if seat == 0 and len(hand.legal_actions()) > 1:
                    thinking += time.perf_counter() - started
                    decisions += 1
                hand.apply_unchecked(action)
        print(f"{name:10s} {players}p  clone {1e6 / fast:6.1f} µs (deepcopy {1e6 / deep:6.1f} µs, "
              f"×{fast / deep:.0f})  {playouts:6.0f} play-outs/s  "
              f"{decisions / thinking:5.2f} decisions/s at {args.iterations} play-outs")


if __name__ == "__main__":
    main()
