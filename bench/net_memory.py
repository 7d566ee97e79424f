"""Server memory over a long match: one Tonk table (Tonk's match never ends) played by two
random bots at the server, saving after every move, for ``--hands`` hands (10,000 by default).
Reported: the server's resident memory after each tenth of the hands, the hands held in memory
at the end, and the size of the save file (which holds every hand). Goal: flat memory, the
finished hands on disk.

Run: ``python -m bench.net_memory [--hands 10000]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time


def resident_kib() -> int:
    """This process's resident memory (Linux /proc), in KiB."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


async def main(hands: int, folder: str) -> None:
    import cardkit
    from cardkit.frontends.net.server import Server
    from cardkit.frontends.net.store import load_table

    game = cardkit.load_game("tonk", players=2)
    server = Server("127.0.0.1", 0)
    await server.start()
    save = os.path.join(folder, "long.json")
    table = server.open_table("long", game.new_match(seed=1), ("random", "random"), save=save)
    started = time.perf_counter()
    marks = [hands * tenth // 10 for tenth in range(1, 11)]
    figures: list[tuple[int, int]] = []
    while marks:
        await asyncio.sleep(0.05)
        played = len(table.match.hands) - 1
        if played >= marks[0]:
            del marks[0]
            figures.append((played, resident_kib()))
            print(f"  {played:>6} hands: {figures[-1][1] / 1024:.1f} MiB "
                  f"({time.perf_counter() - started:.0f} s)", flush=True)
    await server.close()
    held = len(table.match.hands) - table.match.hands.first
    size = os.path.getsize(save)
    first = figures[0][1]
    print(f"memory: {first / 1024:.1f} MiB at hand {figures[0][0]}, {figures[-1][1] / 1024:.1f} "
          f"MiB at hand {figures[-1][0]} ({100 * (figures[-1][1] - first) / first:+.1f} %); "
          f"hands held in memory: {held}; save file: {size / 1e6:.1f} MB")
    record, _ = load_table(save)
    print(f"the file holds {len(record.hands)} hands (the last one in progress)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        asyncio.run(main(args.hands, directory))
