"""The ladder at the command line: ``cardkit play`` offers every rung and says which it plays,
a thinking budget reaches the bots and the hint (seconds, or play-outs that repeat a game move
for move), and the hint says how sure it is in words that fit its sample."""

from __future__ import annotations

import re

import pytest
from cardkit_cli.main import CardkitError, cli
from cardkit_cli.seats import (
    Seating,
    seating,
    strongest_bot,
    think_params,
    thinking_bots,
    view_only_bot,
)
from cardkit_cli.session import Session
from click.testing import CliRunner

import cardkit
from cardkit.engine.state import State
from cardkit.services.search.roster import LADDER


def run(runner: CliRunner, *args: str, stdin: str | None = None):
    """Invoke the group; returns the click Result."""
    return runner.invoke(cli, list(args), input=stdin, catch_exceptions=False)


def no_redeal(name: str) -> cardkit.Game:
    """A copy of game ``name`` whose state keeps the engine's determinize: it cannot sample
    the hidden cards, so its ladder stops at ``normal``."""
    definition = cardkit.registry.game_definition(name)
    state = type("NoRedeal", (definition.state_class,), {"determinize": State.determinize})
    return definition.variant(name=f"{name}-no-redeal", state_class=state).configure()


def test_play_help_lists_every_rung_with_a_line_and_the_default(runner: CliRunner) -> None:
    text = run(runner, "play", "--help").output
    for name in LADDER:
        assert re.search(rf"^\s+{name}\s+\S.*$", text, re.MULTILINE), (name, text)
    assert "You play against expert" in text
    assert "--playouts N" in text and "repeats the deals, not always the moves" in text


def test_the_default_opponent_is_the_strongest_rung(knock_rummy: str) -> None:
    assert strongest_bot(cardkit.load_game(knock_rummy)) == "expert"
    if "conquian" not in cardkit.available_games():
        pytest.skip("the conquian example is not installed")
    assert strongest_bot(no_redeal("conquian")) == "normal"


def test_a_budget_reaches_only_the_bots_that_think(knock_rummy: str) -> None:
    game = cardkit.load_game(knock_rummy)
    assert think_params(game, "expert", 2.0, 50) == {"time_limit": 2.0, "iterations": 50}
    assert think_params(game, "hard", None, 50) == {"iterations": 50}
    assert think_params(game, "normal", 2.0, 50) == {}
    assert thinking_bots(game) == ["hard", "expert", "search"]
    gin = cardkit.load_game("gin-rummy", players=2)
    # gin's own hard answers at once: it takes no budget, and its expert does
    assert think_params(gin, "hard", 2.0, 50) == {}
    assert thinking_bots(gin) == ["expert", "search"]


def test_a_budget_for_a_game_that_cannot_search_is_refused() -> None:
    if "conquian" not in cardkit.available_games():
        pytest.skip("the conquian example is not installed")
    game = no_redeal("conquian")
    for think, playouts, flag in ((1.0, None, "--think"), (None, 5, "--playouts")):
        with pytest.raises(CardkitError, match=f"{flag} sets how long the searching bots "
                                               "think; conquian-no-redeal has no searching"):
            seating(game, None, False, None, None, False, 1, think, playouts)


def test_every_rung_can_be_named_and_a_wrong_one_lists_them(runner: CliRunner,
                                                            knock_rummy: str) -> None:
    for name in LADDER:
        result = run(runner, "play", knock_rummy, "--seed", "2", "--bot", name,
                     "--playouts", "4", stdin="quit\n\n")
        assert result.exit_code == 0, result.output
        assert f"seat 1 ({name} bot)" in result.output
    wrong = run(runner, "play", knock_rummy, "--bot", "master")
    assert wrong.exit_code == 2
    assert "has no bot 'master'; bots: random, easy, normal, hard, expert" in wrong.output
    assert len(wrong.output.strip().splitlines()) == 1


def test_playouts_repeat_a_game_move_for_move(runner: CliRunner, knock_rummy: str) -> None:
    """With play-outs for a budget no clock is read: the same seed, the same game, reasons
    and all (the log of --auto shows every move and why)."""
    args = ("play", knock_rummy, "--auto", "--hands", "1", "--seed", "11",
            "--bots", "expert,hard", "--playouts", "12")
    first, second = (run(runner, *args) for _ in range(2))
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    assert "sampled deals" in first.output and "hand over" in first.output
    other = run(runner, *args[:6], "12", *args[7:])  # the same, seeded 12
    assert other.output != first.output


def test_the_hint_asks_expert_and_words_its_doubt(runner: CliRunner, knock_rummy: str) -> None:
    args = ("play", knock_rummy, "--seed", "3", "--playouts", "60")
    first, second = (run(runner, *args, stdin="hint\nquit\n\n") for _ in range(2))
    line = next(line for line in first.output.splitlines() if line.startswith("hint ("))
    assert line.startswith("hint (expert): ")
    assert "sampled deals" in line or "no other move was worth trying" in line, line
    assert not re.search(r"\d\s*%", line), line
    # a fixed budget: the same hint every time
    assert line in second.output


class Pretend:
    """A hand seen from a client: the view and the legal moves, no hidden card to re-deal
    (what a remote table's session holds)."""

    def __init__(self, state: cardkit.State) -> None:
        self.state = state
        self.game = state.game

    def view(self, seat: int) -> cardkit.View:
        return self.state.view(seat)

    def legal_actions(self) -> list[cardkit.Action]:
        return self.state.legal_actions()


def test_a_hint_without_the_hidden_cards_comes_from_the_strongest_view_only_bot(
        knock_rummy: str, capsys: pytest.CaptureFixture[str]) -> None:
    gin = cardkit.load_game("gin-rummy", players=2)
    assert view_only_bot(gin) == "hard"  # gin's own hard reads the view alone
    assert view_only_bot(cardkit.load_game(knock_rummy)) == "normal"
    match = gin.new_match(seed=4)
    session = Session(match, Seating((None, gin.agent("normal", 1, 4)), ("you", "bot")))
    state = match.current
    session._hint(Pretend(state), state.current_player)  # type: ignore[arg-type]
    out = capsys.readouterr().out
    assert out.startswith("hint (hard): "), out
