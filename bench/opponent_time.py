"""Does the default opponent answer within about a second? Time a decision of each rung.

    python -m bench.opponent_time [--rungs expert,hard] [--decisions 12]

``cardkit play`` seats the strongest rung that answers within about a second (``expert`` with
its default budget, :data:`~cardkit.services.search.agent.DEFAULT_TIME_LIMIT`). For every
built-in and installed example game this plays hands between ``normal`` bots and, at the first
decisions with a choice of each hand, asks each rung for the move (default budget) and times
it: the median and the slowest decision, and the play-outs a searching rung spent (its
``budget.used``), which say how much a second buys there. One core; on a shared machine the
play-outs vary with the load, the time does not (the budget is a time).
"""

from __future__ import annotations

import argparse
import statistics
import time

import cardkit
from cardkit.services.search.choose import choose_action

GAMES = (("tonk", 2), ("gin-rummy", 2), ("gin-rummy", 3), ("tien-len", 4),
         ("oklahoma-gin", 2), ("conquian", 2), ("rummy500", 2))


def measure(game: cardkit.Game, rung: str, decisions: int) -> tuple[list[float], list[int]]:
    """Seconds and play-outs of ``rung`` at ``decisions`` decisions, 4 from each hand."""
    times: list[float] = []
    used: list[int] = []
    seed = 0
    while len(times) < decisions:
        state = game.new_hand(seed=seed)
        bots = [game.agent("normal", s, seed) for s in range(game.players)]
        asked = 0
        while not state.is_over and asked < 4 and len(times) < decisions:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            if len(legal) > 1:
                agent = game.agent(rung, seat, seed)
                start = time.perf_counter()
                choose_action(agent, state, seat)
                times.append(time.perf_counter() - start)
                budget = getattr(agent, "budget", None)
                if budget is not None:
                    used.append(budget.used)
                asked += 1
            state.apply_unchecked(bots[seat].choose(state.view(seat), legal))
        seed += 1
    return times, used


def main() -> None:
    """Print one line per game and rung."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rungs", default="expert", help="rungs to time, comma-separated")
    parser.add_argument("--decisions", type=int, default=12, help="decisions per game")
    args = parser.parse_args()
    installed = set(cardkit.available_games())
    for name, players in GAMES:
        if name not in installed:
            print(f"{name}: not installed")
            continue
        game = cardkit.load_game(name, players=players)
        for rung in args.rungs.split(","):
            if rung not in game.definition.agent_names:
                print(f"{name} ({players}p) {rung}: not offered")
                continue
            times, used = measure(game, rung, args.decisions)
            spent = (f"; play-outs {min(used)}-{max(used)} (median "
                     f"{statistics.median(used):.0f})" if used else "")
            print(f"{name} ({players}p) {rung}: median {statistics.median(times):.2f} s, "
                  f"slowest {max(times):.2f} s over {len(times)} decisions{spent}", flush=True)


if __name__ == "__main__":
    main()
