"""Every code block of docs/plugins.md is tested here, so the tutorial cannot rot."""

from __future__ import annotations

import importlib.util
import re
import shlex
import tomllib
from pathlib import Path

import pytest
from cardkit_cli.main import COMMANDS

from cardkit.engine.registry import available_games, unregister

DOC = Path(__file__).resolve().parents[2] / "docs" / "plugins.md"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)


def blocks(language: str) -> list[str]:
    """The doc's code blocks in ``language``, in order."""
    return [body for lang, body in BLOCK.findall(DOC.read_text()) if lang == language]


def test_python_blocks_run_in_order() -> None:
    """The python blocks run as one script (the Conquian and Rummy 500 ones need the examples
    installed)."""
    for module in ("cardkit_conquian", "cardkit_rummy500"):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"the example {module} is not installed")
    namespace: dict[str, object] = {}
    try:
        for body in blocks("python"):
            exec(compile(body, str(DOC), "exec"), namespace)  # our own docs
    finally:
        unregister("tutorial-oklahoma")


def test_toml_block_matches_the_example() -> None:
    """The publishing block is the example's real entry point."""
    (block,) = blocks("toml")
    shown = tomllib.loads(block)
    example = tomllib.loads((DOC.parent / "examples" / "conquian" / "pyproject.toml").read_text())
    assert shown["project"]["entry-points"] == example["project"]["entry-points"]
    assert shown["project"]["name"] == example["project"]["name"]


def test_shell_blocks_use_real_commands(tmp_path: Path) -> None:
    """Shell lines are pip, python -m pytest, or cardkit commands that exist; new-game runs."""
    from cardkit_cli.new_game import new_game
    from click.testing import CliRunner

    for body in blocks("bash"):
        for line in body.strip().splitlines():
            words = shlex.split(line)
            assert words[0] in ("pip", "python", "cardkit"), line
            if words[0] == "cardkit":
                assert words[1] in COMMANDS, line
            if words[:2] == ["cardkit", "new-game"]:
                args = [w if w != "/tmp/plugins" else str(tmp_path) for w in words[2:]]
                done = CliRunner().invoke(new_game, args)
                if args[0] in available_games():  # the finished example is installed
                    assert done.exit_code == 2 and "installed already" in done.output
                else:
                    assert done.exit_code == 0, done.output
            if words[0] == "pip":
                path = words[-1].strip("'").split("[")[0]
                assert (DOC.parents[1] / path).exists(), line
