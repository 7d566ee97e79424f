"""The screens of a network table: after a player's move a line says whom the table waits for,
and `cardkit watch` draws the public table as the play screen does (never a hidden card)."""

from __future__ import annotations

import contextlib
import subprocess
import time

from tests.net.helpers import WAIT, ServeProcess, cardkit, environment


def test_join_says_whom_it_waits_for_and_watch_draws_the_public_table():
    server = ServeProcess("tonk", "--players", "2", "--bots", "1=greedy", "--hands", "2",
                          "--seed", "13", "--port", "0")
    try:
        # the player joins first and waits: the table's first hand cannot go on without its
        # moves, so the watcher (connected after it) is sure to find the match still open,
        # however slowly its process starts on a loaded machine
        player = subprocess.Popen(cardkit("join", server.seats[0]), stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  env=environment())
        watcher = subprocess.Popen(cardkit("watch", server.watch), stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                   env={**environment(), "PYTHONUNBUFFERED": "1"})
        assert watcher.stdout is not None
        first = watcher.stdout.readline()  # the table drawn: the watcher is in
        # draw from the stock, then the first move offered (a discard or a spread), again and
        # again; Enter between hands
        out, err = player.communicate("2\n1\n\n" * 300, timeout=4 * WAIT)
        played = subprocess.CompletedProcess(player.args, player.returncode, out, err)
        watched = first + watcher.communicate(timeout=WAIT)[0]
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


def test_the_hint_at_a_network_table_is_the_hint_of_cardkit_play():
    import cardkit
    from cardkit.services.search.hint import strongest_agent
    from cardkit.values.errors import IllegalAction
    from tests.net.helpers import ServerThread, connect_remote

    game = cardkit.load_game("tonk", players=2)
    with ServerThread() as host:
        table = host.open("t", game.new_match(seed=5), (None, None))
        players = [connect_remote(host.seat_url(table, seat)) for seat in (0, 1)]
        mover = None
        deadline = time.monotonic() + WAIT
        while mover is None:
            assert time.monotonic() < deadline, "nobody got moves to play"
            for match in players:
                with contextlib.suppress(TimeoutError):
                    match._handle(match.connection.receive(timeout=0.1))
                if match.current.legal_actions():
                    mover = match
        other = next(m for m in players if m is not mover)
        advice = mover.hint(mover.current)
        assert advice.agent == strongest_agent(game)
        assert advice.action in mover.current.legal_actions()
        try:
            other.hint(other.current)
        except IllegalAction as error:
            assert "a hint is for your turn" in str(error)
        else:
            raise AssertionError("a hint out of turn was given")
        for match in players:
            match.close()


def test_join_shows_the_hint_the_play_screen_gives():
    server = ServeProcess("tonk", "--players", "2", "--bots", "1=greedy", "--hands", "1",
                          "--seed", "13", "--port", "0")
    try:
        played = subprocess.run(cardkit("join", server.seats[0]), input="hint\n" + "1\n" * 300,
                                capture_output=True, text=True, timeout=4 * WAIT,
                                env=environment())
        assert server.wait() == 0
    finally:
        server.kill()
    assert played.returncode == 0, played.stdout + played.stderr
    from cardkit import load_game
    from cardkit.services.search.hint import strongest_agent

    strongest = strongest_agent(load_game("tonk", players=2))
    assert strongest in ("expert", "hard")  # a search, not greedy
    assert f"hint ({strongest}): " in played.stdout, played.stdout
