"""Seeded Tiến Lên games with ``hard`` in one seat, alone, for counting their instructions
(load-free): the cost of ``hard``'s decisions, nine tenths of it its look-ahead's play-outs.

Run ``python -m bench.hard_loop MODE N``: it plays ``N`` four-player games from seeds 1000 on,
``hard`` at seat ``seed % 4`` and ``normal`` elsewhere (``MODE`` ``hard``), or ``normal`` in every
seat (``greedy``). Under ``valgrind --tool=cachegrind``, the count for ``N`` less the count for
0, over ``N``, is the instructions of one game::

    for n in 0 8; do PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no \\
        --cachegrind-out-file=/dev/null python -m bench.hard_loop hard $n \\
        2>&1 | grep 'I *refs'; done

It imports through paths every recent commit has, so it runs with another checkout's
interpreter too.
"""

from __future__ import annotations

import sys

import cardkit
from cardkit.agents import choose_action


def main() -> None:
    """Play the games the command line asks for."""
    mode, count = sys.argv[1], int(sys.argv[2])
    game = cardkit.load_game("tien-len", players=4)
    for seed in range(1000, 1000 + count):
        state = game.new_hand(seed=seed)
        agents = [game.agent("normal", seat, seed) for seat in range(4)]
        if mode == "hard":
            agents[seed % 4] = game.agent("hard", seed % 4, seed)
        while not state.is_over:
            seat = state.current_player
            action, _ = choose_action(agents[seat], state, seat)
            state.apply_unchecked(action)


if __name__ == "__main__":
    main()
