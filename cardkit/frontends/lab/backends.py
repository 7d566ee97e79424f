"""Where chunks run: in this process, in local worker processes, or on a Dask cluster.

Each backend maps :func:`~cardkit.lab.simulate.run_chunk` over the chunks and returns the
results in chunk order, calling ``on_done(chunk)`` as each finishes (for the progress bar).
Results do not depend on the backend: a chunk is a pure function of its description.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
from collections.abc import Callable, Sequence
from typing import Any

from cardkit.engine.registry import game_infos, register
from cardkit.frontends.lab.simulate import Chunk, ChunkResult, run_chunk

__all__ = [
    "CLUSTER_INSTALL_HINT",
    "Backend",
    "ChunksInterrupted",
    "DaskBackend",
    "LocalBackend",
    "SerialBackend",
    "default_workers",
    "make_backend",
]

CLUSTER_INSTALL_HINT = (
    "--cluster needs Dask's distributed scheduler: pip install 'cardkit[cluster]'"
)

OnDone = Callable[[Chunk], None]


class ChunksInterrupted(KeyboardInterrupt):
    """Ctrl-C during :meth:`Backend.run`: the workers were stopped at once and ``results``
    holds the chunks that had finished (in no particular order)."""

    def __init__(self, results: Sequence[ChunkResult]) -> None:
        super().__init__()
        self.results = list(results)


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


class Backend:
    """Runs chunks; subclasses implement :meth:`run`."""

    name = "backend"
    workers = 1

    def run(self, chunks: Sequence[Chunk], on_done: OnDone | None = None) -> list[ChunkResult]:
        """The results of ``chunks``, in the same order."""
        raise NotImplementedError

    def close(self) -> None:
        """Release workers or cluster connections."""


class SerialBackend(Backend):
    """Everything in this process (``--workers 1``)."""

    name = "serial"

    def run(self, chunks: Sequence[Chunk], on_done: OnDone | None = None) -> list[ChunkResult]:
        """Run the chunks one after another."""
        results = []
        try:
            for chunk in chunks:
                results.append(run_chunk(chunk))
                if on_done:
                    on_done(chunk)
        except KeyboardInterrupt:
            raise ChunksInterrupted(results) from None
        return results


def _ignore_interrupts() -> None:
    """Worker start-up: Ctrl-C reaches the whole process group; only the parent handles it
    (it stops the workers), so a worker never dies half-way through a result it is sending."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_indexed(item: tuple[int, Chunk]) -> tuple[int, ChunkResult]:
    index, chunk = item
    return index, run_chunk(chunk)


class LocalBackend(Backend):
    """Local worker processes. Uses the ``fork`` start method where available, so workers
    inherit games registered in-process (:func:`cardkit.registry.register`). On Ctrl-C the
    workers are terminated at once and the finished chunks are kept
    (:class:`ChunksInterrupted`)."""

    name = "local"

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or default_workers()
        methods = multiprocessing.get_all_start_methods()
        self.context = multiprocessing.get_context("fork" if "fork" in methods else None)

    def run(self, chunks: Sequence[Chunk], on_done: OnDone | None = None) -> list[ChunkResult]:
        """Run the chunks on a process pool and collect them in order."""
        results: list[ChunkResult | None] = [None] * len(chunks)
        # A Ctrl-C while the pool forks its workers would leave them running (the pool cleans
        # up only after an Exception) and skip the report: it is held until the pool exists,
        # then delivered inside the try below, which stops the workers.
        hold = hasattr(signal, "pthread_sigmask")
        if hold:
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            pool = self.context.Pool(self.workers, initializer=_ignore_interrupts)
        except BaseException:
            if hold:
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
            raise
        try:
            if hold:
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
            for index, result in pool.imap_unordered(_run_indexed, enumerate(chunks)):
                results[index] = result
                if on_done:
                    on_done(chunks[index])
        except KeyboardInterrupt:
            pool.terminate()
            pool.join()
            raise ChunksInterrupted([r for r in results if r is not None]) from None
        except BaseException:
            pool.terminate()
            pool.join()
            raise
        pool.close()
        pool.join()
        return [r for r in results if r is not None]


