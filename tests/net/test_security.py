"""Nobody takes a seat that is not theirs, and no message breaks a table: tokens, take-over,
malformed and oversized messages, moves out of turn or for another seat, floods, idle
connections. In-process server on 127.0.0.1 with raw protocol clients."""

from __future__ import annotations

import asyncio
import json

import pytest

import cardkit
from cardkit.frontends.net.protocol import (
    CLOSE_IDLE,
    CLOSE_REFUSED,
    CLOSE_REPLACED,
    MAX_MESSAGE,
    PROTOCOL_VERSION,
)
from cardkit.frontends.net.server import Server
from tests.net.helpers import WAIT, raw_client, receive

HELLO = {"type": "hello", "protocol": PROTOCOL_VERSION}


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 3 * WAIT))


async def _server(**options):
    server = Server("127.0.0.1", 0, **options)
    game = cardkit.load_game("tonk", players=2)
    table = server.open_table("t", game.new_match(seed=5, hands=3), (None, None))
    await server.start()
    return server, table


async def _seat(server, table, seat):
    url = server.seat_address(table, seat)
    socket = await raw_client(url, {**HELLO, "token": url.split("#")[1]})
    welcome = await receive(socket, "welcome")
    assert welcome["seat"] == seat
    return socket


async def _closed(socket):
    from websockets.exceptions import ConnectionClosed

    try:
        while True:
            await asyncio.wait_for(socket.recv(), WAIT)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None


def test_wrong_token_gets_one_line_and_nothing_else():
    async def main():
        server, table = await _server()
        try:
            socket = await raw_client(server.table_address(table), {**HELLO, "token": "x" * 22})
            refusal = json.loads(await asyncio.wait_for(socket.recv(), WAIT))
            assert refusal == {"type": "refused",
                               "reason": refusal["reason"]}
            assert refusal["reason"].startswith("wrong token") and "\n" not in refusal["reason"]
            assert await _closed(socket) == CLOSE_REFUSED
            # a token with odd characters is compared like any other, and refused
            socket = await raw_client(server.table_address(table), {**HELLO, "token": "é\udcff"})
            assert (await receive(socket))["type"] == "refused"
        finally:
            await server.close()
    run(main())


def test_no_token_wrong_protocol_unknown_table_and_no_hello():
    async def main():
        server, table = await _server(hello_timeout=0.5)
        try:
            cases = [({**HELLO}, "no seat token"),
                     ({**HELLO, "token": 7}, "no seat token"),
                     ({"type": "hello", "protocol": 99, "token": "a"}, "protocol version 99"),
                     ({"type": "move", "move": "drop"}, "say hello first")]
            for hello, words in cases:
                socket = await raw_client(server.table_address(table), hello)
                refusal = await receive(socket)
                assert refusal["type"] == "refused" and words in refusal["reason"], refusal
                assert await _closed(socket) == CLOSE_REFUSED
            socket = await raw_client(server.table_address(table).replace("/t", "/nope"), HELLO)
            assert "no table 'nope'" in (await receive(socket))["reason"]
            socket = await raw_client(server.table_address(table), None)
            assert await _closed(socket) == CLOSE_IDLE
        finally:
            await server.close()
    run(main())


def test_a_token_with_a_lone_surrogate_and_a_protocol_given_as_text_are_refused_with_a_reason():
    async def main():
        server, table = await _server()
        try:
            cases = [({**HELLO, "token": "\ud800"}, "not valid text"),
                     ({**HELLO, "token": "ab\ud800cd" * 3}, "lone surrogate"),
                     ({"type": "hello", "protocol": "1", "token": "a"},
                      "'protocol' must be a whole number (this server speaks 1), not \"1\""),
                     ({"type": "hello", "protocol": "\udc00", "token": "a"},
                      "must be a whole number"),
                     ({"type": "hello", "protocol": True, "token": "a"}, "not true"),
                     ({"type": "hello", "token": "a"}, "a hello needs 'protocol': 1")]
            for hello, words in cases:
                socket = await raw_client(server.table_address(table), hello)
                refusal = await receive(socket)
                assert refusal["type"] == "refused" and words in refusal["reason"], refusal
                assert "is not spoken here" not in refusal["reason"]
                assert await _closed(socket) == CLOSE_REFUSED
            # the table still seats its players, and a move id or text with a lone surrogate
            # gets an answer, not a broken connection
            socket = await _seat(server, table, 0)
            await socket.send(json.dumps({"type": "move", "move": "draw \ud800", "id": "\ud800"}))
            answer = await receive(socket, "refused")
            assert answer["id"] == "\\ud800", answer
        finally:
            await server.close()
    run(main())


