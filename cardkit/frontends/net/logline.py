"""The server's log, written by a thread of its own so that output nobody reads never stalls
a table.

The event loop only puts a line in a queue. A daemon thread hands each line to the real
writer (``click.echo`` for ``cardkit serve``), which may block as long as it likes: a pipe
nobody reads stops the thread, never the loop. Past :data:`MAX_PENDING` waiting lines new ones
are dropped and counted; once the writer has caught up, one line says how many were lost.
"""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Callable

__all__ = ["MAX_PENDING", "BackgroundLog"]

#: Lines kept waiting for a slow writer before new ones are dropped (bounded memory).
MAX_PENDING = 10_000

_STOP = object()


class BackgroundLog:
    """``log(line)`` returns at once; ``write`` gets the lines, in order, on a daemon thread."""

    def __init__(self, write: Callable[[str], None], limit: int = MAX_PENDING) -> None:
        self.write = write
        self._lines: queue.Queue[object] = queue.Queue(maxsize=limit)
        self._lock = threading.Lock()
        #: lines dropped since the writer last caught up
        self.dropped = 0
        self._thread = threading.Thread(target=self._run, daemon=True, name="cardkit-log")
        self._thread.start()

    def __call__(self, line: str) -> None:
        """Queue ``line`` (dropped, and counted, while the queue is full)."""
        try:
            self._lines.put_nowait(line)
        except queue.Full:
            with self._lock:
                self.dropped += 1

    def _run(self) -> None:
        while True:
            line = self._lines.get()
            if line is _STOP:
                return
            self._write(str(line))
            if self._lines.empty():  # caught up: say what could not wait
                with self._lock:
                    dropped, self.dropped = self.dropped, 0
                if dropped:
                    self._write(f"({dropped} log lines dropped: the output was not being read)")

    def _write(self, line: str) -> None:
        # a broken output must not end the server's log
        with contextlib.suppress(Exception):
            self.write(line)

    def close(self, timeout: float = 2.0) -> bool:
        """Write what is queued (waiting up to ``timeout`` seconds for a slow writer) and stop;
        False if the writer did not catch up in time (its thread stays blocked, a daemon)."""
        try:
            self._lines.put(_STOP, timeout=timeout)
        except queue.Full:
            return False
        self._thread.join(timeout)
        return not self._thread.is_alive()
