"""``cardkit new-game NAME [--from GAME|blank] [--dir PATH]``.

Writes an installable plugin package from the templates in ``cli/templates/``:

- ``blank``: a minimal complete rummy on ``cardkit.rummy`` (options, meld rules, the standard
  turn, settlement hooks, tests that call the conformance kit), leaving three functions to
  fill: ``turn_rules`` and the hooks ``went_out`` and ``stock_out``; its players get the
  generic greedy agent and the ladder;
- ``--from GAME``: a *variant* of any installed game (a third-party plugin too), built with
  ``definition.variant(options=definition.options.extend(...), hooks=...)`` — never a copy of
  the game's code. Its example house rule is the one the game offers (its ``Scaffold``
  capability's ``variant_example``: a new option and a replaced hook) or, for a game that offers
  none, one derived from its declared options (a new default for one of them).
"""

from __future__ import annotations

import keyword
import re
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from cardkit_cli.main import CardkitError

if TYPE_CHECKING:
    from cardkit.engine.capabilities import VariantExample
    from cardkit.engine.definition import GameDefinition
    from cardkit.values.options import Option

__all__ = ["BLANK", "new_game", "write_package"]

#: The ``--from`` value for a new game rather than a variant.
BLANK = "blank"

_NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
_TEMPLATES = files("cardkit_cli") / "templates"


def _installed_names() -> list[str]:
    from cardkit.engine.registry import available_games

    return available_games()


def _base_definition(base: str) -> GameDefinition:
    from cardkit.engine.registry import available_games, game_definition

    names = available_games()
    if base not in names:
        raise ValueError(f"no installed game {base!r} to start from; choose {BLANK} or one of "
                         f"{', '.join(names)}")
    return game_definition(base)


def _names(name: str, base: str) -> dict[str, str]:
    package = "cardkit_" + name.replace("-", "_")
    title = " ".join(part.capitalize() for part in name.split("-"))
    return {"name": name, "package": package, "dist": "cardkit-" + name, "title": title,
            "base": base}


def _hook_rule(values: dict[str, str], definition: GameDefinition,
               example: VariantExample) -> tuple[str, str]:
    """The variant module and its tests for a game that offers an example house rule."""
    if example.hook not in definition.hooks.names():
        raise ValueError(f"{definition.name}'s variant example names no hook of the game: "
                         f"{example.hook!r}")
    values.update(hook=example.hook, option=example.option, option_meaning=example.meaning,
                  hook_signature=definition.hooks.signature(example.hook),
                  imports="\n".join(example.imports),
                  rule_text=f"one extra option and one replaced hook (`{example.hook}`)")
    values["house_rule"] = _render(example.source, values)
    return "hook_rule", "hook_rule_test"


def _changeable(option: Option) -> Any:
    """A value of ``option`` other than its default, or None if none is obvious."""
    default = option.default
    if callable(default):
        return None
    if option.type == "bool":
        return not default
    if option.choices and option.type == "choice":
        return next((choice for choice in option.choices if choice != default), None)
    if option.type == "int" and isinstance(default, int):
        for value in (default + 1, default - 1):
            if ((option.minimum is None or value >= option.minimum)
                    and (option.maximum is None or value <= option.maximum)):
                return value
    return None


def _default_rule(values: dict[str, str], definition: GameDefinition) -> tuple[str, str]:
    """The variant module and its tests for a game that offers no example: a new default for
    the first declared option that has an obvious other value."""
    for option in definition.options.options:
        value = _changeable(option)
        if value is not None:
            break
    else:
        raise ValueError(f"{definition.name} declares no option a variant could change; start "
                         f"from {BLANK} instead")
    hooks = "\n".join(f"- ``{definition.hooks.signature(hook)}``"
                      for hook in definition.hooks.names()) or "- (none)"
    values.update(option=option.name, option_meaning=option.meaning, value=repr(value),
                  value_text=str(value), base_value=repr(option.default), hook_list=hooks,
                  rule_text=f"a new default for its option `{option.name}`")
    return "default_rule", "default_rule_test"


def _render(text: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    return text


def _walk(folder: Traversable, relative: Path) -> list[tuple[Path, Traversable]]:
    found = []
    for entry in folder.iterdir():
        if entry.name == "__pycache__":
            continue
        if entry.is_dir():
            found += _walk(entry, relative / entry.name)
        elif entry.name.endswith(".tmpl"):
            found.append((relative / entry.name.removesuffix(".tmpl"), entry))
    return found


def write_package(name: str, base: str = BLANK, directory: Path | str = ".") -> Path:
    """Write the plugin package for game ``name`` into ``directory/name`` and return that
    folder. ``base`` is ``blank`` or the name of any installed game. Raises ``ValueError`` for
    a bad name (or the name of an installed game) or base, ``FileExistsError`` if it exists."""
    from cardkit.engine.capabilities import Scaffold

    if not _NAME.match(name) or keyword.iskeyword(name):
        raise ValueError(f"game name {name!r}: use lower-case letters, digits and dashes, "
                         "starting with a letter (e.g. my-rummy)")
    if name in _installed_names():
        raise ValueError(f"a game named {name!r} is installed already: choose another name "
                         f"(e.g. my-{name})")
    values = _names(name, base)
    files_to_write: list[tuple[Path, Traversable]] = []
    if base == BLANK:
        files_to_write = _walk(_TEMPLATES / "blank", Path())
    else:
        definition = _base_definition(base)
        scaffold = definition.capability(Scaffold)
        example = scaffold.variant_example if scaffold is not None else None
        module, tests = (_hook_rule(values, definition, example) if example is not None
                         else _default_rule(values, definition))
        parts = _TEMPLATES / "variant_parts"
        files_to_write = [*_walk(_TEMPLATES / "variant", Path()),
                          (Path("PACKAGE") / "variant.py", parts / f"{module}.py.tmpl"),
                          (Path("tests") / "test_PACKAGE.py", parts / f"{tests}.py.tmpl")]
    target = Path(directory) / name
    if target.exists():
        raise FileExistsError(f"{target} already exists")
    for relative, source in sorted(files_to_write, key=lambda item: str(item[0])):
        parts_of_path = [values["package"] if part == "PACKAGE" else part
                         for part in relative.parts]
        path = target.joinpath(*parts_of_path)
        path = path.with_name(path.name.replace("PACKAGE", values["package"]))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_render(source.read_text(encoding="utf-8"), values), encoding="utf-8")
    return target


@click.command("new-game")
@click.argument("name")
@click.option("--from", "base", metavar="GAME", default=BLANK, show_default=True,
              help="Start from a blank game, or make a variant of any installed game "
                   "('cardkit games' lists them).")
@click.option("--dir", "directory", type=click.Path(file_okay=False, path_type=Path),
              default=Path("."), show_default=True, help="Folder to create the package in.")
def new_game(name: str, base: str, directory: Path) -> None:
    """Create a new game plugin package NAME (installable, with passing tests)."""
    try:
        target = write_package(name, base, directory)
    except ValueError as error:
        raise CardkitError(str(error), 2) from None
    except FileExistsError as error:
        raise CardkitError(str(error), 1) from None
    kind = "a blank game" if base == BLANK else f"a variant of {base}"
    click.echo(f"Created {target} ({kind}). Next:")
    click.echo(f"  cd {target}")
    click.echo("  pip install -e '.[test]'")
    click.echo("  python -m pytest")
