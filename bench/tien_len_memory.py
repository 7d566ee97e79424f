"""How much a long Tiến Lên simulation grows a process: resident memory before and after N
random 4-player games (the bare loop: ``legal_actions``, a ``random.Random`` choice,
``apply_unchecked``).

Usage: ``python -m bench.tien_len_memory [--games N] [--seed N]`` (default 100,000 games).

The game's caches are bounded (``cardkit_games.tien_len.plays``, ``evaluate``'s values), so the
growth levels off once they are full, within a few thousand games; the target is at most 20 MiB
above the start after 100,000 games. Prints the growth at a few checkpoints and the caches'
sizes. Linux only (reads ``/proc/self/status``).
"""

from __future__ import annotations

import argparse
import gc
import random
import time

from cardkit_games.tien_len import plays

import cardkit


def resident_mib() -> float:
    """This process's resident memory now, in MiB."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def main() -> None:
    """Run the games and print the growth."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = cardkit.load_game("tien-len")
    rng = random.Random(args.seed)
    gc.collect()
    start = resident_mib()
    began = time.perf_counter()
    checkpoints = {args.games * k // 10 for k in range(1, 11)}
    print(f"start: {start:.1f} MiB resident")
    for index in range(1, args.games + 1):
        state = game.new_hand(seed=rng.randrange(1 << 62))
        while state.result is None:
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
        if index in checkpoints:
            gc.collect()
            print(f"{index:>7} games: +{resident_mib() - start:.1f} MiB "
                  f"(play cache {len(plays._PLAYS):,} of {plays.PLAYS_CACHE_SIZE:,} entries, "
                  f"{time.perf_counter() - began:.0f} s)")


if __name__ == "__main__":
    main()
