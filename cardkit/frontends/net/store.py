"""The server's save files. ``FILE`` is an ordinary match record (``cardkit replay FILE``
shows it), brought up to date after every accepted move. The first save writes it whole,
atomically: a temporary file in the same folder, created readable by its owner only (mode
0600), then renamed over the old one (``os.replace``). Later saves write only from the end of
the last finished hand on (see :class:`TableFile`), each first kept whole, with its checksum, in
``FILE.tail`` so that a crash in the middle of one is finished when the table is reopened: a
crash at any moment loses nothing that was saved. ``FILE.seats`` holds what the server needs
to reopen the table with the same addresses: its name and each seat's secret token (or bot).
It is written once, the same way, when the table opens; whoever can read it can take a seat,
so it stays readable by its owner only.

"Saved" means handed to the operating system: it survives the server being killed, not the
machine losing power (no fsync).
"""

from __future__ import annotations

import json
import os
import tempfile
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from cardkit.engine.records import MAX_RECORD_BYTES, MatchRecord, load_record
from cardkit.values.errors import RecordError
from cardkit.values.validate import loads_json, read_bytes_capped, read_text_capped

if TYPE_CHECKING:
    from cardkit.engine.match import Match
    from cardkit.engine.state import State

__all__ = ["SERVER_FORMAT", "HandText", "SavedTable", "Snapshot", "TableFile", "load_table",
           "repair", "save_seats", "seats_path", "tail_path", "write_atomically"]

SERVER_FORMAT = "cardkit-server/1"
#: The largest seats file (``FILE.seats``) a resumed table reads (a real one is under 2 KB).
MAX_SEATS_BYTES = 1_000_000


@attrs.frozen
class SavedTable:
    """What the server keeps about a table besides the record: its name, per seat the token
    of a person's seat (None for a bot) and the bot's name (None for a person), and the
    searching bots' budget (``think`` seconds, ``playouts`` a move; None: their default), and
    the address it listens on (``host``, ``port``; None in files written before the server
    had started), so ``--resume`` comes back at the same addresses."""

    table: str
    tokens: tuple[str | None, ...]
    bots: tuple[str | None, ...]
    think: float | None = None
    playouts: int | None = None
    host: str | None = None
    port: int | None = None

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
        if self.host is not None and self.port is not None:
            data["host"], data["port"] = self.host, self.port
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
        host, port = data.get("host"), data.get("port")
        if host is not None and (not isinstance(host, str) or not host):
            raise RecordError("seats file: 'host' must be an address")
        if port is not None and (isinstance(port, bool) or not isinstance(port, int)
                                 or not 0 < port < 65536):
            raise RecordError("seats file: 'port' must be a port number from 1 to 65535")
        return cls(table, tuple(tokens), tuple(bots),
                   None if think is None else float(think), playouts, host, port)


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


@attrs.frozen
class Snapshot:
    """What one save writes, taken on the event loop (the match is not touched after): the
    JSON of the hands finished since the last save, and of the hand in progress. ``whole``:
    the text of the entire file (the first save of a table), written by rename."""

    offset: int
    finished: bytes
    current: bytes
    whole: bool = False

    @property
    def chunk(self) -> bytes:
        """The bytes from ``offset`` to the end of the file."""
        return self.finished + self.current + _END

    def then(self, later: Snapshot) -> Snapshot:
        """This save and ``later`` as one write (both still pending: only the newest hand in
        progress needs writing, every finished hand does)."""
        if later.whole:
            return later
        assert later.offset == self.offset + len(self.finished)
        return Snapshot(self.offset, self.finished + later.finished, later.current, self.whole)


_END = b"]}\n"


