"""Memory of a simulating process: how much it grows over many random hands, per game.

Usage: ``python -m bench.memory [--hands N] [--games tonk,gin-rummy,tien-len]``
(default 100 000 hands of each game; the target is at most 20 MiB above the start).

Each game runs in its own fresh process: it plays a few hands (imports, lookup tables and
interned objects settle), takes its resident set size (RSS, from ``/proc/self/statm``), plays
``--hands`` uniformly random hands (``legal_actions`` + ``apply_unchecked``, seeds from
``random.Random``), and takes its RSS again, and its peak. The growth is what the process's
caches and leaks add while simulating; RSS counts what the allocator keeps, so it is the figure
a user's machine feels. Linux only (``/proc``).
"""

from __future__ import annotations

import argparse
import subprocess
import sys

_PROGRAM = """
import os, random, resource, time
import cardkit
PAGE = os.sysconf("SC_PAGE_SIZE")
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE
game = cardkit.load_game({game!r})
rng = random.Random(1)
def one():
    state = game.new_hand(seed=rng.randrange(1 << 62))
    while state.result is None:
        legal = state.legal_actions()
        state.apply_unchecked(legal[rng.randrange(len(legal))])
for _ in range(200):
    one()
start = rss()
began = time.process_time()
for _ in range({hands}):
    one()
end = rss()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(start, end, peak, time.process_time() - began)
"""


def measure(python: str, game: str, hands: int) -> tuple[float, float, float, float]:
    """(start MiB, growth MiB, peak growth MiB, CPU seconds) of one fresh process."""
    done = subprocess.run([python, "-c", _PROGRAM.format(game=game, hands=hands)],
                          capture_output=True, text=True, check=True)
    start, end, peak, seconds = (float(x) for x in done.stdout.split())
    mib = 1024 * 1024
    return start / mib, (end - start) / mib, (peak - start) / mib, seconds


def main() -> None:
    """Print one line per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--games", default="tonk,gin-rummy,tien-len")
    parser.add_argument("--python", default=sys.executable,
                        help="interpreter of the environment to measure (default this one)")
    args = parser.parse_args()
    print(f"{'game':<10}{'hands':>9}{'start MiB':>11}{'growth MiB':>12}{'peak growth':>13}"
          f"{'target':>9}")
    for game in args.games.split(","):
        start, growth, peak, _ = measure(args.python, game, args.hands)
        verdict = "ok" if growth <= 20 else "OVER"
        print(f"{game:<10}{args.hands:>9,}{start:>11.1f}{growth:>12.1f}{peak:>13.1f}"
              f"{verdict:>9}")


if __name__ == "__main__":
    main()
