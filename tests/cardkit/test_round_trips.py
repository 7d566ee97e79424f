"""Whatever is accepted is saved and resumed; whatever cannot be saved is refused before play.

The API (``new_hand``, ``new_match``), ``cardkit play`` and ``cardkit serve`` accept the same
seeds and hand counts a record holds: a value one of them accepts gives a file that loads
again, and a value a record could not hold is refused at once with a one-line reason.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.engine import match as match_module
from cardkit.engine.records import load_record, parse_record
from cardkit.errors import RecordError
from cardkit.frontends.net.store import TableFile
from cardkit.values.validate import MAX_MATCH_HANDS, MAX_SEED, MIN_SEED

# seeds around every edge a record has, and far beyond
SEEDS = st.one_of(st.integers(MIN_SEED - 3, MIN_SEED + 3), st.integers(MAX_SEED - 3, MAX_SEED + 3),
                  st.integers(-(2**70), 2**70), st.integers(-5, 5),
                  st.sampled_from([2**200, -(2**200), 10**23]))
ODD_SEEDS = st.one_of(st.floats(allow_nan=True), st.text(max_size=5), st.booleans(),
                      st.sampled_from([1.5, "x", [1], b"1"]))
HANDS = st.one_of(st.none(), st.integers(-3, 3), st.integers(MAX_MATCH_HANDS - 1,
                                                             MAX_MATCH_HANDS + 2),
                  st.sampled_from([1.5, "2", True, 10**40]))


def _play_to_end(state: cardkit.State, rng: random.Random) -> None:
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


@settings(max_examples=60, deadline=None)
@given(seed=st.one_of(SEEDS, ODD_SEEDS))
def test_a_hand_the_api_deals_saves_and_loads_or_is_refused(seed: object) -> None:
    game = cardkit.load_game("tonk", players=2)
    try:
        state = game.new_hand(seed=seed)  # type: ignore[arg-type]
    except ValueError as error:
        message = str(error)
        assert "\n" not in message and "seed" in message
        assert not (type(seed) is int and MIN_SEED <= seed <= MAX_SEED)
        return
    assert type(seed) is int and MIN_SEED <= seed <= MAX_SEED
    _play_to_end(state, random.Random(0))
    again = parse_record(state.record().to_json())
    assert again.replay().snapshot() == state.snapshot()  # type: ignore[union-attr]


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, hands=HANDS)
def test_a_match_the_api_starts_saves_and_resumes_or_is_refused(seed: int,
                                                                hands: object) -> None:
    game = cardkit.load_game("tonk", players=2)
    try:
        match = game.new_match(seed=seed, hands=hands)  # type: ignore[arg-type]
    except ValueError as error:
        assert "\n" not in str(error)
        fits = MIN_SEED <= seed <= MAX_SEED and (hands is None or (
            type(hands) is int and 1 <= hands <= MAX_MATCH_HANDS))
        assert not fits
        return
    _play_to_end(match.current, random.Random(1))
    record = parse_record(match.record().to_json())
    resumed = record.resume()  # type: ignore[union-attr]
    assert resumed.seed == seed and resumed.hands_limit == hands
    assert resumed.hands[0].snapshot() == match.current.snapshot()


def test_a_match_without_a_limit_stops_where_its_record_can_still_be_loaded(monkeypatch):
    monkeypatch.setattr(match_module, "MAX_MATCH_HANDS", 3)
    match = cardkit.load_game("tonk", players=2).new_match(seed=4)  # Tonk's never end
    rng = random.Random(2)
    played = 0
    while not match.is_over:
        _play_to_end(match.current, rng)
        played += 1
        match.next_hand()
    assert played == 3 and match.outcome is not None
    assert match.outcome.summary.endswith("stopped after 3 hands")


def _command_accepts(command: click.Command, flag: str, text: str) -> object | None:
    """What ``command`` makes of ``flag text`` (None when it refuses it, as a usage error)."""
    option = next(param for param in command.params if flag in param.opts)
    try:
        return option.type.convert(text, option, None)
    except click.BadParameter as error:
        assert "\n" not in error.format_message()
        return None


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=SEEDS, hands=st.sampled_from(["0", "1", "2", "-1", str(MAX_MATCH_HANDS),
                                          str(MAX_MATCH_HANDS + 1), "1e3", "nan"]))
@example(seed=3, hands="1")  # a hand won at the deal saves and resumes too
def test_what_serve_accepts_is_saved_and_resumed(tmp_path: Path, seed: int, hands: str) -> None:
    from cardkit_cli.serve import serve

    accepted_seed = _command_accepts(serve, "--seed", str(seed))
    accepted_hands = _command_accepts(serve, "--hands", hands)
    assert (accepted_seed is not None) == (MIN_SEED <= seed <= MAX_SEED)
    if accepted_seed is None or accepted_hands is None:
        return
    match = cardkit.load_game("tonk", players=2).new_match(seed=accepted_seed,
                                                            hands=accepted_hands)
    if not match.current.is_over:  # some seeds deal a Tonk hand that is won at the deal
        match.current.apply(match.current.legal_actions()[0])
    saving = TableFile(tmp_path / f"{seed}-{hands}.json")
    saving.write(saving.snapshot(match))
    saving.close()
    resumed = load_record(saving.path).resume()  # type: ignore[union-attr]
    assert resumed.seed == accepted_seed and resumed.hands_limit == accepted_hands
    assert resumed.hands[0].snapshot() == match.current.snapshot()


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=SEEDS)
def test_what_play_accepts_is_saved_and_resumed(tmp_path: Path, seed: int) -> None:
    from cardkit_cli.main import cli

    runner = CliRunner()
    path = tmp_path / "game.json"
    path.unlink(missing_ok=True)
    result = runner.invoke(cli, ["play", "tonk", "--players", "2", "--auto", "--hands", "1",
                                 "--bot", "normal", "--seed", str(seed), "--save", str(path)])
    if not MIN_SEED <= seed <= MAX_SEED:
        assert result.exit_code == 2 and "--seed" in result.output
        assert len(result.output.strip().splitlines()) == 1 and not path.exists()
        return
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["seed"] == seed
    again = runner.invoke(cli, ["replay", str(path)])
    assert again.exit_code == 0, again.output


# ----- records: what a file may and may not hold ------------------------------------------------

def _match_text(hands: int = 2) -> str:
    match = cardkit.load_game("tonk", players=2).new_match(seed=8, hands=hands)
    rng = random.Random(3)
    while not match.is_over:
        _play_to_end(match.current, rng)
        match.next_hand()
    return match.record().to_json()


def test_a_record_naming_a_key_twice_is_refused() -> None:
    text = _match_text()
    doubled = text.replace('"seed":', '"seed": 1, "seed":', 1)
    with pytest.raises(RecordError, match="the key 'seed' appears twice"):
        parse_record(doubled)
    # the last one winning would have been accepted silently before
    assert parse_record(text)


def test_a_record_starting_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + _match_text().encode())
    assert load_record(path).resume().is_over  # type: ignore[union-attr]
    assert parse_record("\ufeff" + _match_text())


def test_a_ten_thousand_hand_match_is_refused_before_its_hands_are_read() -> None:
    data = json.loads(_match_text())
    data["hands"] = [{"junk": index} for index in range(10_000)]
    with pytest.raises(RecordError, match=f"10000 hands; a match plays at most "
                                          f"{MAX_MATCH_HANDS}"):
        parse_record(json.dumps(data))


def test_a_hand_that_does_not_follow_the_match_seed_is_refused_as_it_is_read() -> None:
    data = json.loads(_match_text(hands=3))
    data["hands"][1] = data["hands"][0]
    with pytest.raises(RecordError, match="hand 2: does not follow from the match seed"):
        parse_record(json.dumps(data))


@pytest.mark.parametrize("content", [b"\0" * 100, bytes(range(256)), b"\xff\xfe junk"])
def test_binary_junk_is_no_record(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "junk.json"
    path.write_bytes(content)
    with pytest.raises(RecordError, match="not a text file"):
        load_record(path)


def test_devices_folders_and_huge_files_are_refused_before_reading(tmp_path: Path) -> None:
    from cardkit.values.validate import MAX_RECORD_BYTES

    with pytest.raises(RecordError, match="not a regular file"):
        load_record("/dev/zero")
    with pytest.raises(RecordError, match="is a folder"):
        load_record(tmp_path)
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:  # sparse: nothing is written
        handle.truncate(MAX_RECORD_BYTES + 1)
    with pytest.raises(RecordError, match="too large"):
        load_record(huge)
