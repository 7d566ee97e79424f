"""A list that can let go of its oldest entries and keep counting: a long-running match forgets
the hands it has finished (a server keeps them on disk) while hand ``k`` stays hand ``k``.

::

    hands = Recent(["h0", "h1", "h2"])
    hands.forget(before=2)
    len(hands), hands[-1], hands.first   # 3, "h2", 2
    hands[0]                             # Forgotten: entry 0 was let go
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Generic, TypeVar, overload

__all__ = ["Forgotten", "Recent"]

T = TypeVar("T")


class Forgotten(LookupError):
    """An entry a :class:`Recent` has let go of was asked for."""


class Recent(Sequence[T], Generic[T]):
    """A sequence whose entries before :attr:`first` have been let go; every index still counts
    from the very first entry, and ``len`` counts them all."""

    __slots__ = ("_first", "_items")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._items: list[T] = list(items)
        self._first = 0

    @property
    def first(self) -> int:
        """The index of the oldest entry still held."""
        return self._first

    def __len__(self) -> int:
        return self._first + len(self._items)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if type(index) is int:  # the usual case first: a held entry (a server asks often)
            items = self._items
            if index < 0:
                if index >= -len(items):  # the held entries are the last ones
                    return items[index]
            elif 0 <= index - self._first < len(items):
                return items[index - self._first]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        position = index + len(self) if index < 0 else index
        if not 0 <= position < len(self):
            raise IndexError(f"index {index} out of range ({len(self)} entries)")
        if position < self._first:
            raise Forgotten(f"entry {position} was let go (entries {self._first} on are held)")
        return self._items[position - self._first]

    def __iter__(self) -> Iterator[T]:
        # iterating would silently skip what was let go: say so instead
        if self._first:
            raise Forgotten(f"entries before {self._first} were let go: iterate from "
                            f"{self._first} on")
        return iter(self._items)

    def append(self, item: T) -> None:
        """Add ``item`` at the end."""
        self._items.append(item)

    def forget(self, before: int) -> None:
        """Let go of every entry before index ``before`` (the last one is always held)."""
        keep_from = min(max(before, self._first), len(self) - 1)
        del self._items[:keep_from - self._first]
        self._first = keep_from

    def __repr__(self) -> str:
        return f"Recent(first={self._first}, held={self._items!r})"