class TableFile:
    """The save file of one table. The first save writes the whole record by rename; after
    that a finished hand never changes, so each save writes only from the end of the last
    finished hand on (the hands finished since, then the hand in progress), in place:
    the cost of a save does not grow with the match, and no finished hand stays in memory.

    An in-place write that a crash cuts short would leave half a hand, so each one is first
    written to ``FILE.tail`` with its length and checksum: :func:`repair` finishes it when the
    table is reopened (a tail cut short itself fails its checksum, and then ``FILE`` was not
    touched yet). Both files stay open; no file is created or renamed after the first save.
    :meth:`snapshot` runs on the event loop, :meth:`write` in any thread (one save at a time,
    in order)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        #: hands whose JSON is in the file for good, and the byte offset where the next starts
        self.written = 0
        self.offset: int | None = None
        self._record: int | None = None  # open descriptors of FILE and FILE.tail
        self._current: HandText | None = None  # the JSON of the hand in progress
        self._tail: int | None = None
        self._sizes = [0, 0]  # their sizes: a file is cut (ftruncate, not cheap) only to shrink

    def snapshot(self, match: Match) -> Snapshot:
        """What saving ``match`` now writes; the next snapshot follows from this one."""
        hands = match.hands
        last = len(hands) - 1
        finished = [self._text(hands[index]).encode() for index in range(self.written, last)]
        text = self._text(hands[last])
        self._current = text  # a finished hand is written once: only this one's text is kept
        current = text.encode()
        if self.offset is None:
            game = match.game
            head = MatchRecord(game.name, game.definition.version, game.players,
                               dict(game.options), match.seed, match.hands_limit,
                               ()).to_dict()
            del head["hands"]
            prefix = (json.dumps(head)[:-1] + ', "hands": [').encode("utf-8")
            done = prefix + b"".join(text + b", " for text in finished)
            snapshot = Snapshot(0, done, current, whole=True)
        else:
            done = b"".join(text + b", " for text in finished)
            snapshot = Snapshot(self.offset, done, current)
        self.written, self.offset = last, snapshot.offset + len(snapshot.finished)
        return snapshot

    def _text(self, state: State) -> HandText:
        if self._current is not None and self._current.state is state:
            return self._current
        return HandText(state)

    def write(self, snapshot: Snapshot) -> None:
        """Put ``snapshot`` on disk (the operating system's: no fsync)."""
        if snapshot.whole:
            self.close()
            tail_path(self.path).unlink(missing_ok=True)  # another match's must not be applied
            write_atomically(self.path, snapshot.chunk.decode("utf-8"))
            return
        if self._record is None or self._tail is None:
            self._record = os.open(self.path, os.O_WRONLY)
            self._tail = os.open(tail_path(self.path), os.O_WRONLY | os.O_CREAT, 0o600)
            self._sizes = [os.fstat(self._tail).st_size, os.fstat(self._record).st_size]
        chunk = snapshot.chunk
        sizes = self._sizes
        sizes[0] = _write_at(self._tail, 0, _tail_text(snapshot.offset, chunk), sizes[0],
                             cut=False)
        sizes[1] = _write_at(self._record, snapshot.offset, chunk, sizes[1])

    def close(self) -> None:
        """Close the open files (the next save opens them again)."""
        for descriptor in (self._record, self._tail):
            if descriptor is not None:
                os.close(descriptor)
        self._record = self._tail = None


def _hand_json(state: State) -> bytes:
    return json.dumps(state.record().to_dict()).encode("utf-8")


#: How a record's JSON ends before its first move: its moves and its result come last.
_OPEN_END = ', "actions": [], "result": null}'


class HandText:
    """The JSON of one hand's record (exactly ``json.dumps(state.record().to_dict())``), kept
    up to date by encoding only the moves made since it was last asked for: everything else in
    a hand's record is fixed when it is dealt, but its result. A server asks after every move,
    and never takes a move back."""

    def __init__(self, state: State) -> None:
        self.state = state
        record = state.record().to_dict()
        self._moves: list[str] = []
        self._head: str | None = None
        if list(record)[-2:] == ["actions", "result"]:
            record["actions"], record["result"] = [], None
            text = json.dumps(record)
            if text.endswith(_OPEN_END):
                self._head = text[:-len(_OPEN_END)] + ', "actions": ['

    def encode(self) -> bytes:
        """The record's JSON now, as UTF-8."""
        if self._head is None:  # a record shaped otherwise: encoded whole each time
            return _hand_json(self.state)
        history = self.state.history
        moves = self._moves
        if len(history) < len(moves):
            raise ValueError("a move was taken back: a hand's text only grows")
        moves.extend(json.dumps(str(action)) for _, action in history[len(moves):])
        result = self.state.result
        return (f"{self._head}{', '.join(moves)}], \"result\": "
                f"{'null' if result is None else json.dumps(result.to_dict())}}}"
                ).encode()


def _write_at(descriptor: int, offset: int, chunk: bytes, size: int | None = None, *,
              cut: bool = True) -> int:
    """Write ``chunk`` at ``offset`` of an open file and end the file there (``size``: the
    file's size before, when known: it is cut only if it was longer; ``cut=False``: never, for a
    ``FILE.tail``, whose head line gives its length). The file's size after."""
    written = os.pwrite(descriptor, chunk, offset)
    while written < len(chunk):
        written += os.pwrite(descriptor, chunk[written:], offset + written)
    end = offset + len(chunk)
    if size is None or (cut and size > end):
        os.ftruncate(descriptor, end)
        return end
    return max(size, end)


def _tail_text(offset: int, chunk: bytes) -> bytes:
    """``FILE.tail``: a line ``cardkit-tail OFFSET LENGTH CRC32``, then the chunk."""
    return f"cardkit-tail {offset} {len(chunk)} {zlib.crc32(chunk)}\n".encode() + chunk


def _read_tail(data: bytes) -> tuple[int, bytes] | None:
    """The offset and chunk of a ``FILE.tail``; None if it was cut short (or is not one).
    Bytes past the chunk's length are left from a longer tail before and ignored."""
    head, _, rest = data.partition(b"\n")
    words = head.split()
    if len(words) != 4 or words[0] != b"cardkit-tail" or not all(w.isdigit() for w in words[1:]):
        return None
    offset, length, crc = (int(word) for word in words[1:])
    chunk = rest[:length]
    if len(chunk) != length or zlib.crc32(chunk) != crc:
        return None
    return offset, chunk


def tail_path(path: str | Path) -> Path:
    """Where the last in-place write of the save file ``path`` is kept whole: ``path.tail``."""
    return Path(f"{path}.tail")


def repair(path: str | Path) -> None:
    """Finish the last in-place write of ``path`` from ``path.tail`` (a crash may have cut it
    short; writing it again changes nothing otherwise). A tail cut short itself is ignored:
    ``path`` is written only after its tail is complete."""
    if not Path(path).is_file():
        return  # nothing to repair: load_record says what the path is
    try:
        data = read_bytes_capped(tail_path(path), MAX_RECORD_BYTES + 64, "save file's tail")
    except FileNotFoundError:
        return
    found = _read_tail(data)
    if found is None:
        return
    offset, chunk = found
    try:
        if Path(path).stat().st_size < offset:
            raise RecordError(f"{tail_path(path)} does not belong to {path} (the file is "
                              "shorter)")
        descriptor = os.open(path, os.O_WRONLY)
        try:
            _write_at(descriptor, offset, chunk)
        finally:
            os.close(descriptor)
    except OSError as error:
        raise RecordError(f"cannot repair {path}: {error.strerror or error}") from None


def load_table(path: str | Path) -> tuple[MatchRecord, SavedTable]:
    """Read the record ``path`` (finishing its last write, see :func:`repair`) and its
    ``path.seats``; ``RecordError`` with the reason."""
    repair(path)
    record = load_record(path)
    if not isinstance(record, MatchRecord):
        raise RecordError(f"{path} holds a single hand, not a match saved by 'cardkit serve'")
    seats = seats_path(path)
    try:
        text = read_text_capped(seats, MAX_SEATS_BYTES, "seats file")
    except RecordError as error:
        raise RecordError(f"{error} (the seats' tokens, written by 'cardkit serve --save')"
                          ) from None
    data = loads_json(text, str(seats))
    return record, SavedTable.from_dict(data, record.players)


def new_tokens(players: int, bots: Sequence[str | None]) -> tuple[str | None, ...]:
    """A fresh secret token (``secrets.token_urlsafe``, 128 bits) for every person's seat."""
    import secrets

    return tuple(None if bot is not None else secrets.token_urlsafe(16) for bot in bots)
