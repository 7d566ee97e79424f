"""One client connection as the server sees it: its outgoing queue and its rate limit.

Sends never block a table: a message is queued and a writer task sends it; a connection too far
behind is closed (it reconnects and gets the table afresh). A flood is slowed down, not dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

import attrs

from cardkit.frontends.net.protocol import dump

__all__ = ["MAX_BACKLOG", "Peer", "RateLimit"]

#: Messages queued for one connection beyond which it is dropped as too slow (it reconnects
#: and gets the table afresh).
MAX_BACKLOG = 512

@attrs.define
class RateLimit:
    """A token bucket: ``rate`` messages a second on average, bursts of ``burst``. A flood is
    slowed down, not dropped: the server stops reading the connection until its turn comes
    (so TCP holds the sender back and no move is lost)."""

    rate: float = 20.0
    burst: float = 40.0
    tokens: float | None = None
    stamp: float = attrs.field(factory=time.monotonic)
    warned: float = -10.0

    def delay(self) -> float:
        """Take one message; the seconds to wait before handling it (0 within the rate)."""
        now = time.monotonic()
        tokens = self.burst if self.tokens is None else self.tokens
        self.tokens = min(self.burst, tokens + (now - self.stamp) * self.rate) - 1
        self.stamp = now
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate

    def should_warn(self) -> bool:
        """True at most once a second while a flood lasts (so warnings do not flood back)."""
        now = time.monotonic()
        if now - self.warned >= 1.0:
            self.warned = now
            return True
        return False


class Peer:
    """One client connection: its outgoing queue (sends never block the table), its rate limit,
    and who it is (a seat number, or None for a spectator)."""

    def __init__(self, connection: Any, rate: RateLimit | None = None) -> None:
        self.connection = connection
        self.seat: int | None = None
        self.rate = rate or RateLimit()
        self.closed = False
        #: set once the table has sent the welcome (nothing goes out, and nothing from the
        #: client is read, before it), or once the connection is closing
        self.ready = asyncio.Event()
        #: a hint is being worked out for this connection
        self.hinting = False
        self.outbox: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue()
        self.writer = asyncio.get_running_loop().create_task(self._write())

    @property
    def welcomed(self) -> bool:
        """True once the table has sent this connection its welcome."""
        return self.ready.is_set() and not self.closed

    def post(self, message: dict[str, Any]) -> None:
        """Queue a message (dropped once the connection is closing)."""
        if self.closed:
            return
        if self.outbox.qsize() >= MAX_BACKLOG:
            self.close(1013, "too far behind: reconnect")
            return
        self.outbox.put_nowait(dump(message))

    def close(self, code: int, reason: str) -> None:
        """Close after the messages already queued."""
        if not self.closed:
            self.closed = True
            self.ready.set()
            self.outbox.put_nowait((code, reason[:120]))

    async def _write(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            while True:
                item = await self.outbox.get()
                if isinstance(item, tuple):
                    await self.connection.close(*item)
                    return
                await self.connection.send(item)
        except ConnectionClosed:
            self.closed = True

    async def finish(self) -> None:
        """Stop the writer (the connection is over)."""
        self.closed = True
        if not self.writer.done():
            self.writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.writer
