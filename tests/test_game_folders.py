"""One shape for a game folder: the three house games, the example plugins and the scaffold.

Every game package holds the same modules under the same names (docs/plugins.md, "The shape
of a game folder"):

- ``__init__.py`` exposes ``GAME``; ``game.py`` builds it (the definition), and is the one
  module that puts the rules and the bots together;
- the rules: ``options.py``, ``state.py``, ``phases`` (a module, or a package when large),
  ``settlement.py``, and where the game has them ``rules.py`` (fixed rules: melds, card values),
  ``match.py``, ``events.py``, ``encoding.py``, ``about.py`` and rule helpers of its own;
- the bots, in ``bots/``: ``agents.py``, ``policy.py``, ``weights.py``, ``belief.py``,
  ``training.py`` and their helpers.

The rules never import the bots.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: Modules every game package has (``phases`` may be a package).
REQUIRED = ("__init__", "game", "options", "state", "phases", "settlement")
#: Names that belong to the bots: a module so named lives in ``bots/`` and nowhere else.
BOT_MODULES = {"agents", "policy", "weights", "hard_weights", "belief", "sampling", "training"}


def game_packages() -> list[Path]:
    """The house games and the example plugins that are whole games (a variant of another
    game, such as Oklahoma gin, is a single module and has no folder of its own to shape)."""
    found = [path for path in sorted((ROOT / "games").iterdir())
             if (path / "__init__.py").is_file()]
    for example in sorted((ROOT / "docs" / "examples").iterdir()):
        for package in sorted(example.glob("cardkit_*")):
            if (package / "__init__.py").is_file() and not (package / "variant.py").is_file():
                found.append(package)
    return found


def modules(package: Path) -> set[str]:
    """The top-level module names of a package (a sub-package counts as a module)."""
    names = {path.stem for path in package.glob("*.py")}
    names |= {path.name for path in package.iterdir()
              if path.is_dir() and (path / "__init__.py").is_file()}
    return names


def imports_bots(path: Path, package: Path) -> list[str]:
    """The import statements (and ``"module:name"`` strings) of ``path`` that reach the
    package's ``bots``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bots = re.compile(rf"(?:^|\.){re.escape(package.name)}\.bots(?:[.:]|$)")
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            target = node.module or ""
            names = {alias.name for alias in node.names}
            relative = node.level > 0 and (target.split(".")[0] == "bots"
                                           or (not target and "bots" in names))
            whole = target.endswith(package.name) and "bots" in names
            if bots.search(target) or relative or whole:
                found.append(ast.unparse(node))
        elif isinstance(node, ast.Import):
            found += [ast.unparse(node) for alias in node.names if bots.search(alias.name)]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and bots.search(node.value):
            found.append(repr(node.value))
    return found


PACKAGES = game_packages()
IDS = [str(package.relative_to(ROOT)) for package in PACKAGES]


@pytest.mark.parametrize("package", PACKAGES, ids=IDS)
def test_a_game_folder_has_the_common_modules(package: Path) -> None:
    missing = [name for name in REQUIRED if name not in modules(package)]
    assert not missing, f"{package.name} lacks {missing}"


@pytest.mark.parametrize("package", PACKAGES, ids=IDS)
def test_the_bots_live_in_bots(package: Path) -> None:
    astray = sorted(modules(package) & BOT_MODULES)
    assert not astray, f"{package.name}: bot modules outside bots/: {astray}"
    bots = package / "bots"
    if bots.is_dir():
        assert "hard_weights" not in modules(bots), "the weights are bots/weights.py"


@pytest.mark.parametrize("package", PACKAGES, ids=IDS)
def test_the_rules_never_import_the_bots(package: Path) -> None:
    offences: list[str] = []
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(package)
        if relative.parts[0] == "bots" or relative == Path("game.py"):
            continue
        offences += [f"{relative}: {line}" for line in imports_bots(path, package)]
    assert not offences, "\n".join(offences)


@pytest.mark.parametrize("package", PACKAGES, ids=IDS)
def test_game_py_defines_game(package: Path) -> None:
    tree = ast.parse((package / "game.py").read_text(encoding="utf-8"))
    assigned = {target.id for node in tree.body if isinstance(node, ast.Assign)
                for target in node.targets if isinstance(target, ast.Name)}
    assigned |= {node.target.id for node in tree.body
                 if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}
    assert "GAME" in assigned, f"{package.name}/game.py does not define GAME"


def test_the_scaffold_writes_the_same_shape() -> None:
    template = ROOT / "cli" / "templates" / "blank" / "PACKAGE"
    names = {path.name.removesuffix(".tmpl").removesuffix(".py") for path in template.iterdir()}
    missing = [name for name in REQUIRED if name not in names]
    assert not missing, f"the scaffold lacks {missing}"


def test_the_reader_finds_every_form_of_a_bots_import(tmp_path: Path) -> None:
    package = tmp_path / "cardkit_games" / "tonk"
    package.mkdir(parents=True)
    forms = ["from cardkit_games.tonk.bots.agents import greedy_agent",
             "from cardkit_games.tonk import bots",
             "from .bots import policy", "from . import bots",
             "import cardkit_games.tonk.bots.policy",
             "x = 'tonk.bots.policy:hard_agent'"]
    for number, line in enumerate(forms):
        path = package / f"m{number}.py"
        path.write_text(line + "\n", encoding="utf-8")
        assert imports_bots(path, package), line
    clean = package / "clean.py"
    clean.write_text("from cardkit_games.tonk.rules import RULES\nimport bots_of_mine\n",
                     encoding="utf-8")
    assert not imports_bots(clean, package)
