"""The play-out loop of ``bench/search.py`` alone, for counting its instructions (load-free).

Run ``python -m bench.playout_loop GAME PLAYERS MODE N``: it sets up the bench's mid-hand state
and its 64 re-dealt worlds, warms the caches with one pass over the worlds, then plays ``N``
play-outs from the state (``MODE`` ``state``), cycling through the worlds (``worlds``), or each
from a world dealt afresh, the deal counted (``fresh``, as the bench's third figure). Under
``valgrind --tool=cachegrind``, the count for ``N`` less the count for 0, over ``N``, is the
instructions of one play-out, the same on a loaded machine as on a quiet one::

    for n in 0 128; do PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no \\
        --cachegrind-out-file=/dev/null python -m bench.playout_loop tonk 2 worlds $n \\
        2>&1 | grep 'I *refs'; done

It imports through the paths the start commit had too, so it runs with the start's interpreter.
"""

from __future__ import annotations

import random
import sys

import cardkit
from bench.search import WORLDS, Rollout, mid_hand  # the bench's own set-up
from cardkit.game import Evaluation


def main() -> None:
    """Play the play-outs the command line asks for."""
    name, players, mode, count = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    game = cardkit.load_game(name, players=players)
    state = mid_hand(game, 3)
    policies = [game.agent("normal", seat, 0) for seat in range(players)]
    evaluation = game.definition.capability(Evaluation)
    rollout = Rollout(policies, game.definition.max_actions,
                      evaluation and evaluation.evaluate)
    worlds = [state.determinize(0, random.Random(seed)) for seed in range(WORLDS)]
    for world in worlds:  # warm: the caches as a long bench run has them
        rollout.play(world.clone(), 0)
    for _ in range(3):
        rollout.play(state.clone(), 0)
    deals = random.Random(7)
    for index in range(count):
        if mode == "fresh":
            rollout.play(state.determinize(0, random.Random(deals.randrange(1 << 30))), 0)
        else:
            rollout.play((state if mode == "state" else worlds[index % WORLDS]).clone(), 0)


if __name__ == "__main__":
    main()
