"""The full-screen table's targets (issue 34), measured; not a timed test.

    python -m bench.table keys      # keystrokes a move takes, over many deals of each game
    python -m bench.table screen    # a move's screen update at the terminal (Textual's pilot)
    python -m bench.table web [N]   # a browser seat's round trip with N tables served (20)

``keys``: for every decision of seat 0 in random play, the fewest keystrokes that make each
legal move on the table: its number and Enter, the shortest short form the line parser takes
(``d``, ``ds``, ``dd``, a bare card, ``play 3``) and Enter, or the letters shown under its
cards in the hand and Enter (``c``, ``ace``: the table's own reading of them). Reported per kind
of move: the largest count and the share within the target (a draw, a discard or a pass in 2; a
meld of 3-4 cards in 6).

``screen``: from the Enter that plays a move to the table drawn with the move on it (Textual's
pilot, 80x24, seat 0 against random bots at pace 0), over the moves of one hand of each game
(at most 60), median and worst, in wall-clock time and in the CPU time the process spent (the
fairer figure on a shared machine).

``web``: N tables served with ``--web``'s server, each with a seat on its screen: the first in
headless Chromium (Debian's package, driven by Playwright), the others protocol seats
(textual-serve's WebSocket, as the page speaks it) typing all the while. In the page: from the
key pressed to the first frame painted with the table's answer, for a key in the move line and
for a move's Enter (the table redrawn after the move at the game's server); median, 95th
percentile and worst, with the machine's load average before and after.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import time

import cardkit

GAMES = (("tonk", 2), ("tonk", 3), ("gin-rummy", 2), ("tien-len", 4), ("contract-rummy", 4))


def _games():
    """The games measured: the house games, and contract rummy (claims out of turn) when its
    example plugin is installed."""
    installed = cardkit.available_games()
    return [(name, players) for name, players in GAMES if name in installed]


def _short_forms(action) -> list[str]:
    """The short texts that might name ``action`` (each checked with the parser)."""
    forms = ["d", "ds", "dd", "p", "pass", "take", str(action).lower()]
    cards = list(getattr(action, "cards", ()) or ())
    if len(cards) == 1:
        forms.append(cards[0].text.lower())
    if cards:
        forms.append("play " + " ".join(card.text[:-1].lower() for card in cards))
    return forms


def _letters(state, action) -> str | None:
    """The cards' letters that name ``action``'s cards in seat 0's hand as the table shows it
    (None: a card without a letter, or no cards)."""
    from cardkit_cli.table import card_letters, hand_groups

    cards = list(getattr(action, "cards", ()) or ())
    if not cards:
        return None
    shown = [card for group, _ in hand_groups(state.view(0).hand, state.game) for card in group]
    letters = card_letters(state.game)
    word = ""
    for card in cards:
        free = [index for index, held in enumerate(shown) if held == card
                and index < len(letters) and letters[index] not in word]
        if not free:
            return None
        word += letters[free[0]]
    return word


def _offer_key(state, action) -> bool:
    """True if ``action`` is a one-key answer of the claim window offered to seat 0."""
    from cardkit_cli.style import Style
    from cardkit_cli.table import offer_of
    from rich.console import Console

    if getattr(state, "claim_window", None) is None or state.current_player != 0:
        return False
    legal = state.legal_actions()
    offer = offer_of(Style(Console(), state.game), state.view(0), legal,
                     [""] * state.players, None)
    return offer is not None and str(action) in {move for _, _, move in offer.keys}


def fewest_keys(state, action, number: int) -> int:
    """The fewest keystrokes (Enter included) that play ``action`` at this prompt."""
    from cardkit_cli.moves import resolve_move
    from cardkit_cli.table import card_letters, hand_groups, letters_to_cards

    from cardkit.values.errors import IllegalAction

    best = len(str(number)) + 1
    if _offer_key(state, action):
        return 1
    word = _letters(state, action)
    if word is not None and len(word) + 1 < best:
        shown = [card for group, _ in hand_groups(state.view(0).hand, state.game)
                 for card in group]
        cards = letters_to_cards(word, shown, card_letters(state.game))
        try:
            if cards and resolve_move(state, " ".join(card.text for card in cards)) == action:
                best = len(word) + 1
        except IllegalAction:
            pass
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
    if kind in ("buy", "claim"):
        return "claim"
    if kind in ("spread", "meld", "play") and 3 <= cards <= 4:
        return "meld of 3-4"
    return "other"


def keys(deals: int = 40) -> None:
    """Print the keystroke figures."""
    for name, players in _games():
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
            line = f"{name} ({players}p) {kind:12} moves {len(found):5}  most keys {max(found)}"
            if kind == "other":  # knocks, lays-off, longer plays: no target
                print(f"{line}  (no target)")
                continue
            target = 6 if kind == "meld of 3-4" else 2
            within = sum(1 for count in found if count <= target) / len(found)
            print(f"{line}  within {target}: {within:6.1%}")


#: The moves of a hand the screen bench times at most, per game.
SCREEN_MOVES = 60


def _plain_move(legal) -> int:
    """The number of seat 0's move: the first that does not end the hand at once (no drop,
    knock or gin), so the hand lasts."""
    return next((number for number, action in enumerate(legal, 1)
                 if action.kind not in ("drop", "knock", "gin", "big")), 1)


async def _screen(name: str, players: int, seed: int) -> tuple[list[float], list[float]]:
    """One hand of ``name`` at the table (seat 0 against random bots, pace 0): for each of seat
    0's moves, the wall-clock and CPU time from the Enter that plays it to the table drawn with
    the move on it (the frame after the redraw)."""
    from cardkit_cli.seats import seating
    from cardkit_cli.table import local_table
    from textual import events

    game = cardkit.load_game(name, players=players)
    match = game.new_match(seed=seed, hands=1)
    seats = seating(game, 0, False, "random", None, False, seed, playouts=24)
    app = local_table(match, seats, pace=0)
    drawn = [0]
    draw = app.draw

    def counted(*args, **options) -> None:
        draw(*args, **options)
        drawn[0] += 1

    app.draw = counted  # type: ignore[method-assign]
    # the moment each frame is composed (the headless driver writes it nowhere): the pilot's
    # own waits for idle would add their sleeps to the time measured
    frames: list[tuple[int, float]] = []
    display = app._display

    def composed(screen, renderable) -> None:
        display(screen, renderable)
        if renderable is not None:
            frames.append((drawn[0], time.perf_counter()))

    app._display = composed  # type: ignore[method-assign]
    wall: list[float] = []
    cpu: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        while len(wall) < SCREEN_MOVES:
            deadline = time.monotonic() + 60
            while not app.asking and app.return_code is None and not match.current.is_over:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{name}: the table never asked for a move")
                await pilot.pause(0.001)
            if match.current.is_over or app.return_code is not None:
                break
            for key in str(_plain_move(match.current.legal_actions())):
                await pilot.press(key)
            await pilot.pause()
            before = drawn[0]
            frames.clear()
            start, used = time.perf_counter(), time.process_time()
            key = events.Key("enter", "\r")
            key.set_sender(app)
            app._driver.send_message(key)
            deadline = time.monotonic() + 10
            while not any(count > before for count, _ in frames):  # the frame of the redraw
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{name}: the move was never drawn: "
                                       f"{[line.plain for line in app.transcript[-4:]]}")
                await asyncio.sleep(0.0002)
            cpu.append(time.process_time() - used)
            wall.append(next(at for count, at in frames if count > before) - start)
    return wall, cpu


def screen(seed: int = 1) -> None:
    """Print the screen-update figures, per game: median and worst over a hand."""
    for name, players in _games():
        wall: list[float] = []
        cpu: list[float] = []
        for tried in range(seed, seed + 20):  # a deal that ends at once (Tonk's 50) is skipped
            wall, cpu = asyncio.run(_screen(name, players, tried))
            if len(wall) >= 5:
                break
        print(f"{name} ({players}p): {len(wall)} moves of a hand, screen updated after "
              f"the Enter in median {statistics.median(wall) * 1000:.1f} ms, worst "
              f"{max(wall) * 1000:.1f} ms (CPU of the process: median "
              f"{statistics.median(cpu) * 1000:.1f} ms, worst {max(cpu) * 1000:.1f} ms)")


#: The browser's flags (as tests/cli/test_web.py): headless, nothing fetched from outside.
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"]

#: Put in the page before its own scripts: the moment of every key pressed, and of the first
#: frame painted after each message of the table's WebSocket (what the player sees).
PAGE_CLOCK = """
window.__keys = []; window.__painted = [];
document.addEventListener("keydown", (event) => window.__keys.push(performance.now()), true);
const Native = window.WebSocket;
window.WebSocket = function (...args) {
  const socket = new Native(...args);
  socket.addEventListener("message", () => requestAnimationFrame(
    () => window.__painted.push(performance.now())));
  return socket;
};
window.WebSocket.prototype = Native.prototype;
Object.assign(window.WebSocket, Native);
"""


def _chromium() -> str | None:
    import shutil
    from pathlib import Path

    return shutil.which("chromium") or shutil.which("chromium-browser") or (
        "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)


async def _web(tables: int, rounds: int) -> dict[str, list[float]]:
    """``tables`` Tonk tables served with ``--web``'s server; seat 0 of the first in headless
    Chromium, seat 0 of each other one a protocol seat (textual-serve's WebSocket, as the page
    speaks it) typing at the same time. Returns the Chromium seat's round trips (a key in the
    move line, a move's Enter) and the protocol seats' key round trips, in seconds."""
    from aiohttp import ClientSession, WSMsgType
    from cardkit_cli.web import WebTables
    from playwright.async_api import async_playwright

    from cardkit.frontends.net.server import Server

    server = Server("127.0.0.1", 0)
    game = cardkit.load_game("tonk", players=2)
    for index in range(tables):
        server.open_table(f"t{index}", game.new_match(seed=index, hands=None), (None, "random"))
    await server.start()
    web = WebTables(server, "127.0.0.1", 0, pace=0)
    await web.start()
    found: dict[str, list[float]] = {"browser key": [], "browser move": [], "protocol key": []}
    ready = asyncio.Event()  # every protocol seat's table is on its screen
    seated = [0]
    played = [0]  # the browser seat's moves the table took
    done = asyncio.Event()

    async def seat(index: int, session: ClientSession) -> None:
        token = server.tables[f"t{index}"].seats[0].token
        async with session.ws_connect(f"http://127.0.0.1:{web.port}/ws/t{index}/{token}"
                                      "?width=100&height=30") as socket:
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
            await answer(300)  # the table is on screen once its output goes quiet
            while await answer(1.5):
                pass
            seated[0] += 1
            if seated[0] == tables - 1:
                ready.set()
            while not done.is_set():
                for key in ("x", "\x7f"):  # a letter in the move line, then rubbed out
                    await asyncio.sleep(random.uniform(0.05, 0.25))
                    while await answer(0.02):  # nothing left of the last frame
                        pass
                    start = time.perf_counter()
                    await socket.send_json(["stdin", key])
                    # counted once every table is on its screen (and until the browser ends)
                    if await answer(10) and ready.is_set() and not done.is_set():
                        found["protocol key"].append(time.perf_counter() - start)

    async def browser() -> None:
        table = server.tables["t0"]
        async with async_playwright() as driver:
            chromium = await driver.chromium.launch(executable_path=_chromium(),
                                                    args=CHROMIUM_FLAGS, headless=True)
            page = await chromium.new_page(viewport={"width": 1000, "height": 600})
            await page.add_init_script(PAGE_CLOCK)
            await page.goto(web.seat_link("t0", 0))
            await page.wait_for_selector("body.-first-byte", timeout=300_000)
            await page.focus(".xterm-helper-textarea")
            await ready.wait()

            async def quiet() -> None:  # no frame for 0.3 s: the screen has settled
                while await page.evaluate("performance.now() - (window.__painted.at(-1) || 0)"
                                          ) < 300:
                    await asyncio.sleep(0.05)

            async def timed(key: str, into: str) -> None:
                await quiet()
                painted = await page.evaluate("window.__painted.length")
                await page.keyboard.press(key)
                await page.wait_for_function(f"window.__painted.length > {painted}",
                                             timeout=10_000)
                pressed, shown = await page.evaluate(
                    f"[window.__keys.at(-1), window.__painted[{painted}]]")
                found[into].append((shown - pressed) / 1000)

            hand = len(table.match.hands)
            for _ in range(rounds):
                await timed("x", "browser key")
                await timed("Backspace", "browser key")
                if len(table.match.hands) != hand:  # the screen asks Enter for the next hand
                    hand = len(table.match.hands)
                    await page.keyboard.press("Enter")
                    await asyncio.sleep(0.3)
                state = table.match.current
                if state.current_player != 0 or state.is_over:
                    await asyncio.sleep(0.3)
                    continue
                may_draw = any(action.kind == "draw" for action in state.legal_actions())
                for key in ("d", "s") if may_draw else ("a",):  # 'ds' draws, 'a' throws
                    await page.keyboard.press(key)
                before = len(state.history)
                await timed("Enter", "browser move")
                await asyncio.sleep(0.05)
                if len(state.history) > before and state.history[before][0] == 0:
                    played[0] += 1
            await chromium.close()
        done.set()

    async with ClientSession() as session:
        await asyncio.gather(browser(), *(seat(index, session) for index in range(1, tables)))
    await web.close()
    await server.close()
    found["browser moves played"] = [float(played[0])]
    return found


def web(tables: int = 20, rounds: int = 30) -> None:
    """Print the browser round-trip figures, with the machine's load (``os.getloadavg``)."""
    import os

    if _chromium() is None:
        sys.exit("headless Chromium is not installed (apt install chromium)")
    before = os.getloadavg()
    found = asyncio.run(_web(tables, rounds))
    after = os.getloadavg()
    print(f"{tables} tables served, each with a seat on its screen; load average before "
          f"{before[0]:.2f}, after {after[0]:.2f} (1 min), {os.cpu_count()} cores")
    print(f"the browser seat's moves the table took: {found.pop('browser moves played')[0]:.0f}")
    for label, samples in found.items():
        if not samples:
            print(f"{label}: no samples")
            continue
        samples.sort()
        print(f"{label} round trip: {len(samples)} samples, median "
              f"{statistics.median(samples) * 1000:.1f} ms, 95th percentile "
              f"{samples[int(len(samples) * 0.95)] * 1000:.1f} ms, worst "
              f"{samples[-1] * 1000:.1f} ms")


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
