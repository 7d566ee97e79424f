"""Where chunks run: in this process, in local worker processes, or on a Dask cluster.

Each backend maps :func:`~cardkit.lab.simulate.run_chunk` over the chunks and returns the
results in chunk order, calling ``on_done(chunk)`` as each finishes (for the progress bar).
Results do not depend on the backend: a chunk is a pure function of its description.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from cardkit.lab.simulate import Chunk, ChunkResult, run_chunk
from cardkit.registry import game_infos

__all__ = [
    "CLUSTER_INSTALL_HINT",
    "Backend",
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
        for chunk in chunks:
            results.append(run_chunk(chunk))
            if on_done:
                on_done(chunk)
        return results


class LocalBackend(Backend):
    """Local worker processes. Uses the ``fork`` start method where available, so workers
    inherit games registered in-process (:func:`cardkit.registry.register`)."""

    name = "local"

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or default_workers()
        methods = multiprocessing.get_all_start_methods()
        self.context = multiprocessing.get_context("fork" if "fork" in methods else None)

    def run(self, chunks: Sequence[Chunk], on_done: OnDone | None = None) -> list[ChunkResult]:
        """Run the chunks on a process pool and collect them in order."""
        results: list[ChunkResult | None] = [None] * len(chunks)
        with ProcessPoolExecutor(self.workers, mp_context=self.context) as pool:
            futures = {pool.submit(run_chunk, chunk): i for i, chunk in enumerate(chunks)}
            for future in as_completed(futures):
                index = futures[future]
                results[index] = future.result()
                if on_done:
                    on_done(chunks[index])
        return [r for r in results if r is not None]


def _register_on_worker(definitions: Sequence[Any]) -> None:
    from cardkit.registry import register

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
        if address == "local":
            self.workers = workers or default_workers()
            self.cluster = LocalCluster(
                n_workers=self.workers, threads_per_worker=1, processes=True,
                host="127.0.0.1", dashboard_address=None, silence_logs=40,
            )
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
        for future in dask_completed(futures):
            index = position[future.key]
            results[index] = future.result()
            if on_done:
                on_done(chunks[index])
        return [r for r in results if r is not None]

    def close(self) -> None:
        """Disconnect, and stop the local cluster if this backend started it."""
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
