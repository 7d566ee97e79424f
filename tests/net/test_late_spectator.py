"""A spectator who joins a table during play (not at its start) sees the current public table
at once: the stock, the discard pile, every seat's card count and the moves made so far, both
on the full-screen table and in the line mode, before anyone moves again. Loopback only, every
wait bounded."""

from __future__ import annotations

import asyncio
import subprocess
import time

import pytest

import cardkit
from tests.net.helpers import WAIT, ServerThread, connect_remote, environment, play_remote
from tests.net.helpers import cardkit as cardkit_command

#: the moves seat 0 makes before the spectator comes (then the table waits for seat 0)
MOVES = 6


def _midway(host: ServerThread):
    """A Tonk table in the middle of its first hand, waiting for seat 0 (a client that drew
    and discarded twice against the greedy bot); the client, to close at the end."""
    game = cardkit.load_game("tonk", players=2)
    table = host.open("t", game.new_match(seed=4, hands=1), (None, "greedy"))
    seat = connect_remote(host.seat_url(table, 0))

    def plain(legal):  # draw, then throw: a hand that goes on
        return next((move for move in legal if move.kind in ("draw", "discard")), legal[0])

    play_remote(seat, plain, stop=lambda match: len(match.current.history) >= MOVES
                and match.current.current_player == 0)
    return table, seat


def _public(host: ServerThread, table) -> tuple[int, str, tuple[int, ...], int]:
    """What every seat sees of the hand now, at the server: stock size, the discard pile's
    top, the card counts, the number of moves."""
    def read():
        view = table.match.current.view(1)
        return (view.stock_size, view.discard_top, tuple(view.hand_sizes),
                len(table.match.current.history))
    return host.run(read)


def test_a_spectator_on_the_full_screen_table_sees_the_table_as_it_is_now():
    from cardkit_cli.join import _on_screen
    from cardkit_cli.table import TableApp
    from cardkit_cli.watch import WatchSession
    from textual.widgets import Static

    with ServerThread() as host:
        table, seat = _midway(host)
        try:
            stock, top, sizes, moves = _public(host, table)
            assert moves >= MOVES and not host.run(lambda: table.match.current.is_over)
            app = TableApp(lambda screen: _on_screen(screen, host.url(table), None, True, None,
                                                     WatchSession), pace=0)

            async def watch() -> tuple[str, int, float]:
                async with app.run_test(size=(80, 24)) as pilot:
                    started = time.monotonic()
                    deadline = started + WAIT
                    while f"stock: {stock} cards" not in str(
                            app.query_one("#table", Static).render()):
                        assert time.monotonic() < deadline, "the spectator saw no table"
                        await pilot.pause(0.02)
                    await pilot.pause(0.05)
                    return (str(app.query_one("#table", Static).render()), len(app.move_log),
                            time.monotonic() - started)

            shown, logged, _ = asyncio.run(watch())
            assert _public(host, table)[3] == moves  # nobody moved meanwhile
        finally:
            seat.close()
    assert app.session is not None
    assert f"discard pile top: {app.session.style.card(top).plain}" in shown
    for number, size in enumerate(sizes):  # each seat's row with its card count
        assert any(line.split()[:1] == [str(number)] and str(size) in line.split()
                   for line in shown.splitlines()), (number, size, shown)
    assert "to play" in shown  # whose turn it is: seat 0's
    assert logged == moves  # F4's moves of this hand: all of them so far


def test_a_spectator_in_the_line_mode_sees_the_table_as_it_is_now():
    with ServerThread() as host:
        table, seat = _midway(host)
        try:
            stock, top, sizes, moves = _public(host, table)
            watcher = subprocess.Popen(cardkit_command("watch", host.url(table)),
                                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                       stderr=subprocess.STDOUT, text=True,
                                       env={**environment(), "PYTHONUNBUFFERED": "1"})
            try:
                assert watcher.stdout is not None
                lines: list[str] = []
                deadline = time.monotonic() + WAIT
                while not any("discard pile top" in line for line in lines):
                    assert time.monotonic() < deadline and watcher.poll() is None, lines
                    lines.append(watcher.stdout.readline())
            finally:
                watcher.kill()
                watcher.communicate(timeout=WAIT)
            assert _public(host, table)[3] == moves  # nobody moved meanwhile
        finally:
            seat.close()
    out = "".join(lines)
    assert "Traceback" not in out, out
    assert f"stock: {stock} cards" in out and f"discard pile top: {top.text}" in out, out
    assert "seat 0 (" in out and "to play" in out, out
    for number, size in enumerate(sizes):
        assert any(line.split()[:1] == [str(number)] and str(size) in line.split()
                   for line in out.splitlines()), (number, size, out)


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__, "-q"])
