"""Group commit: the saves of one turn of the loop are written together and acknowledged only
once written; a failed write is never acknowledged, nor anything of its table after it; a
write slower than the hand-off is reported later and the loop stops waiting for a while; a
hand's record text kept up to date move by move is the record's JSON exactly; and a real
``cardkit serve`` SIGKILLed the moment a move is acknowledged reopens with that move in its file
(that the acknowledgement waits for the write is held by the tap test in test_saving, which
reads the file as the acknowledgement is sent)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import threading

from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.engine.records import load_record
from cardkit.frontends.net import saving
from cardkit.frontends.net.protocol import PROTOCOL_VERSION
from cardkit.frontends.net.saving import DiskWriter, Saver
from cardkit.frontends.net.store import HandText, TableFile, load_table
from tests.net.helpers import WAIT, ServeProcess, play_moves, raw_client, receive

HELLO = {"type": "hello", "protocol": PROTOCOL_VERSION}


def _tables(folder, count):
    """``count`` table files, each with a fresh Tonk match saved whole."""
    game = cardkit.load_game("tonk", players=2)
    tables = []
    for index in range(count):
        file = TableFile(folder / f"t{index}.json")
        match = game.new_match(seed=index)
        file.write(file.snapshot(match))
        tables.append((file, match))
    return tables



def _moves_in(path):
    return [move for hand in load_record(path).to_dict()["hands"] for move in hand["actions"]]


def test_the_saves_of_one_turn_are_written_together_and_each_acknowledged_once_written(
        tmp_path, monkeypatch):
    tables = _tables(tmp_path, 5)
    batches = []
    real = saving._write

    def write(batch):
        batches.append(len(batch))
        return real(batch)

    monkeypatch.setattr(saving, "_write", write)

    async def main():
        writer = DiskWriter(asyncio.get_running_loop())
        told = []
        for file, match in tables:
            play_moves(match)
            expected = [str(action) for _, action in match.current.history]

            def done(error, file=file, expected=expected):
                # acknowledged only once the move is in the file
                told.append(error is None
                            and _moves_in(file.path)[-len(expected):] == expected)

            writer.write(file, file.snapshot(match), done)
        assert told == []  # nothing is told in the turn the saves were made
        while len(told) < len(tables):
            await asyncio.sleep(0.001)
        writer.close()
        return told

    told = asyncio.run(main())
    assert told == [True] * 5
    assert batches == [5]  # one batch for the turn


def test_a_failed_write_is_never_acknowledged_nor_anything_of_its_table_after_it(
        tmp_path, monkeypatch):
    (good, good_match), (bad, bad_match) = _tables(tmp_path, 2)
    real = TableFile.write
    attempts = []

    def write(self, snapshot):
        if self is bad:
            attempts.append(snapshot)
            raise OSError(28, "No space left on device")
        real(self, snapshot)

    monkeypatch.setattr(TableFile, "write", write)

    async def main():
        writer = DiskWriter(asyncio.get_running_loop())
        failures, acknowledged = [], []
        savers = {name: Saver(file, writer, failures.append)
                  for name, file in (("good", good), ("bad", bad))}
        for _ in range(3):  # the later saves queue up behind the first, failing, write
            play_moves(good_match)
            play_moves(bad_match)
            savers["good"].save(good_match, lambda: acknowledged.append("good"))
            savers["bad"].save(bad_match, lambda: acknowledged.append("bad"))
        await asyncio.wait_for(asyncio.gather(*(s.wait() for s in savers.values())), WAIT)
        play_moves(bad_match)
        savers["bad"].save(bad_match, lambda: acknowledged.append("bad"))  # a broken saver
        await asyncio.sleep(0.05)
        writer.close()
        return failures, acknowledged, savers["bad"].broken

    failures, acknowledged, broken = asyncio.run(main())
    assert acknowledged == ["good"] * 3
    assert len(failures) == 1 and isinstance(broken, OSError)
    assert len(attempts) == 1  # nothing after the failed write was written, or told
    assert _moves_in(good.path) == [str(a) for _, a in good_match.current.history]


def test_a_write_slower_than_the_handoff_is_told_later_and_the_loop_stops_waiting(tmp_path,
                                                                                  monkeypatch):
    (slow, slow_match), (other, other_match) = _tables(tmp_path, 2)
    gate = threading.Event()
    real = TableFile.write

    def write(self, snapshot):
        if self is slow:
            assert gate.wait(WAIT)
        real(self, snapshot)

    monkeypatch.setattr(TableFile, "write", write)
    monkeypatch.setattr(saving, "PATIENCE", WAIT)  # however slowly this machine runs the test
    opened = threading.Timer(10.0, gate.set)  # opens the gate whatever happens

    async def main():
        loop = asyncio.get_running_loop()
        writer = DiskWriter(loop, handoff=0.05)
        told = []
        play_moves(slow_match)
        writer.write(slow, slow.snapshot(slow_match), lambda error: told.append("slow"))
        await asyncio.sleep(0)  # the turn's flush waits 0.05 s, then leaves it to the thread
        assert writer.late == 1 and told == [] and not gate.is_set()
        # for a while the loop does not wait at all, even with a long hand-off
        writer.handoff = WAIT
        opened.start()
        play_moves(other_match)
        writer.write(other, other.snapshot(other_match), lambda error: told.append("other"))
        await asyncio.sleep(0)
        assert not gate.is_set(), "the loop waited for a stalled writer"
        assert told == []  # the other table's save is behind the stalled one
        gate.set()
        while len(told) < 2:
            await asyncio.sleep(0.01)
        writer.close()
        return told

    try:
        told = asyncio.run(asyncio.wait_for(main(), WAIT))
    finally:
        opened.cancel()
        gate.set()
    assert told == ["slow", "other"]
    assert _moves_in(slow.path) == [str(a) for _, a in slow_match.current.history]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([("tonk", 2), ("tonk", 4), ("gin-rummy", 2), ("tien-len", 4)]),
       st.integers(0, 10_000), st.randoms(use_true_random=False))
def test_a_hands_text_kept_move_by_move_is_its_records_json(game_players, seed, rng):
    name, players = game_players
    state = cardkit.load_game(name, players=players).new_hand(seed=seed)
    text = HandText(state)
    while True:
        assert text.encode() == json.dumps(state.record().to_dict()).encode()
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))


def test_a_server_killed_the_moment_a_move_is_acknowledged_has_it_in_its_file(tmp_path):
    for kill_after in (1, 6, 15):
        save = tmp_path / f"k{kill_after}.json"
        server = ServeProcess("tonk", "--players", "2", "--seed", str(kill_after), "--port",
                              "0", "--save", str(save))
        try:
            acknowledged = asyncio.run(asyncio.wait_for(
                _play_until_acknowledged(server, kill_after), WAIT))
        finally:
            server.kill()
        record, _ = load_table(save)  # the last write finished from FILE.tail, if cut short
        moves = [move for hand in record.to_dict()["hands"] for move in hand["actions"]]
        assert moves[:len(acknowledged)] == acknowledged, (kill_after, moves, acknowledged)


async def _play_until_acknowledged(server, count):
    """Both seats play (no drops); SIGKILL the server as the ``count``-th "accepted" arrives.
    The moves acknowledged, in order."""
    sockets = [await raw_client(server.seats[seat], {**HELLO,
                                                     "token": server.seats[seat].split("#")[1]})
               for seat in (0, 1)]
    acknowledged: list[str] = []
    latest: dict[int, dict] = {}
    try:
        while True:
            for seat, socket in enumerate(sockets):
                while True:  # what has arrived for this seat, without waiting
                    try:
                        message = await receive(socket, timeout=0.02)
                    except TimeoutError:
                        break
                    if message["type"] == "accepted":
                        acknowledged.append(message["move"])
                        if len(acknowledged) == count:
                            os.kill(server.process.pid, signal.SIGKILL)
                            return acknowledged
                    elif message["type"] == "state" and message["legal"]:
                        latest[seat] = message
                state = latest.get(seat)
                if state is not None and state.get("sent") is None:
                    legal = [m for m in state["legal"] if not m.startswith("drop")]
                    state["sent"] = True
                    await socket.send(json.dumps({
                        "type": "move", "move": (legal or state["legal"])[0], "id": 1,
                        "hand": state["hand"], "step": state["step"]}))
    finally:
        for socket in sockets:
            socket.transport.abort()
