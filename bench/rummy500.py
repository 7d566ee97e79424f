"""Rummy 500 benchmark (docs/examples/rummy500): the generic melding agent's strength, and the
ladder above it.

- ``normal`` (the generic greedy agent of :mod:`cardkit.services.search.melding`) in one seat,
  rotated, ``random`` in the others: the share of hands in which ``normal`` scores strictly more
  than every other seat (a fair share is 1 / players), its mean hand score, and hands a second;
- ``--ladder N``: ``easy`` and ``hard`` (at ``--iterations`` play-outs a decision) each play N
  hands against ``normal`` in the same way, to check that the ladder builds and plays.

Run: ``python -m bench.rummy500 [--hands 300] [--players 3] [--ladder 20]`` (needs the example
installed: ``pip install ./docs/examples/rummy500``). Seeds come from ``random.Random`` only.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import cardkit


def play_hand(game: cardkit.Game, seed: int, agents: list[cardkit.Agent]) -> cardkit.Result:
    """Play one hand with ``agents[seat]``; its result."""
    from cardkit.agents import choose_action

    state = game.new_hand(seed=seed)
    while state.result is None:
        seat = state.current_player
        assert seat is not None
        state.apply_unchecked(choose_action(agents[seat], state, seat)[0])
    return state.result


def versus(hero: str, others: str, players: int, hands: int, seed: int,
           **params: object) -> tuple[float, float, float]:
    """``hero`` in seat ``hand % players``, ``others`` elsewhere: the share of hands the hero
    scores strictly more than every other seat, its mean score, and hands per CPU second."""
    game = cardkit.load_game("rummy500", players=players)
    rng = random.Random(seed)
    wins = 0
    scores = []
    start = time.process_time()
    for hand in range(hands):
        seat = hand % players
        agents = [game.agent(hero if s == seat else others, s, rng.randrange(1 << 30),
                             **(params if s == seat else {}))
                  for s in range(players)]
        result = play_hand(game, rng.randrange(1 << 62), agents)
        mine = result.payoffs[seat]
        scores.append(mine)
        wins += all(mine > score for s, score in enumerate(result.payoffs) if s != seat)
    elapsed = time.process_time() - start
    return wins / hands, statistics.fmean(scores), hands / elapsed


def main() -> None:
    """Print the measures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--ladder", type=int, default=0, metavar="N")
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    share, mean, speed = versus("normal", "random", args.players, args.hands, args.seed)
    print(f"normal vs random, {args.players} players, {args.hands} hands: normal scores most in "
          f"{share:.1%} of hands (fair {1 / args.players:.0%}), mean {mean:+.1f} a hand, "
          f"{speed:.1f} hands/s")
    if args.ladder:
        for name, params in (("easy", {}), ("hard", {"iterations": args.iterations})):
            share, mean, speed = versus(name, "normal", args.players, args.ladder,
                                        args.seed + 1, **params)
            print(f"{name} vs normal, {args.players} players, {args.ladder} hands: {name} "
                  f"scores most in {share:.1%}, mean {mean:+.1f}, {speed:.2f} hands/s")


if __name__ == "__main__":
    main()
