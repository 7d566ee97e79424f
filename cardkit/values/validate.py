"""Checks of untrusted plain data (records, saved contexts): each problem is one
:class:`~cardkit.errors.RecordError` line naming the field and what is wrong with it.

JSON allows things Python handles badly: integers of thousands of digits, NaN and infinities,
nesting deep enough to exhaust the interpreter's recursion limit, booleans where numbers are
expected (``True == 1``). These helpers refuse them before anything uses the values.
"""

from __future__ import annotations

import json
import math
import os
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardkit.values.errors import RecordError

__all__ = [
    "MAX_DEPTH",
    "MAX_MATCH_HANDS",
    "MAX_NUMBER",
    "MAX_RECORD_BYTES",
    "MAX_SEED",
    "MIN_SEED",
    "check_depth",
    "check_int",
    "check_number",
    "check_seat",
    "check_seed",
    "check_text",
    "kind_name",
    "loads_json",
    "read_bytes_capped",
    "read_text_capped",
    "require",
]

#: The deepest nesting of lists and objects a record may hold (a real one holds about six).
MAX_DEPTH = 32
#: The largest magnitude of a score, total or payoff a record may hold.
MAX_NUMBER = 10**12
#: The most hands a match plays and a match record holds (:class:`~cardkit.match.Match`).
MAX_MATCH_HANDS = 5000
#: The largest record file :func:`cardkit.records.load_record` reads (a 5,000-hand match of gin
#: is about 18 MB); a larger one is refused before it is read.
MAX_RECORD_BYTES = 64 * 10**6
#: The smallest and the largest seed a hand or a match may be dealt from (and a record hold):
#: what a signed or an unsigned 64-bit number holds.
MIN_SEED = -(2**63)
MAX_SEED = 2**64 - 1


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


def check_seed(value: Any, field: str = "seed",
               error: type[ValueError] = RecordError) -> int:
    """``value`` as a seed from :data:`MIN_SEED` to :data:`MAX_SEED` (a whole number: booleans,
    floats and texts refused); ``error`` (``RecordError`` by default) otherwise."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise error(f"{field} must be an integer, not {kind_name(value)} {_short(value)} "
                    f"(a seed is from {MIN_SEED} to {MAX_SEED})")
    if not MIN_SEED <= value <= MAX_SEED:
        raise error(f"{field} must be from {MIN_SEED} to {MAX_SEED}, not {_short(value)}")
    return int(value)


def read_bytes_capped(path: str | os.PathLike[str], limit: int, what: str = "file") -> bytes:
    """The bytes of the file ``path``, refused with a one-line ``RecordError`` before it is
    read whole when it is not a regular file (a folder, a device such as ``/dev/zero``, a
    pipe) or is larger than ``limit`` bytes. ``what`` names the file in the messages;
    ``FileNotFoundError`` passes through (a caller may take a missing file as none)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise
    except (OSError, ValueError) as problem:
        raise RecordError(f"cannot read {path}: {getattr(problem, 'strerror', None) or problem}"
                          ) from None
    if stat.S_ISDIR(info.st_mode):
        raise RecordError(f"{path} is a folder, not a {what}")
    if not stat.S_ISREG(info.st_mode):
        raise RecordError(f"{path} is not a regular file (a device or a pipe), not a {what}")
    if info.st_size > limit:
        raise RecordError(f"{path} is too large for a {what} ({_size(info.st_size)}; at most "
                          f"{_size(limit)})")
    try:
        with Path(path).open("rb") as handle:
            data = handle.read(limit + 1)  # a file that grew since: still never more
    except OSError as problem:
        raise RecordError(f"cannot read {path}: {problem.strerror or problem}") from None
    if len(data) > limit:
        raise RecordError(f"{path} is too large for a {what} (more than {_size(limit)})")
    return data


def read_text_capped(path: str | os.PathLike[str], limit: int, what: str = "file") -> str:
    """The text of the file ``path``, refused as :func:`read_bytes_capped` refuses it, and
    when it is not UTF-8 text (binary data); a leading byte-order mark is accepted and
    dropped. A missing file is a ``RecordError`` too."""
    try:
        data = read_bytes_capped(path, limit, what)
    except FileNotFoundError as problem:
        raise RecordError(f"cannot read {path}: {problem.strerror or problem}") from None
    if b"\0" in data:
        raise RecordError(f"{path} is not a text file (it holds binary data)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a text file (not UTF-8)") from None


def loads_json(text: str, where: str = "record") -> Any:
    """Parse JSON text, refusing what ``json.loads`` would quietly accept or fail on with a
    traceback: an object that names a key twice (``json`` keeps the last), nesting deeper than
    the interpreter's recursion limit, integers of thousands of digits. A leading byte-order
    mark is dropped. One-line ``RecordError`` naming ``where``."""
    try:
        return json.loads(text.removeprefix("\ufeff"), object_pairs_hook=_no_twice)
    except json.JSONDecodeError as error:
        raise RecordError(f"{where}: invalid JSON at line {error.lineno}, column "
                          f"{error.colno} ({error.msg})") from None
    except RecursionError:
        raise RecordError(f"{where}: lists or objects nested too deeply") from None
    except RecordError as error:
        raise RecordError(f"{where}: {error}") from None
    except ValueError as error:  # Python's own limits: an integer of thousands of digits
        raise RecordError(f"{where}: {str(error).split(';')[0]}") from None


def _no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object from its pairs, refusing a key given twice."""
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise RecordError(f"the key {_short(key)} appears twice in one object")
            seen.add(key)
    return value


def _size(count: int) -> str:
    """A size in bytes for a message: ``12 bytes``, ``3.5 MB``."""
    if count < 10_000:
        return f"{count} bytes"
    return f"{count / 1e6:.1f} MB" if count < 10**12 else f"{count / 1e9:,.0f} GB"


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
