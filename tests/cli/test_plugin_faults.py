"""A bug in a game plugin's code is reported as one, never as the user's mistake: the plugin's
name, the exception and where it was raised, exit code 70, the traceback with ``--debug`` or
``CARDKIT_DEBUG=1`` -- in play, in the lab's own process and in its worker processes."""

from __future__ import annotations

import importlib
import sys
import textwrap
from collections.abc import Iterator

import pytest
from cardkit_cli.faults import plugin_fault
from cardkit_cli.main import PLUGIN_BUG_EXIT, cli
from click.testing import CliRunner

from cardkit.engine.registry import register, unregister
from cardkit.values.errors import IllegalAction
from tests.cli.conftest import TEST_GAME

PLUGIN = '''
"""A plugin whose greedy agent has a bug: it fails once it has drawn."""
from cardkit.agents import Agent
from cardkit.game import Agents
from cardkit.registry import game_definition


class Careless(Agent):
    name = "greedy"

    def choose(self, view, legal):
        if view.phase != "draw":
            return max([])  # the bug: an empty sequence
        return legal[0]


def careless(game, seat, seed):
    return Careless()


GAME = game_definition("knock-rummy").variant(name="careless-rummy").with_capabilities(
    Agents({"greedy": careless}))
'''


@pytest.fixture(scope="module")
def careless(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The careless plugin, a package of its own on the path (imported once: one plugin, one
    folder, as when installed), registered with the test game it is a variant of."""
    folder = tmp_path_factory.mktemp("plugin")
    (folder / "cardkit_careless").mkdir()
    (folder / "cardkit_careless" / "__init__.py").write_text(textwrap.dedent(PLUGIN))
    sys.path.insert(0, str(folder))
    register(TEST_GAME)
    module = importlib.import_module("cardkit_careless")
    register(module.GAME)
    yield module.GAME.name
    unregister(module.GAME.name)
    unregister(TEST_GAME.name)
    sys.path.remove(str(folder))


@pytest.mark.parametrize("args", [
    ["lab", "careless-rummy", "--hands", "6", "--workers", "1", "--skill-hands", "0"],
    ["lab", "careless-rummy", "--hands", "6", "--workers", "2", "--skill-hands", "0"],
    ["play", "careless-rummy", "--auto", "--hands", "1"],
])
def test_a_fault_in_a_plugin_names_the_plugin(careless: str, args: list[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARDKIT_DEBUG", raising=False)
    done = CliRunner().invoke(cli, args)
    assert done.exit_code == PLUGIN_BUG_EXIT, done.output
    line = done.stderr.strip().splitlines()[-1]
    assert line.startswith("cardkit: a bug in the game plugin careless-rummy (cardkit_careless)")
    assert "ValueError: max() arg is an empty sequence" in line and "in choose" in line
    assert "Traceback" not in done.stderr


def test_debug_shows_the_traceback(careless: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARDKIT_DEBUG", raising=False)
    done = CliRunner().invoke(cli, ["--debug", "lab", "careless-rummy", "--hands", "4",
                                    "--workers", "2", "--skill-hands", "0"])
    assert done.exit_code == PLUGIN_BUG_EXIT
    assert "Traceback" in done.stderr and "cardkit_careless" in done.stderr
    monkeypatch.setenv("CARDKIT_DEBUG", "1")
    again = CliRunner().invoke(cli, ["play", "careless-rummy", "--auto", "--hands", "1"])
    assert again.exit_code == PLUGIN_BUG_EXIT and "Traceback" in again.stderr


def test_the_users_mistakes_stay_usage_errors(careless: str) -> None:
    """A bad option, an unknown bot, a game refusing a combination of options: one line, 2."""
    for args in (["play", "careless-rummy", "--rule", "knock_limt=3"],
                 ["lab", "careless-rummy", "--bots", "nobody"],
                 ["play", "tien-len", "--players", "4", "--rule", "num_players=3"]):
        done = CliRunner().invoke(cli, args)
        assert done.exit_code == 2, (args, done.output)
        assert "bug" not in done.stderr and "Traceback" not in done.stderr


def test_cardkits_own_refusals_are_never_faults(careless: str) -> None:
    try:
        raise IllegalAction("you must draw first")
    except IllegalAction as error:
        assert plugin_fault(error) is None
    assert plugin_fault(None) is None
    assert plugin_fault(ValueError("raised by no game")) is None
