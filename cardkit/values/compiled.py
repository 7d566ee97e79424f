"""Tables compiled from a frozen rules value: one object per distinct value, reached from it.

A card library turns a game's rules value (:class:`~cardkit.melds.MeldRules`,
:class:`~cardkit.climbing.ClimbingRules`) into the lookup tables its hot paths read. The tables
depend on the value alone, so every instance of one value shares one compiled object: a
:class:`Compiler` finds it by value in a bounded registry the first time an instance asks and
keeps it on the instance, in a field of the frozen value that is no argument and no part of
its equality, hash or repr, nor of its pickled state. A hot path then reads one attribute.

A rules class declares the field and takes its pickling from here, so a copy or an unpickled
value carries its fields only and finds its tables again::

    @attrs.frozen
    class Rules:
        size: int = 3
        _tables: Tables | None = attrs.field(default=None, init=False, eq=False, repr=False)
        __getstate__ = rules_state
        __setstate__ = restore_rules
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

import attrs

from cardkit.values.cache import BoundedCache

__all__ = ["COMPILED_VALUES", "Compiled", "Compiler", "restore_rules", "rules_state"]

R = TypeVar("R", bound=Hashable)
T = TypeVar("T", bound="Compiled")
D = TypeVar("D")

#: How many distinct rules values a compiler keeps compiled at once (a game has one or two; a
#: lab comparing variants a few): an instance keeps its own tables past that.
COMPILED_VALUES = 32


def rules_state(value: Any) -> dict[str, Any]:
    """A rules value's pickled state (its ``__getstate__``): the fields it is built from, never
    its compiled tables."""
    return {field.name: getattr(value, field.name)
            for field in attrs.fields(type(value)) if field.init}


def restore_rules(value: Any, state: dict[str, Any]) -> None:
    """A rules value's ``__setstate__``: build it again from its fields (its checks, converters
    and hash cache run as when it was first made; its tables are found again on first use)."""
    fields = attrs.fields_dict(type(value))
    arguments = {fields[name].alias or name: item for name, item in state.items()}
    type(value).__init__(value, **arguments)


class Compiled:
    """Base of a compiled-tables object: the tables a library builds from one rules value, and
    the tables other code derives from that value (:meth:`derived`), all kept together.

    Copies share it (it is never changed once built, only filled in), and it never travels in a
    pickle: the rules value that holds it is pickled without it."""

    __slots__ = ("__weakref__", "_derived", "rules")

    def __init__(self, rules: Any) -> None:
        #: The rules value these tables were compiled from.
        self.rules = rules
        self._derived: dict[Callable[[Any], Any], Any] = {}

    def derived(self, build: Callable[[Any], D]) -> D:
        """``build(rules)`` for the rules these tables were compiled from, made once and kept
        with them: a game's own tables over a library's rules value (its play actions, say),
        cached by value and within the same bound as the library's."""
        found = self._derived.get(build)
        if found is None:
            found = self._derived[build] = build(self.rules)
        return found

    def __copy__(self) -> Compiled:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Compiled:
        return self

    def __reduce__(self) -> Any:
        raise TypeError(f"{type(self).__name__} is rebuilt from its rules, never pickled")


class Compiler(Generic[R, T]):
    """Compiles rules values with ``build``: once per distinct value while the bounded registry
    holds it, the result kept on each instance that asks, in its field ``slot``.

    A compiled value may also be named by a small int (:meth:`serial`), for packed values that
    must stay ints; :meth:`by_serial` finds its tables again (through a weak reference: a
    number holds no tables), rebuilding them from the value's fields once nothing holds them.
    """

    __slots__ = ("_build", "_by_serial", "_registry", "_serials", "_slot", "_values")

    def __init__(self, build: Callable[[R], T], slot: str, maxsize: int = COMPILED_VALUES
                 ) -> None:
        self._build = build
        self._slot = slot
        self._registry: BoundedCache[R, T] = BoundedCache(maxsize)
        # the numbered values, as (class, fields): plain data that holds no instance
        self._serials: dict[tuple[type, tuple[tuple[str, Any], ...]], int] = {}
        self._values: list[tuple[type, tuple[tuple[str, Any], ...]]] = []
        self._by_serial: list[Callable[[], T | None]] = []

    def __call__(self, rules: R) -> T:
        """The compiled tables of ``rules`` (found by value, else built), now also kept on
        ``rules``."""
        tables = self._registry.get(rules)
        if tables is None:
            tables = self._registry[rules] = self._build(rules)
            serial = self._serials.get(_value_key(rules))
            if serial is not None:
                self._by_serial[serial] = weakref.ref(tables)
        object.__setattr__(rules, self._slot, tables)
        return tables

    def serial(self, rules: R) -> int:
        """A number (from 0) naming the value of ``rules`` for the life of the process."""
        key = _value_key(rules)
        serial = self._serials.get(key)
        if serial is None:
            serial = self._serials[key] = len(self._values)
            self._values.append(key)
            self._by_serial.append(_nothing)
            tables = getattr(rules, self._slot)
            if tables is not None:
                self._by_serial[serial] = weakref.ref(tables)
        return serial

    def by_serial(self, serial: int) -> T:
        """The compiled tables of the value :meth:`serial` numbered ``serial``."""
        tables = self._by_serial[serial]()
        if tables is None:  # nothing holds them any more: compile an equal value afresh
            kind, fields = self._values[serial]
            fresh: R = object.__new__(kind)
            restore_rules(fresh, dict(fields))
            tables = self(fresh)
        return tables


def _value_key(rules: Any) -> tuple[type, tuple[tuple[str, Any], ...]]:
    return type(rules), tuple(rules_state(rules).items())


def _nothing() -> None:
    """The weak reference of a number whose tables are not built yet."""
    return None
