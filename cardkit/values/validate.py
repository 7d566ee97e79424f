"""Checks of untrusted plain data (records, saved contexts): each problem is one
:class:`~cardkit.errors.RecordError` line naming the field and what is wrong with it.

JSON allows things Python handles badly: integers of thousands of digits, NaN and infinities,
nesting deep enough to exhaust the interpreter's recursion limit, booleans where numbers are
expected (``True == 1``). These helpers refuse them before anything uses the values.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from cardkit.values.errors import RecordError

__all__ = [
    "MAX_DEPTH",
    "MAX_NUMBER",
    "check_depth",
    "check_int",
    "check_number",
    "check_seat",
    "check_text",
    "kind_name",
    "require",
]

#: The deepest nesting of lists and objects a record may hold (a real one holds about six).
MAX_DEPTH = 32
#: The largest magnitude of a score, total or payoff a record may hold.
MAX_NUMBER = 10**12


def require(condition: bool, message: str) -> None:
    """Raise ``RecordError(message)`` unless ``condition`` holds."""
    if not condition:
        raise RecordError(message)


def kind_name(value: Any) -> str:
    """What a JSON value is, in words: ``a string``, ``a list``, ``null`` ..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def check_int(value: Any, field: str, low: int, high: int) -> int:
    """``value`` as an int within ``low..high`` (booleans and floats refused)."""
    require(isinstance(value, int) and not isinstance(value, bool),
            f"{field} must be an integer, not {kind_name(value)}")
    require(low <= value <= high,
            f"{field} must be from {low} to {high}, not {_short(value)}")
    return int(value)


def check_number(value: Any, field: str, bound: float = MAX_NUMBER) -> float:
    """``value`` as a finite number of magnitude at most ``bound``."""
    require(isinstance(value, int | float) and not isinstance(value, bool),
            f"{field} must be a number, not {kind_name(value)}")
    require(math.isfinite(value), f"{field} must be a finite number, not {value}")
    require(abs(value) <= bound, f"{field} is out of range ({_short(value)}; at most "
                                 f"{bound:g} either way)")
    return value


def check_seat(value: Any, field: str, players: int) -> int:
    """``value`` as a seat of a ``players``-seat game."""
    require(isinstance(value, int) and not isinstance(value, bool),
            f"{field} must be a seat number, not {kind_name(value)}")
    require(0 <= value < players,
            f"{field} must be a seat from 0 to {players - 1}, not {_short(value)}")
    return int(value)


def check_text(value: Any, field: str, longest: int = 10_000) -> str:
    """``value`` as a string of at most ``longest`` characters."""
    require(isinstance(value, str), f"{field} must be a string, not {kind_name(value)}")
    require(len(value) <= longest, f"{field} is too long ({len(value)} characters; at most "
                                   f"{longest})")
    return str(value)


def check_depth(value: Any, field: str, limit: int = MAX_DEPTH) -> None:
    """Refuse lists and objects nested more than ``limit`` deep (iteratively, so the check
    itself cannot exhaust the recursion limit)."""
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict):
            children: Sequence[Any] = list(item.values())
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        require(depth < limit, f"{field} is nested more than {limit} levels deep")
        pending.extend((child, depth + 1) for child in children)


def _short(value: Any) -> str:
    """A value for a message, cut to a readable length (a 4,000-digit number is not)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**15:
        # about that many digits, without converting (Python refuses ints over 4300 digits)
        return f"a {int(value.bit_length() * math.log10(2)) + 1}-digit number"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
