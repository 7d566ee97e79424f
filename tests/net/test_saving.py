"""Saving after every move, off the event loop, without losing anything acknowledged: a stalled
write stalls no event loop and delays its table's answers; the file grows by
appending and a write cut short by a crash is finished on resume; a long match holds two hands
in memory, its file all of them."""

from __future__ import annotations

import asyncio
import json
import threading

from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.engine.records import load_record
from cardkit.frontends.net import store
from cardkit.frontends.net.protocol import PROTOCOL_VERSION
from cardkit.frontends.net.store import TableFile, load_table, repair, tail_path
from tests.net.helpers import WAIT, PlayerThread, ServerThread, play_moves, raw_client, receive

HELLO = {"type": "hello", "protocol": PROTOCOL_VERSION}


def test_a_stalled_save_stalls_no_event_loop_and_delays_its_tables_answer(tmp_path,
                                                                          monkeypatch):
    gate = threading.Event()
    armed = threading.Event()  # from the move below on, the slow table's writes stall
    stalled = threading.Event()
    real = TableFile.write

    def write(self, snapshot):
        if self.path.name == "slow.json" and armed.is_set():
            stalled.set()
            assert gate.wait(WAIT)
        real(self, snapshot)

    monkeypatch.setattr(TableFile, "write", write)
    game = cardkit.load_game("tonk", players=2)
    with ServerThread() as host:
        slow = host.open("slow", game.new_match(seed=1), (None, "random"),
                         save=tmp_path / "slow.json")
        fast = host.open("fast", game.new_match(seed=2), (None, "random"))

        async def main():
            urls = [host.seat_url(table, 0) for table in (slow, fast)]
            sockets = [await raw_client(url, {**HELLO, "token": url.split("#")[1]})
                       for url in urls]
            states = [await receive(socket, "state") for socket in sockets]
            while not states[0]["legal"]:
                states[0] = await receive(sockets[0], "state")
            hand = states[0]["hand"]
            done = len(json.loads((tmp_path / "slow.json").read_text())["hands"][hand]["actions"])
            armed.set()
            await sockets[0].send(json.dumps({"type": "move", "move": states[0]["legal"][0],
                                              "id": 1}))
            await asyncio.get_running_loop().run_in_executor(None, stalled.wait, WAIT)
            # the save is stuck in its thread: the loop is not, another table plays on and
            # pings are answered
            moves = 0
            while moves < 5:
                state = await receive(sockets[1], "state")
                if state["legal"]:
                    moves += 1
                    await sockets[1].send(json.dumps({"type": "move", "id": moves,
                                                      "move": state["legal"][0],
                                                      "step": state["step"]}))
            await sockets[0].send(json.dumps({"type": "ping", "id": 7}))
            assert (await receive(sockets[0], "pong"))["id"] == 7
            # ... but the slow table has not acknowledged the move it has not saved
            saved = json.loads((tmp_path / "slow.json").read_text())
            assert len(saved["hands"][hand]["actions"]) == done
            gate.set()
            answer = await receive(sockets[0])
            while answer["type"] == "state":
                answer = await receive(sockets[0])
            assert answer["type"] == "accepted" and answer["id"] == 1, answer
            saved = json.loads((tmp_path / "slow.json").read_text())
            assert saved["hands"][hand]["actions"][done] == answer["move"]
            for socket in sockets:
                await socket.close()

        asyncio.run(asyncio.wait_for(main(), 3 * WAIT))
        gate.set()


def test_every_acknowledgement_finds_its_move_in_the_file(tmp_path):
    game = cardkit.load_game("tonk", players=2)
    save = tmp_path / "t.json"
    with ServerThread() as host:
        table = host.open("t", game.new_match(seed=4, hands=3), (None, "random"), save=save)
        checked = []

        def tap(seat, message, state):
            if message["type"] == "accepted":
                # the move is in the file, with every move of its hand before it
                hands = json.loads(save.read_text())["hands"]
                moves = [str(action) for _, action in state.history]
                checked.append(hands[-1]["actions"] == moves
                               or any(hand["actions"] == moves for hand in hands))

        host.run(lambda: table.taps.append(tap))
        player = PlayerThread(host.seat_url(table, 0),
                              choose=lambda legal: next((a for a in legal if a.kind != "drop"),
                                                        legal[0]))
        player.start()
        player.join(4 * WAIT)
        assert player.error is None, repr(player.error)
        assert len(checked) > 10 and all(checked)


