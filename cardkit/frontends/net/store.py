"""The server's save files. ``FILE`` is an ordinary match record (``cardkit replay FILE``
shows it), written atomically after every accepted move: a temporary file in the same folder,
created readable by its owner only (mode 0600), then renamed over the old one
(``os.replace``), so a crash at any moment leaves either the old file or the new one, never half
of one. ``FILE.seats`` holds what the server needs to reopen the table with the same addresses:
its name and each seat's secret token (or bot). It is written once, the same way, when the table
opens; whoever can read it can take a seat, so it stays readable by its owner only.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from cardkit.services.records import MatchRecord, load_record
from cardkit.values.errors import RecordError

if TYPE_CHECKING:
    from cardkit.engine.match import Match

__all__ = ["SERVER_FORMAT", "SavedTable", "TableFile", "load_table", "save_seats",
           "seats_path", "write_atomically"]

SERVER_FORMAT = "cardkit-server/1"


@attrs.frozen
class SavedTable:
    """What the server keeps about a table besides the record: its name, per seat the token
    of a person's seat (None for a bot) and the bot's name (None for a person), and the
    searching bots' budget (``think`` seconds, ``playouts`` a move; None: their default)."""

    table: str
    tokens: tuple[str | None, ...]
    bots: tuple[str | None, ...]
    think: float | None = None
    playouts: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (the budget only where one was given, so older files read alike)."""
        data: dict[str, Any] = {
            "format": SERVER_FORMAT, "table": self.table,
            "seats": [{"token": token, "bot": bot}
                      for token, bot in zip(self.tokens, self.bots, strict=True)]}
        if self.think is not None:
            data["think"] = self.think
        if self.playouts is not None:
            data["playouts"] = self.playouts
        return data

    @classmethod
    def from_dict(cls, data: Any, players: int) -> SavedTable:
        """Validate plain data; ``RecordError`` naming the problem."""
        if not isinstance(data, dict) or data.get("format") != SERVER_FORMAT:
            raise RecordError(f"not a table's seats file: no format {SERVER_FORMAT!r}"
                              " (was it written by 'cardkit serve --save'?)")
        table, seats = data.get("table"), data.get("seats")
        if not isinstance(table, str) or not table or "/" in table:
            raise RecordError("seats file: 'table' must be a name")
        if not isinstance(seats, list) or len(seats) != players:
            raise RecordError(f"seats file: 'seats' must list {players} seats")
        tokens: list[str | None] = []
        bots: list[str | None] = []
        for number, seat in enumerate(seats):
            token = seat.get("token") if isinstance(seat, dict) else None
            bot = seat.get("bot") if isinstance(seat, dict) else None
            if not ((isinstance(token, str) and token and bot is None)
                    or (token is None and isinstance(bot, str))):
                raise RecordError(f"seats file: seat {number} needs a token or a bot")
            tokens.append(token)
            bots.append(bot)
        think, playouts = data.get("think"), data.get("playouts")
        if think is not None and (isinstance(think, bool) or not isinstance(think, int | float)
                                  or not think > 0):
            raise RecordError("seats file: 'think' must be a number of seconds above 0")
        if playouts is not None and (isinstance(playouts, bool) or not isinstance(playouts, int)
                                     or playouts < 1):
            raise RecordError("seats file: 'playouts' must be a whole number of at least 1")
        return cls(table, tuple(tokens), tuple(bots),
                   None if think is None else float(think), playouts)


def write_atomically(path: str | Path, text: str) -> None:
    """Replace ``path`` by ``text`` in one step: a temporary file (mode 0600) in the same folder,
    then ``os.replace``."""
    target = Path(path)
    descriptor, temporary = tempfile.mkstemp(dir=target.parent or Path("."),
                                             prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def seats_path(path: str | Path) -> Path:
    """Where the seats' tokens of the table saved in ``path`` are kept: ``path`` + ``.seats``."""
    return Path(f"{path}.seats")


def save_seats(path: str | Path, saved: SavedTable) -> None:
    """Write ``path.seats`` atomically (mode 0600)."""
    write_atomically(seats_path(path), json.dumps(saved.to_dict(), indent=1) + "\n")


class TableFile:
    """The save file of one table, written after every move. A finished hand never changes,
    so its JSON is kept and only the hand in progress is encoded again: a save costs the same
    at the first hand and the fiftieth."""

    def __init__(self, path: str | Path) -> None:
        self.path = path
        self._finished: list[str] = []

    def save(self, match: Match) -> None:
        """Write ``match``'s record atomically."""
        hands = match.hands
        while len(self._finished) < len(hands) - 1:
            hand = hands[len(self._finished)]
            self._finished.append(json.dumps(hand.record().to_dict()))
        current = json.dumps(hands[-1].record().to_dict())
        game = match.game
        head = MatchRecord(game.name, game.definition.version, game.players,
                           dict(game.options), match.seed, match.hands_limit, ()).to_dict()
        del head["hands"]
        text = (json.dumps(head)[:-1] + ', "hands": [' + ", ".join([*self._finished, current])
                + "]}\n")
        write_atomically(self.path, text)


def load_table(path: str | Path) -> tuple[MatchRecord, SavedTable]:
    """Read the record ``path`` and its ``path.seats``; ``RecordError`` with the reason."""
    record = load_record(path)
    if not isinstance(record, MatchRecord):
        raise RecordError(f"{path} holds a single hand, not a match saved by 'cardkit serve'")
    seats = seats_path(path)
    try:
        text = seats.read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot read {seats} (the seats' tokens, written by 'cardkit serve "
                          f"--save'): {error.strerror or error}") from None
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise RecordError(f"{seats} is not valid JSON") from None
    return record, SavedTable.from_dict(data, record.players)


def new_tokens(players: int, bots: Sequence[str | None]) -> tuple[str | None, ...]:
    """A fresh secret token (``secrets.token_urlsafe``, 128 bits) for every person's seat."""
    import secrets

    return tuple(None if bot is not None else secrets.token_urlsafe(16) for bot in bots)
