"""Finding games: the ``cardkit.games`` entry-point group.

Every game — the project's own three included — is an installed plugin whose entry point names a
:class:`~cardkit.game.GameDefinition`. A plugin that fails to import is reported by
:func:`plugin_errors` (name and error) and does not break the others. :func:`register` adds a
definition in-process (tests, notebooks) without installing anything.
"""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points
from typing import Any

import attrs

from cardkit.game import Game, GameDefinition

__all__ = [
    "GameInfo",
    "available_games",
    "game_definition",
    "game_infos",
    "load_game",
    "name_clashes",
    "plugin_errors",
    "register",
    "unregister",
]

ENTRY_POINT_GROUP = "cardkit.games"


@attrs.frozen
class GameInfo:
    """One installed game, or a plugin that failed to load (``error`` set)."""

    name: str
    package: str
    definition: GameDefinition | None
    error: str | None = None


_points: dict[str, EntryPoint] | None = None
_loaded: dict[str, GameInfo] = {}
_registered: dict[str, GameInfo] = {}
#: Game names declared by more than one installed package: name -> the packages, the one in
#: use first.
_clashes: dict[str, list[str]] = {}


def _package(point: EntryPoint) -> str:
    return point.dist.name if point.dist is not None else point.module


def _entry_points() -> dict[str, EntryPoint]:
    """The installed games' entry points by name, read once and not loaded. When two packages
    declare one name, the first found is used and the clash is kept for :func:`name_clashes`."""
    global _points
    if _points is None:
        found: dict[str, EntryPoint] = {}
        _clashes.clear()
        for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
            if point.name in found:
                claimants = _clashes.setdefault(point.name, [_package(found[point.name])])
                if _package(point) not in claimants:
                    claimants.append(_package(point))
                continue
            found[point.name] = point
        _points = found
    return _points


def _load(name: str, point: EntryPoint) -> GameInfo:
    """Load one game on first use. One at a time, so a plugin whose module asks for its base
    game while it is being imported (a variant) loads that game alone, never itself again."""
    info = _loaded.get(name)
    if info is None:
        package = _package(point)
        try:
            definition = point.load()
        except Exception as error:  # a broken plugin must not break the others
            info = GameInfo(name, package, None, f"{type(error).__name__}: {error}")
        else:
            if isinstance(definition, GameDefinition):
                info = GameInfo(name, package, definition)
            else:
                info = GameInfo(name, package, None,
                                f"entry point {point.value} is a {type(definition).__name__}, "
                                "not a cardkit GameDefinition")
        _loaded[name] = info
    return info


def _info(name: str) -> GameInfo | None:
    if name in _registered:
        return _registered[name]
    point = _entry_points().get(name)
    return None if point is None else _load(name, point)


def _discover() -> dict[str, GameInfo]:
    found = {name: _load(name, point) for name, point in _entry_points().items()}
    return {**found, **_registered}


def name_clashes() -> dict[str, list[str]]:
    """Game names that more than one installed package declares, with those packages (the
    one in use first): only one of them can be played under that name."""
    _entry_points()
    return {name: list(packages) for name, packages in _clashes.items() if len(packages) > 1}


def game_infos() -> list[GameInfo]:
    """Every game found, loaded or not, sorted by name."""
    return sorted(_discover().values(), key=lambda info: info.name)


def available_games() -> list[str]:
    """Names of the games that load, sorted."""
    return [info.name for info in game_infos() if info.definition is not None]


def plugin_errors() -> dict[str, str]:
    """Plugins that failed to load, with their errors."""
    return {info.name: info.error for info in game_infos() if info.error is not None}


def game_definition(name: str) -> GameDefinition:
    """The definition of an installed game; ``ValueError`` naming the valid games otherwise."""
    info = _info(name)
    if info is None:
        valid = ", ".join(available_games()) or "none installed"
        raise ValueError(f"unknown game {name!r}; installed games: {valid}")
    if info.definition is None:
        raise ValueError(f"game {name!r} failed to load: {info.error}")
    return info.definition


def load_game(name: str, players: int | None = None, preset: str | None = None,
              **options: Any) -> Game:
    """A configured game: ``load_game("tonk", players=3, hit_penalty_turns=1)``. An unknown
    game, option or preset, or a bad value, raises ``ValueError`` naming the valid choices."""
    return game_definition(name).configure(players=players, preset=preset, **options)


def register(definition: GameDefinition, package: str = "(registered in-process)") -> None:
    """Make a definition loadable by name in this process (it shadows an installed one)."""
    _registered[definition.name] = GameInfo(definition.name, package, definition)


def unregister(name: str) -> None:
    """Undo :func:`register`."""
    _registered.pop(name, None)


def refresh() -> None:
    """Forget discovered plugins so the next call scans the entry points again."""
    global _points
    _points = None
    _loaded.clear()
