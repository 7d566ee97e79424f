"""Saving a table off the event loop, with nothing acknowledged lost.

After a move the table takes a :class:`~cardkit.frontends.net.store.Snapshot` on the loop (the
JSON of what changed) and a thread writes it; what the move changed is told to anyone (the
mover's "accepted", every seat's new state) only once it is written. Saves of one table are
written one at a time, in order; those that queue up behind a slow write go out as one write.
One :class:`DiskWriter` thread writes every table's saves and reports back in batches: the
loop is woken once for all the saves written meanwhile, not once per save (on a busy machine
each wake-up can wait for a time slice).
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from cardkit.frontends.net.store import Snapshot, TableFile

if TYPE_CHECKING:
    from cardkit.engine.match import Match

__all__ = ["DiskWriter", "Saver"]

Then = Callable[[], None]
Done = Callable[[BaseException | None], None]


class DiskWriter:
    """A thread that writes snapshots, in the order given, and calls each one's ``done`` back
    on the loop (the error, or None), those written together in one call."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self._jobs: queue.SimpleQueue[tuple[TableFile, Snapshot, Done] | None] = \
            queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, daemon=True, name="cardkit-save")
        self._thread.start()

    def write(self, file: TableFile, snapshot: Snapshot, done: Done) -> None:
        """Queue ``snapshot`` for ``file`` (call on the loop)."""
        self._jobs.put((file, snapshot, done))

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            batch: list[tuple[Done, BaseException | None]] = []
            while job is not None:
                file, snapshot, done = job
                try:
                    file.write(snapshot)
                    batch.append((done, None))
                except Exception as error:
                    batch.append((done, error))
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
            if batch:
                try:
                    self.loop.call_soon_threadsafe(_report, batch)
                except RuntimeError:  # the loop is closed: nobody waits any more
                    return
            if job is None:
                return

    def close(self) -> None:
        """Stop once what is queued is written."""
        self._jobs.put(None)


def _report(batch: list[tuple[Done, BaseException | None]]) -> None:
    for done, error in batch:
        done(error)


class Saver:
    """Writes one table's :class:`TableFile` through ``writer`` (None: at once, on the
    caller's thread) and calls each save's ``then`` on the loop once it is on disk. A failed
    write calls ``failed`` with the error; nothing after it is written or told."""

    def __init__(self, file: TableFile, writer: DiskWriter | None,
                 failed: Callable[[BaseException], None]) -> None:
        self.file = file
        self.writer = writer
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
        if self.writer is None:
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
        assert self.writer is not None
        self.writer.write(self.file, snapshot, lambda error: self._written(error, waiting))

    def _written(self, error: BaseException | None, waiting: list[Then]) -> None:
        if error is not None:
            self._fail(error)
            return
        for then in waiting:
            then()
        self._next()

    def _fail(self, error: BaseException) -> None:
        self.broken = error
        self._writing, self._pending, self._waiting = False, None, []
        self._idle.set()
        self.failed(error)
