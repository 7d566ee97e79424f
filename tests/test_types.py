"""The generic layer, the games and the command line type-check with zero errors.

The folders ``games/`` and ``cli/`` install as the packages ``cardkit_games`` and
``cardkit_cli``; mypy is pointed at a folder that maps the names as installed (links), so it
checks the very files of this checkout.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_cardkit_the_games_and_the_command_line_type_check(tmp_path: Path) -> None:
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (it is in the test extras)")
    (tmp_path / "cardkit").symlink_to(ROOT / "cardkit")
    (tmp_path / "cardkit_games").symlink_to(ROOT / "games")
    (tmp_path / "cardkit_cli").symlink_to(ROOT / "cli")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
         "--cache-dir", str(tmp_path / ".mypy_cache"), "-p", "cardkit", "-p", "cardkit_games",
         "-p", "cardkit_cli"],
        cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert "Success" in done.stdout
