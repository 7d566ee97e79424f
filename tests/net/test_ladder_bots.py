"""The ladder at a hosted table: ``cardkit serve --bots`` takes every rung, the searching bots
(and stand-ins) get the table's thinking budget, and the budget survives a save and resume."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from cardkit_cli.main import CardkitError, cli
from cardkit_cli.seats import parse_bots
from click.testing import CliRunner

import cardkit
from cardkit.engine.registry import register, unregister
from cardkit.frontends.net.seats import Seating
from cardkit.frontends.net.store import SavedTable, save_seats
from cardkit.services.search.roster import LADDER
from cardkit.values.errors import RecordError
from testgames.knock_rummy import KNOCK_RUMMY
from tests.net.helpers import ServerThread


@pytest.fixture
def knock_rummy() -> Iterator[cardkit.Game]:
    """The test game, registered for the command line, with three seats."""
    register(KNOCK_RUMMY)
    yield KNOCK_RUMMY.configure(players=3)
    unregister(KNOCK_RUMMY.name)


def test_every_rung_can_take_a_seat_and_a_bare_seat_gets_the_strongest(knock_rummy):
    for name in LADDER:
        assert parse_bots((f"1={name}",), knock_rummy) == (None, name, None)
    assert parse_bots(("1,2=easy",), knock_rummy) == (None, "expert", "easy")
    with pytest.raises(CardkitError, match="has no bot 'master'; bots: random, easy, normal, "
                                           "hard, expert"):
        parse_bots(("1=master",), knock_rummy)


def test_the_searching_bots_and_the_stand_ins_get_the_budget(knock_rummy):
    seating = Seating(knock_rummy, 3, ("t0", None, None), (None, "expert", "normal"),
                      think=0.5, playouts=7)
    expert = seating.seats[1].agent
    assert expert is not None and expert.name == "expert"
    assert (expert.budget.iterations, expert.budget.time_limit) == (7, 0.5)
    assert not hasattr(seating.seats[2].agent, "budget")  # normal does not think
    seating.stand_in(seating.seats[0], "hard")
    assert seating.seats[0].standin.budget.iterations == 7
    assert seating.saved("t") == SavedTable("t", ("t0", None, None), (None, "expert", "normal"),
                                            0.5, 7)
    with pytest.raises(ValueError, match="play-outs a decision must be a whole number"):
        Seating(knock_rummy, 3, ("t0", None, None), (None, "expert", None), playouts=0)


def test_a_table_opened_with_a_budget_keeps_it():
    game = KNOCK_RUMMY.configure(players=2)
    with ServerThread(port=0) as server:
        table = server.open("t", game.new_match(seed=2, hands=1), (None, "expert"),
                            playouts=9)
        agent = table.seats[1].agent
        assert agent is not None and agent.budget.iterations == 9
        assert table.saved.playouts == 9 and table.saved.think is None


def test_the_budget_is_saved_only_when_given_and_read_back_checked():
    plain = SavedTable("t", ("a", None), (None, "expert"))
    assert "think" not in plain.to_dict() and "playouts" not in plain.to_dict()
    assert SavedTable.from_dict(plain.to_dict(), 2) == plain  # files without a budget read
    timed = SavedTable("t", ("a", None), (None, "expert"), 1.5, None)
    assert SavedTable.from_dict(timed.to_dict(), 2) == timed
    for key, value in (("think", 0), ("think", "1"), ("playouts", 0), ("playouts", 2.5)):
        with pytest.raises(RecordError, match=f"'{key}' must be"):
            SavedTable.from_dict({**plain.to_dict(), key: value}, 2)


def test_a_budget_no_bot_would_use_is_a_usage_error(knock_rummy, tmp_path):
    pytest.importorskip("websockets")
    runner = CliRunner()
    name = KNOCK_RUMMY.name
    result = runner.invoke(cli, ["serve", name, "--players", "2", "--bots", "1=normal",
                                 "--think", "2"])
    assert result.exit_code == 2
    assert result.output == ("cardkit: --think sets how long the searching bots think, and "
                             "none plays here (normal): name one, e.g. --bots 1=expert\n")
    # a resumed table keeps the budget it was saved with: one that disagrees is named
    save = tmp_path / "x.json"
    save.write_text(cardkit.load_game(name, players=2).new_match(seed=1).record().to_json())
    save_seats(save, SavedTable("t", ("token", None), (None, "normal")))
    resumed = runner.invoke(cli, ["serve", name, "--resume", str(save), "--playouts", "5"])
    assert resumed.exit_code == 2
    assert "--playouts 5 disagrees with" in resumed.output and "x.json" in resumed.output
