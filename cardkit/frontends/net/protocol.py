"""The wire protocol's constants, table addresses and message checks (docs/protocol.md).

A table's address is ``ws://HOST:PORT/TABLE``; a seat's address adds its secret token as the
fragment, ``ws://HOST:PORT/TABLE#TOKEN``. The fragment never travels in the WebSocket handshake:
a client sends the token in its ``hello`` message instead.
"""

from __future__ import annotations

import json
import math
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import attrs

__all__ = [
    "CLOSE_DONE",
    "CLOSE_IDLE",
    "CLOSE_REFUSED",
    "CLOSE_REPLACED",
    "MAX_MESSAGE",
    "PROTOCOL_VERSION",
    "Address",
    "MessageError",
    "clean_id",
    "dump",
    "load",
    "parse_address",
    "printable",
    "require_websockets",
    "seconds",
]

#: The protocol version a ``hello`` names; a server refuses any other.
PROTOCOL_VERSION = 1
#: The largest message (bytes of UTF-8 JSON) a server accepts from a client.
MAX_MESSAGE = 4096
#: Hard cap of the WebSocket layer: a frame above this closes the connection (code 1009).
MAX_FRAME = 65536

# Close codes (4000-4999 are the application's): a client reconnects after any other code.
CLOSE_REFUSED = 4001   # wrong or missing token, unknown table, wrong protocol version
CLOSE_REPLACED = 4002  # the seat was taken over by a new connection with its token
CLOSE_IDLE = 4003      # nothing received for too long (or no hello in time)
CLOSE_DONE = 4004      # the match is over and the table closed
#: Codes after which a client does not reconnect.
FINAL_CLOSE_CODES = frozenset({CLOSE_REFUSED, CLOSE_REPLACED, CLOSE_DONE})

MESSAGE_TYPES_FROM_CLIENT = ("hello", "move", "hint", "ping")


class MessageError(ValueError):
    """A message that is not valid protocol (bad JSON, wrong shape); the reason is one line."""


@attrs.frozen
class Address:
    """A parsed table address: where to connect, and the seat's token if any."""

    url: str
    table: str
    token: str | None

    @property
    def public(self) -> str:
        """The address without the token (what a spectator uses)."""
        return self.url


def require_websockets() -> None:
    """``ValueError`` with the fix if the ``websockets`` library (the ``net`` extra) is
    missing."""
    import importlib.util

    if importlib.util.find_spec("websockets") is None:
        raise ValueError("playing over a network needs the websockets library: "
                         "pip install 'cardkit[net]' (or: pip install websockets)")


def parse_address(text: str) -> Address:
    """``ws://HOST:PORT/TABLE[#TOKEN]`` -> :class:`Address`; ``ValueError`` with the reason."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("ws", "wss"):
        raise ValueError(f"{text!r} is not a table address: it starts with ws:// "
                         "(copy the whole line 'cardkit serve' printed)")
    if not parts.hostname:
        raise ValueError(f"{text!r} names no host")
    try:
        parts.port  # noqa: B018 - urlsplit checks the port only when asked
    except ValueError:
        raise ValueError(f"{text!r} has a bad port number") from None
    table = parts.path.strip("/")
    if not table or "/" in table:
        raise ValueError(f"{text!r} names no table (ws://HOST:PORT/TABLE)")
    url = urlunsplit((parts.scheme, parts.netloc, "/" + table, "", ""))
    return Address(url, table, parts.fragment or None)


def seat_address(url: str, token: str) -> str:
    """The address a person joins a seat with."""
    return f"{url}#{token}"


def dump(message: dict[str, Any]) -> str:
    """A message as compact JSON text."""
    return _COMPACT.encode(message)


# made once: json.dumps with options builds an encoder at every call (a server sends a few
# messages a move)
_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def printable(text: str) -> str:
    """``text`` safe to send: a lone surrogate (which UTF-8 cannot carry, and which a client's
    own text may hold) written as its escape, ``\\ud800``."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def seconds(value: Any, name: str, low: float, high: float = 86_400.0) -> float:
    """``value`` as a finite number from ``low`` to ``high`` (a timeout, a rate: seconds or
    a count a second); ``ValueError`` naming ``name`` and the range otherwise (``nan`` or
    ``inf`` would reach the clients' JSON as ``NaN`` or ``Infinity``, which they refuse)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or \
            not math.isfinite(value) or not low <= value <= high:
        raise ValueError(f"{name} must be a number from {low:g} to {high:g}, not "
                         f"{value!r:.40}")
    return float(value)


def clean_id(ident: Any) -> int | str | None:
    """A client's message ``id`` as it is echoed back: an integer, or a text cut to 100
    characters with any lone surrogate escaped (UTF-8 cannot carry one, and sending it would
    drop the connection); anything else is no id (None)."""
    if isinstance(ident, str):
        return printable(ident)[:100]
    if isinstance(ident, int) and not isinstance(ident, bool):
        return ident
    return None


def load(text: str | bytes) -> dict[str, Any]:
    """A received message as a dict with a text ``type``; ``MessageError`` otherwise."""
    if isinstance(text, bytes):
        raise MessageError("binary messages are not accepted: send JSON text")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise MessageError(f"not JSON: {error.msg} at column {error.colno}") from None
    except RecursionError:
        raise MessageError("not JSON: nested too deeply") from None
    except ValueError as error:  # Python's own limits: an integer of thousands of digits
        raise MessageError(f"not a message: {str(error).split(';')[0]}") from None
    if not isinstance(data, dict):
        raise MessageError("a message must be a JSON object")
    if not isinstance(data.get("type"), str):
        raise MessageError("a message needs a text field 'type'")
    return data
