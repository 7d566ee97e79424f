"""``cardkit serve --web``: a browser opens a seat's link and plays a hand to its end on the
full-screen table, in headless Chromium (Debian's package, driven by Playwright; nothing is
downloaded). The link's token never reaches the page request; a wrong token starts nothing."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or (
    "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
playwright = pytest.importorskip(
    "playwright.sync_api", reason="the browser seat is tested with Playwright: pip install "
    "'.[test]' (or pip install playwright; no browser download is needed, it drives the "
    "system's chromium)")
if CHROMIUM is None:
    pytest.skip("headless Chromium is not installed: the browser seat cannot be tested here "
                "(install Debian's chromium: apt install chromium)", allow_module_level=True)

from cardkit_cli.web import WebTables  # noqa: E402

import cardkit  # noqa: E402
from tests.net.helpers import ServerThread  # noqa: E402

WAIT = 40.0
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    with playwright.sync_playwright() as driver:
        launched = driver.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")), executable_path=CHROMIUM,
            args=FLAGS, headless=True, viewport={"width": 1000, "height": 560})
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture()
def tables():
    with ServerThread() as host:
        web = WebTables(host.server, "127.0.0.1", 0, pace=0)
        host.call(web.start())
        try:
            yield host, web
        finally:
            host.call(web.close())


def _my_move(state) -> str:
    """Seat 0's plan, typed as a player would: draw, throw the highest card, and drop on the
    next turn (so the hand ends within a few moves whatever the bot does)."""
    legal = [str(action) for action in state.legal_actions()]
    mine = [action for seat, action in state.history if seat == 0]
    if "drop" in legal and len(mine) >= 2:
        return "drop"
    if "draw stock" in legal:
        return "ds"
    discards = [text for text in legal if text.startswith("discard ")]
    return "d " + discards[-1].split()[1] if discards else legal[0]


def _seen(table) -> tuple[int | None, int, str]:
    """Whose turn it is at the server, how many moves the hand has, and seat 0's next move."""
    state = table.match.current
    move = _my_move(state) if state.current_player == 0 else ""
    return state.current_player, len(state.history), move


def test_a_browser_seat_plays_a_hand_to_the_end(browser, tables):
    host, web = tables
    game = cardkit.load_game("tonk", players=2)
    table = host.open("tonk", game.new_match(seed=5, hands=1), (None, "random"))
    link = web.seat_link("tonk", 0)
    assert link.startswith("http://127.0.0.1:") and link.split("#")[1] == table.seats[0].token
    page = browser.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    address, token = link.split("#")
    page.goto(f"{address}?name=Ann#{token}")
    page.wait_for_selector("body.-first-byte", timeout=WAIT * 1000)
    page.focus(".xterm-helper-textarea")  # the terminal takes the keys
    deadline = time.monotonic() + WAIT
    typed = 0
    while not host.run(lambda: table.match.is_over):
        if time.monotonic() > deadline:
            page.screenshot(path="/tmp/tw_fail.png")
            raise AssertionError("the hand did not end")
        turn, moves, move = host.run(lambda: _seen(table))
        if turn != 0:
            time.sleep(0.05)
            continue
        if move.startswith("d ") and os.environ.get("CARDKIT_WEB_SCREENSHOT"):
            time.sleep(0.5)  # docs/play.md's picture: the table asking for a discard
            page.screenshot(path=os.environ["CARDKIT_WEB_SCREENSHOT"])
        page.keyboard.type(move)
        page.keyboard.press("Enter")
        typed += 1
        # the table asks again once the screen is ready: a line typed before it is not played
        until = time.monotonic() + 1
        while host.run(lambda: _seen(table)[1]) == moves and time.monotonic() < until:
            time.sleep(0.05)
    history = host.run(lambda: [(seat, str(action)) for seat, action in
                                table.match.hands[-1].history])
    assert any(seat == 0 for seat, _ in history), "the browser seat made no move"
    assert "Ann" in host.run(lambda: table.names[0])
    assert all("#" not in url and table.seats[0].token not in url.split("/ws/")[0]
               for url in requested if not url.startswith("ws")), "the token left the page"
    # the end of the hand stays on the page until Enter closes it (an Enter typed while the
    # table still draws the end is not taken: pressed again until it is)
    time.sleep(0.3)
    assert "-closed" not in (page.get_attribute("body", "class") or "")
    while "-closed" not in (page.get_attribute("body", "class") or ""):
        assert time.monotonic() < deadline, "Enter did not close the table"
        page.keyboard.press("Enter")
        time.sleep(0.3)
    page.close()


def test_a_wrong_token_starts_no_table_process(browser, tables):
    host, web = tables
    game = cardkit.load_game("tonk", players=2)
    host.open("tonk", game.new_match(seed=5, hands=1), (None, "random"))
    page = browser.new_page()
    page.goto(web.watch_link("tonk") + "#not-the-token")
    page.wait_for_selector("body.-closed", timeout=WAIT * 1000)
    assert not web.processes
    missing = page.goto(web.watch_link("elsewhere"))
    assert missing is not None and missing.status == 404
    page.close()
