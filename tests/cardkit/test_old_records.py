"""Saves written before the typed history still load and replay exactly.

The files under ``data/records_df3161d`` were written by the code of commit df3161d (hands and
matches of greedy play in every house game, one match stopped in the middle of a hand). Loading
one checks every field; replaying it applies each saved move and compares the whole saved
result (ending, winners, payoffs, transfers, details, summary) with the replay's.
"""

import json
from pathlib import Path

import pytest

from cardkit.records import HandRecord, MatchRecord, load_record

DATA = Path(__file__).parent / "data" / "records_df3161d"
FILES = sorted(DATA.glob("*.json"))


def test_the_old_saves_are_there():
    assert len(FILES) == 15
    assert {path.name.split("-hand-")[0].split("-match-")[0] for path in FILES} == {
        "tonk-2", "tonk-3", "gin-rummy-2", "gin-rummy-3", "tien-len-4"}


@pytest.mark.parametrize("path", [path for path in FILES if "-hand-" in path.name],
                         ids=lambda path: path.stem)
def test_an_old_hand_record_replays_and_its_public_log_reads_as_saved(path):
    record = load_record(path)
    assert isinstance(record, HandRecord)
    state = record.replay()
    assert state.is_over
    # the typed history a view shows prints the moves exactly as the file holds them
    moves = state.view(0).history
    assert [str(move.action) for move in moves] == list(record.actions)
    assert [move.seat for move in moves] == [seat for seat, _ in state.history]
    # saving again writes the same file
    assert json.loads(state.record().to_json()) == json.loads(path.read_text())


@pytest.mark.parametrize("path", [path for path in FILES if "-match-" in path.name],
                         ids=lambda path: path.stem)
def test_an_old_match_record_resumes_where_it_stopped(path):
    record = load_record(path)
    assert isinstance(record, MatchRecord)
    match = record.resume()
    assert len(match.hands) >= len(record.hands)
    again = json.loads(match.record().to_json())
    saved = json.loads(path.read_text())
    assert again["hands"][:len(saved["hands"])] == saved["hands"]
    assert not match.current.is_over or match.is_over
