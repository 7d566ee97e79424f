"""Friends at a network table: a refused move reads as at ``cardkit play`` (the same one-line
reason, in every game), the seats' names (``join --name``) reach every seat and spectator, early
joiners and spectators are told whom the table waits for, the seat that does not move first
sees the table at once, and Ctrl-C or Ctrl-D leave the table with the way back printed."""

from __future__ import annotations

import contextlib
import time

import pytest
from cardkit_cli.join import remote_session
from cardkit_cli.moves import resolve_move
from cardkit_cli.prompt import EndOfInput

import cardkit
from cardkit.values.errors import IllegalAction
from tests.net.helpers import WAIT, ServerThread, connect_remote, play_remote, raw_client, receive

#: per game: players, and lines a player types at the start of a hand that are refused
REFUSED = {
    "tonk": (2, ("discard {card}", "knock {card}", "pass", "play {card}")),
    "gin-rummy": (2, ("discard {card}", "knock {card}", "gin {card}", "draw stock")),
    "tien-len": (4, ("pass", "play {card}", "play {card} {other}")),
}


def _refusal(state, text):
    try:
        resolve_move(state, text)
    except IllegalAction as error:
        return str(error)
    raise AssertionError(f"{text!r} was accepted")


def _mover(matches):
    """The remote match whose seat has moves to play (after the table has started)."""
    deadline = time.monotonic() + WAIT
    while True:
        assert time.monotonic() < deadline, "nobody got moves to play"
        for match in matches:
            with contextlib.suppress(TimeoutError):
                match._handle(match.connection.receive(timeout=0.05))
            if match.current.legal_actions():
                return match


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_refused_move_at_a_network_table_gets_the_reason_cardkit_play_gives(name):
    players, lines = REFUSED[name]
    game = cardkit.load_game(name, players=players)
    local = game.new_match(seed=11).current
    with ServerThread() as host:
        table = host.open("t", game.new_match(seed=11), (None,) * players)
        matches = [connect_remote(host.seat_url(table, seat)) for seat in range(players)]
        try:
            remote = _mover(matches).current
            seat = remote.current_player
            assert seat == local.current_player
            hand = sorted(local.view(seat).hand)
            for line in lines:
                text = line.format(card=hand[-1], other=hand[-2])
                expected = _refusal(local, text)
                assert _refusal(remote, text) == expected, text
            assert len(remote.history) == 0  # nothing was played
        finally:
            for match in matches:
                match.close()


class Script:
    """A line reader that answers from a list, then raises what ends it."""

    interactive = False

    def __init__(self, lines, end):
        self.lines = list(lines)
        self.end = end
        self.prompts = []

    def read(self, prompt):
        self.prompts.append(prompt)
        if self.lines:
            return self.lines.pop(0)
        raise self.end

    def wait(self, prompt):
        return ""


@pytest.mark.parametrize("end", [KeyboardInterrupt, EndOfInput])
def test_the_second_seat_sees_the_table_names_and_leaves_cleanly(end, capsys):
    game = cardkit.load_game("tonk", players=2)
    with ServerThread() as host:
        table = host.open("t", game.new_match(seed=4, hands=1), (None, None))
        first = host.run(lambda: table.match.current.current_player)
        second = 1 - first
        ann = connect_remote(host.seat_url(table, first), name="Ann")
        url = host.seat_url(table, second)
        session, match = remote_session(url, None, spectator=False, name="Bob")
        session.reader = Script([], end())
        import threading

        mover = threading.Thread(target=play_remote, daemon=True, kwargs=dict(
            match=ann, stop=lambda m: m.current.current_player != first,
            choose=lambda legal: next(a for a in legal if a.kind != "drop")))
        mover.start()
        try:
            if end is KeyboardInterrupt:
                with pytest.raises(SystemExit) as stopped:
                    session.run()
                assert stopped.value.code == 130
            else:
                session.run()
        finally:
            mover.join(WAIT)
            match.close()
            ann.close()
    out = capsys.readouterr().out
    assert "Traceback" not in out
    assert f"you play seat {second}" in out
    # the table before the first player's move: the stock and the seats, Ann named
    before = out.split(f"seat {first} (Ann):")[0] if f"seat {first} (Ann):" in out else out
    assert "stock: " in before and f"waiting for seat {first} (Ann)" in before, out
    assert "you left the table; your seat waits for you: " in out
    assert f"join {url}" in out.replace("'", "") and "--name Bob" in out


def test_early_joiners_and_spectators_are_told_whom_the_table_waits_for():
    import asyncio

    game = cardkit.load_game("gin-rummy", players=2)
    with ServerThread() as host:
        table = host.open("t", game.new_match(seed=2), (None, None))
        url = host.seat_url(table, 0)

        async def arrive():
            seat = await raw_client(url, {"type": "hello", "protocol": 1,
                                          "token": url.split("#")[1], "name": "Ann\x07  Lee"})
            watcher = await raw_client(url, {"type": "hello", "protocol": 1,
                                             "role": "spectator"})
            told = []
            for socket in (seat, watcher):
                state = await receive(socket, "state")
                event = await receive(socket, "event")
                told.append(event["text"])
            await seat.close()
            await watcher.close()
            return told, state

        told, state = asyncio.run(arrive())
    assert told == ["waiting for seat 1 to join"] * 2
    assert state["names"] == ["Ann Lee", "player"]  # printable, spaces folded
