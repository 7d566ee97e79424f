"""Saving a table off the event loop, with nothing acknowledged lost.

After a move the table takes a :class:`~cardkit.frontends.net.store.Snapshot` on the loop (the
JSON of what changed) and a thread writes it; what the move changed is told to anyone (the
mover's "accepted", every seat's new state) only once it is written. Saves of one table are
written one at a time, in order; those that queue up behind a slow write go out as one write.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TYPE_CHECKING

from cardkit.frontends.net.store import Snapshot, TableFile

if TYPE_CHECKING:
    from cardkit.engine.match import Match

__all__ = ["Saver"]

Then = Callable[[], None]


class Saver:
    """Writes one table's :class:`TableFile` in ``executor`` (None: at once, on the caller's
    thread) and calls each save's ``then`` on the loop once it is on disk. A failed write
    calls ``failed`` with the error; nothing after it is written or told."""

    def __init__(self, file: TableFile, executor: Executor | None,
                 failed: Callable[[BaseException], None]) -> None:
        self.file = file
        self.executor = executor
        self.failed = failed
        self.broken: BaseException | None = None
        self._writing = False
        self._pending: Snapshot | None = None
        self._waiting: list[Then] = []
        self._idle = asyncio.Event()
        self._idle.set()

    def save(self, match: Match, then: Then) -> None:
        """Save ``match`` as it is now; ``then()`` once that is on disk."""
        if self.broken is not None:
            return
        snapshot = self.file.snapshot(match)
        if self.executor is None:
            try:
                self.file.write(snapshot)
            except OSError as error:
                self._fail(error)
                return
            then()
            return
        self._pending = snapshot if self._pending is None else self._pending.then(snapshot)
        self._waiting.append(then)
        if not self._writing:
            self._next()

    def after_saved(self, then: Then) -> None:
        """``then()`` once everything saved so far is on disk (at once when it is)."""
        if self._writing or self._pending is not None:
            self._waiting.append(then)
        elif self.broken is None:
            then()

    async def wait(self) -> None:
        """Until every save so far is on disk (or failed)."""
        await self._idle.wait()

    def _next(self) -> None:
        snapshot, waiting = self._pending, self._waiting
        if snapshot is None:
            self._writing = False
            self._idle.set()
            for then in waiting:  # after_saved calls made while idle-pending
                then()
            self._waiting = []
            return
        self._pending, self._waiting = None, []
        self._writing = True
        self._idle.clear()
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self.executor, self.file.write, snapshot)
        future.add_done_callback(lambda done: self._written(done, waiting))

    def _written(self, done: asyncio.Future[None], waiting: list[Then]) -> None:
        error = None if done.cancelled() else done.exception()
        if done.cancelled() or error is not None:
            self._fail(error or asyncio.CancelledError())
            return
        for then in waiting:
            then()
        self._next()

    def _fail(self, error: BaseException) -> None:
        self.broken = error
        self._writing, self._pending, self._waiting = False, None, []
        self._idle.set()
        self.failed(error)
