"""Helpers of the network tests: a server in a background thread, raw protocol clients,
`cardkit serve` and `cardkit join` as processes, and a scripted player on the client API.
Everything listens on 127.0.0.1 and every wait is bounded."""

from __future__ import annotations

import asyncio
import json
import os
import queue
import shlex
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardkit.engine.match import Match
from cardkit.frontends.net import Connection, RemoteMatch
from cardkit.frontends.net.server import Server
from cardkit.frontends.net.table import Table

WAIT = 60.0  # generous: the machine is shared; every wait still ends


class ServerThread:
    """A :class:`Server` on its own event loop in a daemon thread."""

    def __init__(self, **options: Any) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server: Server = self.call(self._make(options))
        self.call(self.server.start())

    @staticmethod
    async def _make(options: dict[str, Any]) -> Server:
        options.setdefault("host", "127.0.0.1")
        return Server(**options)

    def call(self, coroutine: Any) -> Any:
        """Run a coroutine on the server's loop and return its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(WAIT)

    def run(self, function: Callable[[], Any]) -> Any:
        """Run a plain function on the server's loop."""
        async def wrapped() -> Any:
            return function()
        return self.call(wrapped())

    def open(self, name: str, match: Match, bots: Sequence[str | None], **options: Any) -> Table:
        """Open a table (on the loop)."""
        return self.run(lambda: self.server.open_table(name, match, bots, **options))

    def seat_url(self, table: Table, seat: int) -> str:
        return self.server.seat_address(table, seat)

    def url(self, table: Table) -> str:
        return self.server.table_address(table)

    def close(self) -> None:
        try:
            self.call(self.server.close())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)

    def __enter__(self) -> ServerThread:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


async def raw_client(url: str, hello: dict[str, Any] | None) -> Any:
    """A bare websockets client to the table of ``url`` (fragment dropped), hello sent."""
    from websockets.asyncio.client import connect

    base = url.split("#")[0]
    socket = await connect(base, open_timeout=WAIT, close_timeout=2)
    if hello is not None:
        await socket.send(json.dumps(hello))
    return socket


async def receive(socket: Any, kind: str | None = None, timeout: float = WAIT) -> dict[str, Any]:
    """The next message (of type ``kind``, skipping others)."""
    deadline = time.monotonic() + timeout
    while True:
        text = await asyncio.wait_for(socket.recv(), max(0.01, deadline - time.monotonic()))
        message = json.loads(text)
        if kind is None or message["type"] == kind:
            return message


def play_moves(match: Match, moves: int = 1) -> None:
    """Play ``moves`` moves of ``match`` here, on the server's side (each the first legal move
    that is not a drop, so a Tonk hand lasts), starting the next hand when one is over."""
    for _ in range(moves):
        state = match.current
        if state.is_over:
            match.next_hand()
            state = match.current
        legal = state.legal_actions()
        state.apply(next((a for a in legal if a.kind != "drop"), legal[0]))


def play_remote(match: RemoteMatch, choose: Callable[[list[Any]], Any] | None = None,
                stop: Callable[[RemoteMatch], bool] | None = None) -> None:
    """Play ``match``'s seat to the end of the match through the client API (the first legal
    move unless ``choose`` says otherwise), or until ``stop(match)``."""
    deadline = time.monotonic() + 4 * WAIT
    while time.monotonic() < deadline:
        if stop is not None and stop(match):
            return
        state = match.current
        if state.is_over:
            if match.next_hand() is None:
                return
            continue
        legal = state.legal_actions()
        if state.current_player == match.seat and legal:
            state.apply(choose(legal) if choose else legal[0])
        else:
            match.pump()
    raise AssertionError("the match did not end in time")


def connect_remote(url: str, **options: Any) -> RemoteMatch:
    """A client API connection and its remote match."""
    connection = Connection(url, **options)
    return RemoteMatch(connection, connection.open(), wait_for_start=False)


class PlayerThread(threading.Thread):
    """:func:`play_remote` in a thread; ``error`` holds what went wrong."""

    def __init__(self, url: str, **options: Any) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.options = options
        self.error: BaseException | None = None
        self.match: RemoteMatch | None = None

    def run(self) -> None:
        try:
            self.match = connect_remote(self.url)
            play_remote(self.match, **self.options)
        except BaseException as error:  # reported by the test
            self.error = error
        finally:
            if self.match is not None:
                self.match.close()


def cardkit(*args: str) -> list[str]:
    """The command line of ``cardkit ARGS`` with this interpreter."""
    return [sys.executable, "-m", "cardkit_cli", *args]


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env["NO_COLOR"] = "1"
    env["COLUMNS"] = "100"
    env["PYTHONUNBUFFERED"] = "1"
    return env


class ServeProcess:
    """``cardkit serve ...`` as a process; its output lines are read in a thread."""

    def __init__(self, *args: str, cwd: str | None = None,
                 env: dict[str, str] | None = None) -> None:
        self.process = subprocess.Popen(cardkit("serve", *args), stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True, cwd=cwd,
                                        env=env or environment())
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        self.seats: dict[int, str] = {}
        #: the printed lines as printed ("seat 0: CARDKIT join URL"), and their CARDKIT
        self.join_lines: dict[int, str] = {}
        self.command = ""
        self.watch = ""
        while not self.watch:
            line = self.next_line()
            if line.startswith("seat ") and " join " in line:
                number, _, shell = line[5:].partition(": ")
                words = shlex.split(shell)
                assert words[-2] == "join", line
                self.seats[int(number)] = words[-1]
                self.join_lines[int(number)] = shell
                self.command = " ".join(words[:-2])
            elif line.startswith("watch: ") and " watch ws" in line:
                self.watch = line.split()[-1]

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)  # the end of the output

    def next_line(self) -> str:
        try:
            line = self.lines.get(timeout=WAIT)
        except queue.Empty:
            self.kill()
            raise AssertionError("cardkit serve said nothing in time: " + repr(self.seen)) \
                from None
        if line is None:
            self.lines.put(None)
            raise AssertionError("cardkit serve stopped: " + "\n".join(self.seen))
        self.seen.append(line)
        return line

    @property
    def port(self) -> int:
        return int(self.watch.split(":")[2].split("/")[0])

    def wait(self) -> int:
        try:
            return self.process.wait(WAIT)
        except subprocess.TimeoutExpired:
            self.kill()
            raise

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(WAIT)

    def output(self) -> str:
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                line = None
            if line is None:
                return "\n".join(self.seen)
            self.seen.append(line)
