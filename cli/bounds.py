"""The command line's number and file types: every number bounded and finite, every file read
checked before it is read.

A value out of bounds is a usage error (one line, exit code 2) that says what is allowed:
``--workers must be a whole number from 1 to 64, not 100000``. Texts are never converted blindly:
an integer of thousands of digits, ``nan``, ``inf`` and ``1e400`` are refused, not carried into
a loop or a timer that would then never end. :class:`InputFile` refuses a folder, a device
(``/dev/zero``), a pipe, a file too large or holding binary data before anything reads it.
"""

from __future__ import annotations

import math
import os
import re
import stat
from typing import Any

import click

from cardkit.values.validate import MAX_MATCH_HANDS, MAX_RECORD_BYTES, MAX_SEED, MIN_SEED

__all__ = [
    "DAY",
    "MAX_HANDS",
    "MAX_LAB_HANDS",
    "MAX_LAB_MATCHES",
    "MAX_PLAYOUTS",
    "MAX_RECORD_BYTES",
    "MAX_SEATS",
    "MAX_WORKERS",
    "SEED",
    "InputFile",
    "Seconds",
    "Whole",
]

#: The most hands a match plays (what a match record holds).
MAX_HANDS = MAX_MATCH_HANDS
#: The most play-outs a searching bot may be given a move.
MAX_PLAYOUTS = 100_000
#: The most seats a command accepts a number for (a game refuses its own wrong counts).
MAX_SEATS = 100
#: The most worker processes the lab starts (or four a core on a larger machine).
MAX_WORKERS = max(64, 4 * (os.cpu_count() or 1))
#: The most hands (or deals) a variant of a lab run simulates, and the most matches.
MAX_LAB_HANDS = 10**8
MAX_LAB_MATCHES = 10**7
#: A day in seconds: the longest timeout or wait a server is given.
DAY = 86_400.0

_WHOLE = re.compile(r"[+-]?[0-9][0-9_]*")
_LONGEST = 40  # characters of a number worth reading (a seed has at most 20 digits)


def _shown(value: Any) -> str:
    """A typed value for a message: quoted when it is not a plain number, cut when long."""
    text = str(value)
    if len(text) > _LONGEST:
        return f"a value of {len(text):,} characters"
    return text if re.fullmatch(r"[+-]?[0-9.eE_]+", text) else repr(text)


def _number(value: int | float) -> str:
    """A bound for a message: ``1``, ``5,000``, ``0.05``, ``86,400``."""
    if isinstance(value, float) and not value.is_integer():
        return f"{value:g}"
    return f"{int(value):,}"


class Whole(click.ParamType):
    """A whole number from ``low`` to ``high``; anything else is refused in one line naming
    the range."""

    name = "integer"

    def __init__(self, low: int, high: int) -> None:
        self.low = low
        self.high = high

    @property
    def allowed(self) -> str:
        """The range in words."""
        return f"a whole number from {_number(self.low)} to {_number(self.high)}"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        """``value`` as an int within the range."""
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            if len(text) > _LONGEST or not _WHOLE.fullmatch(text):
                self.fail(f"must be {self.allowed}, not {_shown(value)}", param, ctx)
            number = int(text)
        if not self.low <= number <= self.high:
            self.fail(f"must be {self.allowed}, not {_shown(number)}", param, ctx)
        return number

    def __repr__(self) -> str:
        return f"Whole({self.low}, {self.high})"


class Seconds(click.ParamType):
    """A finite number of seconds from ``low`` to ``high`` (``nan``, ``inf``, ``1e400`` are
    refused); anything else is refused in one line naming the range."""

    name = "seconds"

    def __init__(self, low: float, high: float) -> None:
        self.low = low
        self.high = high

    @property
    def allowed(self) -> str:
        """The range in words."""
        return f"a number of seconds from {_number(self.low)} to {_number(self.high)}"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        """``value`` as a float within the range."""
        if isinstance(value, int | float) and not isinstance(value, bool):
            number = float(value)
        else:
            text = str(value).strip()
            try:
                # ASCII alone: Python's float() also reads other scripts' digits ("٣")
                ascii_number = len(text) <= _LONGEST and text.isascii()
                number = float(text.replace("_", "x")) if ascii_number else math.nan
            except ValueError:
                number = math.nan
        if not (math.isfinite(number) and self.low <= number <= self.high):
            self.fail(f"must be {self.allowed}, not {_shown(value)}", param, ctx)
        return number

    def __repr__(self) -> str:
        return f"Seconds({self.low}, {self.high})"


#: A seed: what a record holds.
SEED = Whole(MIN_SEED, MAX_SEED)


class InputFile(click.ParamType):
    """A file the command reads: it must exist and be a regular file (not a folder, a device
    such as ``/dev/zero`` or a pipe) of at most ``limit`` bytes of text (no binary data).
    The path is returned as given; what it holds is checked by whoever reads it."""

    name = "file"

    def __init__(self, limit: int, what: str = "file") -> None:
        self.limit = limit
        self.what = what

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        """``value`` once the file is known to be one worth reading."""
        path = os.fsdecode(value) if isinstance(value, bytes) else str(value)
        if not path:
            self.fail("no file name given", param, ctx)
        try:
            info = os.stat(path)
        except (OSError, ValueError) as error:
            reason = getattr(error, "strerror", None) or str(error)
            self.fail(f"cannot read {_shown(path)}: {reason}", param, ctx)
        if stat.S_ISDIR(info.st_mode):
            self.fail(f"{_shown(path)} is a folder, not a {self.what}", param, ctx)
        if not stat.S_ISREG(info.st_mode):
            self.fail(f"{_shown(path)} is not a regular file (a device or a pipe), not a "
                      f"{self.what}", param, ctx)
        if info.st_size > self.limit:
            self.fail(f"{_shown(path)} is too large for a {self.what} "
                      f"({info.st_size / 1e6:,.1f} MB; at most {self.limit / 1e6:,.0f} MB)",
                      param, ctx)
        try:
            with open(path, "rb") as handle:
                head = handle.read(min(self.limit, 1 << 16))
        except OSError as error:
            self.fail(f"cannot read {_shown(path)}: {error.strerror or error}", param, ctx)
        if b"\0" in head or not _utf8_start(head):
            self.fail(f"{_shown(path)} is not a text file (it holds binary data), not a "
                      f"{self.what}", param, ctx)
        return path

    def __repr__(self) -> str:
        return f"InputFile({self.limit})"


def _utf8_start(data: bytes) -> bool:
    """True when ``data`` (the start of a file) is UTF-8, but for a character cut at its end."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        return error.start >= len(data) - 3 and error.reason == "unexpected end of data"
    return True
