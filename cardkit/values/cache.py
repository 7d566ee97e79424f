"""A bounded memo table: the one cache every hot path uses.

Games and solvers memoise on bitmasks (a hand's melds, a hand's combinations, action objects).
Unbounded, such a table grows with every distinct hand a long simulation meets; cleared when
full, it throws away its hottest entries at once. :class:`BoundedCache` keeps at most
``maxsize`` entries and, when full, drops the oldest quarter (insertion order), so a process's
memory stays within ``maxsize`` entries per cache whatever it simulates.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["BoundedCache"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class BoundedCache(Generic[K, V]):
    """A dict with at most ``maxsize`` entries; the oldest quarter goes when it is full.

    >>> cache = BoundedCache[int, int](maxsize=4)
    >>> for n in range(6):
    ...     cache[n] = n * n
    >>> len(cache) <= 4, cache.get(5), cache.get(0)
    (True, 25, None)
    >>> cache.setdefault_by(7, lambda key: key + 1)
    8
    """

    __slots__ = ("_data", "get", "maxsize")

    def __init__(self, maxsize: int) -> None:
        if maxsize < 1:
            raise ValueError("maxsize must be at least 1")
        self.maxsize = maxsize
        self._data: dict[K, V] = {}
        #: ``get(key, default=None)``: the cached value, or ``default``. The dict's own method,
        #: so a hit costs no Python call (lookups are most of a cache's work on hot paths).
        self.get: Callable[..., V | None] = self._data.get

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __len__(self) -> int:
        return len(self._data)

    def __setitem__(self, key: K, value: V) -> None:
        data = self._data
        if len(data) >= self.maxsize and key not in data:
            self._evict()
        data[key] = value

    def setdefault_by(self, key: K, compute: Callable[[K], V]) -> V:
        """The cached value of ``key``, computing and storing ``compute(key)`` on a miss."""
        if key in self._data:
            return self._data[key]
        value = compute(key)
        self[key] = value
        return value

    def clear(self) -> None:
        """Drop every entry."""
        self._data.clear()

    def _evict(self) -> None:
        data = self._data
        drop = max(1, self.maxsize // 4)
        for key in list(data)[:drop]:
            del data[key]
