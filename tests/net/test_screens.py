"""The screens of a network table: after a player's move a line says whom the table waits for,
and `cardkit watch` draws the public table as the play screen does (never a hidden card)."""

from __future__ import annotations

import subprocess

from tests.net.helpers import WAIT, ServeProcess, cardkit, environment


def test_join_says_whom_it_waits_for_and_watch_draws_the_public_table():
    server = ServeProcess("tonk", "--players", "2", "--bots", "1=greedy", "--hands", "2",
                          "--seed", "13", "--port", "0")
    try:
        watcher = subprocess.Popen(cardkit("watch", server.watch), stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                   env=environment())
        # draw from the stock, then the first move offered (a discard or a spread), again and
        # again; Enter between hands
        played = subprocess.run(cardkit("join", server.seats[0]), input="2\n1\n\n" * 300,
                                capture_output=True, text=True, timeout=4 * WAIT,
                                env=environment())
        watched = watcher.communicate(timeout=WAIT)[0]
        assert server.wait() == 0, server.output()
    finally:
        server.kill()
    assert played.returncode == 0, played.stdout + played.stderr
    assert "waiting for seat 1 (greedy bot) …" in played.stdout, played.stdout
    assert "Traceback" not in watched, watched
    # the table as 'cardkit play' draws it: the rule with whose turn it is, the seats with
    # their card counts, the stock and the discard pile, then the moves as they come
    assert "to play ─" in watched or "to play -" in watched, watched
    assert "seat  player" in watched and "stock: " in watched and "discard pile top" in watched
    assert "seat 1 (greedy bot): " in watched and "match over" in watched
    assert "your hand" not in watched and "shows you" not in watched
