"""The wire refuses with its documented codes and one-line reasons, and a bug in a game's code
at a served table is reported as one: to the host's log with the traceback, to the seat as an
error, the table stopped and the server's other tables playing on. In-process server on
127.0.0.1 with raw protocol clients."""

from __future__ import annotations

import asyncio
import json
import math

import attrs
import pytest

import cardkit
from cardkit.actions import Action
from cardkit.frontends.net.protocol import CLOSE_DONE, CLOSE_REFUSED, MAX_MESSAGE, PROTOCOL_VERSION
from cardkit.frontends.net.server import Server
from cardkit.state import phases
from testgames.knock_rummy import KNOCK_RUMMY, KnockRummyState, discard_apply
from tests.net.helpers import WAIT, raw_client, receive
from tests.net.test_security import _closed, _seat, _server

HELLO = {"type": "hello", "protocol": PROTOCOL_VERSION}


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 3 * WAIT))


def test_a_ping_whose_id_is_a_lone_surrogate_is_answered_and_the_connection_stays():
    async def main():
        server, table = await _server()
        try:
            socket = await _seat(server, table, 0)
            await socket.send(json.dumps({"type": "ping", "id": "\ud800"}))
            assert (await receive(socket, "pong"))["id"] == "\\ud800"
            await socket.send(json.dumps({"type": "ping", "id": {"no": "id"}}))
            assert (await receive(socket, "pong"))["id"] is None
            await socket.send(json.dumps({"type": "ping", "id": 7}))
            assert (await receive(socket, "pong"))["id"] == 7
        finally:
            await server.close()
    run(main())


@pytest.mark.parametrize(("hello", "words"), [
    ('{"type": "hello", "protocol": 1, "token": "a", "n": ' + "9" * 5000 + "}",
     "hello too big"),
    (json.dumps({**HELLO, "token": "a", "padding": "x" * 60_000}), "hello too big"),
])
def test_a_hello_too_big_or_holding_a_huge_integer_is_refused_with_4001(hello, words):
    async def main():
        server, table = await _server()
        try:
            socket = await raw_client(server.table_address(table), None)
            await socket.send(hello)
            refusal = await receive(socket)
            assert refusal["type"] == "refused" and words in refusal["reason"], refusal
            assert "\n" not in refusal["reason"]
            assert await _closed(socket) == CLOSE_REFUSED
            # and a message too big after the hello is refused with a line, the seat kept
            seat = await _seat(server, table, 1)
            await seat.send(json.dumps({"type": "ping", "pad": "x" * MAX_MESSAGE}))
            assert "message too big" in (await receive(seat, "error"))["reason"]
        finally:
            await server.close()
    run(main())


@pytest.mark.parametrize("value", [math.nan, math.inf, -1.0, 10**9, "900", True])
def test_timeouts_that_are_no_finite_number_are_refused_before_serving(value):
    with pytest.raises(ValueError, match="idle_timeout must be a number from"):
        Server(idle_timeout=value)

    async def main():
        server = Server()
        game = cardkit.load_game("tonk", players=2)
        with pytest.raises(ValueError, match="replace_after must be a number from"):
            server.open_table("t", game.new_match(seed=1), (None, None), replace_after=value)
    run(main())


def test_the_welcome_holds_only_json_a_browser_reads():
    async def main():
        server, table = await _server(idle_timeout=30.5)
        try:
            url = server.seat_address(table, 0)
            socket = await raw_client(url, {**HELLO, "token": url.split("#")[1]})
            text = await asyncio.wait_for(socket.recv(), WAIT)

            def refuse(constant):
                raise AssertionError(f"{constant} is not JSON")
            welcome = json.loads(text, parse_constant=refuse)
            assert welcome["type"] == "welcome" and welcome["idle_timeout"] == 30.5
        finally:
            await server.close()
    run(main())


# ----- a bug in the game's code -----------------------------------------------------------------

def broken_discard(state: KnockRummyState, action: Action) -> None:
    """A rule with a bug: discarding raises (knocking still works)."""
    if action.kind == "discard":
        raise RuntimeError("the discard rule is broken")
    discard_apply(state, action)


class BrokenDiscardState(KnockRummyState):
    """Knock rummy whose discard phase applies :func:`broken_discard`."""

    PHASES = phases(
        KnockRummyState.PHASES["draw"],
        attrs.evolve(KnockRummyState.PHASES["discard"], apply=broken_discard),
    )


BROKEN = KNOCK_RUMMY.variant(name="broken-rummy", state_class=BrokenDiscardState)


def test_a_plugin_fault_at_a_served_table_is_the_plugins_bug_and_other_tables_play_on():
    lines: list[str] = []

    async def main():
        server = Server("127.0.0.1", 0, log=lines.append)
        broken = server.open_table("broken", BROKEN.configure(players=2).new_match(seed=3),
                                   (None, None))
        good = server.open_table("good", cardkit.load_game("tonk", players=2).new_match(seed=4),
                                 (None, None))
        await server.start()
        try:
            seats = [await _seat(server, broken, seat) for seat in (0, 1)]
            state = broken.match.current
            mover = seats[state.current_player]
            while state.phase != "discard":
                await mover.send(json.dumps({"type": "move", "id": 1,
                                             "move": str(state.legal_actions()[0])}))
                await receive(mover, "accepted")
            discard = next(a for a in state.legal_actions() if a.kind == "discard")
            await mover.send(json.dumps({"type": "move", "id": 2, "move": str(discard)}))
            error = await receive(mover, "error")
            assert "a bug in the code of the game broken-rummy" in error["reason"]
            assert "RuntimeError: the discard rule is broken" in error["reason"]
            assert "\n" not in error["reason"]
            assert await _closed(mover) == CLOSE_DONE  # the seat is not left to retry
            # nobody sits down at the stopped table again, and they are told why
            url = server.seat_address(broken, 0)
            again = await raw_client(url, {**HELLO, "token": url.split("#")[1]})
            assert "a bug in the code" in (await receive(again, "refused"))["reason"]
            assert broken.finished.is_set()
            # the other table plays on
            others = [await _seat(server, good, seat) for seat in (0, 1)]
            other = others[good.match.current.current_player]
            move = str(good.match.current.legal_actions()[0])
            await other.send(json.dumps({"type": "move", "id": 3, "move": move}))
            assert (await receive(other, "accepted"))["id"] == 3
        finally:
            await server.close()
    run(main())
    logged = "\n".join(lines)
    assert "[broken] a bug in the code of the game broken-rummy" in logged
    assert "Traceback (most recent call last)" in logged and "broken_discard" in logged
    assert "left the table" not in logged.split("a bug in the code")[0].splitlines()[-1]


def test_a_message_holding_a_huge_integer_is_a_message_error():
    from cardkit.frontends.net.protocol import MessageError, load

    with pytest.raises(MessageError, match="not a message: Exceeds the limit"):
        load('{"type": "ping", "id": ' + "9" * 5000 + "}")