def test_a_long_match_holds_two_hands_and_its_file_all_of_them(tmp_path):
    game = cardkit.load_game("tonk", players=2)
    save = tmp_path / "long.json"
    hands = 150
    with ServerThread() as host:
        table = host.open("t", game.new_match(seed=9, hands=hands), ("random", "random"),
                          save=save)
        held = []

        def tap(seat, message, state):
            held.append(len(table.match.hands) - table.match.hands.first)

        host.run(lambda: table.taps.append(tap))
        spectator = host.call(raw_client(host.url(table), {**HELLO, "role": "spectator"}))
        host.call(asyncio.wait_for(table.finished.wait(), 4 * WAIT))
        host.call(table.saver.wait())
        assert len(table.match.hands) == hands
        assert table.match.hands.first >= hands - 2
        # the hand before, the one that ended and the new one (more only when hands end at the
        # deal), never more as the match goes on
        assert held and max(held) <= 6
        host.call(spectator.close())
    record, saved = load_table(save)
    assert len(record.hands) == hands and saved.table == "t"
    assert record.resume().is_over
    assert store._read_tail(tail_path(save).read_bytes()) is not None


def _saves(tmp_path, moves_per_save):
    """A file saved after each group of moves, the text each save wrote, and the match."""
    game = cardkit.load_game("tonk", players=2)
    match = game.new_match(seed=12)
    file = TableFile(tmp_path / "m.json")
    file.write(file.snapshot(match))
    for moves in moves_per_save:
        play_moves(match, moves)
        file.write(file.snapshot(match))
    return file, match


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 12), min_size=1, max_size=12), st.data())
def test_a_write_cut_short_anywhere_is_finished_on_resume(tmp_path_factory, groups, data):
    folder = tmp_path_factory.mktemp("cut")
    file, match = _saves(folder, groups)
    expected = file.path.read_bytes()
    assert load_record(file.path).to_dict() == match.record().to_dict()
    tail = tail_path(file.path).read_bytes()
    offset, chunk = store._read_tail(tail)
    cut = data.draw(st.integers(0, len(chunk)), label="cut")
    # the crash: the previous content, the last write done only up to `cut`
    before = expected[:offset] + chunk[:cut] + b"x" * data.draw(st.integers(0, 9))
    file.path.write_bytes(before)
    repair(file.path)
    assert file.path.read_bytes() == expected
    # a crash while the tail itself was written: the file was not touched yet
    previous = file.path.read_bytes()
    tail_path(file.path).write_bytes(tail[:data.draw(st.integers(0, len(tail) - 1))])
    repair(file.path)
    assert file.path.read_bytes() == previous
    repair(file.path)  # finishing it again changes nothing
    assert file.path.read_bytes() == expected


def test_a_new_table_does_not_apply_the_tail_of_an_old_match(tmp_path):
    file, _ = _saves(tmp_path, [3, 4])
    assert tail_path(file.path).exists()
    game = cardkit.load_game("tonk", players=2)
    fresh = TableFile(file.path)
    match = game.new_match(seed=99)
    fresh.write(fresh.snapshot(match))
    assert not tail_path(file.path).exists()
    repair(file.path)
    assert load_record(file.path).to_dict() == match.record().to_dict()


def test_a_save_writes_only_what_changed(tmp_path, monkeypatch):
    sizes = []
    real = store._write_at

    def counting(descriptor, offset, chunk, *size, **cut):
        sizes.append(len(chunk))
        return real(descriptor, offset, chunk, *size, **cut)

    monkeypatch.setattr(store, "_write_at", counting)
    file, match = _saves(tmp_path, [20] * 60)
    assert len(match.hands) > 5
    whole = file.path.stat().st_size
    assert max(sizes) < whole / 3  # never the whole, growing file
    assert load_record(file.path).to_dict() == match.record().to_dict()


def test_a_tail_shorter_than_the_one_before_reads_as_the_last_write(tmp_path, monkeypatch):
    cuts = []
    real = store.os.ftruncate
    monkeypatch.setattr(store.os, "ftruncate", lambda fd, size: (cuts.append(size),
                                                                  real(fd, size)))
    game = cardkit.load_game("tonk", players=2)
    match = game.new_match(seed=12)
    file = TableFile(tmp_path / "m.json")
    file.write(file.snapshot(match))
    saves = 0
    while True:  # a save after each move, until one wrote less than the one before
        play_moves(match, 1)
        file.write(file.snapshot(match))
        saves += 1
        tail = tail_path(file.path).read_bytes()
        offset, chunk = store._read_tail(tail)
        if len(tail) > len(tail.partition(b"\n")[0]) + 1 + len(chunk):  # a longer one's bytes
            break
        assert saves < 2000
    expected = file.path.read_bytes()
    assert expected.endswith(chunk) and len(expected) == offset + len(chunk)
    file.path.write_bytes(expected[:offset] + chunk[:len(chunk) // 2])  # the write cut short
    repair(file.path)
    assert file.path.read_bytes() == expected
    assert load_record(file.path).to_dict() == match.record().to_dict()
    assert len(cuts) < saves  # files are cut only to shrink, not at every save
