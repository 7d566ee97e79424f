"""Network benchmark: many tables in one server process, played by scripted clients on loopback.

A server process (this script with ``--serve``) hosts ``--tables`` Tonk matches through the
Python API (:class:`cardkit.net.server.Server`), saving each table's file after every move
unless ``--no-save``. This process runs two scripted WebSocket clients per table; each plays a
random legal move after ``--think`` milliseconds. Reported: the move round trip (the move sent
until the server's "accepted" received, which comes after the save is written and after every
seat's new view was queued), median and 99th percentile, moves per second, the server's
resident memory at ``--early`` seconds and at the end (Tonk's matches never end, so a server
that kept finished hands would grow), and the machine's load average (the machine may be
shared). Goal: 100 tables, p99 under 50 ms on two cores, memory flat (within 10 %) between
minute 1 and minute 5.

Run: ``python -m bench.net`` (100 tables, 5 minutes); a quick check:
``python -m bench.net --seconds 60 --early 15``. The round trip, moves per second and CPU are
those of the moves from ``--early`` seconds on (the p99 from the start is printed beside);
the server's CPU a move is the figure to compare on a loaded machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time


def resident_kib(pid: int) -> int:
    """The process's resident memory (Linux /proc), in KiB."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far, user and system (Linux /proc)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def serve(tables: int, save_dir: str | None) -> None:
    """The server side: open the tables, print their seat addresses as one JSON line."""
    import cardkit
    from cardkit.frontends.net.server import Server

    game = cardkit.load_game("tonk", players=2)
    server = Server("127.0.0.1", 0, rate=1000, burst=1000)
    await server.start()
    game.new_match(seed=0)  # warm the game's caches before the baseline
    base = resident_kib(os.getpid())
    urls = []
    for index in range(tables):
        save = None if save_dir is None else os.path.join(save_dir, f"t{index}.json")
        table = server.open_table(f"t{index}", game.new_match(seed=index), (None, None),
                                  save=save)
        urls.append([server.seat_address(table, seat) for seat in (0, 1)])
    print(json.dumps({"base_kib": base, "urls": urls}), flush=True)
    await asyncio.Event().wait()


async def player(url: str, think: float, rng: random.Random, stop: float,
                 latencies: list[float]) -> None:
    """A scripted seat: a random legal move on its turn; records each move's round trip."""
    from websockets.asyncio.client import connect

    base, token = url.split("#")
    async with connect(base, max_size=2**20, compression=None) as socket:
        await socket.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
        sent_at = None
        ident = 0
        latest = None  # the newest state that lists this seat's moves, not yet played
        async for text in socket:
            message = json.loads(text)
            kind = message["type"]
            if kind == "accepted" and message["id"] == ident and sent_at is not None:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            elif kind == "refused":
                sent_at = None  # a stale state: wait for the next one
            elif kind == "state":
                latest = message if message["legal"] else None
            elif kind == "match_over":
                return
            if sent_at is None and latest is not None:
                if time.perf_counter() > stop:
                    return
                await asyncio.sleep(think)
                ident += 1
                move = rng.choice(latest["legal"])
                sent_at = time.perf_counter()
                await socket.send(json.dumps({"type": "move", "move": move, "id": ident,
                                              "hand": latest["hand"], "step": latest["step"]}))
                latest = None


async def drive(urls: list[list[str]], seconds: float, early: float, think: float, pid: int,
                base_kib: int) -> dict[str, float]:
    """Play for ``seconds``; the figures of the moves sent after ``early`` seconds (the warm-up
    is left out: the first hands of every table start at once)."""
    latencies: list[float] = []
    rng = random.Random(1)
    started = time.perf_counter()
    stop = started + seconds
    tasks = [asyncio.ensure_future(player(url, think, random.Random(rng.random()), stop,
                                          latencies))
             for pair in urls for url in pair]
    await asyncio.sleep(early)
    early_kib = resident_kib(pid)
    early_cpu, early_at, early_moves = cpu_seconds(pid), time.perf_counter(), len(latencies)
    early_client = time.process_time()
    await asyncio.sleep(max(0.0, stop - time.perf_counter()))
    loaded = resident_kib(pid)
    window = time.perf_counter() - early_at
    server_cpu = cpu_seconds(pid) - early_cpu
    moves = len(latencies) - early_moves
    client_cpu = (time.process_time() - early_client) / window
    for task in tasks:  # a seat waiting for the other's move would wait for ever
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    ordered = sorted(latencies[early_moves:early_moves + moves])
    everything = sorted(latencies[:early_moves + moves])
    return {
        "all_moves": len(everything),
        "all_p99_ms": 1000 * everything[int(0.99 * (len(everything) - 1))],
        "early_kib": early_kib,
        "server_cpu": server_cpu / window,
        "server_ms_per_move": 1000 * server_cpu / moves,
        "client_cpu": client_cpu,
        "moves": moves,
        "window": window,
        "moves_per_second": moves / window,
        "median_ms": 1000 * statistics.median(ordered),
        "p99_ms": 1000 * ordered[int(0.99 * (len(ordered) - 1))],
        "max_ms": 1000 * ordered[-1],
        "kib_per_table": (loaded - base_kib) / len(urls),
        "server_kib": loaded,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=300.0, help="how long to play")
    parser.add_argument("--early", type=float, default=60.0,
                        help="when to take the first memory figure (seconds)")
    parser.add_argument("--think", type=float, default=50.0, help="milliseconds per move")
    parser.add_argument("--no-save", action="store_true", help="do not save after each move")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--save-dir", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.tables, args.save_dir))
        return
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, __file__, "--serve", "--tables", str(args.tables)]
        if not args.no_save:
            command += ["--save-dir", folder]
        server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        try:
            assert server.stdout is not None
            ready = json.loads(server.stdout.readline())
            load_before = os.getloadavg()
            figures = asyncio.run(drive(ready["urls"], args.seconds, args.early,
                                        args.think / 1000, server.pid, ready["base_kib"]))
            load_after = os.getloadavg()
        finally:
            server.kill()
            server.wait()
    print(f"{args.tables} tables of 2-player Tonk, 2 scripted clients each, think "
          f"{args.think:g} ms, save after every move: {'no' if args.no_save else 'yes'}")
    print(f"  moves from {args.early:g} s to {args.seconds:g} s: {figures['moves']} "
          f"({figures['moves_per_second']:.0f}/s)")
    print(f"  round trip: median {figures['median_ms']:.2f} ms, p99 {figures['p99_ms']:.2f} ms,"
          f" max {figures['max_ms']:.1f} ms (goal: p99 < 50 ms)")
    print(f"  with the first {args.early:g} s (every table starting at once): "
          f"{figures['all_moves']} moves, p99 {figures['all_p99_ms']:.2f} ms")
    change = 100 * (figures["server_kib"] - figures["early_kib"]) / figures["early_kib"]
    print(f"  server memory: {figures['early_kib'] / 1024:.1f} MiB at {args.early:g} s, "
          f"{figures['server_kib'] / 1024:.1f} MiB at {args.seconds:g} s ({change:+.1f} %; "
          f"goal: within 10 %), {figures['kib_per_table']:.0f} KiB per table")
    print(f"  CPU: server {100 * figures['server_cpu']:.0f} % of a core "
          f"({figures['server_ms_per_move']:.3f} ms a move), clients "
          f"{100 * figures['client_cpu']:.0f} %")
    print(f"  machine: {os.cpu_count()} cores, load average {load_before[0]:.1f} before, "
          f"{load_after[0]:.1f} after (1 minute)")


if __name__ == "__main__":
    main()
