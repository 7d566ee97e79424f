"""Records: JSON round trips, exact replays, and clear refusals of bad files."""

import json

import pytest

import cardkit
from cardkit import RecordError
from cardkit.engine.records import HandRecord, MatchRecord, load_record, parse_record, save_record


def played_hand(seed=11, steps=9):
    game = cardkit.load_game("knock-rummy", players=3)
    state = game.new_hand(seed=seed)
    agent = game.agent("greedy")
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(agent.choose(state.view(state.current_player), state.legal_actions()))
    return state


def test_hand_record_round_trips_and_replays_every_state(knock_rummy, tmp_path):
    state = played_hand()
    path = tmp_path / "hand.json"
    save_record(state.record(), path)
    record = load_record(path)
    assert isinstance(record, HandRecord) and record == state.record()
    states = list(record.states())
    assert len(states) == len(state.history) + 1
    assert states[-1].snapshot() == state.snapshot()
    assert record.replay().snapshot() == state.snapshot()


def test_stacked_deck_is_recorded(knock_rummy):
    game = cardkit.load_game("knock-rummy")
    state = game.new_hand(seed=2, deck="KS QS JS")
    record = parse_record(state.record().to_json())
    assert record.deck == ("KS", "QS", "JS")
    assert record.replay().snapshot() == state.snapshot()


def corrupt(tmp_path, text):
    path = tmp_path / "bad.json"
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(game="chess"), "unknown game 'chess'"),
        (lambda d: d["options"].update(colour=3), "no option 'colour'"),
        (lambda d: d["options"].update(knock_limit=-5), "knock_limit"),
        (lambda d: d.update(players=9), "for 2, 3, 4 players"),
        (lambda d: d["actions"].insert(1, "discard X2"), "step 2: 'discard X2' is illegal"),
        (lambda d: d["actions"].__setitem__(0, "flap"), "step 1: 'flap' is illegal"),
        (lambda d: d.pop("seed"), "missing 'seed'"),
        (lambda d: d.update(actions="draw stock"), "'actions' must be a list"),
        (lambda d: d.update(format="cardkit-hand/9"), "no 'format' field"),
        (lambda d: d.update(deck=["KS", "KS"]), "twice"),
    ],
)
def test_bad_records_are_refused_with_the_reason(knock_rummy, tmp_path, mutate, message):
    data = json.loads(played_hand().record().to_json())
    mutate(data)
    with pytest.raises(RecordError, match=message):
        record = load_record(corrupt(tmp_path, json.dumps(data)))
        record.replay()


def test_altered_result_is_detected(knock_rummy, tmp_path):
    game = cardkit.load_game("knock-rummy", knock_limit=60)
    state = game.new_hand(seed=4)
    state.apply("draw stock")
    state.apply(next(a for a in state.legal_actions() if a.kind == "knock"))
    data = json.loads(state.record().to_json())
    data["result"]["payoffs"] = [100, -50, -50][: len(data["result"]["payoffs"])]
    with pytest.raises(RecordError, match="does not match its replay"):
        load_record(corrupt(tmp_path, json.dumps(data))).replay()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format": "cardkit-hand/1", "game": ', "invalid JSON at line 1"),
        ("not json at all", "invalid JSON"),
        ("[1, 2]", "no 'format' field"),
        ("", "invalid JSON"),
    ],
)
def test_unreadable_files_are_refused(tmp_path, text, message):
    with pytest.raises(RecordError, match=message):
        load_record(corrupt(tmp_path, text))


def test_missing_and_binary_files(tmp_path):
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "nope.json")
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RecordError, match="not a text file"):
        load_record(binary)


def play_to_end(state):
    agent = state.game.agent("greedy")
    while not state.is_over:
        state.apply(agent.choose(state.view(state.current_player), state.legal_actions()))


def test_match_rotates_dealer_accumulates_totals_and_resumes(knock_rummy, tmp_path):
    game = cardkit.load_game("knock-rummy", players=3)
    match = game.new_match(seed=21, hands=4)
    dealers = []
    payoffs = [0, 0, 0]
    while not match.is_over:
        dealers.append(match.current.context.dealer)
        play_to_end(match.current)
        payoffs = [t + p for t, p in zip(payoffs, match.current.result.payoffs, strict=True)]
        match.next_hand()
    assert dealers == [2, 0, 1, 2]
    assert list(match.totals) == payoffs
    assert match.outcome.summary == "stopped after 4 hands"
    assert match.next_hand() is None

    partial = game.new_match(seed=21, hands=4)
    play_to_end(partial.current)
    partial.next_hand()
    partial.current.apply(partial.current.legal_actions()[0])
    path = tmp_path / "match.json"
    save_record(partial.record(), path)
    record = load_record(path)
    assert isinstance(record, MatchRecord)
    resumed = record.resume()
    assert len(resumed.hands) == 2
    assert resumed.current.snapshot() == partial.current.snapshot()
    assert resumed.totals == partial.totals


def test_match_hands_follow_from_the_seed(knock_rummy):
    game = cardkit.load_game("knock-rummy")
    first = game.new_match(seed=5)
    second = game.new_match(seed=5)
    assert first.current.snapshot() == second.current.snapshot()
    assert game.new_match(seed=6).current.snapshot() != first.current.snapshot()


def test_tampered_match_record_is_refused(knock_rummy):
    game = cardkit.load_game("knock-rummy")
    match = game.new_match(seed=3, hands=3)
    play_to_end(match.current)
    match.next_hand()
    data = match.record().to_dict()
    data["hands"][1]["seed"] += 1
    with pytest.raises(RecordError, match="hand 2: does not follow from the match seed"):
        MatchRecord.from_dict(data).resume()
    data = match.record().to_dict()
    data["hands"] = []
    with pytest.raises(RecordError, match="at least one hand"):
        MatchRecord.from_dict(data)
