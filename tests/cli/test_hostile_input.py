"""Hostile command lines: every command given absurd values (huge, negative, NaN, infinite,
unicode digits, empty) and every file argument given ``/dev/zero``, a folder, a huge file and
binary junk. Each is refused in one line with exit code 2, no traceback, at once (in-process
through click's runner: nothing is played, served or simulated)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cardkit_cli.main import cli
from click.testing import CliRunner

from cardkit.values.validate import MAX_RECORD_BYTES

HUGE = "9" * 5000
ABSURD = [HUGE, "-" + HUGE, "nan", "inf", "-inf", "1e400", "٣", "３", "", "0x10", "½", "1e6x"]

#: (command words, option, whether a negative number is absurd)
NUMBERS = [
    (["lab", "tonk"], "--hands", True),
    (["lab", "tonk"], "--matches", True),
    (["lab", "tonk"], "--workers", True),
    (["lab", "tonk"], "--skill-hands", True),
    (["lab", "tonk"], "--trace-deals", True),
    (["lab", "tonk"], "--think", True),
    (["lab", "tonk"], "--playouts", True),
    (["lab", "tonk"], "--max-match-hands", True),
    (["lab", "tonk"], "--seed", False),
    (["lab", "tonk"], "--players", True),
    (["play", "tonk"], "--players", True),
    (["play", "tonk"], "--seat", True),
    (["play", "tonk"], "--seed", False),
    (["play", "tonk"], "--hands", True),
    (["play", "tonk"], "--think", True),
    (["play", "tonk"], "--playouts", True),
    (["serve", "tonk"], "--port", True),
    (["serve", "tonk"], "--seed", False),
    (["serve", "tonk"], "--hands", True),
    (["serve", "tonk"], "--tables", True),
    (["serve", "tonk"], "--replace-after", True),
    (["serve", "tonk"], "--think", True),
    (["serve", "tonk"], "--playouts", True),
    (["serve", "tonk"], "--idle-timeout", True),
    (["serve", "tonk"], "--claim-seconds", True),
    (["serve", "tonk"], "--players", True),
    (["rules", "tonk"], "--players", True),
    (["hand", "tonk", "AS"], "--players", True),
]


def _refused(args: list[str]) -> str:
    result = CliRunner().invoke(cli, args)
    output = result.output
    assert result.exit_code == 2, (args[:4], result.exit_code, output[-500:])
    assert "Traceback" not in output, output
    assert result.exception is None or isinstance(result.exception, SystemExit), output
    lines = output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardkit: "), lines[:3]
    return lines[0]


@pytest.mark.parametrize(("words", "option", "negative"), NUMBERS,
                         ids=[f"{w[0]}{o}" for w, o, _ in NUMBERS])
def test_absurd_numbers_are_refused_in_one_line_with_the_allowed_range(words, option,
                                                                       negative):
    values = [*ABSURD, "-1", "-5"] if negative else ABSURD
    for value in values:
        line = _refused([*words, f"{option}={value}"])
        assert option in line, line
        if value not in ("",):
            assert "from" in line and "to" in line, line  # the allowed range


@pytest.mark.parametrize("value", [HUGE, "-1", "100000", "nan", ""])
def test_a_huge_number_of_workers_is_refused_before_any_process_starts(value):
    assert "--workers" in _refused(["lab", "tonk", "--hands", "10", "--workers", value])


@pytest.mark.parametrize("args", [
    ["rules", "é" * 5000],
    ["rules", ""],
    ["play", "\udcff"],
    ["lab", "tonk\x00"],
    ["hand", "tonk", "ZZ", "٣H"],
    ["hand", "tonk", *["AS"] * 3000],
    ["rules", "tonk", "--rule", "x" * 5000 + "=1"],
    ["rules", "tonk", "--rule", "hand_size=" + HUGE],
    ["rules", "tonk", "--rule", "base_stake=nan"],
    ["play", "tonk", "--rule", "base_stake=1e400"],
    ["lab", "tonk", "--sweep", "hand_size=1..100000000000"],
    ["play", "tonk", "--bots", "é" * 3000],
    ["serve", "tonk", "--bots", "9" * 3000],
    ["play", "tonk", "--preset", "\udcff" * 100],
    ["new-game", ""],
    ["nosuchcommand"],
    ["play", "tonk", "--nosuchoption"],
])
def test_absurd_words_are_refused_in_one_line(args):
    _refused(args)


def _hostile_files(tmp_path: Path) -> dict[str, Path]:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:  # sparse: refused by its size, never read
        handle.truncate(MAX_RECORD_BYTES + 1)
    junk = tmp_path / "junk.json"
    junk.write_bytes(bytes(range(256)) * 8)
    return {"/dev/zero": Path("/dev/zero"), "folder": tmp_path, "huge": huge, "junk": junk,
            "missing": tmp_path / "missing.json"}


@pytest.mark.parametrize("words", [["replay"], ["play", "tonk", "--resume"],
                                   ["serve", "tonk", "--resume"]])
def test_every_file_argument_refuses_devices_folders_huge_files_and_junk(tmp_path, words):
    for path in _hostile_files(tmp_path).values():
        _refused([*words, str(path)])


@pytest.mark.parametrize("words", [["play", "tonk", "--auto", "--hands", "1", "--save"],
                                   ["serve", "tonk", "--save"],
                                   ["lab", "tonk", "--hands", "5", "--json"]])
def test_output_files_that_cannot_be_written_are_refused_before_any_work(tmp_path, words):
    for path in ("/dev/zero", str(tmp_path), str(tmp_path / "no" / "such" / "folder.json")):
        _refused([*words, path])
