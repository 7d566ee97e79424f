"""The server's own work a move, without sockets: 100 tables of 2-player Tonk saving after every
move, each seat a stand-in connection that keeps what it is sent; moves go straight to
``Table.receive``, one at every table a turn of the loop. Prints the CPU time a move
(``time.process_time``, every thread). Under cachegrind it counts instructions, which the load
of the machine does not change: the instructions of ``M`` moves less those of ``N``, divided by
``M - N`` (docs/performance.md, "Network play")::

    valgrind --tool=cachegrind --cache-sim=no python -m bench.net_inproc 2000
    valgrind --tool=cachegrind --cache-sim=no python -m bench.net_inproc 8000

Run: ``python -m bench.net_inproc [MOVES]`` (30,000 by default).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import tempfile
import time

import cardkit
from cardkit.frontends.net.server import Server
from cardkit.frontends.net.transport import Peer, RateLimit


class Keeper:
    """A connection that keeps what is sent to it."""

    def __init__(self) -> None:
        self.inbox: list[str] = []

    async def send(self, text: str) -> None:
        self.inbox.append(text)

    async def close(self, *args: object) -> None:
        pass


async def main(moves_total: int, folder: str) -> None:
    game = cardkit.load_game("tonk", players=2)
    server = Server("127.0.0.1", 0)
    tables = []
    for index in range(100):
        table = server.open_table(f"t{index}", game.new_match(seed=index), (None, None),
                                  save=os.path.join(folder, f"t{index}.json"))
        peers = []
        for seat in (0, 1):
            conn = Keeper()
            peer = Peer(conn, RateLimit(1000, 1000))
            table.admit(peer, {"type": "hello", "protocol": 1, "token": table.seats[seat].token})
            peers.append((peer, conn))
        tables.append((table, peers))
    await asyncio.sleep(0.1)
    rng = random.Random(1)
    done = 0
    start = time.process_time()
    while done < moves_total:
        for table, peers in tables:  # one move at every table a turn
            state = table.match.current
            seat = state.current_player
            if seat is None:
                continue
            peer, conn = peers[seat]
            legal = [str(a) for a in state.legal_actions()]
            table.receive(peer, json.dumps({"type": "move", "move": rng.choice(legal), "id": done,
                                            "hand": len(table.match.hands) - 1,
                                            "step": len(state.history)}))
            done += 1
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        for _, peers in tables:
            for _, conn in peers:
                conn.inbox.clear()
    for table, _ in tables:
        await table.saver.wait()
    cpu = time.process_time() - start
    print(f"{1e6 * cpu / done:.1f} µs of CPU a move over {done} moves")


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 30000, folder))
