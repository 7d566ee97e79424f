"""Finding games: the ``cardkit.games`` entry-point group.

Every game — the project's own three included — is an installed plugin whose entry point names a
:class:`~cardkit.game.GameDefinition`. A plugin that fails to import is reported by
:func:`plugin_errors` (name and error) and does not break the others. :func:`register` adds a
definition in-process (tests, notebooks) without installing anything.
"""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Any

from cardkit.values.lazy import resolve

if TYPE_CHECKING:
    from cardkit.engine.definition import GameDefinition
    from cardkit.engine.game import Game

__all__ = [
    "GameAbout",
    "GameInfo",
    "available_games",
    "game_definition",
    "game_infos",
    "installed_definition",
    "load_game",
    "name_clashes",
    "plugin_errors",
    "register",
    "unregister",
]

ENTRY_POINT_GROUP = "cardkit.games"
#: Optional: a module with ``SUMMARY``, ``PLAYER_COUNTS`` and ``DEFAULT_PLAYERS``, so a game can
#: be listed without importing it (``cardkit games`` starts fast).
ABOUT_GROUP = "cardkit.game_about"

# Listing games must stay light: this module imports neither attrs nor cardkit.game at import
# time (``cardkit --help`` and ``cardkit games`` start in about the
# time click and the entry points take).
_DEFINITION = "cardkit.engine.definition:GameDefinition"  # imported when a game is loaded


class GameAbout:
    """What a listing shows of a game: a one-line summary and its player counts."""

    __slots__ = ("default_players", "player_counts", "summary")

    def __init__(self, summary: str, player_counts: tuple[int, ...],
                 default_players: int) -> None:
        self.summary = summary
        self.player_counts = tuple(player_counts)
        self.default_players = default_players

    def __repr__(self) -> str:
        return (f"GameAbout(summary={self.summary!r}, player_counts={self.player_counts!r}, "
                f"default_players={self.default_players!r})")


class GameInfo:
    """One installed game, or a plugin that failed to load (``error`` set).

    Found from its entry point, the game is imported the first time ``definition`` or ``error``
    is read; :meth:`about` reads the game's ``cardkit.game_about`` module instead when it has
    one, so listing games imports none.
    """

    __slots__ = ("_about_point", "_definition", "_error", "_loaded", "_point", "name",
                 "package")

    def __init__(self, name: str, package: str, definition: GameDefinition | None = None,
                 error: str | None = None, *, point: EntryPoint | None = None,
                 about_point: EntryPoint | None = None) -> None:
        self.name = name
        self.package = package
        self._definition = definition
        self._error = error
        self._point = point
        self._about_point = about_point
        self._loaded = point is None

    def _load(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        definition_class = resolve(_DEFINITION)
        point = self._point
        assert point is not None
        try:
            definition = point.load()
        except Exception as error:  # a broken plugin must not break the others
            self._error = f"{type(error).__name__}: {error}"
            return
        if isinstance(definition, definition_class):
            self._definition = definition
        else:
            self._error = (f"entry point {point.value} is a {type(definition).__name__}, "
                           "not a cardkit GameDefinition")

    @property
    def definition(self) -> GameDefinition | None:
        """The game's definition (``None`` when it failed to load)."""
        self._load()
        return self._definition

    @property
    def error(self) -> str | None:
        """Why the plugin failed to load, or ``None``."""
        self._load()
        return self._error

    def about(self) -> GameAbout | None:
        """The game's summary and player counts (``None`` when it failed to load), from its
        ``cardkit.game_about`` module when it declares one, else from its definition."""
        if not self._loaded and self._about_point is not None:
            try:
                module = self._about_point.load()
                return GameAbout(module.SUMMARY, module.PLAYER_COUNTS, module.DEFAULT_PLAYERS)
            except Exception:  # a broken about module: ask the definition instead
                pass
        definition = self.definition
        if definition is None:
            return None
        return GameAbout(definition.summary, definition.player_counts,
                         definition.default_players)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, GameInfo) and self.name == other.name
                and self.package == other.package and self.definition == other.definition
                and self.error == other.error)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"GameInfo(name={self.name!r}, package={self.package!r}, "
                f"definition={self.definition!r}, error={self.error!r})")


_infos: dict[str, GameInfo] | None = None
_registered: dict[str, GameInfo] = {}
#: Game names declared by more than one installed package: name -> the packages, the one in
#: use first.
_clashes: dict[str, list[str]] = {}


def _package(point: EntryPoint) -> str:
    """The distribution that installed ``point`` (its name as in its dist-info folder, which
    needs no metadata parsing), else the entry point's module."""
    dist = point.dist
    if dist is None:
        return point.module
    folder = getattr(dist, "_path", None)
    if folder is not None and folder.name.endswith((".dist-info", ".egg-info")):
        return folder.name.rsplit(".", 1)[0].rsplit("-", 1)[0]
    return dist.name


def _entry_infos() -> dict[str, GameInfo]:
    """The installed games by name, from their entry points, read once; none is loaded. When
    two packages declare one name, the first found is used and the clash is kept for
    :func:`name_clashes`."""
    global _infos
    if _infos is None:
        abouts = {point.name: point for point in entry_points(group=ABOUT_GROUP)}
        found: dict[str, GameInfo] = {}
        _clashes.clear()
        for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
            if point.name in found:
                claimants = _clashes.setdefault(point.name, [found[point.name].package])
                if _package(point) not in claimants:
                    claimants.append(_package(point))
                continue
            found[point.name] = GameInfo(point.name, _package(point), point=point,
                                         about_point=abouts.get(point.name))
        _infos = found
    return _infos


def _info(name: str) -> GameInfo | None:
    if name in _registered:
        return _registered[name]
    return _entry_infos().get(name)


def _discover() -> dict[str, GameInfo]:
    return {**_entry_infos(), **_registered}


def name_clashes() -> dict[str, list[str]]:
    """Game names that more than one installed package declares, with those packages (the
    one in use first): only one of them can be played under that name."""
    _entry_infos()
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


def installed_definition(name: str) -> GameDefinition | None:
    """The definition the installed packages' entry points give for ``name``, or None (not
    installed, or failed to load; a definition registered in-process is not installed)."""
    info = _entry_infos().get(name)
    return None if info is None else info.definition


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
    global _infos
    _infos = None
