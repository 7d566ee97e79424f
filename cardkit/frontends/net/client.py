"""The client side of a table connection, for blocking programs (the play screen, scripts).

:class:`Connection` runs the WebSocket in a background thread with its own event loop: it says
hello (with the seat's token), keeps the link alive, and when the link drops it reconnects by
itself (with growing pauses, up to ``give_up_after`` seconds), saying which hand it last saw so
the server sends what it missed. The program reads the server's messages, in order, with
:meth:`Connection.receive` and sends with :meth:`Connection.send`.

Besides the server's messages (docs/protocol.md), ``receive`` returns two of its own:
``{"type": "lost"}`` when the link dropped (a reconnection is under way) and, when the
connection is over for good, it raises :class:`NetError` with the reason (a refusal, the seat
taken over by another connection, the table closed, the server unreachable).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from typing import Any

from cardkit.frontends.net.protocol import (
    CLOSE_DONE,
    FINAL_CLOSE_CODES,
    MAX_FRAME,
    PROTOCOL_VERSION,
    Address,
    MessageError,
    dump,
    load,
    parse_address,
)

__all__ = ["Connection", "NetError"]


class NetError(ValueError):
    """The connection to a table is over; the message says why, in one line."""


class Connection:
    """A connection to one table, as a seat (the address carries its token) or a spectator."""

    def __init__(self, address: str | Address, *, spectator: bool = False,
                 give_up_after: float = 120.0, open_timeout: float = 10.0,
                 name: str | None = None) -> None:
        self.address = parse_address(address) if isinstance(address, str) else address
        #: what the person at this seat is called (sent in the hello; the table shows it)
        self.name = name
        self.spectator = spectator or self.address.token is None
        self.give_up_after = give_up_after
        self.open_timeout = open_timeout
        #: the last hand the program has seen (sent in the hello after a reconnection)
        self.hand: int | None = None
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._socket: Any = None
        self._stop: asyncio.Event | None = None
        self._thread: threading.Thread | None = None
        self._finished: str | None = None
        self._sending: set[asyncio.Future[None]] = set()
        #: how many times the server has welcomed this connection (each welcome message
        #: carries its number as "generation")
        self.generation = 0

    # ----- the program's side -----------------------------------------------------------------

    def open(self) -> dict[str, Any]:
        """Connect and return the server's welcome; ``NetError`` if refused or unreachable."""
        ready = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(ready,), daemon=True,
                                        name="cardkit-net-client")
        self._thread.start()
        ready.wait()
        message = self.receive(timeout=self.open_timeout + 5)
        if message["type"] != "welcome":
            raise NetError(f"unexpected first message {message['type']!r} from the server")
        return message

    def receive(self, timeout: float | None = None) -> dict[str, Any]:
        """The next message; ``NetError`` once the connection is over for good, ``TimeoutError``
        after ``timeout`` seconds without one."""
        try:
            message = self.inbox.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError("no message from the server in time") from None
        if message["type"] == "_over":
            self.inbox.put(message)  # every later call says the same
            raise NetError(message["reason"])
        return message

    def send(self, message: dict[str, Any]) -> None:
        """Send a message (dropped if the link is down: the program resends after ``welcome``)."""
        if self._loop is None or self._loop.is_closed():
            return
        text = dump(message)
        with contextlib.suppress(RuntimeError):  # the loop stopped meanwhile
            self._loop.call_soon_threadsafe(self._send_now, text)

    def close(self) -> None:
        """Leave the table (the seat stays the player's; joining again takes it back)."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop.set)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    # ----- the background thread --------------------------------------------------------------

    def _run(self, ready: threading.Event) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._stop = asyncio.Event()
        ready.set()
        try:
            loop.run_until_complete(self._keep_connected())
        finally:
            loop.close()
            if self._finished is None:  # closed here: a receive() waiting now ends too
                self._over("you left the table")

    def _send_now(self, text: str) -> None:
        socket = self._socket
        if socket is not None:
            task = asyncio.ensure_future(self._send_quietly(socket, text))
            self._sending.add(task)  # keep a reference until it is sent
            task.add_done_callback(self._sending.discard)

    @staticmethod
    async def _send_quietly(socket: Any, text: str) -> None:
        from websockets.exceptions import ConnectionClosed

        with contextlib.suppress(ConnectionClosed):
            await socket.send(text)

    def _over(self, reason: str) -> None:
        self._finished = reason
        self.inbox.put({"type": "_over", "reason": reason})

    async def _keep_connected(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

        assert self._stop is not None
        pause, down_since, attempts = 0.1, None, 0
        while not self._stop.is_set():
            welcomed = False
            try:
                async with connect(self.address.url, max_size=MAX_FRAME, compression=None,
                                   open_timeout=self.open_timeout, ping_interval=20,
                                   ping_timeout=20, close_timeout=2) as socket:
                    hello: dict[str, Any] = {"type": "hello", "protocol": PROTOCOL_VERSION}
                    if self.spectator:
                        hello["role"] = "spectator"
                    else:
                        hello["token"] = self.address.token
                        if self.name:
                            hello["name"] = self.name
                    if self.hand is not None:
                        hello["hand"] = self.hand
                    await socket.send(dump(hello))
                    first = load(await socket.recv())
                    if first["type"] == "refused":
                        self._over(f"the table refused: {first.get('reason', 'no reason given')}")
                        return
                    self._socket = socket
                    welcomed = True
                    first["reconnected"] = attempts > 0
                    self.generation += 1
                    first["generation"] = self.generation
                    self.inbox.put(first)
                    pause, down_since, attempts = 0.1, None, attempts + 1
                    keepalive = asyncio.ensure_future(self._keepalive(socket, first))
                    stop = asyncio.ensure_future(self._stop.wait())
                    try:
                        while True:
                            receiving = asyncio.ensure_future(socket.recv())
                            done, _ = await asyncio.wait({receiving, stop},
                                                         return_when=asyncio.FIRST_COMPLETED)
                            if stop in done:
                                receiving.cancel()
                                await socket.close()
                                return
                            message = load(receiving.result())
                            self.inbox.put(message)
                    finally:
                        keepalive.cancel()
                        stop.cancel()
                        self._socket = None
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
                reason = closed.rcvd.reason if closed.rcvd is not None else ""
                if code in FINAL_CLOSE_CODES:
                    self._over("the table is closed" if code == CLOSE_DONE
                               else reason or "the server closed the connection")
                    return
            except MessageError as error:
                self._over(f"the server sent something unreadable: {error}")
                return
            except (OSError, TimeoutError, InvalidHandshake, InvalidURI, EOFError) as error:
                if attempts == 0 and not welcomed:
                    self._over(f"cannot reach {self.address.url}: {_why(error)}")
                    return
            if self._stop.is_set():
                return
            now = time.monotonic()
            if down_since is None:
                down_since = now
                self.inbox.put({"type": "lost"})
            elif now - down_since > self.give_up_after:
                self._over(f"lost the connection to {self.address.url} and could not get it "
                           f"back in {self.give_up_after:g} s")
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), pause)
            pause = min(pause * 2, 3.0)

    async def _keepalive(self, socket: Any, welcome: dict[str, Any]) -> None:
        """Ping the server well within its idle timeout."""
        every = float(welcome.get("idle_timeout", 900)) / 3
        while True:
            await asyncio.sleep(every)
            await self._send_quietly(socket, dump({"type": "ping"}))


def _why(error: BaseException) -> str:
    text = getattr(error, "strerror", None) or str(error) or type(error).__name__
    return text.splitlines()[0]
