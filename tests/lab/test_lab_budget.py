"""Searching agents in the lab: a thinking budget (``--think`` seconds, or ``--playouts`` for
reproducible runs) for every agent that searches, named in ``--bots`` or on the skill trace's
ladder, and the whole ladder as the game's roster offers it (``expert`` included)."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner

from cardkit.engine.agents import RandomAgent
from cardkit.engine.capabilities import Agents
from cardkit.engine.registry import game_definition, register, unregister
from cardkit.frontends.lab import SerialBackend, Variant, run_experiment
from cardkit.frontends.lab.budget import budget_note, budgeted_factory, thinks
from cardkit.frontends.lab.skill import default_ladder
from testgames.knock_rummy import KNOCK_RUMMY

BUDGETS: list[tuple[int | None, float | None]] = []


class _Expert(RandomAgent):
    """A stand-in for the ``expert`` rung: takes the search's budget and notes it."""

    def __init__(self, seed: int, iterations: int | None, time_limit: float | None) -> None:
        super().__init__(seed)
        BUDGETS.append((iterations, time_limit))


def expert(game: Any, seat: int, seed: int, *, iterations: int | None = None,
           time_limit: float | None = None) -> _Expert:
    """The test game's ``expert``."""
    return _Expert(seed, iterations, time_limit)


LADDERED = KNOCK_RUMMY.variant(name="knock-rummy-ladder").with_capabilities(
    Agents({**KNOCK_RUMMY.capability(Agents).factories, "expert": expert}))


@pytest.fixture(autouse=True)
def laddered_game():
    register(LADDERED)
    BUDGETS.clear()
    yield
    unregister(LADDERED.name)


def test_agents_that_search_take_the_budget_and_others_do_not():
    tonk = game_definition("tonk")
    # Tonk's own hard is learned and answers at once; its search thinks
    assert thinks(tonk.agent_factory("search")) and not thinks(tonk.agent_factory("greedy"))
    assert not thinks(tonk.agent_factory("hard"))
    assert not thinks(tonk.agent_factory("easy")) and not thinks(tonk.agent_factory("random"))
    bound = budgeted_factory(tonk, "search", None, 12)
    assert bound.keywords == {"iterations": 12}  # type: ignore[attr-defined]
    assert budgeted_factory(tonk, "greedy", 1.0, 12) is tonk.agent_factory("greedy")
    both = budgeted_factory(tonk, "search", 0.5, 12)
    assert both.keywords == {"iterations": 12, "time_limit": 0.5}  # type: ignore[attr-defined]


def test_expert_plays_with_fixed_playouts_reproducibly():
    runs = [run_experiment(LADDERED.name, [Variant("defaults")], units=6, bots="expert",
                           playouts=7, seed=2, skill_units=0, lead=False,
                           backend=SerialBackend()) for _ in range(2)]
    assert BUDGETS and set(BUDGETS) == {(7, None)}
    assert runs[0].metrics == runs[1].metrics
    assert any("expert searched 7 play-outs a decision (reproducible" in note
               for note in runs[0].notes)


def test_thinking_by_the_clock_is_said_to_vary():
    result = run_experiment(LADDERED.name, [Variant("defaults")], units=2, bots="expert",
                            think=0.01, seed=2, skill_units=0, lead=False,
                            backend=SerialBackend())
    assert set(BUDGETS) == {(None, 0.01)}
    assert any("vary a little from run to run" in note for note in result.notes)
    assert budget_note(game_definition("tonk"), ["greedy"], 1.0, None) is None


def test_the_whole_ladder_is_the_rosters_with_expert_on_top():
    assert default_ladder(LADDERED) == ("random", "easy", "normal", "hard", "expert")
    tonk = game_definition("tonk")
    assert default_ladder(tonk) == tuple(n for n in ("random", "easy", "normal", "hard",
                                                     "expert") if n in tonk.agent_names)
    result = run_experiment(LADDERED.name, [Variant("defaults")], units=4, seed=1,
                            skill_units=0, lead=False, ladder=["normal", "expert"],
                            trace_units=2, playouts=3, backend=SerialBackend())
    assert result.trace_steps == [("normal", "expert")]
    assert set(BUDGETS) == {(3, None)}


def test_a_bad_budget_is_refused():
    with pytest.raises(ValueError, match="whole number >= 1"):
        run_experiment("tonk", [Variant("defaults")], units=2, playouts=0)
    with pytest.raises(ValueError, match="more than 0 seconds"):
        run_experiment("tonk", [Variant("defaults")], units=2, think=-1.0)


def test_the_command_line_takes_expert_and_a_budget():
    from cardkit_cli.lab import lab

    result = CliRunner().invoke(lab, [LADDERED.name, "--hands", "4", "--workers", "1",
                                      "--bots", "expert", "--playouts", "5", "--skill-hands",
                                      "0", "--skill-trace", "--trace-deals", "1", "--no-lead"])
    assert result.exit_code == 0, result.output
    assert "hard → expert" in result.output and "play-outs a decision" in result.output
    assert set(BUDGETS) == {(5, None)}
    unknown = CliRunner().invoke(lab, ["tonk", "--hands", "4", "--bots", "wizard"])
    assert unknown.exit_code == 2 and "no agent 'wizard'" in unknown.output
