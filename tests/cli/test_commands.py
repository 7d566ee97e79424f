"""The cardkit command group through click's CliRunner: every command and its error paths,
against the knock-rummy test game registered in-process."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cardkit_cli.main import cli
from click.testing import CliRunner

from cardkit.registry import GameInfo


def run(runner: CliRunner, *args: str, stdin: str | None = None):
    """Invoke the group; returns the click Result."""
    return runner.invoke(cli, list(args), input=stdin, catch_exceptions=False)


def test_help_and_version(runner: CliRunner) -> None:
    result = run(runner, "--help")
    assert result.exit_code == 0
    for name in ("games", "rules", "play", "hand", "replay", "lab", "new-game"):
        assert name in result.output
    version = run(runner, "--version")
    assert version.exit_code == 0 and version.output.startswith("cardkit ")


def test_games_lists_games_and_broken_plugins(runner: CliRunner, knock_rummy: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from cardkit import registry

    broken = {"broken-game": GameInfo("broken-game", "some-plugin", None,
                                      "ImportError: no module named boom")}
    monkeypatch.setattr(registry, "_discover", lambda: {**broken, **registry._registered})
    result = run(runner, "games")
    assert result.exit_code == 0
    assert "knock-rummy" in result.output and "2, 3, 4" in result.output
    assert "broken-game" in result.output and "failed to load" in result.output


def test_rules_text_json_markdown(runner: CliRunner, knock_rummy: str) -> None:
    text = run(runner, "rules", knock_rummy, "--rule", "knock_limit=5")
    assert text.exit_code == 0
    assert "knock_limit = 5" in text.output and "(default 10)" in text.output
    assert "strict" in text.output
    data = json.loads(run(runner, "rules", knock_rummy, "--preset", "strict", "--json").output)
    values = {option["name"]: option["value"] for option in data["options"]}
    assert values["knock_limit"] == 0 and data["preset"] == "strict"
    markdown = run(runner, "rules", knock_rummy, "--markdown").output
    assert markdown.startswith("# Knock rummy") and "| `knock_limit` | 10 |" in markdown


@pytest.mark.parametrize(("args", "needle"), [
    (["rules", "no-such-game"], "installed games:"),
    (["rules", "knock-rummy", "--rule", "nope=1"], "valid options: hand_size, knock_limit"),
    (["rules", "knock-rummy", "--rule", "knock_limit=x"], "must be a whole number"),
    (["rules", "knock-rummy", "--rule", "knock_limit"], "name=value"),
    (["rules", "knock-rummy", "--preset", "zzz"], "valid presets: strict"),
    (["rules", "knock-rummy", "--players", "9"], "is for 2, 3, 4 players"),
    (["hand", "knock-rummy", "7H", "ZZ"], "'ZZ' is not a card"),
    (["hand", "knock-rummy", "7H", "7H"], "named twice"),
    (["play", "knock-rummy", "--bot", "genius"], "bots: random, easy, normal, hard"),
    (["play", "knock-rummy", "--seat", "5"], "seats are 0 to 1"),
    (["play", "knock-rummy", "--bots", "greedy,random"], "--bots names 2 bots"),
    (["play", "knock-rummy", "--hands", "2", "--match"], "not both"),
])
def test_usage_errors_are_one_line_exit_2(runner: CliRunner, knock_rummy: str,
                                          args: list[str], needle: str) -> None:
    result = run(runner, *args)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardkit: ") and needle in lines[0]


def test_hand_json_and_text(runner: CliRunner, knock_rummy: str) -> None:
    result = run(runner, "hand", knock_rummy, "7h 8h 9h", "kc", "kd", "ks", "2c", "--json")
    data = json.loads(result.output)
    assert sorted(map(sorted, data["melds"])) == [["7H", "8H", "9H"], ["KC", "KD", "KS"]]
    assert data["deadwood"] == ["2C"] and data["deadwood_value"] == 2
    text = run(runner, "hand", knock_rummy, "7H", "8H", "9H", "2C")
    assert "deadwood value: 2" in text.output and "[7H 8H 9H]" in text.output


def test_play_piped_session_mistype_illegal_hint_quit_and_save(
        runner: CliRunner, knock_rummy: str, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    moves = "dscard kh\ndiscard 2c\n99\nhint\nhelp\nrules\n1\n1\nquit\n"
    result = run(runner, "play", knock_rummy, "--seed", "3", "--save", str(save), stdin=moves)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "'dscard' is not a move in this game" in out
    assert "you must draw before you discard" in out
    assert "there is no move 99" in out
    # the hint comes from the strongest bot, the search, which says how the move fared
    assert re.search(r"hint \(hard\): draw (stock|discard) \(move \d\) — wins \d+% of \d+ sampled",
                     out), out
    assert "your hand:" in out and "stock:" in out and "discard pile top:" in out
    # the prompt says what to do without the phase's internal name; no colour in a pipe
    assert "your move: " in out and "\x1b[" not in out
    # after the stock draw the new card is pointed out
    assert "new in your hand: " in out
    # the in-game rules list only the house rules that differ, not every default
    assert "options at their defaults ('cardkit rules knock-rummy'" in out
    assert f"saved to {save}" in out
    record = json.loads(save.read_text())
    assert record["format"] == "cardkit-match/1"
    assert record["hands"][0]["actions"][:2] == ["draw stock", "discard 4C"]
    # resume: continue from where we stopped, to the end of the input
    resumed = run(runner, "play", knock_rummy, "--resume", str(save), stdin="1\n")
    assert resumed.exit_code == 0, resumed.output
    assert "end of input" in resumed.output
    again = json.loads(save.read_text())
    def count(data: dict) -> int:
        return sum(len(hand["actions"]) for hand in data["hands"])

    assert count(again) > count(record)


def test_play_quit_offers_to_save(runner: CliRunner, knock_rummy: str, tmp_path: Path) -> None:
    target = tmp_path / "later.json"
    result = run(runner, "play", knock_rummy, "--seed", "1", stdin=f"quit\n{target}\n")
    assert result.exit_code == 0 and "save the game first?" in result.output
    assert target.exists()


def test_play_end_of_input_exits_cleanly(runner: CliRunner, knock_rummy: str) -> None:
    result = run(runner, "play", knock_rummy, "--seed", "1", stdin="")
    assert result.exit_code == 0 and "end of input" in result.output


def test_auto_plays_whole_hands_and_replay(runner: CliRunner, knock_rummy: str,
                                           tmp_path: Path) -> None:
    save = tmp_path / "auto.json"
    result = run(runner, "play", knock_rummy, "--auto", "--hands", "2", "--seed", "5",
                 "--players", "3", "--save", str(save))
    assert result.exit_code == 0, result.output
    assert result.output.count("hand over") == 2 and "match over" in result.output
    assert "final totals" in result.output
    shown = run(runner, "replay", str(save))
    assert shown.exit_code == 0
    assert shown.output.count("hand over") == 2 and "deals" in shown.output
    stepped = run(runner, "replay", str(save), "--step", stdin="")
    assert stepped.exit_code == 0


def test_the_ladder_and_think(runner: CliRunner, knock_rummy: str) -> None:
    """--bots picks rungs of the ladder; --think bounds the hard bot's time; --auto watches
    the quick greedy bot by default, a person meets the strongest."""
    result = run(runner, "play", knock_rummy, "--auto", "--hands", "1", "--seed", "5",
                 "--bots", "hard,easy", "--think", "0.05")
    assert result.exit_code == 0, result.output
    assert "hard bot" in result.output and "easy bot" in result.output
    assert "hand over" in result.output
    watched = run(runner, "play", knock_rummy, "--auto", "--hands", "1", "--seed", "5")
    assert "greedy bot" in watched.output
    faced = run(runner, "play", knock_rummy, "--seed", "5", "--think", "0.05", stdin="quit\n\n")
    assert "seat 1 (hard bot)" in faced.output


def test_hotseat_shows_pass_screen(runner: CliRunner, knock_rummy: str) -> None:
    result = run(runner, "play", knock_rummy, "--hotseat", "--seed", "2",
                 stdin="1\n1\n1\nquit\n\n")
    assert result.exit_code == 0
    assert "pass the screen to seat 1" in result.output


@pytest.mark.parametrize(("content", "needle"), [
    (None, "cannot read"),
    ("{not json", "invalid JSON"),
    ('{"format": "other"}', "not a cardkit record"),
])
def test_replay_bad_files_one_line_exit_1(runner: CliRunner, tmp_path: Path,
                                          content: str | None, needle: str) -> None:
    path = tmp_path / "record.json"
    if content is not None:
        path.write_text(content)
    result = run(runner, "replay", str(path))
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0]


def test_resume_of_another_game_is_refused(runner: CliRunner, knock_rummy: str,
                                           tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    run(runner, "play", knock_rummy, "--auto", "--hands", "1", "--seed", "1", "--save", str(save))
    result = run(runner, "play", "knock-rummy", "--resume", str(save), "--rule", "knock_limit=3")
    assert result.exit_code == 2 and "--resume takes the players and rules" in result.output


def test_missing_lazy_command_says_so(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardkit_cli import main

    ghost = ("cardkit_cli.no_such_module:ghost", "A ghost.")
    monkeypatch.setitem(main.cli.lazy, "ghost", ghost)
    main.cli.commands.pop("ghost", None)
    result = run(runner, "ghost")
    assert result.exit_code == 1
    assert "not available: module cardkit_cli.no_such_module is not installed" in result.output
    main.cli.commands.pop("ghost", None)


def test_cardkit_value_errors_become_one_line(runner: CliRunner, knock_rummy: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import cardkit_cli.hand

    def boom(game, cards):
        raise ValueError("something inside went wrong")

    monkeypatch.setattr(cardkit_cli.hand, "analyse", boom)
    result = run(runner, "hand", knock_rummy, "7H")
    assert result.exit_code == 1 and result.output.strip() == \
        "cardkit: something inside went wrong"


def test_startup_is_lazy() -> None:
    """'cardkit --help' imports neither rich, nor the games, nor cardkit itself (speed: see
    bench/cli_startup.py)."""
    import subprocess
    import sys

    code = ("import sys; from cardkit_cli.main import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in ('rich', 'cardkit_games', 'cardkit', 'matplotlib') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_match_end_probe(knock_rummy: str) -> None:
    """Knock rummy's default match never ends; with a hand limit option it would."""
    from cardkit_cli.play import match_ends_by_itself

    import cardkit

    assert not match_ends_by_itself(cardkit.load_game(knock_rummy))
