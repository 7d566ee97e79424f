"""The layer rule of ``cardkit/`` (docs/architecture.md), read from the code's imports.

Layers, bottom up: values -> engine -> libraries -> services -> frontends. A module imports
only from its own layer and those below it, for type checkers too; the stable import paths at
the top of the package (the faces, and ``cardkit/__init__.py``) stand above every layer. No
module of cardkit imports a cardkit module inside a function (laziness goes through
``cardkit.values.lazy``), and no modules of one layer import each other in a circle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cardkit"
LAYERS = ("values", "engine", "libraries", "services", "frontends")
TOP = len(LAYERS)
#: Modules whose layer the map fixes: records and the registry import nothing above the engine,
#: so they live in it (``state.record()`` and pickling a definition import them directly).
PLACED = {
    "cardkit.engine.records": "engine",
    "cardkit.engine.registry": "engine",
    "cardkit.engine.context": "engine",
    "cardkit.engine.ports": "engine",
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(module: str) -> int:
    """The layer index of a cardkit module (the faces and the root stand above all)."""
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in LAYERS:
        return LAYERS.index(parts[1])
    return TOP


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def resolve(importer: str, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = importer.split(".")
    if MODULES[importer].name != "__init__.py":
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def imported(importer: str, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The cardkit modules an import statement names (``from a import b`` names ``a.b`` when
    that is a module, else ``a``)."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name
        return
    source = resolve(importer, node)
    for alias in node.names:
        child = f"{source}.{alias.name}"
        yield child if child in MODULES else source


class Imports(ast.NodeVisitor):
    """Every import of a module, with where it stands: in a function, under TYPE_CHECKING."""

    def __init__(self, module: str) -> None:
        self.module = module
        self.found: list[tuple[str, int, bool, bool]] = []  # target, line, in function, typing
        self.function = 0
        self.typing = 0

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.function += 1
        self.generic_visit(node)
        self.function -= 1

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def visit_If(self, node: ast.If) -> None:
        test = ast.unparse(node.test)
        if test in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            self.typing += 1
            for child in node.body:
                self.visit(child)
            self.typing -= 1
            for child in node.orelse:
                self.visit(child)
        else:
            self.generic_visit(node)

    def _add(self, node: ast.Import | ast.ImportFrom) -> None:
        for target in imported(self.module, node):
            if target == "cardkit" or target.startswith("cardkit."):
                self.found.append((target, node.lineno, self.function > 0, self.typing > 0))

    visit_Import = _add  # type: ignore[assignment]
    visit_ImportFrom = _add  # type: ignore[assignment]


def imports_of(module: str) -> list[tuple[str, int, bool, bool]]:
    visitor = Imports(module)
    visitor.visit(ast.parse(MODULES[module].read_text()))
    return visitor.found


ALL_IMPORTS = {module: imports_of(module) for module in MODULES}


def test_every_module_lives_in_a_layer_or_is_a_face() -> None:
    """A module directly under cardkit/ is a face: it only re-exports a layer's module."""
    for module, path in MODULES.items():
        if layer_of(module) == TOP and module != "cardkit" and not module.startswith(
                "cardkit.adapters"):
            assert path.parent == PACKAGE, module
        if layer_of(module) == TOP and module != "cardkit":
            tree = ast.parse(path.read_text())
            defined = [n for n in tree.body if isinstance(n, ast.FunctionDef | ast.ClassDef)]
            assert not defined, f"{module} is a face and must not define code"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_go_down(module: str) -> None:
    mine = layer_of(module)
    upward = [f"{target} (line {line})" for target, line, _, _ in ALL_IMPORTS[module]
              if layer_of(target) > mine]
    assert not upward, f"{module} ({LAYERS[mine] if mine < TOP else 'top'}) imports from a " \
                       f"higher layer: {', '.join(upward)}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_cardkit_import_inside_a_function(module: str) -> None:
    inside = [f"{target} (line {line})" for target, line, in_function, _ in ALL_IMPORTS[module]
              if in_function]
    assert not inside, f"{module} imports inside a function: {', '.join(inside)}"


def test_no_circle_of_module_level_imports() -> None:
    graph = {module: {target for target, _, in_function, typing in ALL_IMPORTS[module]
                      if not in_function and not typing and target in MODULES
                      and target != module}
             for module in MODULES}
    # a package's own __init__ re-exporting its modules is not a circle with them
    for module, targets in graph.items():
        if MODULES[module].name == "__init__.py":
            continue
        graph[module] = {t for t in targets if not module.startswith(t + ".")}
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                circle = [*path[path.index(target):], target]
                raise AssertionError("import circle: " + " -> ".join(circle))
            if target not in state:
                visit(target)
        path.pop()
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module)


def test_the_layer_map_places_records_and_the_registry_in_the_engine() -> None:
    for module, layer in PLACED.items():
        assert module in MODULES, module
        assert LAYERS[layer_of(module)] == layer, module


def test_the_engine_binds_no_port_by_a_string() -> None:
    """What the engine reaches above itself goes through typed ports filled with functions,
    never a ``"module:name"`` string (go-to-definition follows every step)."""
    for module, path in MODULES.items():
        if layer_of(module) != LAYERS.index("engine") and module != "cardkit":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "bind":
                assert not any(isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                               for arg in node.args), f"{module}: {ast.unparse(node)}"


def test_cardkit_never_imports_the_games_or_the_command_line() -> None:
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [
                    node.module or ""]
                for name in names:
                    assert not name.startswith(("cardkit_games", "cardkit_cli", "games",
                                                "cli")), f"{path}: imports {name}"
