"""Shared option handling for the commands (``play``, ``rules``, ``hand``, and the rule lab).

``--rule name=value`` texts become a dict checked against the game's declared options: an
unknown name lists the valid ones, a bad value says what is allowed. :func:`configure` turns a
game name, player count, preset and rules into a configured :class:`cardkit.Game`, reporting any
problem as a one-line usage error (exit code 2).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import click
from cardkit_cli.bounds import MAX_SEATS, Whole
from cardkit_cli.main import CardkitError

if TYPE_CHECKING:
    from cardkit import Game, GameDefinition

__all__ = [
    "GAME_NAME",
    "GameName",
    "configure",
    "definition_of",
    "parse_rule_texts",
    "players_option",
    "preset_option",
    "rule_option",
    "usage_errors",
]


class GameName(click.ParamType):
    """A game's name as people type it: any case, ``_`` or a space for ``-``, accents or
    not (``Tiến Lên``), or the unique start of a name (``gin`` for ``gin-rummy``). A name that
    fits no installed game is passed on as typed, for the one-line error naming the games."""

    name = "GAME"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        """The installed game's name ``value`` means (``value`` itself if none)."""
        from cardkit.engine.registry import available_games

        return meant_game(str(value), available_games())


def meant_game(text: str, names: Iterable[str]) -> str:
    """The one of ``names`` that ``text`` means (see :class:`GameName`); else ``text``."""
    import unicodedata

    def plain(name: str) -> str:
        folded = unicodedata.normalize("NFKD", name.replace("đ", "d").replace("Đ", "D"))
        kept = "".join(c for c in folded if not unicodedata.combining(c)).lower().strip()
        return "-".join(kept.replace("_", " ").replace("-", " ").split())

    known = list(names)
    wanted = plain(text)
    for test in (lambda name: plain(name) == wanted,
                 lambda name: plain(name).replace("-", "") == wanted.replace("-", ""),
                 lambda name: plain(name).startswith(wanted)):
        found = [name for name in known if test(name)]
        if len(found) == 1:
            return found[0]
    return text


#: The type of every command's GAME argument.
GAME_NAME = GameName()


@contextmanager
def usage_errors() -> Iterator[None]:
    """Turn a ``ValueError`` raised inside the block into a one-line usage error (exit 2)."""
    try:
        yield
    except CardkitError:
        raise
    except ValueError as error:
        raise CardkitError(str(error), 2) from None


def definition_of(name: str) -> GameDefinition:
    """The installed game ``name``; a usage error naming the installed games otherwise."""
    from cardkit.engine.registry import game_definition

    with usage_errors():
        return game_definition(name)


def parse_rule_texts(texts: Iterable[str], definition: GameDefinition,
                     flag: str = "--rule") -> dict[str, Any]:
    """``["knock_limit=5", ...]`` -> ``{"knock_limit": 5}``, each value converted by the game's
    declared option. Raises ``ValueError`` naming the valid options or the allowed values
    (and ``flag``, the command-line option the texts came from)."""
    values: dict[str, Any] = {}
    names = definition.options.names
    for text in texts:
        name, sep, value = text.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or not name:
            raise ValueError(
                f"{flag} {text!r}: write it as name=value; options of {definition.name}: "
                + (", ".join(names) or "none"))
        definition.options.check_names([name], definition.name)
        values[name] = definition.options[name].convert(value)
    return values


def configure(name: str, players: int | None = None, preset: str | None = None,
              rules: Iterable[str] = ()) -> Game:
    """A configured game from command-line values; a one-line usage error if anything is off."""
    definition = definition_of(name)
    with usage_errors():
        values = parse_rule_texts(rules, definition)
        return definition.configure(players=players, preset=preset, **values)


def rule_option(function: Any) -> Any:
    """The ``--rule name=value`` option (repeatable), shared by the commands."""
    return click.option(
        "--rule", "-r", "rules", multiple=True, metavar="NAME=VALUE",
        help="Set a rule option (repeatable); 'cardkit rules GAME' lists them.",
    )(function)


def preset_option(function: Any) -> Any:
    """The ``--preset P`` option."""
    return click.option("--preset", "-p", metavar="P",
                        help="Start from a named bundle of options.")(function)


def players_option(function: Any) -> Any:
    """The ``--players N`` option."""
    return click.option("--players", "-n", type=Whole(1, MAX_SEATS), metavar="N",
                        help="Number of players (default: the game's usual number).")(function)