def _register_on_worker(definitions: Sequence[Any]) -> None:
    for definition in definitions:
        register(definition)


#: How long to wait for a remote scheduler before giving up with a clear message.
CONNECT_TIMEOUT_SECONDS = 10


class DaskBackend(Backend):
    """A Dask cluster: ``address`` of a running scheduler, or ``"local"`` to start a local
    cluster of ``workers`` single-threaded worker processes on loopback (closed again by
    :meth:`close`). Games registered in-process are registered on the workers too."""

    name = "dask"

    def __init__(self, address: str, workers: int | None = None) -> None:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise RuntimeError(CLUSTER_INSTALL_HINT) from None
        self.cluster = None
        self.stopped = False
        if address == "local":
            self.workers = workers or default_workers()
            # the workers start with Ctrl-C ignored (a disposition new processes inherit):
            # on Ctrl-C this process cancels the work and closes the cluster itself
            previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
            try:
                self.cluster = LocalCluster(
                    n_workers=self.workers, threads_per_worker=1, processes=True,
                    host="127.0.0.1", dashboard_address=None, silence_logs=40,
                )
            finally:
                signal.signal(signal.SIGINT, previous)
            self.client = Client(self.cluster)
        else:
            try:
                self.client = Client(address, timeout=CONNECT_TIMEOUT_SECONDS)
            except (OSError, TimeoutError) as error:
                raise RuntimeError(
                    f"cannot reach a Dask scheduler at {address} within "
                    f"{CONNECT_TIMEOUT_SECONDS} s ({type(error).__name__}); start one with "
                    "'dask scheduler' or use --cluster local"
                ) from None
            self.workers = max(1, len(self.client.scheduler_info().get("workers", {})))
        local = [info.definition for info in game_infos()
                 if info.definition is not None and info.package == "(registered in-process)"]
        if local:
            self.client.run(_register_on_worker, local)

    def run(self, chunks: Sequence[Chunk], on_done: OnDone | None = None) -> list[ChunkResult]:
        """Submit every chunk and gather them in order."""
        from distributed import as_completed as dask_completed

        futures = self.client.map(run_chunk, list(chunks), pure=False)
        position = {future.key: i for i, future in enumerate(futures)}
        results: list[ChunkResult | None] = [None] * len(chunks)
        try:
            for future in dask_completed(futures):
                index = position[future.key]
                results[index] = future.result()
                if on_done:
                    on_done(chunks[index])
        except KeyboardInterrupt:
            self.client.cancel(futures)
            self._stop_local_workers()
            raise ChunksInterrupted([r for r in results if r is not None]) from None
        return [r for r in results if r is not None]

    def _stop_local_workers(self) -> None:
        """After Ctrl-C: end the worker processes of a cluster this backend started at once
        (a graceful close waits for the chunks they are running, seconds each)."""
        if self.cluster is None:
            return
        self.stopped = True
        for nanny in list(self.cluster.workers.values()):
            pid = getattr(getattr(nanny, "process", None), "pid", None)
            if pid:
                with contextlib.suppress(OSError):  # already gone
                    os.kill(pid, signal.SIGKILL)

    def close(self) -> None:
        """Disconnect, and stop the local cluster if this backend started it (after Ctrl-C
        the cluster first: with its workers stopped it closes at once, where the client would
        wait for them)."""
        if self.stopped and self.cluster is not None:
            self.cluster.close()
            self.client.close()
            return
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def make_backend(workers: int | None = None, cluster: str | None = None) -> Backend:
    """The backend for ``--workers``/``--cluster``: Dask if ``cluster`` is given, else local
    processes (or this process for one worker)."""
    if cluster:
        return DaskBackend(cluster, workers)
    workers = workers or default_workers()
    return SerialBackend() if workers == 1 else LocalBackend(workers)
