"""End to end: `cardkit serve` with two people (`cardkit join` processes fed their moves on
standard input, the real join code path) and a bot, one hand of each game, followed by
`cardkit watch`; the saved file replays with `cardkit replay`."""

from __future__ import annotations

import subprocess

import pytest

from tests.net.helpers import WAIT, ServeProcess, cardkit, environment

GAMES = ["tonk", "gin-rummy", "tien-len"]


def _join(url: str, *extra: str, moves: str = "") -> subprocess.Popen[str]:
    """`cardkit join` with its whole input written at once (within a pipe's buffer), so
    players never wait for each other's input."""
    process = subprocess.Popen(cardkit("join", url, *extra), stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env=environment())
    assert process.stdin is not None
    process.stdin.write(moves)
    process.stdin.close()
    return process


def _finish(process: subprocess.Popen[str]) -> str:
    assert process.stdout is not None
    try:
        output = process.stdout.read()
        process.wait(4 * WAIT)
    finally:
        if process.poll() is None:
            process.kill()
    return output


@pytest.mark.parametrize("game", GAMES)
def test_two_people_and_a_bot_play_a_hand(tmp_path, game):
    save = tmp_path / "match.json"
    # a bot that answers at once: the searching default thinks a second a move
    server = ServeProcess(game, "--players", "3", "--bots", "2=greedy", "--hands", "1",
                          "--seed", "11",
                          "--port", "0", "--save", str(save))
    try:
        assert sorted(server.seats) == [0, 1]
        watcher = subprocess.Popen(cardkit("watch", server.watch), stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                   env=environment())
        players = [_join(server.seats[seat], moves="1\n" * 3000) for seat in (0, 1)]
        outputs = [_finish(process) for process in players]
        watched = watcher.communicate(timeout=WAIT)[0]
        assert server.wait() == 0, server.output()
    finally:
        server.kill()
    for process, output in zip(players, outputs, strict=True):
        assert process.returncode == 0, output
        assert "match over" in output and "hand over" in output, output
        assert "Traceback" not in output
    # the same screen as 'cardkit play': the table, the numbered moves and the prompt
    assert "you (seat 0)>" in outputs[0] or "you (seat 1)>" in outputs[1]
    assert any(" 1. " in output and "your hand:" in output for output in outputs)
    assert "match over" in watched and "Traceback" not in watched, watched
    assert save.stat().st_mode & 0o777 == 0o600
    seats = tmp_path / "match.json.seats"  # the seats' tokens: readable by the owner only
    assert seats.stat().st_mode & 0o777 == 0o600
    assert server.seats[0].split("#")[1] in seats.read_text()
    replay = subprocess.run(cardkit("replay", str(save)), capture_output=True, text=True,
                            timeout=WAIT, env=environment())
    assert replay.returncode == 0, replay.stderr
    assert "hand over" in replay.stdout or "ending" in replay.stdout


def test_join_with_a_bot_plays_the_seat(tmp_path):
    server = ServeProcess("tonk", "--players", "2", "--hands", "2", "--seed", "4",
                          "--port", "0")
    try:
        bot = _join(server.seats[0], "--bot", "greedy")
        person = _join(server.seats[1], moves="1\n" * 2000)
        person_out = _finish(person)
        bot_out = _finish(bot)
        assert server.wait() == 0
    finally:
        server.kill()
    assert "match over" in bot_out and "greedy bot (you)" in bot_out, bot_out
    assert "match over" in person_out


def test_join_refuses_the_search_bot_and_a_tokenless_address():
    server = ServeProcess("tonk", "--players", "2", "--hands", "1", "--port", "0")
    try:
        refused = subprocess.run(cardkit("join", server.seats[0], "--bot", "search"),
                                 capture_output=True, text=True, timeout=WAIT,
                                 env=environment())
        assert refused.returncode == 2
        assert "only the" in refused.stderr and "server holds" in refused.stderr
        tokenless = subprocess.run(cardkit("join", server.watch), capture_output=True,
                                   text=True, timeout=WAIT, env=environment())
        assert tokenless.returncode == 2 and "no seat token" in tokenless.stderr
        wrong = subprocess.run(cardkit("join", server.watch + "#not-a-token"),
                               capture_output=True, text=True, timeout=WAIT, env=environment())
        assert wrong.returncode == 1
        assert wrong.stderr.strip().startswith("cardkit: the table refused: wrong token")
        assert len(wrong.stderr.strip().splitlines()) == 1
    finally:
        server.kill()
