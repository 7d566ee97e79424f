"""The command line's modules import each other without a circle.

The commands import their heavier modules inside functions, so that ``cardkit --help`` stays
fast; an import inside a function must never be what hides a circle. The graph read here counts
every import of a ``cardkit_cli`` module, at module level, in a function or for type checkers.
"""

from __future__ import annotations

import ast
from pathlib import Path

CLI = Path(__file__).resolve().parents[2] / "cli"
MODULES = {path.stem: path for path in CLI.glob("*.py")}


def imports_of(path: Path) -> set[str]:
    """The ``cardkit_cli`` modules a file imports, wherever the import stands."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            if parts[0] != "cardkit_cli":
                continue
            if len(parts) > 1:
                found.add(parts[1])
            else:
                found.update(alias.name for alias in node.names if alias.name in MODULES)
        elif isinstance(node, ast.Import):
            found.update(alias.name.split(".")[1] for alias in node.names
                         if alias.name.startswith("cardkit_cli."))
    return found


GRAPH = {name: imports_of(path) - {name} for name, path in MODULES.items()}


def circle_from(start: str) -> list[str] | None:
    """A path of imports from ``start`` back to itself, or None."""
    stack: list[tuple[str, list[str]]] = [(start, [start])]
    seen: set[str] = set()
    while stack:
        module, path = stack.pop()
        for target in sorted(GRAPH.get(module, ())):
            if target == start:
                return [*path, start]
            if target in GRAPH and target not in seen:
                seen.add(target)
                stack.append((target, [*path, target]))
    return None


def test_the_graph_is_read() -> None:
    """The reader finds imports of both kinds (a module level one, one inside a function)."""
    assert "prompt" in GRAPH["session"]  # at module level
    assert "session" in GRAPH["play"]  # inside the command's function


def test_no_import_circle_in_the_command_line() -> None:
    circles = [" -> ".join(circle) for name in sorted(GRAPH)
               if (circle := circle_from(name)) is not None]
    assert not circles, "import circles in cli/: " + "; ".join(circles)
