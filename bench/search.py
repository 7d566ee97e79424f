"""Speed of the search agent per game: clone cost, play-outs per second, decisions per second.

For each game: the time of ``State.clone`` against ``copy.deepcopy`` of the same mid-hand state,
the greedy play-outs per second from that state (and from worlds re-dealt from it for seat 0,
as the search plays them: other hands, other endings), and how many ``hard`` decisions per
second the search makes at a fixed number of play-outs (one core; times are this process's CPU
time, so other work on a shared machine does not count; quote the ratios).
Run: ``python -m bench.search [--iterations N] [--only playouts] [--seconds S]``.

``--only playouts`` prints the play-outs per second alone -- from the state, from the 64 worlds
re-dealt from it, and from a world dealt afresh for each play-out, the deal included -- fast,
for comparing two commits: run this same script with each commit's interpreter, one after the
other, a few times, and take the medians. It imports through the paths the start commit had
too, so it runs against it.
"""

from __future__ import annotations

import argparse
import copy
import itertools
import random
import time

import cardkit
from cardkit.agents import choose_action
from cardkit.game import Evaluation

try:
    from cardkit.services.search.rollout import Rollout
except ImportError:  # a commit before the layer folders (the start of a comparison)
    from cardkit.search.rollout import Rollout  # type: ignore[import-not-found,no-redef]

GAMES = (("tonk", 2), ("gin-rummy", 2), ("gin-rummy", 3), ("tien-len", 4))
#: How many re-dealt worlds the second play-out figure cycles through.
WORLDS = 64


def mid_hand(game: cardkit.Game, seed: int) -> cardkit.State:
    """A hand played a dozen greedy moves in and still going: the first such hand from the
    deal of ``seed`` on (a hand over by then, as a Tonk hand can be, would leave nothing to
    play out)."""
    for tried in itertools.count(seed):
        state = game.new_hand(seed=tried)
        agents = [game.agent("normal", s, tried) for s in range(game.players)]
        for _ in range(12):
            if state.is_over:
                break
            seat = state.current_player
            state.apply_unchecked(agents[seat].choose(state.view(seat), state.legal_actions()))
        if not state.is_over:
            return state
    raise AssertionError("unreachable")  # pragma: no cover


def per_second(work, seconds: float = 1.0) -> float:
    """How many times ``work()`` runs per second of this process's CPU time (for about
    ``seconds`` of it): on a machine shared with other work the figure counts only our own."""
    count = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        work()
        count += 1
    return count / (time.process_time() - start)


def main() -> None:
    """Print the figures for every game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--only", choices=("playouts",), default=None,
                        help="print only the play-outs per second")
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="how long each play-out figure is measured")
    args = parser.parse_args()
    for name, players in GAMES:
        game = cardkit.load_game(name, players=players)
        state = mid_hand(game, 3)
        policies = [game.agent("normal", s, 0) for s in range(players)]
        evaluation = game.definition.capability(Evaluation)
        rollout = Rollout(policies, game.definition.max_actions,
                      evaluation and evaluation.evaluate)
        playouts = per_second(lambda r=rollout, s=state: r.play(s.clone(), 0), args.seconds)
        worlds = itertools.cycle([state.determinize(0, random.Random(seed))
                                  for seed in range(WORLDS)])
        sampled = per_second(lambda r=rollout, w=worlds: r.play(next(w).clone(), 0),
                             args.seconds)
        # a world dealt afresh for every play-out, the deal counted, as the search plays them
        # (no world comes twice, so no cache keyed by a hand is met again by the bench alone)
        rng = random.Random(7)
        fresh = per_second(lambda r=rollout, s=state, g=rng: r.play(
            s.determinize(0, random.Random(g.randrange(1 << 30))), 0), args.seconds)
        if args.only == "playouts":
            print(f"{name:10s} {players}p  {playouts:7.0f} play-outs/s  "
                  f"{sampled:7.0f} on re-dealt worlds  {fresh:7.0f} on fresh worlds", flush=True)
            continue
        fast = per_second(state.clone, 0.5)
        memo = {id(game): game}
        deep = per_second(lambda s=state, m=memo: copy.deepcopy(s, memo=dict(m)), 0.5)
        decisions = 0
        thinking = 0.0
        for seed in range(3):
            hand = game.new_hand(seed=seed)
            agents = [game.agent("normal", s, seed) for s in range(players)]
            agents[0] = game.agent("hard", 0, seed, iterations=args.iterations)
            while not hand.is_over:
                seat = hand.current_player
                started = time.process_time()
                action, _ = choose_action(agents[seat], hand, seat)
                if seat == 0 and len(hand.legal_actions()) > 1:
                    thinking += time.process_time() - started
                    decisions += 1
                hand.apply_unchecked(action)
        print(f"{name:10s} {players}p  clone {1e6 / fast:6.1f} µs (deepcopy {1e6 / deep:6.1f} µs, "
              f"×{fast / deep:.0f})  {playouts:6.0f} play-outs/s ({sampled:.0f} re-dealt)  "
              f"{decisions / thinking:5.2f} decisions/s at {args.iterations} play-outs")


if __name__ == "__main__":
    main()
