"""``cardkit new-game NAME [--from tonk|gin-rummy|tien-len|blank] [--dir PATH]``.

Writes an installable plugin package from the templates in ``cli/templates/``:

- ``blank``: a minimal complete game (options, phases, settlement hooks, a greedy agent, tests
  that call the conformance kit);
- ``--from GAME``: a *variant* of an installed game, built with ``definition.variant(
  options=definition.options.extend(...), hooks=definition.hooks.replace(...))`` and one
  example house rule — never a copy of the game's code.
"""

from __future__ import annotations

import keyword
import re
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

import click
from cardkit_cli.main import CardkitError

__all__ = ["BASES", "HOUSE_RULES", "new_game", "write_package"]

BASES = ("blank", "tonk", "gin-rummy", "tien-len")

#: For each base game, the settlement hook the variant template's example house rule wraps
#: (a hook that settles a common ending), the new option's name and its meaning.
HOUSE_RULES: dict[str, tuple[str, str, str]] = {
    "tonk": ("settle_drop", "drop_multiplier", "every payment of a drop is multiplied"),
    "gin-rummy": ("showdown", "showdown_multiplier", "every showdown's score is multiplied"),
    "tien-len": ("settle_normal", "placement_multiplier",
                 "the settlement by places is multiplied"),
}

_NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


def _names(name: str, base: str) -> dict[str, str]:
    package = "cardkit_" + name.replace("-", "_")
    title = " ".join(part.capitalize() for part in name.split("-"))
    values = {"name": name, "package": package, "dist": "cardkit-" + name, "title": title,
              "base": base}
    if base != "blank":
        hook, option, meaning = HOUSE_RULES[base]
        values.update(hook=hook, option=option, option_meaning=meaning,
                      abc_imports="Callable, Mapping, Sequence" if base == "tonk" else "Callable")
        rule = (files("cardkit_cli") / "templates" / "house_rules" / f"{base}.tmpl").read_text(
            "utf-8")
        values["house_rule"] = _render(rule.rstrip("\n"), values)
    return values


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


def write_package(name: str, base: str = "blank", directory: Path | str = ".") -> Path:
    """Write the plugin package for game ``name`` into ``directory/name`` and return that
    folder. Raises ``ValueError`` for a bad name or base, ``FileExistsError`` if it exists."""
    if not _NAME.match(name) or keyword.iskeyword(name):
        raise ValueError(f"game name {name!r}: use lower-case letters, digits and dashes, "
                         "starting with a letter (e.g. my-rummy)")
    if base not in BASES:
        raise ValueError(f"unknown template {base!r}; choose one of {', '.join(BASES)}")
    target = Path(directory) / name
    if target.exists():
        raise FileExistsError(f"{target} already exists")
    values = _names(name, base)
    template = files("cardkit_cli") / "templates" / ("blank" if base == "blank" else "variant")
    for relative, source in sorted(_walk(template, Path()), key=lambda item: str(item[0])):
        parts = [values["package"] if part == "PACKAGE" else part for part in relative.parts]
        path = target.joinpath(*parts)
        path = path.with_name(path.name.replace("PACKAGE", values["package"]))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_render(source.read_text(encoding="utf-8"), values), encoding="utf-8")
    return target


@click.command("new-game")
@click.argument("name")
@click.option("--from", "base", type=click.Choice(BASES), default="blank", show_default=True,
              help="Start from a blank game or make a variant of an installed game.")
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
    kind = "a blank game" if base == "blank" else f"a variant of {base}"
    click.echo(f"Created {target} ({kind}). Next:")
    click.echo(f"  cd {target}")
    click.echo("  pip install -e '.[test]'")
    click.echo("  python -m pytest")
