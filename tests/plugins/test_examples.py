"""The example plugins under docs/examples/ (issue #9): their own test suites, run from here
when the examples are installed (CI installs them next to cardkit)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


@pytest.mark.parametrize(("folder", "module", "game"),
                         [("conquian", "cardkit_conquian", "conquian"),
                          ("oklahoma_gin", "cardkit_oklahoma_gin", "oklahoma-gin"),
                          ("rummy500", "cardkit_rummy500", "rummy500"),
                          ("contract_rummy", "cardkit_contract_rummy", "contract-rummy")])
def test_example_suite_passes(folder: str, module: str, game: str) -> None:
    """Run the example's own tests (in its folder, so nothing is collected twice) and check
    that the registry lists it."""
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"example {folder} is not installed (pip install ./docs/examples/{folder})")
    import cardkit

    assert game in cardkit.available_games()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                          cwd=EXAMPLES / folder, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


@pytest.mark.parametrize("game", ["oklahoma-gin", "conquian", "rummy500", "contract-rummy"])
def test_example_plays_auto_at_the_command_line(game: str) -> None:
    """``cardkit play GAME --auto``: the example's bots (its own or the generic ladder) play a
    whole hand at the terminal, from a fresh process."""
    import cardkit

    if game not in cardkit.available_games():
        pytest.skip(f"example {game} is not installed")
    done = subprocess.run([sys.executable, "-m", "cardkit_cli", "play", game, "--auto",
                           "--hands", "1", "--seed", "3", "--bot", "normal"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "hand 1" in done.stdout and "Traceback" not in done.stderr
