"""``cardkit serve --resume FILE`` with the first command's flags: each flag given must agree
with the saved match (repeating the first command plus ``--resume`` is what people do); the
first that does not is named in one line."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import attrs
from cardkit_cli.main import CardkitError

from cardkit.values.views import seat_name

if TYPE_CHECKING:
    from cardkit.engine.records import MatchRecord
    from cardkit.frontends.net.store import SavedTable

__all__ = ["Flags", "check_resume_flags"]


@attrs.frozen
class Flags:
    """The flags of a ``serve`` command that describe the match (None or empty: not given)."""

    players: int | None = None
    rules: tuple[str, ...] = ()
    preset: str | None = None
    hands: int | None = None
    bots: tuple[str, ...] = ()
    seed: int | None = None
    tables: int = 1
    save: str | None = None
    think: float | None = None
    playouts: int | None = None


def check_resume_flags(path: str, record: MatchRecord, saved: SavedTable, flags: Flags) -> None:
    """A usage error (exit 2) naming the first flag that disagrees with the match saved in
    ``path``; nothing when every flag given agrees."""
    from cardkit_cli.options import configure
    from cardkit_cli.seats import parse_bots

    from cardkit.engine.registry import load_game

    def disagree(flag: str, saved_text: str) -> CardkitError:
        return CardkitError(f"{flag} disagrees with {path}, which holds {saved_text}: drop it "
                            "or give the saved value", 2)

    if flags.tables != 1:
        raise disagree(f"--tables {flags.tables}", "one match")
    if flags.players is not None and flags.players != record.players:
        raise disagree(f"--players {flags.players}", f"a match of {record.players} players")
    if flags.seed is not None and flags.seed != record.seed:
        raise disagree(f"--seed {flags.seed}", f"a match with seed {record.seed}")
    if flags.hands is not None and flags.hands != record.hands_limit:
        limit = ("no hand limit" if record.hands_limit is None
                 else f"a match of {record.hands_limit} hands")
        raise disagree(f"--hands {flags.hands}", limit)
    if flags.think is not None and flags.think != saved.think:
        raise disagree(f"--think {flags.think:g}", "the bots' default time" if saved.think is None
                       else f"--think {saved.think:g}")
    if flags.playouts is not None and flags.playouts != saved.playouts:
        raise disagree(f"--playouts {flags.playouts}", "the bots' default play-outs"
                       if saved.playouts is None else f"--playouts {saved.playouts}")
    if flags.save is not None and not _same_path(flags.save, path):
        raise CardkitError(f"--save {flags.save} disagrees with --resume {path}: a resumed "
                           f"match goes on saving to {path}", 2)
    if flags.preset is not None:
        preset = dict(configure(record.game, record.players, flags.preset).options)
        plain = dict(configure(record.game, record.players).options)
        for name, value in preset.items():
            if value != plain.get(name) and value != record.options.get(name):
                raise disagree(f"--preset {flags.preset} (which sets {name}={value})",
                               f"{name}={record.options.get(name)}")
    for text in flags.rules:
        options = dict(configure(record.game, record.players, None, (text,)).options)
        name = text.partition("=")[0].strip().replace("-", "_")
        if options.get(name) != record.options.get(name):
            raise disagree(f"--rule {text}", f"{name}={record.options.get(name)}")
    if flags.bots:
        game = load_game(record.game, players=record.players, **record.options)
        if parse_bots(flags.bots, game) != saved.bots:
            seats = ", ".join(f"{seat_name(seat)} ({bot})" for seat, bot in enumerate(saved.bots)
                              if bot is not None) or "no bot"
            raise disagree(f"--bots {' '.join(flags.bots)}", f"bots at {seats}")


def _same_path(first: str, second: str) -> bool:
    return Path(first).resolve() == Path(second).resolve()
