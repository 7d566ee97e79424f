"""This checkout against another (the commit a performance issue starts from), in one run.

Usage::

    git worktree add /tmp/start <commit>
    python3 -m venv /tmp/start/.venv && /tmp/start/.venv/bin/pip install -e /tmp/start
    python -m bench.versus_start --start-python /tmp/start/.venv/bin/python [--rounds 7]

Each measure is a short program (below) using only the public API, run as a fresh process by
this checkout's interpreter (B) and by the other one (A) in turn, rounds interleaved A/B/B/A so
neither side always runs second. A process warms up, then plays for ``--seconds`` of CPU time
(CPU time: other processes on a shared machine disturb it least) and prints its rate. The table
shows, per measure, the median over the rounds of B's rate / A's rate and the lowest and highest
round.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile

# Every program reads SECONDS and prints one rate (per second of CPU time).
_LOOP = """
import random, time
import cardkit
game = cardkit.load_game({game!r}{options})
rng = random.Random(1)
def one():
    state = game.new_hand(seed=rng.randrange(1 << 62))
    while state.result is None:
        {choose}
for _ in range({warm}):
    one()
done = 0
start = time.process_time()
while time.process_time() - start < SECONDS:
    one()
    done += 1
print(done / (time.process_time() - start))
"""
_RANDOM = ("legal = state.legal_actions(); "
           "state.apply_unchecked(legal[rng.randrange(len(legal))])")
_AGENTS = ("seat = state.current_player; state.apply_unchecked(agents[seat].choose("
           "state.view(seat), state.legal_actions()))")


# A library call over fixed hands (public import paths only, so both checkouts run it).
_HANDS = """
import random, time
from cardkit.cards import STANDARD_CARDS, CardSet
{setup}
rng = random.Random(1)
hands = [CardSet(rng.sample(STANDARD_CARDS, {size})) for _ in range(2000)]
def one():
    for hand in hands:
        {call}
one()
done = 0
start = time.process_time()
while time.process_time() - start < SECONDS:
    one()
    done += len(hands)
print(done / (time.process_time() - start))
"""
_MELDS = ("from cardkit.melds import MeldRules, best_arrangement, deadwood_value\n"
          "rules = MeldRules()")
_CLIMBING = ("import cardkit\nfrom cardkit.climbing import all_combinations\n"
             "rules = cardkit.load_game('tien-len').new_hand(seed=1).rules")


# Tonk's ``hard`` agent: its decisions per CPU second in seeded deals against ``normal`` agents
# (``hard`` in seat ``deal % players``; only its own ``choose`` is timed).
_HARD = """
import time
import cardkit
game = cardkit.load_game("tonk", players={players})
def deal(number):
    seat = number % {players}
    agents = [game.agent("normal", s, number * 10 + s) for s in range({players})]
    agents[seat] = game.agent("hard", seat, number * 10 + seat)
    state = game.new_hand(seed=number)
    spent, decisions = 0.0, 0
    while state.result is None:
        current = state.current_player
        view, legal = state.view(current), state.legal_actions()
        start = time.process_time()
        action = agents[current].choose(view, legal)
        if current == seat:
            spent += time.process_time() - start
            decisions += 1
        state.apply_unchecked(action)
    return spent, decisions
for number in range(30):
    deal(number)
spent, decisions, number = 0.0, 0, 30
while spent < SECONDS:
    more, made = deal(number)
    spent, decisions, number = spent + more, decisions + made, number + 1
print(decisions / spent)
"""


def _hands(setup: str, size: int, call: str) -> str:
    return _HANDS.format(setup=setup, size=size, call=call)


def _program(game: str, players: int, choose: str, warm: int) -> str:
    options = f", players={players}"
    text = _LOOP.format(game=game, options=options, choose=choose, warm=warm)
    if choose == _AGENTS:
        agents = f"agents = [game.agent('greedy', s, s) for s in range({players})]\n"
        text = text.replace("rng = random.Random(1)\n", "rng = random.Random(1)\n" + agents)
    return text


MEASURES: dict[str, str] = {
    "tien-len, random 4-player games/s": _program("tien-len", 4, _RANDOM, 300),
    "gin-rummy, random 2-player hands/s": _program("gin-rummy", 2, _RANDOM, 100),
    "tonk, random 2-player hands/s": _program("tonk", 2, _RANDOM, 300),
    "tonk, greedy 2-player hands/s": _program("tonk", 2, _AGENTS, 300),
    "tonk, random 3-player hands/s": _program("tonk", 3, _RANDOM, 300),
    "tonk, greedy 3-player hands/s": _program("tonk", 3, _AGENTS, 300),
    "tonk, random 4-player hands/s": _program("tonk", 4, _RANDOM, 300),
    "tonk, greedy 4-player hands/s": _program("tonk", 4, _AGENTS, 300),
    "tonk, hard decisions/s, 2 players": _HARD.format(players=2),
    "tonk, hard decisions/s, 3 players": _HARD.format(players=3),
    "tonk, hard decisions/s, 4 players": _HARD.format(players=4),
    "tien-len, greedy 4-player games/s": _program("tien-len", 4, _AGENTS, 100),
    "gin-rummy, greedy 2-player hands/s": _program("gin-rummy", 2, _AGENTS, 50),
    "gin-rummy, random 3-player hands/s": _program("gin-rummy", 3, _RANDOM, 100),
    "melds, deadwood_value hands/s": _hands(_MELDS, 10, "deadwood_value(hand, rules)"),
    "melds, best_arrangement hands/s": _hands(_MELDS, 10, "best_arrangement(hand, rules)"),
    "melds, best_arrangement + melds hands/s": _hands(
        _MELDS, 10, "best_arrangement(hand, rules).melds"),
    "climbing, all_combinations 13-card hands/s": _hands(
        _CLIMBING, 13, "all_combinations(hand, rules)"),
}


def rate(python: str, program: str, seconds: float) -> float:
    """One process's rate. It runs in an empty folder: run from a checkout, ``python -c`` would
    import that checkout's packages rather than its own environment's."""
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run([python, "-c", f"SECONDS = {seconds}\n{program}"], cwd=folder,
                              capture_output=True, text=True, check=True)
    return float(done.stdout.strip().splitlines()[-1])


def main() -> None:
    """Print the ratio table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start-python", required=True,
                        help="interpreter of the other checkout's environment (A)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per process")
    parser.add_argument("--only", default="", help="measure names containing this text")
    args = parser.parse_args()
    print(f"B = this checkout ({sys.executable}), A = {args.start_python}")
    print(f"{'measure':<44}{'B / A':>8}   spread over {args.rounds} rounds")
    for name, program in MEASURES.items():
        if args.only not in name:
            continue
        ratios = []
        for round_ in range(args.rounds):
            order = [args.start_python, sys.executable]
            if round_ % 2:
                order.reverse()
            rates = {python: rate(python, program, args.seconds) for python in order}
            ratios.append(rates[sys.executable] / rates[args.start_python])
        print(f"{name:<44}{statistics.median(ratios):>7.2f}x   "
              f"({min(ratios):.2f}-{max(ratios):.2f})", flush=True)


if __name__ == "__main__":
    main()
