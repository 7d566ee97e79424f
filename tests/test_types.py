"""The generic layer and the games type-check with zero errors (issue #12 §6).

The folder ``games/`` installs as the package ``cardkit_games``; mypy is pointed at a folder
that maps the names as installed (links), so it checks the very files of this checkout.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_cardkit_and_the_games_type_check(tmp_path: Path) -> None:
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (it is in the test extras)")
    (tmp_path / "cardkit").symlink_to(ROOT / "cardkit")
    (tmp_path / "cardkit_games").symlink_to(ROOT / "games")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
         "--cache-dir", str(tmp_path / ".mypy_cache"), "-p", "cardkit", "-p", "cardkit_games"],
        cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert "Success" in done.stdout
