"""Scoring and rule hooks: the named points where a game's rules decide what happens.

A game declares its hooks with their default functions (e.g. ``deal_check``, ``settle``,
``knock_limit``). Every hook follows one convention: **the hand's state comes first**, then the
hook's own arguments, so a replacement can read anything about the hand (options, players,
context) from the state. The default function *is* the declaration: its parameters are the
hook's signature, and a game's docs list them with :meth:`Hooks.signature`.

A variant replaces a hook without copying the game: the replacement receives the function it
replaces as its first argument, so it can wrap it::

    def doubled(base, state, *args):
        outcome = base(state, *args)
        return outcome.scaled(2)

    oklahoma_hooks = gin_hooks.replace(hand_score=doubled)

A replacement for a hook that does not exist, or whose parameters cannot take the hook's
arguments, is refused when the variant is built (at load time), with the hook's name and the
signature expected -- never a ``TypeError`` in the middle of a hand. Calling a hook is a plain
function call (no dispatch on the hot path).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

__all__ = ["HookError", "Hooks"]


class HookError(ValueError):
    """A hook declared or replaced wrongly (unknown name, parameters that do not fit)."""


def _parameters(function: Callable[..., Any]) -> list[str] | None:
    """The positional parameter names of ``function`` (None if it takes ``*args``)."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):  # a builtin without a signature: nothing to check
        return None
    names = []
    for parameter in signature.parameters.values():
        if parameter.kind is inspect.Parameter.VAR_POSITIONAL:
            return None
        if parameter.kind in (inspect.Parameter.POSITIONAL_ONLY,
                              inspect.Parameter.POSITIONAL_OR_KEYWORD):
            names.append(parameter.name)
    return names


def _accepts(function: Callable[..., Any], count: int) -> bool:
    """True if ``function`` can be called with ``count`` positional arguments."""
    try:
        inspect.signature(function).bind(*range(count))
    except TypeError:
        return False
    except ValueError:  # no signature to read
        return True
    return True


class Hooks:
    """An immutable mapping from hook name to function; attribute access calls the function.

    >>> def settle(state, winner):
    ...     return f"seat {winner} wins"
    >>> hooks = Hooks(settle=settle)
    >>> hooks.signature("settle")
    'settle(state, winner)'
    >>> louder = hooks.replace(settle=lambda base, state, winner: base(state, winner).upper())
    >>> louder.settle(None, 2)
    'SEAT 2 WINS'
    >>> try:
    ...     hooks.replace(settle=lambda base, state: None)
    ... except HookError as error:
    ...     print(error)
    hook 'settle' is called as settle(state, winner): a replacement takes (base, state, winner)
    """

    _functions: dict[str, Callable[..., Any]]
    _signatures: dict[str, list[str] | None]

    def __init__(self, **functions: Callable[..., Any]) -> None:
        signatures: dict[str, list[str] | None] = {}
        for name, function in functions.items():
            parameters = _parameters(function)
            if parameters is not None and parameters[:1] not in (["state"], ["context"]):
                shown = ", ".join(parameters)
                raise HookError(f"hook {name!r} must take the hand's state first, as "
                                f"{name}(state, ...), not {name}({shown})")
            signatures[name] = parameters
        self._fill(dict(functions), signatures)

    def _fill(self, functions: dict[str, Callable[..., Any]],
              signatures: dict[str, list[str] | None]) -> None:
        """Hold the functions, each also as an instance attribute: states call hooks on every
        turn, and an attribute found in the instance costs a tenth of one that falls through
        to ``__getattr__``. A hook named like one of this class's own attributes (``names``,
        ``replace`` ...) is not copied: the attribute keeps its meaning."""
        values = self.__dict__
        values["_functions"] = functions
        values["_signatures"] = signatures
        for name, function in functions.items():
            if not hasattr(Hooks, name) and not name.startswith("_"):
                values[name] = function

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
        return (Hooks, (), {"functions": self._functions, "signatures": self._signatures})

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._fill(state["functions"], state["signatures"])

    def names(self) -> list[str]:
        """The hook names, sorted."""
        return sorted(self._functions)

    def signature(self, name: str) -> str:
        """How the hook is called, e.g. ``settle_drop(state, dropper, counts)``."""
        self._check_name(name)
        parameters = self._signatures[name]
        shown = "state, ..." if parameters is None else ", ".join(parameters)
        return f"{name}({shown})"

    def _check_name(self, name: str) -> None:
        if name not in self._functions:
            raise HookError(f"no hook {name!r}; hooks: {', '.join(self.names())}")

    def replace(self, **functions: Callable[..., Any]) -> Hooks:
        """New hooks where each named function is replaced. A replacement is called as
        ``fn(base, *args)`` with ``base`` the function it replaces; one that names no hook, or
        cannot take ``(base, *args)``, raises :class:`HookError` naming the hook and the
        signature expected."""
        merged = dict(self._functions)
        signatures = dict(self._signatures)
        for name, function in functions.items():
            self._check_name(name)
            parameters = signatures[name]
            if parameters is not None and not _accepts(function, len(parameters) + 1):
                raise HookError(
                    f"hook {name!r} is called as {self.signature(name)}: a replacement takes "
                    f"(base, {', '.join(parameters)})")
            merged[name] = functools.partial(function, merged[name])
        hooks = Hooks.__new__(Hooks)
        hooks._fill(merged, signatures)
        return hooks

    def add(self, **functions: Callable[..., Any]) -> Hooks:
        """New hooks with extra named functions (for a variant that adds a rule point); each
        follows the convention (the state first)."""
        for name in functions:
            if name in self._functions:
                raise HookError(f"hook {name!r} exists; use replace()")
        extra = Hooks(**functions)
        hooks = Hooks.__new__(Hooks)
        hooks._fill({**self._functions, **extra._functions},
                    {**self._signatures, **extra._signatures})
        return hooks
