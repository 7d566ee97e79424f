"""What `cardkit serve` prints is what a person can run: the `join` line works as printed in
a fresh shell whose PATH lacks the virtual environment cardkit lives in; and `--resume` takes
the first command's flags when they agree with the saved file, naming the one that does not."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.net.helpers import WAIT, ServeProcess, cardkit, environment


def _fresh_shell_environment() -> dict[str, str]:
    """A shell's environment without this virtual environment on PATH (nor any cardkit)."""
    env = environment()
    ours = str(Path(sys.executable).parent)
    env["PATH"] = os.pathsep.join(part for part in env.get("PATH", "").split(os.pathsep)
                                  if part and part != ours
                                  and not (Path(part) / "cardkit").exists()) or "/usr/bin:/bin"
    env.pop("VIRTUAL_ENV", None)
    return env


def test_the_printed_join_line_works_in_a_fresh_shell_without_the_venv_on_path():
    env = _fresh_shell_environment()
    server = ServeProcess("tonk", "--players", "2", "--bots", "1", "--hands", "1", "--seed",
                          "4", "--port", "0", env=env)
    try:
        line = server.join_lines[0]
        assert not line.startswith("cardkit "), line  # not on this shell's PATH
        assert Path(server.command).is_absolute(), server.command
        played = subprocess.run(["/bin/sh", "-c", line], input="1\n" * 500,
                                capture_output=True, text=True, timeout=4 * WAIT, env=env)
        assert played.returncode == 0, played.stdout + played.stderr
        assert "match over" in played.stdout
        assert server.wait() == 0
    finally:
        server.kill()


def test_the_join_line_says_cardkit_when_this_cardkit_is_on_path():
    env = environment()
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    server = ServeProcess("tonk", "--players", "2", "--bots", "1", "--hands", "1", "--port",
                          "0", env=env)
    try:
        assert server.join_lines[0].startswith("cardkit join "), server.join_lines
    finally:
        server.kill()


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cardkit("serve", *args), capture_output=True, text=True,
                          timeout=WAIT, env=environment())


def test_resume_takes_flags_that_agree_with_the_file_and_names_the_one_that_does_not(tmp_path):
    save = str(tmp_path / "gin.json")
    first = ["gin-rummy", "--players", "2", "--bots", "1", "--seed", "9", "--hands", "3",
             "--rule", "knock_limit=8", "--save", save, "--port", "0"]
    server = ServeProcess(*first)
    addresses = dict(server.seats)
    server.kill()  # a crash before anyone joined
    resumed = ServeProcess(*first, "--resume", save)  # the first command again, plus --resume
    try:
        assert {seat: url.split("#")[1] for seat, url in resumed.seats.items()} == {
            seat: url.split("#")[1] for seat, url in addresses.items()}  # the same tokens
    finally:
        resumed.kill()
    cases = [(["--players", "3"], "--players 3"),
             (["--bots", "0"], "--bots"),
             (["--seed", "10"], "--seed 10"),
             (["--hands", "4"], "--hands 4"),
             (["--rule", "knock_limit=9"], "knock_limit"),
             (["--save", str(tmp_path / "other.json")], "--save"),
             (["--tables", "2"], "--tables 2")]
    for extra, named in cases:
        refused = _serve("gin-rummy", "--resume", save, "--port", "0", *extra)
        assert refused.returncode == 2, refused.stdout + refused.stderr
        message = (refused.stdout + refused.stderr).strip()
        assert "Traceback" not in message and len(message.splitlines()) == 1, message
        assert named in message and "gin.json" in message, message