def test_a_second_connection_with_the_token_takes_the_seat_and_the_first_is_told():
    async def main():
        server, table = await _server()
        try:
            first = await _seat(server, table, 0)
            second = await _seat(server, table, 0)
            replaced = await receive(first, "replaced")
            assert "taken over by a new connection" in replaced["reason"]
            assert await _closed(first) == CLOSE_REPLACED
            assert table.seats[0].peer is not None
            # the new connection plays the seat
            await second.send(json.dumps({"type": "ping", "id": 3}))
            assert (await receive(second, "pong"))["id"] == 3
        finally:
            await server.close()
    run(main())


def test_bad_messages_are_refused_and_the_table_plays_on():
    async def main():
        server, table = await _server()
        try:
            sockets = [await _seat(server, table, 0), await _seat(server, table, 1)]
            states = [await receive(socket, "state") for socket in sockets]
            while not states[0]["started"]:  # the table again, once everyone is here
                states = [await receive(socket, "state") for socket in sockets]
            mover = states[0]["view"]["current_player"]
            zero, one = sockets[mover], sockets[1 - mover]
            state = states[mover]
            assert state["legal"]
            bad = ["{not json", "[1, 2]", json.dumps({"kind": "move"}),
                   json.dumps({"type": "dance"}), json.dumps({"type": "hello", **HELLO}),
                   json.dumps({"type": "move", "move": "x" * (MAX_MESSAGE + 10)}), b"\x00\x01"]
            for message in bad:
                await zero.send(message)
                reply = await receive(zero, "error")
                assert reply["type"] == "error" and "\n" not in reply["reason"], reply
            assert "too big" in reply["reason"] or "binary" in reply["reason"]
            before = table.match.current.snapshot()
            await one.send(json.dumps({"type": "move", "move": "drop", "id": 1}))
            out_of_turn = await receive(one, "refused")
            assert out_of_turn["reason"] == f"it is not your turn: seat {mover} is to play"
            await one.send(json.dumps({"type": "move", "move": "drop", "seat": mover, "id": 2}))
            assert "another seat" in (await receive(one, "refused"))["reason"]
            await zero.send(json.dumps({"type": "move", "move": "discard ZZ", "id": 3}))
            unreadable = await receive(zero, "refused")
            await zero.send(json.dumps({"type": "move", "move": "discard KH", "id": 4}))
            illegal = await receive(zero, "refused")
            # the engine's own reason, as at the terminal
            with pytest.raises(cardkit.IllegalAction) as error:
                table.match.current.apply("discard KH")
            assert illegal["reason"] == str(error.value) and unreadable["reason"]
            await zero.send(json.dumps({"type": "move", "move": "draw stock", "id": 5,
                                        "hand": 0, "step": 99}))
            assert "moved on" in (await receive(zero, "refused"))["reason"]
            assert table.match.current.snapshot() == before
            # the table still plays
            await zero.send(json.dumps({"type": "move", "move": state["legal"][-1], "id": 6}))
            assert (await receive(zero, "accepted"))["id"] == 6
            assert len(table.match.current.history) == 1
        finally:
            await server.close()
    run(main())


def test_a_flood_is_slowed_down_and_nothing_is_lost():
    async def main():
        server, table = await _server(rate=10, burst=5)
        try:
            zero = await _seat(server, table, 0)
            started = asyncio.get_running_loop().time()
            for number in range(30):
                await zero.send(json.dumps({"type": "ping", "id": number}))
            replies = []
            while len([r for r in replies if r["type"] == "pong"]) < 30:
                replies.append(await receive(zero))
            elapsed = asyncio.get_running_loop().time() - started
            pongs = [r["id"] for r in replies if r["type"] == "pong"]
            errors = [r for r in replies if r["type"] == "error"]
            assert pongs == list(range(30))  # every one answered, in order
            assert elapsed >= (30 - 5) / 10 * 0.9  # at the rate, not at once
            assert 1 <= len(errors) <= 5 and "too many messages" in errors[0]["reason"]
        finally:
            await server.close()
    run(main())


def test_an_idle_connection_is_closed_and_a_spectator_cannot_move():
    async def main():
        server, table = await _server(idle_timeout=1.0)
        try:
            watcher = await raw_client(server.table_address(table),
                                       {**HELLO, "role": "spectator"})
            welcome = await receive(watcher, "welcome")
            assert welcome["seat"] is None and welcome["idle_timeout"] == 1.0
            await watcher.send(json.dumps({"type": "move", "move": "drop"}))
            assert (await receive(watcher, "refused"))["reason"] == "spectators cannot move"
            assert await _closed(watcher) == CLOSE_IDLE
        finally:
            await server.close()
    run(main())
