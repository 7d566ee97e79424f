"""One public API: what a plugin author writes against is what the project's own games use.

The stable paths (the modules directly under ``cardkit/`` and the root ``cardkit``) are the
plugin API. The house games (``games/``), the example plugins (``docs/examples/``), the scaffold
(``cli/templates/``) and the code blocks of the docs import only those, never a layer module
(``cardkit.values``, ``cardkit.engine``, ``cardkit.libraries``, ``cardkit.services``,
``cardkit.frontends``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("values", "engine", "libraries", "services", "frontends")
_LAYER = "|".join(LAYERS)
#: An import statement that names a layer module, in any of its forms (a template's
#: placeholders do not matter: the statement is read as a line of text).
LAYER_IMPORT = re.compile(
    rf"^\s*(?:from\s+cardkit\.(?:{_LAYER})\b[\w.]*\s+import\b"
    rf"|import\s+cardkit\.(?:{_LAYER})\b"
    rf"|from\s+cardkit\s+import\s+\(?[\w\s,]*\b(?:{_LAYER})\b)",
    re.MULTILINE)
#: A string naming a layer module (an ``importlib`` or lazy ``"module:name"`` target).
LAYER_STRING = re.compile(rf"""["']cardkit\.(?:{_LAYER})\b""")
FENCE = re.compile(r"^```(?:python|py|pycon)?\s*$(.*?)^```", re.MULTILINE | re.DOTALL)


def plugin_files() -> list[Path]:
    """Every source file of the house games, the example plugins and the scaffold."""
    found: list[Path] = []
    for folder in ("games", "docs/examples", "cli/templates"):
        for path in sorted((ROOT / folder).rglob("*")):
            if not path.is_file() or "build" in path.relative_to(ROOT).parts:
                continue
            if path.suffix == ".py" or path.name.endswith(".py.tmpl"):
                found.append(path)
    return found


def offences(text: str) -> list[str]:
    """The lines of ``text`` that import a layer module or name one as a string."""
    lines = [match.group(0).strip() for match in LAYER_IMPORT.finditer(text)]
    lines += [line.strip() for line in text.splitlines() if LAYER_STRING.search(line)]
    return lines


@pytest.mark.parametrize("text", [
    "from cardkit.engine.state import State",
    "    from cardkit.libraries.melds.masks import SUIT_MASK",
    "import cardkit.values.cards as cards",
    "from cardkit import engine",
    "from cardkit import (cards,\n    services)",
    'lazy = "cardkit.engine.records:save_record"',
])
def test_the_reader_finds_every_form_of_a_layer_import(text: str) -> None:
    assert offences(text)


@pytest.mark.parametrize("text", [
    "from cardkit.state import State",
    "from cardkit.melds import SUIT_MASK, natural_meld_masks",
    "import cardkit",
    "from cardkit import Card, load_game",
    "from cardkit_games.tonk.values import SCORES",
])
def test_the_stable_paths_pass(text: str) -> None:
    assert not offences(text)


def test_the_plugin_files_are_read() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in plugin_files()}
    assert "games/tonk/state.py" in names
    assert "cli/templates/blank/PACKAGE/game.py.tmpl" in names
    assert any(name.startswith("docs/examples/conquian/") for name in names)


@pytest.mark.parametrize("path", plugin_files(), ids=lambda path: path.relative_to(ROOT).as_posix())
def test_plugin_code_imports_only_the_stable_paths(path: Path) -> None:
    found = offences(path.read_text())
    assert not found, f"{path.relative_to(ROOT)} reaches into a layer: {'; '.join(found)}"


def test_the_docs_code_blocks_import_only_the_stable_paths() -> None:
    pages = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]
    found = [f"{page.relative_to(ROOT)}: {line}" for page in pages
             for block in FENCE.findall(page.read_text()) for line in offences(block)]
    assert not found, "docs code that reaches into a layer: " + "; ".join(found)


#: The rummy-family games of the project: the house rummies and the example rummies.
RUMMIES = ("games/tonk", "games/gin_rummy", "docs/examples/conquian/cardkit_conquian",
           "docs/examples/rummy500/cardkit_rummy500",
           "docs/examples/contract_rummy/cardkit_contract_rummy")


@pytest.mark.parametrize("folder", RUMMIES)
def test_every_rummy_builds_on_the_rummy_kit(folder: str) -> None:
    """Each rummy-family game takes what the kit covers from ``cardkit.rummy``."""
    sources = [path.read_text(encoding="utf-8") for path in (ROOT / folder).rglob("*.py")]
    assert any(re.search(r"^\s*from cardkit\.rummy import", text, re.MULTILINE)
               for text in sources), f"{folder} does not use cardkit.rummy"


def test_tonks_table_and_lay_offs_are_the_kits() -> None:
    """Tonk's spreads lie on a ``cardkit.rummy.Table`` and its hits are the kit's lay-offs."""
    import random

    import cardkit
    from cardkit.rummy import Table, lay_off_actions

    game = cardkit.load_game("tonk", players=2)
    for seed in range(40):
        state = game.new_hand(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            assert isinstance(state.table, Table)
            legal = state.legal_actions()
            spreads = [a for a in legal if a.kind == "spread"]
            state.apply(spreads[0] if spreads else rng.choice(
                [a for a in legal if a.kind != "drop"] or legal))
            hits = [a for a in state.legal_actions() if a.kind == "hit"]
            if hits:
                hand = state.view(state.seat_to_play).hand
                kit = lay_off_actions(hand, state.table, state.rules, kind="hit", ends=False)
                assert set(hits) <= set(kit)
                return
    pytest.fail("no spread was laid in 40 hands")
