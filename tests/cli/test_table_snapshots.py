"""Snapshots of every screen of the full-screen table (pytest-textual-snapshot): a turn in each
of the three games and in a plugin game, a claim window offered out of turn (contract rummy),
the hotseat pause that hides the hand, the end of a hand, the narrow layout at 60 columns, the
help, hint, rules and move-log panels, and a refusal in place. A changed screen fails here;
after a wanted change, ``pytest tests/cli/test_table_snapshots.py --snapshot-update`` records
the new pictures (look at them in the report before committing)."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("pytest_textual_snapshot", reason="install the test extra: pip install "
                    "'.[test]' (pytest-textual-snapshot draws and compares the screens)")

from cardkit_cli.table import TextPanel

import cardkit
from tests.cli.test_table import CONTRACT, WAIT, asked, offered, table_for


def _after(*keys: str):
    """Before the picture: wait for the table to ask, press ``keys`` (a None key waits for the
    next ask), wait again."""
    async def run_before(pilot) -> None:
        app = pilot.app
        await asked(app, pilot)
        for key in keys:
            await pilot.press(key)
            if key == "enter":
                await asked(app, pilot)
        await pilot.pause(0.05)
    return run_before


@pytest.mark.parametrize(("name", "players", "seed", "keys"), [
    ("tonk", 2, 21, ()),
    ("gin-rummy", 2, 7, ()),
    ("tien-len", 4, 3, ("1", "enter")),
])
def test_a_turn_of_each_house_game(snap_compare, name, players, seed, keys):
    app, _ = table_for(name, players, seed)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_after(*keys))


def test_a_turn_of_a_plugin_game(snap_compare):
    if "rummy500" not in cardkit.available_games():
        pytest.skip("the Rummy 500 example plugin is not installed: "
                    "pip install ./docs/examples/rummy500")
    app, _ = table_for("rummy500", 2, 2)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_after())


def test_a_claim_window_offered_out_of_turn(snap_compare):
    if CONTRACT not in cardkit.available_games():
        pytest.skip("the contract rummy example plugin is not installed: "
                    "pip install ./docs/examples/contract_rummy")
    app, _ = table_for(CONTRACT, 4, 2)

    async def run_before(pilot) -> None:
        await offered(pilot.app, pilot)
        await pilot.pause(0.05)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_hotseat_pauses_with_the_hand_hidden(snap_compare):
    app, _ = table_for("gin-rummy", 2, 5, hotseat=True)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_after())


def test_the_end_of_a_hand_on_the_table(snap_compare):
    app, _ = table_for("tonk", 2, 21, hands=2)  # seat 0 drops at once: the hand is over
    assert snap_compare(app, terminal_size=(80, 24), run_before=_after("1", "enter"))


def test_sixty_columns(snap_compare):
    app, _ = table_for("tonk", 3, 8)
    assert snap_compare(app, terminal_size=(60, 24), run_before=_after())


@pytest.mark.parametrize("key", ["f1", "f2", "f3"])
def test_the_help_hint_and_rules_panels(snap_compare, key):
    app, _ = table_for("tonk", 2, 21)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_panel(key))


def test_the_moves_of_the_hand_panel(snap_compare):
    app, _ = table_for("tien-len", 4, 3)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_after("1", "enter", "f4"))


def test_a_refusal_in_place(snap_compare):
    app, _ = table_for("tonk", 2, 21)
    assert snap_compare(app, terminal_size=(80, 24),
                        run_before=_after(*"discard 3s", "enter"))


def _panel(key: str):
    """Before the picture: the panel of ``key`` open (the session answers it first)."""
    async def run_before(pilot) -> None:
        app = pilot.app
        await asked(app, pilot)
        await pilot.press(key)
        await asked(app, pilot)
        # the session writes the panel from its own thread: wait until it is on the screen
        deadline = time.monotonic() + WAIT
        while not isinstance(app.screen, TextPanel) and time.monotonic() < deadline:
            await pilot.pause(0.01)
        await pilot.pause(0.1)
    return run_before
