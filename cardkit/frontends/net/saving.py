"""Saving a table off the event loop, with nothing acknowledged lost.

After a move the table takes a :class:`~cardkit.frontends.net.store.Snapshot` on the loop (the
JSON of what changed) and a thread writes it; what the move changed is told to anyone (the
mover's "accepted", every seat's new state) only once it is written. Saves of one table are
written one at a time, in order; those that queue up behind a slow write go out as one write.
One :class:`DiskWriter` thread writes every table's saves: those of one turn of the loop
together, while the loop waits for them with the GIL released (a thread that had to win the
GIL back from a busy loop after each system call would wait up to 5 ms each time); a write
that takes longer is reported by the thread, the saves written meanwhile in one call.
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
    on the loop (the error, or None).

    Saves queued in one turn of the loop go to the thread together, at the start of the next
    (group commit), and the loop waits for them, with the GIL released, up to :data:`HANDOFF`
    seconds: the writes (to the page cache: microseconds) are made at once, and the saves
    acknowledged on the loop. Without that wait the thread would need the GIL back after each
    write's system call from a loop that is busy, and wait up to the interpreter's switch
    interval (5 ms) each time. A write that takes longer (a slow or stalled disk) is reported
    by the thread once it is done, and for :data:`PATIENCE` seconds after that the loop does
    not wait at all: a stalled disk delays only the saving tables' answers, never the loop
    for long."""

    def __init__(self, loop: asyncio.AbstractEventLoop, handoff: float | None = None) -> None:
        self.loop = loop
        self.handoff = HANDOFF if handoff is None else handoff
        self._jobs: queue.SimpleQueue[list[Job] | None] = queue.SimpleQueue()
        self._batch: list[Job] = []
        self._lock = threading.Lock()
        self._waiting = False  # the loop waits for the thread's next report (under _lock)
        self._handed: list[Report] | None = None
        self._ready = threading.Event()
        self._impatient_until = -1.0  # loop time until which the loop does not wait
        #: turns whose saves were written while the loop waited, and those reported later
        self.handed = self.late = 0
        self._thread = threading.Thread(target=self._run, daemon=True, name="cardkit-save")
        self._thread.start()

    def write(self, file: TableFile, snapshot: Snapshot, done: Done) -> None:
        """Queue ``snapshot`` for ``file`` (call on the loop)."""
        if not self._batch:
            self.loop.call_soon(self._flush)
        self._batch.append((file, snapshot, done))

    def _flush(self) -> None:
        batch, self._batch = self._batch, []
        if not batch:
            return
        wait = self.handoff > 0 and self.loop.time() >= self._impatient_until
        with self._lock:
            self._waiting = wait
            self._ready.clear()
        self._jobs.put(batch)
        if not wait:
            return
        self._ready.wait(self.handoff)  # the GIL is released: the thread writes meanwhile
        with self._lock:
            self._waiting = False
            handed, self._handed = self._handed, None
        if handed is None:  # the thread reports when done, through call_soon_threadsafe
            self.late += 1
            self._impatient_until = self.loop.time() + PATIENCE
        else:
            self.handed += 1
            _report(handed)

    def _run(self) -> None:
        while True:
            batch = self._jobs.get()
            reports: list[Report] = []
            stop = batch is None
            while batch is not None:
                reports.extend(_write(batch))
                try:
                    batch = self._jobs.get_nowait()
                except queue.Empty:
                    break
                stop = batch is None
            with self._lock:
                if self._waiting and self._handed is None:
                    self._handed = reports
                    self._ready.set()
                    reports = []
            if reports:
                try:
                    self.loop.call_soon_threadsafe(_report, reports)
                except RuntimeError:  # the loop is closed: nobody waits any more
                    return
            if stop:
                return

    def close(self) -> None:
        """Stop once what is queued is written."""
        self._flush()
        self._jobs.put(None)


#: The longest the loop waits for the writer thread to write a turn's saves (seconds).
HANDOFF = 0.010
#: After a write that took longer, how long the loop lets the thread report on its own.
PATIENCE = 1.0

Job = tuple[TableFile, Snapshot, Done]
Report = tuple[Done, BaseException | None]


def _write(batch: list[Job]) -> list[Report]:
    reports: list[Report] = []
    for file, snapshot, done in batch:
        try:
            file.write(snapshot)
            reports.append((done, None))
        except Exception as error:
            reports.append((done, error))
    return reports


def _report(batch: list[Report]) -> None:
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
