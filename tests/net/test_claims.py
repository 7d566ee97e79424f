"""Claim windows at a served table (contract rummy's buying): with ``claim_seconds`` every seat
that may claim is asked at once, a seat that does not answer in time passes, the answers are
settled by priority into the moves asking seat after seat records, bots answer by themselves,
and the line-mode client shows the offer to the seat asked. Loopback only, every wait bounded."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from cardkit_cli.join import remote_session

import cardkit
from cardkit.frontends.net.server import Server
from tests.net.helpers import (
    WAIT,
    ServerThread,
    connect_remote,
    play_remote,
    raw_client,
    receive,
)

GAME = cardkit.load_game("contract-rummy", players=4)
SEED = 5


def _offer():
    """The card on offer once seat 0 draws from the stock at the deal (asked: seats 1 and 2;
    seat 3 threw it)."""
    state = GAME.new_match(seed=SEED).current
    assert state.current_player == 0
    state.apply("draw stock")
    window = state.claim_window
    assert window.waiting == (1, 2)
    return window.card


async def _seated(host, table, seats=range(GAME.players)):
    sockets = []
    for seat in seats:
        url = host.seat_url(table, seat)
        sockets.append(await raw_client(url, {"type": "hello", "protocol": 1,
                                              "token": url.split("#")[1]}))
    for socket in sockets:
        await receive(socket, "welcome")
    return sockets


async def _state_with(socket, test):
    """The next state message that passes ``test``."""
    deadline = time.monotonic() + WAIT
    while True:
        message = await receive(socket, "state", max(0.01, deadline - time.monotonic()))
        if test(message):
            return message


def _moves(host, table):
    return host.run(lambda: [(seat, str(action))
                             for seat, action in table.match.current.history])


def test_every_waiting_seat_is_asked_at_once_and_priority_settles_it():
    card = _offer()
    with ServerThread() as host:
        table = host.open("t", GAME.new_match(seed=SEED), (None,) * 4, claim_seconds=30)

        async def play():
            sockets = await _seated(host, table)
            await _state_with(sockets[0], lambda m: m["legal"])
            await sockets[0].send('{"type": "move", "move": "draw stock", "id": 1}')
            offers = [await _state_with(sockets[seat], lambda m: m["step"] == 1)
                      for seat in range(4)]
            # the second in priority buys first: kept, not played, until seat 1 answers
            await sockets[2].send(f'{{"type": "move", "move": "buy {card}", "id": 2}}')
            kept = await receive(sockets[2], "accepted")
            await sockets[2].send('{"type": "move", "move": "pass", "id": 3}')
            again = await receive(sockets[2], "refused")
            middle = _moves(host, table)
            await sockets[1].send('{"type": "move", "move": "pass", "id": 4}')
            resumed = await _state_with(sockets[0], lambda m: m["legal"])
            for socket in sockets:
                await socket.close()
            return offers, kept, again, middle, resumed

        offers, kept, again, middle, resumed = asyncio.run(play())
        moves = _moves(host, table)
    for seat in (1, 2):  # both asked in the same moment, though the engine asks seat 1 first
        assert offers[seat]["legal"] == [f"buy {card}", "pass"]
        assert offers[seat]["claim"]["card"] == str(card) and not offers[seat]["claim"]["answered"]
        assert 0 < offers[seat]["claim"]["seconds"] <= 30
        assert "s to answer; no answer passes" in offers[seat]["prompt"]
    assert offers[0]["legal"] == offers[3]["legal"] == []
    assert "claim" not in offers[0] and "claim" not in offers[3]
    assert kept["answered"] is True and kept["move"] == f"buy {card}"
    assert again["reason"].startswith("you have answered")
    assert middle == [(0, "draw stock")]  # nothing played while seat 1 may still buy
    # the record asking seat after seat would make: seat 1 passed, seat 2 bought
    assert moves[:3] == [(0, "draw stock"), (1, "pass"), (2, f"buy {card}")]
    assert resumed["view"]["phase"] == "play"  # seat 0 drew its card and plays on


def test_a_seat_that_does_not_answer_in_time_passes():
    _offer()
    with ServerThread() as host:
        table = host.open("t", GAME.new_match(seed=SEED), (None,) * 4, claim_seconds=0.3)

        async def play():
            sockets = await _seated(host, table)
            await _state_with(sockets[0], lambda m: m["legal"])
            started = time.monotonic()
            await sockets[0].send('{"type": "move", "move": "draw stock", "id": 1}')
            await _state_with(sockets[1], lambda m: m["step"] == 1)
            await _state_with(sockets[0], lambda m: m["legal"])
            waited = time.monotonic() - started
            await sockets[1].send('{"type": "move", "move": "pass", "step": 1, "id": 2}')
            late = await receive(sockets[1], "refused")
            for socket in sockets:
                await socket.close()
            return waited, late

        waited, late = asyncio.run(play())
        moves = _moves(host, table)
    assert moves[:3] == [(0, "draw stock"), (1, "pass"), (2, "pass")]
    assert 0.25 <= waited < WAIT
    assert "earlier moment" in late["reason"]


def test_bots_answer_a_window_by_themselves_and_the_table_plays_on():
    with ServerThread() as host:
        table = host.open("t", GAME.new_match(seed=SEED), (None, "greedy", "random", None),
                          claim_seconds=30)

        async def play():
            sockets = await _seated(host, table, (0, 3))
            await _state_with(sockets[0], lambda m: m["legal"])
            started = time.monotonic()
            await sockets[0].send('{"type": "move", "move": "draw stock", "id": 1}')
            resumed = await _state_with(sockets[0], lambda m: m["legal"])
            waited = time.monotonic() - started
            for socket in sockets:
                await socket.close()
            return resumed, waited

        resumed, waited = asyncio.run(play())
        moves = _moves(host, table)
    assert waited < 10  # well before the 30 s limit: nobody waited for the time to run out
    assert moves[0] == (0, "draw stock")
    answers = moves[1:]
    assert answers and answers[0][0] == 1 and all(a in ("pass",) or a.startswith("buy ")
                                                   for _, a in answers[:2])
    assert resumed["view"]["phase"] == "play"


def test_the_line_mode_client_shows_the_offer_to_the_seat_asked(capsys):
    card = _offer()

    class Script:
        interactive = False

        def __init__(self):
            self.prompts = []

        def read(self, prompt):
            self.prompts.append(prompt)
            if len(self.prompts) == 1:
                return "pass"
            raise KeyboardInterrupt

        def wait(self, prompt):
            return ""

    with ServerThread() as host:
        table = host.open("t", GAME.new_match(seed=SEED), (None, None, "random", "random"),
                          claim_seconds=30)
        session = seat_one_plays(host, table, lambda session: Script())
        moves = _moves(host, table)
    out = capsys.readouterr().out
    assert "Traceback" not in out
    assert f"buy {card}" in out and "s to answer; no answer passes" in out
    assert session.reader.prompts and moves[1] == (1, "pass")


def seat_one_plays(host, table, reader):
    """Seat 1's line-mode session at ``table``, its input from ``reader(session)``, played
    until it stops (SystemExit) while seat 0 plays its first legal move each turn (the first
    is "draw stock"); returns the session."""
    mover = connect_remote(host.seat_url(table, 0))
    session, match = remote_session(host.seat_url(table, 1), None, spectator=False)
    session.reader = reader(session)
    done = threading.Event()
    thread = threading.Thread(target=play_remote, daemon=True, kwargs=dict(
        match=mover, stop=lambda _: done.is_set()))
    thread.start()
    try:
        with pytest.raises(SystemExit):
            session.run()
    finally:
        done.set()
        match.close()
        thread.join(WAIT)
        mover.close()
    return session


def test_the_claim_time_is_checked_when_a_table_opens():
    async def opening():
        server = Server(host="127.0.0.1", port=0)
        server.open_table("t", GAME.new_match(seed=1), (None,) * 4, claim_seconds=-1)

    with pytest.raises(ValueError, match="claim_seconds must be a number from 0"):
        asyncio.run(opening())


def test_a_line_mode_answer_after_the_time_is_up_is_told_and_the_game_goes_on(capsys):
    card = _offer()

    class Late:
        """Answers the offer once the table has passed for it; then notes what it is asked
        next, and stops."""

        interactive = False

        def __init__(self, host, table, session):
            self.host, self.table, self.session = host, table, session
            self.asked: list[tuple[str, list[str]]] = []

        def read(self, prompt):
            self.asked.append((prompt, [str(move) for move in self.session.match.current
                                        .legal_actions()]))
            if len(self.asked) == 1:
                deadline = time.monotonic() + WAIT
                while len(_moves(self.host, self.table)) < 3:  # seat 1 and 2 passed by time
                    assert time.monotonic() < deadline, "the window never closed"
                    time.sleep(0.02)
                return f"buy {card}"
            raise KeyboardInterrupt

        def wait(self, prompt):
            return ""

    with ServerThread() as host:
        table = host.open("t", GAME.new_match(seed=SEED), (None, None, "random", "random"),
                          claim_seconds=0.5)
        session = seat_one_plays(host, table, lambda session: Late(host, table, session))
        moves = _moves(host, table)
    out = capsys.readouterr().out
    assert "Traceback" not in out and "✗" not in out, out
    assert "· that move was for an earlier moment" in out, out
    assert moves[1] == (1, "pass")  # the time was up: no answer passed
    first, second = session.reader.asked[:2]
    assert first[1] == [f"buy {card}", "pass"]
    # asked again only when seat 1 has moves again (its own turn), not at the gone moment
    assert second[1] and second[1] != first[1]
