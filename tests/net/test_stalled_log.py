"""A server whose log goes to a pipe nobody reads keeps serving: the log is written by a thread
of its own, and lines beyond its queue are dropped and counted, never waited for."""

from __future__ import annotations

import os
import threading

import cardkit
from cardkit.frontends.net.logline import BackgroundLog
from tests.net.helpers import WAIT, PlayerThread, ServerThread


def _full_pipe():
    """A pipe whose buffer is already full: the next blocking write to it waits for ever."""
    read, write = os.pipe()
    os.set_blocking(write, False)
    try:
        while True:
            os.write(write, b"x" * 4096)
    except BlockingIOError:
        pass
    os.set_blocking(write, True)
    return read, write


def test_a_server_logging_to_a_pipe_nobody_reads_plays_whole_matches():
    read, write = _full_pipe()
    stream = os.fdopen(write, "w", buffering=1)

    def log(line):
        print(line, file=stream, flush=True)  # blocks: nobody reads the pipe

    game = cardkit.load_game("tonk", players=2)
    host = ServerThread(log=log)
    try:
        tables = [host.open(f"t{n}", game.new_match(seed=n, hands=2), (None, None))
                  for n in range(3)]
        players = [PlayerThread(host.seat_url(table, seat)) for table in tables
                   for seat in (0, 1)]
        for player in players:
            player.start()
        for player in players:
            player.join(4 * WAIT)
            assert not player.is_alive() and player.error is None, repr(player.error)
            assert player.match is not None and player.match.is_over
    finally:
        # unblock the log's thread so the test leaves nothing behind
        threading.Thread(target=lambda: os.read(read, 1 << 20), daemon=True).start()
        host.close()
        os.close(read)


def test_lines_beyond_the_queue_are_dropped_counted_and_reported():
    written = []
    gate = threading.Event()

    def slow(line):
        gate.wait(WAIT)
        written.append(line)

    log = BackgroundLog(slow, limit=3)
    for number in range(20):
        log(f"line {number}")  # returns at once although the writer is stuck
    gate.set()
    assert log.close(WAIT)
    assert written[:2] == ["line 0", "line 1"]
    assert written[-1].endswith("log lines dropped: the output was not being read)"), written
    dropped = int(written[-1].strip("(").split()[0])
    assert dropped + len(written) - 1 == 20
