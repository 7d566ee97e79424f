"""The WebSocket server: one process, any number of tables, each at ``ws://HOST:PORT/TABLE``.

::

    server = Server(host="127.0.0.1", port=0)
    table = server.open_table("tonk", match, bots=(None, "greedy"))
    await server.start()
    print(server.seat_address(table, 0))        # ws://127.0.0.1:PORT/tonk#TOKEN
    await server.wait_finished()

A connection has ``hello_timeout`` seconds to say hello and is closed after ``idle_timeout``
seconds without a message (the client library pings well within it). Frames above
:data:`~cardkit.net.protocol.MAX_FRAME` close the connection at the WebSocket layer; messages
above :data:`~cardkit.net.protocol.MAX_MESSAGE` are refused with a line and the connection stays.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardkit.frontends.net.logline import BackgroundLog
from cardkit.frontends.net.protocol import (
    CLOSE_IDLE,
    CLOSE_REFUSED,
    MAX_FRAME,
    MAX_MESSAGE,
    PROTOCOL_VERSION,
    MessageError,
    dump,
    load,
    printable,
    seat_address,
    seconds,
)
from cardkit.frontends.net.saving import DiskWriter
from cardkit.frontends.net.store import new_tokens
from cardkit.frontends.net.table import KEEP_HANDS, Peer, RateLimit, Refusal, Table
from cardkit.services.search.roster import is_import_path

if TYPE_CHECKING:
    from cardkit.engine.match import Match

__all__ = ["Server", "check_protocol"]

_LOGGER = logging.getLogger("cardkit.frontends.net.server")
_LOGGER.addHandler(logging.NullHandler())
_LOGGER.propagate = False


def check_protocol(version: Any) -> None:
    """:class:`Refusal` with the reason unless a hello's ``protocol`` is the version spoken
    here (a whole number: ``"1"``, a text, is refused as such)."""
    if version is None:
        raise Refusal(f"a hello needs 'protocol': {PROTOCOL_VERSION} (the protocol version, "
                      "a whole number)")
    if isinstance(version, bool) or not isinstance(version, int):
        raise Refusal(f"'protocol' must be a whole number (this server speaks "
                      f"{PROTOCOL_VERSION}), not {printable(json_text(version))[:20]}")
    if version != PROTOCOL_VERSION:
        raise Refusal(f"protocol version {version} is not spoken here: this server speaks "
                      f"version {PROTOCOL_VERSION}")


def json_text(value: Any) -> str:
    """``value`` as JSON writes it (``"1"`` for a text, so it reads as one)."""
    import json

    return json.dumps(value, ensure_ascii=False)


class Server:
    """Hosts tables over WebSocket on ``host:port`` (port 0: any free port)."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, *,
                 hello_timeout: float = 10.0, idle_timeout: float = 900.0,
                 rate: float = 20.0, burst: float = 40.0, bot_threads: int = 2,
                 log: Callable[[str], None] | None = None) -> None:
        self.host = host
        self.port = port
        self.hello_timeout = seconds(hello_timeout, "hello_timeout", 0.001)
        self.idle_timeout = seconds(idle_timeout, "idle_timeout", 0.001)
        self.rate = seconds(rate, "rate", 0.001, 10**6)
        self.burst = seconds(burst, "burst", 1, 10**6)
        self.tables: dict[str, Table] = {}
        self.executor = ThreadPoolExecutor(max_workers=bot_threads,
                                           thread_name_prefix="cardkit-bot")
        # saves are written by a thread, off the event loop (made when the loop runs)
        self.writer: DiskWriter | None = None
        # the log is written by a thread: output nobody reads must not stall the tables
        self._log = None if log is None else BackgroundLog(log)
        self.log: Callable[[str], None] = self._log or (lambda line: None)
        self._server: Any = None

    # ----- tables -----------------------------------------------------------------------------

    def open_table(self, name: str, match: Match, bots: Sequence[str | None], *,
                   tokens: Sequence[str | None] | None = None, save: str | Path | None = None,
                   replace_after: float | None = None, replace_bot: str | None = None,
                   think: float | None = None, playouts: int | None = None,
                   keep_hands: int | None = KEEP_HANDS,
                   claim_seconds: float | None = None) -> Table:
        """Host ``match`` at ``/name``: ``bots[seat]`` names the bot of a bot seat (None: a
        person's seat, which gets a fresh secret token unless ``tokens`` gives the saved ones);
        ``think`` (seconds) or ``playouts`` a move is the budget of the bots that search.
        ``save``: the file written after every move; ``keep_hands``: the hands held in memory
        (None: all; the others are on disk, or gone without ``save``); ``claim_seconds``: a
        claim window asks every seat that may claim at once and waits this long for them
        (None: seat after seat, without a limit). Call inside the running event loop."""
        if name in self.tables:
            raise ValueError(f"there is already a table {name!r}")
        if replace_after is not None:
            seconds(replace_after, "replace_after", 0)
        if think is not None:
            seconds(think, "think", 0.001)
        if claim_seconds is not None:
            seconds(claim_seconds, "claim_seconds", 0)
        if "/" in name or not name:
            raise ValueError(f"{name!r} cannot name a table")
        players = match.game.players
        if len(bots) != players:
            raise ValueError(f"bots: expected one entry per seat ({players})")
        valid = match.game.definition.agent_names
        for bot in bots:
            if bot is not None and bot not in valid and not is_import_path(bot):
                raise ValueError(f"{match.game.name} has no bot {bot!r}; bots: {', '.join(valid)}")
        chosen = tuple(tokens) if tokens is not None else new_tokens(players, bots)
        table = Table(name, match, chosen, tuple(bots), save=save,
                      replace_after=replace_after, replace_bot=replace_bot, think=think,
                      playouts=playouts, executor=self.executor,
                      writer=self._writer() if save else None, keep_hands=keep_hands,
                      log=self.log, claim_seconds=claim_seconds)
        table.idle_timeout = self.idle_timeout
        self.tables[name] = table
        return table

    def _writer(self) -> DiskWriter:
        if self.writer is None:
            self.writer = DiskWriter(asyncio.get_running_loop())
        return self.writer

    def table_address(self, table: Table) -> str:
        """The table's public address (spectators)."""
        host = self.host
        if host in ("", "0.0.0.0", "::"):
            host = socket.gethostname()
        if ":" in host:
            host = f"[{host}]"
        return f"ws://{host}:{self.port}/{table.name}"

    def seat_address(self, table: Table, seat: int) -> str:
        """The secret address of a person's seat."""
        token = table.seats[seat].token
        if token is None:
            raise ValueError(f"seat {seat} is a bot's")
        return seat_address(self.table_address(table), token)

    # ----- running ----------------------------------------------------------------------------

    async def start(self) -> None:
        """Bind and listen (``self.port`` is then the real port)."""
        from websockets.asyncio.server import serve

        self._server = await serve(self._handle, self.host, self.port, max_size=MAX_FRAME,
                                   compression=None, ping_interval=20, ping_timeout=20,
                                   logger=_LOGGER)
        self.port = self._server.sockets[0].getsockname()[1]

    async def wait_finished(self, grace: float = 5.0) -> None:
        """Wait until every table's match is over, then up to ``grace`` seconds for the players
        to leave."""
        await asyncio.gather(*(table.finished.wait() for table in self.tables.values()))
        deadline = asyncio.get_running_loop().time() + grace
        while any(table.peers() for table in self.tables.values()):
            if asyncio.get_running_loop().time() >= deadline:
                break
            await asyncio.sleep(0.05)

    async def close(self) -> None:
        """Close every table (once its last save is written) and stop listening."""
        savers = [table.saver.wait() for table in self.tables.values() if table.saver]
        if savers:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.gather(*savers), 30)
        for table in self.tables.values():
            table.close()
        await asyncio.sleep(0)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self.executor.shutdown(wait=False, cancel_futures=True)
        if self.writer is not None:
            self.writer.close()
        if self._log is not None:
            await asyncio.to_thread(self._log.close)

    async def _handle(self, connection: Any) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            raw = await asyncio.wait_for(connection.recv(), self.hello_timeout)
        except TimeoutError:
            await connection.close(CLOSE_IDLE, "no hello in time")
            return
        except ConnectionClosed:
            return
        name = connection.request.path.split("?")[0].strip("/")
        table = self.tables.get(name)
        try:
            size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "replace"))
            if size > MAX_MESSAGE:
                raise Refusal(f"hello too big ({size} bytes; the limit is {MAX_MESSAGE})")
            hello = load(raw)
            if hello["type"] != "hello":
                raise Refusal("say hello first: {\"type\": \"hello\", \"protocol\": "
                              f"{PROTOCOL_VERSION}, ...}}")
            check_protocol(hello.get("protocol"))
            if table is None:
                raise Refusal(f"there is no table {name[:40]!r} on this server")
            peer = Peer(connection, RateLimit(self.rate, self.burst))
            try:
                table.admit(peer, hello)
            except Refusal:
                await peer.finish()
                raise
        except (Refusal, MessageError) as refusal:
            reason = printable(str(refusal))
            try:
                await connection.send(dump({"type": "refused", "reason": reason}))
                await connection.close(CLOSE_REFUSED, reason[:120])
            except ConnectionClosed:
                pass
            return
        try:
            await peer.ready.wait()  # the welcome waits for a save in progress: so do moves
            # one deadline moved on at each message (wait_for would make a task per message)
            loop = asyncio.get_running_loop()
            async with asyncio.timeout(self.idle_timeout) as idle:
                while True:
                    raw = await connection.recv()
                    delay = peer.rate.delay()
                    if delay > 0:
                        table.slow_down(peer)
                        await asyncio.sleep(delay)
                    table.receive(peer, raw)
                    idle.reschedule(loop.time() + self.idle_timeout)
        except TimeoutError:
            peer.close(CLOSE_IDLE, "idle for too long")
        except ConnectionClosed:
            pass
        finally:
            table.leave(peer)
            peer.close(1000, "goodbye")
            # let queued messages (a refusal, a close code) go out before the writer stops
            with contextlib.suppress(TimeoutError, asyncio.CancelledError, Exception):
                await asyncio.wait_for(asyncio.shield(peer.writer), 2.0)
            await peer.finish()
