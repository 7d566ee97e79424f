"""All an agent needs is ``choose()``: a game whose own agent has nothing else (no
``choose_with_reason``, no ``choose_in``, not even the ``Agent`` base class) plays everywhere --
``cardkit play --auto``, the hint, the ladder built on it, the lab -- with reasons optional."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest
from cardkit_cli.main import cli
from click.testing import CliRunner

import cardkit
from cardkit.agents import choose_action
from cardkit.engine.capabilities import Agents
from cardkit.engine.registry import register, unregister
from cardkit.values.actions import Action
from cardkit.values.views import View
from tests.cli.conftest import TEST_GAME


class FirstMove:
    """An agent with ``choose`` alone: the first legal move."""

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        return legal_actions[0]


def first_move(game: cardkit.Game, seat: int, seed: int) -> FirstMove:
    return FirstMove()


PLAIN = TEST_GAME.variant(name="plain-rummy").with_capabilities(
    Agents(factories={"greedy": first_move}))


@pytest.fixture
def plain() -> Iterator[str]:
    register(PLAIN)
    yield PLAIN.name
    unregister(PLAIN.name)


@pytest.mark.parametrize("agent", ["greedy", "easy", "normal"])
def test_a_choose_only_agent_explains_nothing_and_plays(plain: str, agent: str) -> None:
    game = cardkit.load_game(plain, players=2)
    state = game.new_hand(seed=3)
    bot = game.agent(agent, seat=0, seed=1)
    action, reason = choose_action(bot, state, state.seat_to_play, explain=True)
    assert action in state.legal_actions() and isinstance(reason, str)


@pytest.mark.parametrize("args", [
    ["play", "plain-rummy", "--auto", "--hands", "1", "--seed", "2"],
    ["play", "plain-rummy", "--auto", "--hands", "1", "--seed", "2", "--bot", "easy"],
    ["lab", "plain-rummy", "--hands", "4", "--workers", "1", "--skill-hands", "2",
     "--bots", "normal"],
])
def test_a_choose_only_agent_plays_in_every_command(plain: str, args: list[str]) -> None:
    done = CliRunner().invoke(cli, args)
    assert done.exit_code == 0, done.output
    assert "Traceback" not in done.output


def test_the_hint_of_a_choose_only_agent_names_a_move(plain: str) -> None:
    done = CliRunner().invoke(cli, ["play", "plain-rummy", "--seed", "2", "--bot", "normal",
                                    "--playouts", "20"], input="hint\nquit\n\n")
    assert done.exit_code == 0 and "Traceback" not in done.output, done.output
    hint = next(line for line in done.output.splitlines() if line.startswith("hint"))
    assert "(move 1)" in hint and "— ;" not in hint  # no reason: nothing before the search's
