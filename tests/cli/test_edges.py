"""The command line's sharp edges (issue 14): hostile input at the prompt, output paths, Ctrl-C,
broken pipes, wrapping, hand sizes, plugin name clashes, wording, and what replay shows."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from cardkit_cli import prompt
from cardkit_cli.main import cli
from click.testing import CliRunner
from rich.console import Console

import cardkit
from cardkit.engine import registry


def invoke(runner: CliRunner, *args: str, input: str | None = None):
    return runner.invoke(cli, list(args), input=input)


# ----- the play prompt ------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["9" * 5000, "x" * 1_000_000])
def test_a_huge_line_at_the_prompt_is_refused_and_the_game_goes_on(runner, line):
    result = invoke(runner, "play", "tonk", "--seed", "3", input=f"{line}\n2\nquit\n\n")
    assert result.exit_code == 0, result.output
    assert "characters long; a move is at most 200" in result.output
    assert "Exceeds" not in result.output
    # the next line was read and played: the move after the refusal happened
    assert result.output.count("you (seat 0)> ") >= 3
    assert "goodbye." in result.output


def test_a_mistyped_move_word_gets_a_suggestion(runner):
    result = invoke(runner, "play", "tonk", "--seed", "3", input="drwa stock\nquit\n\n")
    assert "did you mean 'draw stock'?" in result.output


def test_save_path_is_checked_before_playing(runner):
    result = invoke(runner, "play", "tonk", "--save", "/nonexistent/folder/game.json",
                    input="1\n")
    assert result.exit_code == 2
    assert "--save /nonexistent/folder/game.json: there is no folder" in result.output
    assert "hand 1" not in result.output


def test_quit_save_prompt_asks_again_on_an_unwritable_path(runner, tmp_path):
    good = tmp_path / "game.json"
    result = invoke(runner, "play", "tonk", "--seed", "3",
                    input=f"quit\n/nonexistent/folder/x.json\n{good}\n")
    assert result.exit_code == 0, result.output
    assert "cannot save to /nonexistent/folder/x.json: there is no folder" in result.output
    assert good.exists() and cardkit.load_record(good).game == "tonk"


def interrupt_on_read(monkeypatch, after: int) -> None:
    calls = {"n": 0}
    real = prompt.LineReader.read

    def read(self, text):
        calls["n"] += 1
        if calls["n"] > after:
            raise KeyboardInterrupt
        return real(self, text)

    monkeypatch.setattr(prompt.LineReader, "read", read)


def test_ctrl_c_in_play_without_save_keeps_an_autosave_and_says_where(runner, monkeypatch,
                                                                     tmp_path):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    interrupt_on_read(monkeypatch, 1)
    result = invoke(runner, "play", "tonk", "--players", "3", "--seed", "3", input="2\n")
    assert result.exit_code == 130
    saved = tmp_path / "cardkit" / "autosave-tonk-3.json"
    assert saved.exists()
    lines = result.output.splitlines()
    message = next(line for line in lines if line.startswith("interrupted"))
    assert str(saved) in message and "--resume" in message
    record = cardkit.load_record(saved)
    assert record.hands[0].actions  # the move made before Ctrl-C is kept


def test_ctrl_c_in_play_with_save_writes_the_save_file(runner, monkeypatch, tmp_path):
    path = tmp_path / "g.json"
    interrupt_on_read(monkeypatch, 0)
    result = invoke(runner, "play", "tonk", "--seed", "3", "--save", str(path))
    assert result.exit_code == 130
    assert path.exists() and f"saved in {path}" in result.output


# ----- other commands -------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("game", "cards", "message"),
    [
        ("gin-rummy", "TH JH QH", "3 cards: a hand of gin-rummy holds 10 or 11 cards"),
        ("tonk", "2C 3C 4C 5C 6C 7C 8C", "7 cards: a hand of tonk holds 1 to 6 cards"),
        ("tonk", "", "no cards given"),
    ],
)
def test_hand_size_is_checked_against_the_game(runner, game, cards, message):
    result = invoke(runner, "hand", game, cards)
    assert result.exit_code == 2 and message in result.output


@pytest.mark.parametrize("game", ["tonk", "gin-rummy", "tien-len"])
def test_a_whole_deck_is_refused_at_once(game):
    deck = " ".join(card.text for card in cardkit.load_game(game, jokers=2)
                    .deck_spec.cards) if game == "tonk" else " ".join(
        card.text for card in cardkit.load_game(game).deck_spec.cards)
    args = ["hand", game, deck] + (["--rule", "jokers=2"] if game == "tonk" else [])
    completed = subprocess.run([sys.executable, "-m", "cardkit_cli", *args], capture_output=True,
                               text=True, timeout=30)
    assert completed.returncode == 2 and "cards: a hand of" in completed.stderr


def test_games_reports_two_plugins_with_one_name(runner, monkeypatch):
    points = [EntryPoint("tonk", "cardkit_games.tonk:GAME", "cardkit.games"),
              EntryPoint("tonk", "cardkit_games.gin_rummy:GAME", "cardkit.games")]
    monkeypatch.setattr(registry, "entry_points", lambda group: points)
    registry.refresh()
    try:
        result = invoke(runner, "games")
        assert registry.name_clashes() == {"tonk": ["cardkit_games.tonk",
                                                    "cardkit_games.gin_rummy"]}
    finally:
        monkeypatch.undo()
        registry.refresh()
    assert "2 installed packages declare the game 'tonk'" in result.output


def test_rules_into_a_closed_pipe_exits_quietly():
    process = subprocess.Popen([sys.executable, "-m", "cardkit_cli", "rules", "tonk",
                                "--markdown"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    process.stdout.close()  # the reader is gone before anything is written
    _, err = process.communicate(timeout=30)
    assert process.returncode == 0
    assert err == b""


def test_output_to_a_pipe_is_not_wrapped(runner):
    result = invoke(runner, "play", "tonk", "--players", "4", "--auto", "--seed", "1")
    intro = result.output.splitlines()[1]
    assert intro.startswith("players: seat 0") and "seat 3" in intro and "match seed" in intro
    text = invoke(runner, "rules", "tonk").output
    assert max(len(line) for line in text.splitlines()) > 100


def test_bots_count_wording(runner):
    result = invoke(runner, "play", "tonk", "--players", "2", "--bots", "greedy,random")
    assert "--bots names 2 bots but 1 seat needs one (seat 1)" in result.output
    result = invoke(runner, "play", "tonk", "--players", "4", "--bots", "greedy")
    assert "--bots names 1 bot but 3 seats need one (seats 1, 2, 3)" in result.output


def test_record_type_errors_say_an_integer(tmp_path):
    state = cardkit.load_game("tonk").new_hand(seed=1)
    data = state.record().to_dict()
    data["seed"] = "seven"
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    with pytest.raises(cardkit.RecordError, match="'seed' must be an integer, not a string"):
        cardkit.load_record(path)


def test_moves_are_numbered_in_reading_order():
    from cardkit_cli.render import render_actions

    state = cardkit.load_game("tien-len").new_hand(seed=3)
    while len(state.legal_actions()) < 9:
        state.apply(state.legal_actions()[0])
    console = Console(width=60, record=True, no_color=True)
    render_actions(console, state.legal_actions(), state.game)
    first_row = console.export_text().splitlines()[0]
    numbers = [int(word[:-1]) for word in first_row.split() if word[:-1].isdigit()
               and word.endswith(".")]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) > 1


# ----- replay -----------------------------------------------------------------------------------

def saved_game(runner, tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    # the quick greedy bots: these tests are about replaying a record, not about the bots
    invoke(runner, "play", "tonk", "--players", "3", "--seed", "3", "--bot", "normal",
           "--save", str(path), input="2\n1\n1\n1\n1\n1\n1\nquit\n")
    return path


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["hands"][0]["result"].update(payoffs=[9, -9, 0]), "result.payoffs"),
        (lambda d: d["hands"][0]["actions"].pop(), "hand 1"),
        (lambda d: d["hands"].pop(0), "hand 1"),
        (lambda d: d.update(seed=d["seed"] + 1), "match seed"),
        (lambda d: d["hands"][1]["context"].update(totals=["a", "b", "c"]), "totals[0]"),
        (lambda d: d.update(players=4), "'players'"),
        (lambda d: d.update(hands_limit=10**40), "hands_limit"),
    ],
)
def test_replay_refuses_what_the_api_refuses(runner, tmp_path, change, words):
    path = saved_game(runner, tmp_path)
    data = json.loads(path.read_text())
    assert len(data["hands"]) >= 2
    change(data)
    path.write_text(json.dumps(data))
    result = invoke(runner, "replay", str(path))
    assert result.exit_code == 1
    assert words in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_replay_from_a_seat_shows_its_draws_and_names_seats_as_play(runner, tmp_path):
    path = saved_game(runner, tmp_path)
    result = invoke(runner, "replay", str(path), "--seat", "0")
    assert result.exit_code == 0, result.output
    assert "as seat 0 saw it" in result.output
    assert "seat 0: draw " in result.output and "(drew " in result.output
    assert "dropper: 0" not in result.output and "seat 1: [" not in result.output


def test_q_stops_step_mode(runner, tmp_path):
    path = saved_game(runner, tmp_path)
    whole = invoke(runner, "replay", str(path)).output
    result = invoke(runner, "replay", str(path), "--step", input="\nq\n")
    assert result.exit_code == 0
    assert result.output.count("(Enter for the next move, q to stop)") == 2
    assert len(result.output) < len(whole)


def test_ctrl_c_in_replay_is_quiet(runner, tmp_path, monkeypatch):
    path = saved_game(runner, tmp_path)
    interrupt_on_read(monkeypatch, 0)
    result = invoke(runner, "replay", str(path), "--step")
    assert result.exit_code == 130
    assert "Traceback" not in result.output and "Aborted" not in result.output
