"""The full-screen table's targets (issue 34), measured; not a timed test.

    python -m bench.table keys      # keystrokes a move takes, over many deals of each game
    python -m bench.table screen    # a move's screen update at the terminal (Textual's pilot)
    python -m bench.table web [N]   # a browser seat's round trip with N tables served (20)

``keys``: for every decision of seat 0 in random play, the fewest keystrokes that make each
legal move on the table: its number and Enter, or the shortest short form the line parser takes
(``d``, ``ds``, ``dd``, a bare card, ``play 3``) and Enter. Reported per kind of move: the
largest count and the share within the target (a draw, a discard or a pass in 2; a meld of 3-4
cards in 6).

``screen``: from the Enter that plays a move to the table drawn again and asking for the next
(the random bot's reply, at pace 0, included), over the moves of a few hands, median and 95th
percentile, in wall-clock time and in the CPU time the process spent (the fair figure on a
shared machine).

``web``: N tables served with ``--web``, one browser seat each (textual-serve's WebSocket
protocol, as the page speaks it), every seat typing at once: from a key sent to the screen's
answer coming back, median and 95th percentile.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import time

import cardkit

GAMES = (("tonk", 2), ("tonk", 3), ("gin-rummy", 2), ("tien-len", 4))


def _short_forms(action) -> list[str]:
    """The short texts that might name ``action`` (each checked with the parser)."""
    forms = ["d", "ds", "dd", "p", "pass", "take", str(action).lower()]
    cards = list(getattr(action, "cards", ()) or ())
    if len(cards) == 1:
        forms.append(cards[0].text.lower())
    if cards:
        forms.append("play " + " ".join(card.text[:-1].lower() for card in cards))
    return forms


def fewest_keys(state, action, number: int) -> int:
    """The fewest keystrokes (Enter included) that play ``action`` at this prompt."""
    from cardkit_cli.moves import resolve_move

    from cardkit.values.errors import IllegalAction

    best = len(str(number)) + 1
    for text in _short_forms(action):
        if len(text) + 1 >= best:
            continue
        try:
            if resolve_move(state, text) == action:
                best = len(text) + 1
        except IllegalAction:
            continue
    return best


def _kind(action) -> str:
    kind = action.kind
    cards = len(getattr(action, "cards", ()) or ())
    if kind.startswith("draw") or kind in ("take", "decline"):
        return "draw"
    if kind in ("discard", "pass"):
        return kind
    if kind in ("spread", "meld", "play") and 3 <= cards <= 4:
        return "meld of 3-4"
    return "other"


def keys(deals: int = 40) -> None:
    """Print the keystroke figures."""
    for name, players in GAMES:
        game = cardkit.load_game(name, players=players)
        counts: dict[str, list[int]] = {}
        for deal in range(deals):
            state = game.new_hand(seed=deal)
            chooser = random.Random(deal)
            while not state.is_over:
                legal = state.legal_actions()
                if state.current_player == 0:
                    for number, action in enumerate(legal, start=1):
                        counts.setdefault(_kind(action), []).append(
                            fewest_keys(state, action, number))
                state.apply(chooser.choice(legal))
        for kind, found in sorted(counts.items()):
            target = 6 if kind == "meld of 3-4" else 2
            within = sum(1 for count in found if count <= target) / len(found)
            print(f"{name} ({players}p) {kind:12} moves {len(found):5}  most keys {max(found)}"
                  f"  within {target}: {within:6.1%}")


async def _screen(samples: list[float], cpu_samples: list[float]) -> None:
    from cardkit_cli.seats import seating
    from cardkit_cli.table import local_table

    game = cardkit.load_game("tonk", players=2)
    for seed in range(3):
        # seat 0 at the table against a random bot, the hint at a fixed budget (as the tests)
        match = game.new_match(seed=seed, hands=1)
        seats = seating(game, 0, False, "random", None, False, seed, playouts=24)
        app = local_table(match, seats, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            while not match.current.is_over:
                while not app.asking and app.return_code is None:
                    await pilot.pause(0.001)
                if match.current.is_over or app.return_code is not None:
                    break
                legal = match.current.legal_actions()
                move = next((i for i, a in enumerate(legal, 1) if a.kind != "drop"), 1)
                for key in str(move):
                    await pilot.press(key)
                start, cpu = time.perf_counter(), time.process_time()
                await pilot.press("enter")
                while not app.asking and not match.current.is_over:
                    await pilot.pause(0.001)
                await pilot.pause(0)  # the frame with the new table drawn
                samples.append(time.perf_counter() - start)
                cpu_samples.append(time.process_time() - cpu)


def screen() -> None:
    """Print the screen-update figures."""
    samples: list[float] = []
    cpu: list[float] = []
    asyncio.run(_screen(samples, cpu))
    for label, found in (("wall clock", samples), ("CPU time of the process", cpu)):
        found.sort()
        print(f"screen update after a move ({label}): {len(found)} moves (a bot's reply "
              f"included), median {statistics.median(found) * 1000:.1f} ms, 95th percentile "
              f"{found[int(len(found) * 0.95)] * 1000:.1f} ms")


async def _web(tables: int, rounds: int) -> list[float]:
    from aiohttp import ClientSession, WSMsgType
    from cardkit_cli.web import WebTables

    from cardkit.frontends.net.server import Server

    server = Server("127.0.0.1", 0)
    game = cardkit.load_game("tonk", players=2)
    for index in range(tables):
        server.open_table(f"t{index}", game.new_match(seed=index, hands=None), (None, "random"))
    await server.start()
    web = WebTables(server, "127.0.0.1", 0, pace=0)
    await web.start()
    samples: list[float] = []

    async def seat(index: int, session: ClientSession) -> None:
        token = server.tables[f"t{index}"].seats[0].token
        async with session.ws_connect(f"http://127.0.0.1:{web.port}/ws/t{index}/{token}"
                                      "?width=80&height=24") as socket:
            async def answer(timeout: float) -> bool:
                try:
                    while True:
                        message = await socket.receive(timeout=timeout)
                        if message.type == WSMsgType.BINARY:
                            return True
                        if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSED,
                                            WSMsgType.ERROR):
                            return False
                except TimeoutError:
                    return False
            # the table is on screen once its output goes quiet
            await answer(120)
            while await answer(1.5):
                pass
            for _ in range(rounds):
                for key in ("x", "\x7f"):  # a letter in the move line, then rubbed out
                    await asyncio.sleep(random.uniform(0.05, 0.25))
                    while await answer(0.02):  # nothing left of the last frame
                        pass
                    start = time.perf_counter()
                    await socket.send_json(["stdin", key])
                    if await answer(10):
                        samples.append(time.perf_counter() - start)

    async with ClientSession() as session:
        await asyncio.gather(*(seat(index, session) for index in range(tables)))
    await web.close()
    await server.close()
    return samples


def web(tables: int = 20, rounds: int = 10) -> None:
    """Print the browser round-trip figures."""
    samples = sorted(asyncio.run(_web(tables, rounds)))
    print(f"browser seat round trip, {tables} tables at once: {len(samples)} keys, median "
          f"{statistics.median(samples) * 1000:.1f} ms, 95th percentile "
          f"{samples[int(len(samples) * 0.95)] * 1000:.1f} ms")


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "keys"
    if what == "keys":
        keys()
    elif what == "screen":
        screen()
    elif what == "web":
        web(int(sys.argv[2]) if len(sys.argv) > 2 else 20)
    else:
        sys.exit(__doc__)
