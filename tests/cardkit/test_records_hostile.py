"""Hostile records: every hand-made corruption of a valid record is one ``RecordError`` line
naming the field and the problem (never an IndexError, RecursionError, TypeError ...), the
whole saved result is compared with the replay, and a finished match resumes finished."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardkit
from cardkit import RecordError
from cardkit.engine.records import HandRecord, MatchRecord, parse_record, replay


def finished_hand(game_name, seed=3, **options):
    game = cardkit.load_game(game_name, **options)
    state = game.new_hand(seed=seed)
    agent = game.agent("greedy")
    while not state.is_over:
        state.apply(agent.choose(state.view(state.current_player), state.legal_actions()))
    return state


def hand_data(game_name, **options):
    return json.loads(finished_hand(game_name, **options).record().to_json())


def finished_match(game_name="tonk", hands=2, seed=5, players=3, **options):
    game = cardkit.load_game(game_name, players=players, **options)
    match = game.new_match(seed=seed, hands=hands)
    agent = game.agent("greedy")
    while not match.is_over:
        state = match.current
        while not state.is_over:
            state.apply(agent.choose(state.view(state.current_player), state.legal_actions()))
        match.next_hand()
    return match


def refused(data_or_text, *words):
    text = data_or_text if isinstance(data_or_text, str) else json.dumps(data_or_text)
    with pytest.raises(RecordError) as caught:
        replay(parse_record(text))
    message = str(caught.value)
    assert "\n" not in message and len(message) < 300
    for word in words:
        assert word in message, message
    return message


@pytest.mark.parametrize("dealer", [5, -1, 10**30, 0.5, "1", True, None])
def test_gin_dealer_out_of_range_or_of_the_wrong_type(dealer):
    data = hand_data("gin-rummy", players=3)
    data["context"]["dealer"] = dealer
    refused(data, "context.dealer")


def test_tien_len_leader_outside_the_table():
    data = hand_data("tien-len", players=4)
    data["context"]["leader"] = 9
    refused(data, "context.leader", "from 0 to 3")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda c: c.update(roles=["x", "y", "z"]), ("context.roles[0]", "'x'", "box")),
        (lambda c: c.update(roles=["box", "captain"]), ("context.roles", "3 roles")),
        (lambda c: c.update(totals=["a", 0, 0]), ("context.totals[0]", "must be a number")),
        (lambda c: c.update(totals=[float("nan"), 0, 0]), ("context.totals[0]", "finite")),
        (lambda c: c.update(totals=[1e300, 0, 0]), ("context.totals[0]", "out of range")),
        (lambda c: c.update(totals=[0, 0]), ("context.totals", "3 numbers")),
        (lambda c: c.update(totals="0,0,0"), ("context.totals", "a list")),
        (lambda c: c.update(hand_number=-3), ("context.hand_number",)),
        (lambda c: c.update(extra=[1]), ("context.extra", "object")),
        (lambda c: c.update(colour="red"), ("context", "'colour'")),
    ],
)
def test_context_fields_are_checked(change, words):
    data = hand_data("gin-rummy", players=3)
    change(data["context"])
    refused(data, *words)


def test_tonk_has_no_roles():
    data = hand_data("tonk", players=3)
    data["context"]["roles"] = ["x", "y", "z"]
    refused(data, "context.roles[0]", "none")


def test_a_hundred_thousand_nested_brackets():
    refused("[" * 100_000 + "]" * 100_000, "nested too deeply")
    data = hand_data("tonk", players=3)
    text = json.dumps(data).replace('"options": {', '"options": {"x": ' + "[" * 100_000 + "]"
                                    * 100_000 + ", ", 1)
    refused(text, "nested too deeply")


def test_nesting_inside_options_within_the_parser_limit():
    data = hand_data("tonk", players=3)
    nested: list = []
    for _ in range(500):
        nested = [nested]
    data["options"]["base_stake"] = nested
    refused(data, "options", "nested more than")


def test_a_five_thousand_digit_seed():
    text = json.dumps(hand_data("tonk", players=3)).replace('"seed": 3', '"seed": ' + "9" * 5000, 1)
    refused(text, "digits")
    data = hand_data("tonk", players=3)
    data["seed"] = 10**4000
    message = refused(data, "'seed'", "from")
    assert "4001-digit" in message or "4000-digit" in message


@pytest.mark.parametrize(
    ("result", "words"),
    [
        ([1, 2], ("result must be an object",)),
        ("won", ("result must be an object",)),
        ({"ending": "tonk", "winners": [0]}, ("result is missing 'payoffs'",)),
        ({"ending": "tonk", "winners": [7], "payoffs": [0, 0, 0]}, ("result.winners[0]",)),
        ({"ending": "tonk", "winners": [0], "payoffs": [0, 0]}, ("result.payoffs", "3 numbers")),
        ({"ending": "tonk", "winners": [0], "payoffs": ["1", 0, 0]}, ("result.payoffs[0]",)),
    ],
)
def test_malformed_results(result, words):
    data = hand_data("tonk", players=3)
    data["result"] = result
    refused(data, *words)


@pytest.mark.parametrize(
    ("version", "words"),
    [("99.0.0", ("version '99.0.0'", "0.x")), (["0.1.0"], ("'version' must be a string",)),
     (None, ("'version' must be a string",))],
)
def test_versions_are_checked(version, words):
    data = hand_data("tonk", players=3)
    data["version"] = version
    refused(data, *words)
    data.pop("version")
    refused(data, "missing 'version'")


@pytest.mark.parametrize(
    ("option", "value", "ending"),
    [("knock_limit", 0, "knock"), ("gin_bonus", 99, "gin"), ("undercut_bonus", 3, "undercut")]
)
def test_options_that_change_only_the_score_are_caught_by_the_result(option, value, ending):
    state = next(s for s in (finished_hand("gin-rummy", seed=seed, players=2)
                             for seed in range(200)) if s.result.ending == ending)
    data = json.loads(state.record().to_json())
    data["options"][option] = value
    message = refused(data)
    assert "result." in message or "illegal" in message


@pytest.mark.parametrize(
    ("field", "value"),
    [("winners", []), ("summary", "seat 2 wins everything"), ("ending", "tonk!"),
     ("details", {"made": "up"}), ("payoffs", None)],
)
def test_every_field_of_the_saved_result_is_compared(field, value):
    data = hand_data("tonk", players=3)
    data["result"][field] = value if value is not None else [9, -9, 0]
    refused(data, f"result.{field}")


def test_a_deleted_last_action_is_caught():
    data = hand_data("tonk", players=3)
    data["actions"].pop()
    refused(data, "has not ended")


def test_a_removed_result_of_a_finished_hand_is_caught():
    data = hand_data("tonk", players=3)
    data["result"] = None
    refused(data, "'result' is missing")


def test_a_huge_hands_limit_is_refused():
    data = finished_match().record().to_dict()
    data["hands_limit"] = 10**40
    refused(data, "'hands_limit'", "from 1 to")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda h: h.update(game="gin-rummy"), ("hand 2", "'game'")),
        (lambda h: h["options"].update(tonk_multiplier=5), ("hand 2", "'options'")),
        (lambda h: h.update(players=2), ("hand 2", "'players'")),
        (lambda h: h["result"].update(payoffs=[5, -5, 0]), ("hand 2", "result.payoffs")),
        (lambda h: h["result"].update(summary="x"), ("hand 2", "result.summary")),
        (lambda h: h["context"].update(totals=[1, 2, -3]), ("hand 2", "context")),
        (lambda h: h["actions"].pop(), ("hand 2",)),
    ],
)
def test_match_hands_are_checked_against_the_header_and_the_replay(change, words):
    data = finished_match().record().to_dict()
    change(data["hands"][1])
    refused(data, *words)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(seed=d["seed"] + 1), ("hand 1", "match seed")),
        (lambda d: d.update(hands_limit=5), ()),
        (lambda d: d["hands"].pop(0), ("hand 1",)),
        (lambda d: d["hands"].reverse(), ("hand 1",)),
        (lambda d: d.update(hands_limit=1), ("hands_limit",)),
    ],
)
def test_match_structure_changes_are_refused(change, words):
    match = finished_match()
    data = match.record().to_dict()
    change(data)
    if data["hands_limit"] == 5:  # the match no longer ends after its two hands
        resumed = replay(parse_record(json.dumps(data)))
        assert not resumed.is_over
        return
    refused(data, *words)


def test_a_finished_match_resumes_finished():
    match = finished_match(hands=2)
    assert match.is_over
    resumed = MatchRecord.from_dict(json.loads(match.record().to_json())).resume()
    assert resumed.is_over
    assert resumed.outcome == match.outcome
    assert resumed.totals == match.totals
    assert len(resumed.hands) == len(match.hands)


def test_a_match_saved_between_hands_resumes_at_the_next_hand():
    game = cardkit.load_game("tonk", players=3)
    match = game.new_match(seed=8, hands=3)
    agent = game.agent("greedy")
    state = match.current
    while not state.is_over:
        state.apply(agent.choose(state.view(state.current_player), state.legal_actions()))
    resumed = MatchRecord.from_dict(match.record().to_dict()).resume()
    assert not resumed.is_over and len(resumed.hands) == 2
    match.next_hand()
    assert resumed.current.snapshot() == match.current.snapshot()


def test_a_game_context_a_state_cannot_use_is_a_record_error():
    data = hand_data("gin-rummy", players=3)
    data["context"]["extra"] = {"hands_won": "lots"}
    try:
        replay(parse_record(json.dumps(data)))
    except RecordError as error:
        assert "\n" not in str(error)


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                    lambda children: st.lists(children, max_size=3)
                    | st.dictionaries(st.text(max_size=5), children, max_size=3),
                    max_leaves=20),
       st.sampled_from(["seed", "players", "options", "context", "actions", "result", "deck",
                        "version", "game"]))
def test_any_value_in_any_field_is_refused_cleanly_or_replays(value, field):
    data = json.loads(TONK_HAND)
    data[field] = value
    try:
        replay(parse_record(json.dumps(data)))
    except RecordError as error:
        assert "\n" not in str(error)


TONK_HAND = finished_hand("tonk", players=3).record().to_json()


def test_hand_record_from_dict_is_the_same_loader():
    data = hand_data("tonk", players=3)
    data["context"]["dealer"] = 7
    with pytest.raises(RecordError, match="context.dealer"):
        HandRecord.from_dict(data)


@pytest.mark.parametrize("value", [10**300, -(10**300), 1e308])
def test_an_option_number_beyond_the_limit_is_refused(value):
    data = hand_data("gin-rummy")
    data["options"]["knock_limit"] = value
    with pytest.raises(RecordError, match="knock_limit: .* (is out of range|is not allowed)"):
        parse_record(json.dumps(data))


@pytest.mark.parametrize("spelling", ["{} ", " {}", "{}".upper, "  {}  "])
def test_a_move_written_otherwise_than_the_game_writes_it_is_refused(spelling):
    data = hand_data("tonk")
    first = data["actions"][0]
    data["actions"][0] = spelling.format(first) if isinstance(spelling, str) else first.upper()
    with pytest.raises(RecordError, match="is not written as the game writes that move"):
        parse_record(json.dumps(data)).replay()
