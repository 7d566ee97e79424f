"""How fast the games' own ``hard`` agents decide: median, 99th percentile and worst time of a
decision, and decisions per second (what a search using ``hard`` as its roll-out policy pays
per move), on one core, against ``normal`` opponents.

    python -m bench.hard --games tonk2,tonk4,tienlen4 --deals 200
    python -m bench.hard --games tienlen4 --deals 200 --param playouts=0   # the model alone

Every decision of the tested seat with more than one legal move is timed in CPU time (through
:func:`cardkit.agents.choose_action`, as a game asks it: the view, and for an agent that looks
ahead the sampler of the hidden cards, built inside the timing); forced moves are not. The
decisions per second count every decision of the seat, forced ones too, as a play-out does.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

import cardkit
from cardkit.services.search.choose import choose_action
from cardkit.values.deck import derive_seed

#: name -> (game, players)
SETUPS = {"tonk2": ("tonk", 2), "tonk3": ("tonk", 3), "tonk4": ("tonk", 4),
          "tienlen4": ("tien-len", 4)}


def measure(setup: str, deals: int, agent: str = "hard",
            params: dict[str, object] | None = None) -> str:
    """One Markdown row for ``setup``."""
    name, players = SETUPS[setup]
    game = cardkit.load_game(name, players=players)
    times: list[float] = []
    every = 0
    total = 0.0
    for deal in range(deals):
        seed = derive_seed(2026, "hard-speed", deal)
        seat = deal % players
        agents = [game.agent("normal", s, derive_seed(seed, s)) for s in range(players)]
        agents[seat] = game.agent(agent, seat, derive_seed(seed, seat), **(params or {}))
        state = game.new_hand(seed=seed)
        while not state.is_over:
            current = state.current_player
            assert current is not None
            legal = state.legal_actions()
            # CPU time: other work on a shared machine does not inflate it
            start = time.process_time()
            action, _ = choose_action(agents[current], state, current)
            spent = time.process_time() - start
            if current == seat:
                every += 1
                total += spent
                if len(legal) > 1:
                    times.append(spent)
            state.apply_unchecked(action)
    times.sort()
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    return (f"| {setup} | {agent} | {len(times)} | {1000 * statistics.median(times):.2f} ms | "
            f"{1000 * p99:.2f} ms | {1000 * times[-1]:.1f} ms | {every / total:,.0f} |")


def main(argv: Sequence[str] | None = None) -> None:
    """Print the table for the games named on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="tonk2,tonk4,tienlen4")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--agent", default="hard")
    parser.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                        help="a parameter of the tested agent (a number or a word)")
    args = parser.parse_args(argv)
    params: dict[str, object] = {}
    for item in args.param:
        key, _, value = item.partition("=")
        params[key] = value if value.isalpha() else float(value) if "." in value else int(value)
    print("| game | agent | timed decisions | median | 99th percentile | worst | decisions/s |")
    print("|---|---|---|---|---|---|---|")
    for setup in args.games.split(","):
        print(measure(setup, args.deals, args.agent, params), flush=True)


if __name__ == "__main__":
    main()
