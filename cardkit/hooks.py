"""Scoring and rule hooks: the named points where a game's rules decide what happens.

A game declares its hooks with their default functions (e.g. ``deal_check``, ``settle``,
``knock_limit``). A variant replaces one without copying the game: the replacement receives the
function it replaces as its first argument, so it can wrap it::

    def doubled(base, state, *args):
        outcome = base(state, *args)
        return outcome.scaled(2)

    oklahoma_hooks = gin_hooks.replace(hand_score=doubled)

Calling a hook is a plain function call (no dispatch on the hot path).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

__all__ = ["Hooks"]


class Hooks:
    """An immutable mapping from hook name to function; attribute access calls the function."""

    __slots__ = ("_functions",)

    def __init__(self, **functions: Callable[..., Any]) -> None:
        object.__setattr__(self, "_functions", dict(functions))

    def __getattr__(self, name: str) -> Callable[..., Any]:
        try:
            return self._functions[name]
        except KeyError:
            raise AttributeError(
                f"no hook {name!r}; hooks: {', '.join(sorted(self._functions))}"
            ) from None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("hooks are immutable; use replace()")

    def __reduce__(self) -> tuple[object, tuple[()], dict[str, Any]]:
        return (Hooks, (), self._functions)

    def __setstate__(self, state: dict[str, Any]) -> None:
        object.__setattr__(self, "_functions", state)

    def names(self) -> list[str]:
        """The hook names, sorted."""
        return sorted(self._functions)

    def replace(self, **functions: Callable[..., Any]) -> Hooks:
        """New hooks where each named function is replaced. A replacement is called as
        ``fn(base, *args)`` with ``base`` the function it replaces."""
        merged = dict(self._functions)
        for name, function in functions.items():
            if name not in merged:
                raise ValueError(f"no hook {name!r} to replace; hooks: {', '.join(self.names())}")
            merged[name] = functools.partial(function, merged[name])
        return Hooks(**merged)

    def add(self, **functions: Callable[..., Any]) -> Hooks:
        """New hooks with extra named functions (for a variant that adds a rule point)."""
        merged = dict(self._functions)
        for name in functions:
            if name in merged:
                raise ValueError(f"hook {name!r} exists; use replace()")
        merged.update(functions)
        return Hooks(**merged)
