"""``bench/`` and ``tests/`` are independent: the benchmarks never import the tests, the tests
never import the benchmarks (a test of a benchmark runs its command), and no benchmark patches
``sys.path`` (they run as ``python -m bench.NAME`` from the repository's root). What both need
lives in an installed package or in ``testgames/``, which imports neither."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imported(tree: ast.AST) -> set[str]:
    """The top-level names of the packages ``tree`` imports (absolute imports; also a module
    loaded from a file path, named by the path's first folder)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") in {
                "spec_from_file_location", "import_module", "run_path"}:
            names |= {arg.value.split(".")[0].split("/")[0] for arg in ast.walk(node)
                      if isinstance(arg, ast.Constant) and isinstance(arg.value, str)}
    return names


def touches_sys_path(tree: ast.AST) -> bool:
    """True if ``tree`` reads or changes ``sys.path``."""
    return any(isinstance(node, ast.Attribute) and node.attr == "path"
               and isinstance(node.value, ast.Name) and node.value.id == "sys"
               for node in ast.walk(tree))


def sources(folder: str) -> dict[str, ast.AST]:
    return {str(path.relative_to(ROOT)): ast.parse(path.read_text(encoding="utf-8"))
            for path in sorted((ROOT / folder).rglob("*.py"))}


def test_the_benchmarks_never_import_the_tests_nor_patch_the_path() -> None:
    offences = [f"{name} imports tests" for name, tree in sources("bench").items()
                if "tests" in imported(tree)]
    offences += [f"{name} touches sys.path" for name, tree in sources("bench").items()
                 if touches_sys_path(tree)]
    assert not offences, "\n".join(offences)


def test_the_tests_never_import_the_benchmarks() -> None:
    offences = [name for name, tree in sources("tests").items() if "bench" in imported(tree)]
    assert not offences, f"import bench/: {offences}"


def test_the_shared_test_games_import_neither() -> None:
    offences = [name for name, tree in sources("testgames").items()
                if imported(tree) & {"bench", "tests"}]
    assert not offences, offences


def test_the_reader_finds_every_form() -> None:
    for text in ("from tests.cardkit import x", "import bench.agents",
                 "importlib.util.spec_from_file_location('x', 'bench/agents.py')",
                 "importlib.import_module('tests.net.helpers')"):
        assert imported(ast.parse(text)) & {"bench", "tests"}, text
    assert touches_sys_path(ast.parse("sys.path.insert(0, '.')"))
    assert not imported(ast.parse("from . import bench\nimport benchmarks")) & {"bench"}
