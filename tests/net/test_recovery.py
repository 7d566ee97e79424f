"""Nothing is lost: a dropped client reconnects by itself, a killed `cardkit join` is run again
and finds its seat, a SIGKILLed server resumes from its file with the same addresses, and an
absent player's seat is taken by a bot when the server is asked to. A resumed server listens
where it did (its host and port are kept with the seats' tokens)."""

from __future__ import annotations

import json
import subprocess
import time

import cardkit
from tests.net.helpers import (
    WAIT,
    PlayerThread,
    ServeProcess,
    ServerThread,
    connect_remote,
    environment,
    play_remote,
)
from tests.net.helpers import (
    cardkit as cardkit_command,
)


def _no_drop(legal):
    """A scripted choice that keeps a Tonk hand going (never drops)."""
    return next((action for action in legal if action.kind != "drop"), legal[0])


def _wait_until(condition, what):
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def test_a_dropped_client_reconnects_by_itself_and_finds_its_seat():
    game = cardkit.load_game("tonk", players=2)
    with ServerThread() as host:
        table = host.open("t", game.new_match(seed=3, hands=2), (None, None))
        other = PlayerThread(host.seat_url(table, 1), choose=_no_drop)
        other.start()
        me = connect_remote(host.seat_url(table, 0))
        notices = []
        me.notice = notices.append

        def my_moves(match):
            return sum(1 for seat, _ in match.current.history if seat == 0)

        play_remote(me, choose=_no_drop, stop=lambda m: my_moves(m) >= 2 or len(m.hands) > 1)
        before = me.current.view(0)
        old = host.run(lambda: table.seats[0].peer)
        host.run(lambda: old.connection.transport.abort())
        _wait_until(lambda: host.run(lambda: table.seats[0].peer not in (None, old)),
                    "the client to come back")
        while "reconnected" not in notices:
            me.pump()
        assert "connection lost: reconnecting ..." in notices
        assert me.current.view(0).hand == before.hand  # the seat as it left it
        play_remote(me, choose=_no_drop)
        other.join(4 * WAIT)
        assert other.error is None and not other.is_alive()
        assert me.is_over and other.match is not None and other.match.is_over
        assert me.outcome == other.match.outcome
        me.close()


def test_a_killed_join_is_run_again_and_takes_its_seat_back():
    server = ServeProcess("tonk", "--players", "2", "--bots", "1", "--hands", "1", "--seed",
                          "21", "--port", "0")
    try:
        first = subprocess.Popen(cardkit_command("join", server.seats[0]), stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                 env=environment())
        assert first.stdin is not None and first.stdout is not None
        first.stdin.write("2\n")  # draw from the stock, then wait at the prompt, mid-hand
        first.stdin.flush()
        seen = ""
        deadline = time.monotonic() + WAIT
        while seen.count("you (seat 0)>") < 2 and "hand over" not in seen:
            assert time.monotonic() < deadline
            seen += first.stdout.read(1)
        first.kill()
        first.wait(WAIT)
        again = subprocess.run(cardkit_command("join", server.seats[0]), input="1\n" * 500,
                               capture_output=True, text=True, timeout=4 * WAIT,
                               env=environment())
        assert again.returncode == 0, again.stdout + again.stderr
        assert "match over" in again.stdout
        assert server.wait() == 0
        log = server.output()
        assert "seat 0 reconnected" in log and "the game waits for them" in log
    finally:
        server.kill()


def test_a_server_killed_mid_hand_resumes_from_its_file(tmp_path):
    save = tmp_path / "table.json"
    server = ServeProcess("tonk", "--players", "2", "--hands", "1", "--seed", "8", "--port",
                          "0", "--save", str(save))
    try:
        addresses, port = dict(server.seats), server.port
        players = [connect_remote(addresses[seat]) for seat in (0, 1)]
        threads = [PlayerThread(addresses[seat]) for seat in (0, 1)]
        moves = 3

        def first_part(match):
            play_remote(match, choose=_no_drop,
                        stop=lambda m: len(m.current.history) >= moves or m.current.is_over)

        for thread, match in zip(threads, players, strict=True):
            thread.run = lambda match=match: first_part(match)
            thread.start()
        for thread in threads:
            thread.join(4 * WAIT)
        assert not players[0].current.is_over, "the hand ended too early for this test"
        saved = json.loads(save.read_text())
        assert len(saved["hands"][0]["actions"]) == moves
        seats = json.loads((tmp_path / "table.json.seats").read_text())
        assert seats["seats"][0]["token"] == addresses[0].split("#")[1]
        assert (seats["host"], seats["port"]) == ("127.0.0.1", port)  # --port 0: the one bound
        server.kill()  # SIGKILL, mid-hand

        # resumed without --port: it comes back on the port it had, not the default
        resumed = ServeProcess("tonk", "--resume", str(save))
        try:
            assert resumed.port == port
            assert resumed.seats == addresses  # the same 'cardkit join' lines work
            finishers = [PlayerThread("", choose=_no_drop) for _ in players]
            for finisher, match in zip(finishers, players, strict=True):
                finisher.run = (lambda f=finisher, m=match:
                                _finish(f, m))
                finisher.start()
            for finisher in finishers:
                finisher.join(4 * WAIT)
                assert finisher.error is None, repr(finisher.error)
            assert resumed.wait() == 0
        finally:
            resumed.kill()
    finally:
        server.kill()
    assert all(match.is_over for match in players)
    record = json.loads(save.read_text())
    assert len(record["hands"][0]["actions"]) > moves and record["hands"][0]["result"]
    replay = subprocess.run(cardkit_command("replay", str(save)), capture_output=True, text=True,
                            timeout=WAIT, env=environment())
    assert replay.returncode == 0, replay.stderr


def _finish(thread, match):
    try:
        play_remote(match, choose=_no_drop)
    except BaseException as error:
        thread.error = error
    finally:
        match.close()


def test_a_bot_takes_the_seat_of_a_player_who_does_not_come_back():
    game = cardkit.load_game("tonk", players=2)
    with ServerThread() as host:
        table = host.open("t", game.new_match(seed=6, hands=1), (None, None),
                          replace_after=0.3, replace_bot="random")
        leaver = connect_remote(host.seat_url(table, 0))
        stayer = connect_remote(host.seat_url(table, 1))
        events = []
        stayer.notice = events.append
        leaver.close()
        play_remote(stayer, choose=_no_drop)
        assert stayer.is_over
        assert any("a random bot plays for them if they are not back in 0.3 s" in e
                   for e in events), events
        assert any("did not come back: a random bot plays for them" in e for e in events)
        stayer.close()
