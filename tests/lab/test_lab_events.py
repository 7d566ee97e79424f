"""What the rules did: the events' rates, the deals a variant changed, example deals written as
records that ``cardkit replay`` steps through, and rules that never fired said in words."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from cardkit.engine.records import HandRecord, load_record, replay
from cardkit.frontends.lab import SerialBackend, Variant, run_experiment, write_examples
from cardkit.frontends.lab.simulate import play_unit


@pytest.fixture(scope="module")
def penalty():
    variants = [Variant("no penalty", {"hit_penalty_turns": 0}),
                Variant("penalty 3", {"hit_penalty_turns": 3}),
                Variant("same again", {"hit_penalty_turns": 0})]
    return run_experiment("tonk", variants, units=80, players=3, seed=2, skill_units=0,
                          lead=False, backend=SerialBackend())


def test_event_rates_are_the_hands_own_counts(penalty):
    """The lab's rate of each event is the mean of the counts the hands made, hand i played
    again exactly as the run played it."""
    for index in range(2):
        plan = penalty.plan(index)
        totals: Counter[str] = Counter()
        hands_with: Counter[str] = Counter()
        for hand in range(penalty.units):
            counts = play_unit(plan, hand).event_counts
            totals.update(counts)
            hands_with.update(set(counts))
        for name in penalty.events:
            rate = penalty.metric(index, f"event.{name}")
            share = penalty.metric(index, f"event.{name}.hands")
            members = penalty.families.get(name, (name,))
            assert rate.value * rate.n == pytest.approx(sum(totals[m] for m in members))
            if name not in penalty.families:
                assert share.successes == hands_with[name]


def test_a_family_of_events_is_totalled_and_counts_a_hand_once(penalty):
    """All drops, won or caught: the family's rate is the sum of its events' rates, and a hand
    with both counts once among the hands with one."""
    assert penalty.families["all_drops"] == ("drop_won", "drop_caught")
    assert "drop won" in penalty.events["all_drops"]
    for index in range(2):
        total = penalty.metric(index, "event.all_drops")
        parts = [penalty.metric(index, f"event.{m}") for m in ("drop_won", "drop_caught")]
        assert total.value == pytest.approx(sum(p.value for p in parts))
        hands = penalty.metric(index, "event.all_drops.hands").successes or 0
        each = [penalty.metric(index, f"event.{m}.hands").successes or 0
                for m in ("drop_won", "drop_caught")]
        assert max(each) <= hands <= sum(each)
        assert 0 < total.low < total.value < total.high  # the exact Poisson interval


def test_every_declared_event_has_a_rate_and_its_meaning(penalty):
    assert "locked_turn" in penalty.events and "drop lock" in penalty.events["hit_penalty"]
    assert penalty.metric(0, "event.locked_turn").value == 0  # no penalty: no locks
    assert penalty.metric(1, "event.locked_turn").value > 0
    assert penalty.differences[1]["event.locked_turn"].p_value < 0.01  # before the correction


def test_the_share_of_deals_a_variant_changed(penalty):
    changed = penalty.metric(1, "changed.result")
    assert 0 < changed.successes < changed.n == 80
    assert penalty.changed_hands[1] and all(0 <= i < 80 for i in penalty.changed_hands[1])
    # the baseline again: the same deals, the same play, nothing changed
    assert penalty.metric(2, "changed.result").successes == 0
    assert any("same again changed the result of none of the 80 shared hands" in f
               for f in penalty.findings())


def test_rules_that_never_fired_are_said_in_words(penalty):
    sentence = next(f for f in penalty.findings() if f.startswith("Never happened"))
    never = [name for name in penalty.events
             if all(penalty.metric(i, f"event.{name}.hands").successes == 0 for i in range(3))]
    assert never and all(name.replace("_", " ") in sentence for name in never)
    assert "never came into play" in sentence


def test_examples_replay_and_show_the_change(penalty, tmp_path):
    written = write_examples(penalty, tmp_path / "examples", count=2)
    assert len(written) == 2  # the second variant changed nothing
    for base_path, variant_path, still_changed in written:
        assert still_changed
        base, other = load_record(base_path), load_record(variant_path)
        assert isinstance(base, HandRecord) and isinstance(other, HandRecord)
        replay(base)  # every saved result checked against a full replay
        replay(other)
        assert base.seed == other.seed  # the same deal ...
        assert base.options["hit_penalty_turns"] == 0 and other.options["hit_penalty_turns"] == 3
        assert (base.result["winners"], base.result["payoffs"]) != \
            (other.result["winners"], other.result["payoffs"]) or \
            base.result["ending"] != other.result["ending"]  # ... and another result
    from cardkit_cli.replay import replay as replay_command

    shown = CliRunner().invoke(replay_command, [str(written[0][1])])
    assert shown.exit_code == 0, shown.output
    assert "hand 1" in shown.output


def test_bombs_removed_show_in_the_events_and_the_words():
    variants = [Variant("bombs", {}), Variant("no bombs", {"bombs": False})]
    result = run_experiment("tien-len", variants, units=60, seed=4, skill_units=0, lead=False,
                            backend=SerialBackend())
    chop = result.metric(0, "event.chop")  # a rate: its total count and exact interval ...
    assert chop.successes == round(chop.value * chop.n) and chop.interval == "poisson"
    assert result.metric(0, "event.chop.hands").successes > 0  # ... happened with bombs
    assert result.metric(1, "event.chop.hands").successes == 0
    events_sentence = next(f for f in result.findings() if f.startswith("Events with no bombs"))
    assert "chop" in events_sentence
    # the changed deals split by whether a bomb was played (the rule fired) under either rule
    changed, fired, other = (result.metric(1, key) for key in
                             ("changed.result", "changed.fired", "changed.not_fired"))
    hands_with = result.metric(0, "event.any_bomb.hands").successes
    assert fired.n == hands_with and fired.n + other.n == 60
    assert fired.successes + other.successes == changed.successes
    assert fired.value > other.value  # where a bomb fell the result changes far more often
    assert "in which the rule fired (bomb quad" in " ".join(result.findings())


def test_the_command_line_writes_examples_and_says_how_to_replay(tmp_path):
    from cardkit_cli.lab import lab

    folder = tmp_path / "deals"
    out = tmp_path / "lab.json"
    result = CliRunner().invoke(lab, [
        "tonk", "--players", "3", "--hands", "60", "--workers", "1", "--skill-hands", "0",
        "--no-lead", "--rule", "hit_penalty_turns=0", "--compare",
        "penalty 3: hit_penalty_turns=3", "--examples", str(folder), "--json", str(out),
        "--seed", "2"])
    assert result.exit_code == 0, result.output
    files = sorted(folder.glob("penalty-3-hand-*.json"))
    assert files and len(files) % 2 == 0
    assert "cardkit replay" in result.output
    data = json.loads(out.read_text())
    assert data["variants"][1]["label"] == "penalty 3"
    assert data["variants"][1]["changed_hands"]
    assert data["events"]["hit"]


def test_examples_refuse_a_file_for_a_folder(tmp_path):
    from cardkit_cli.lab import lab

    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = CliRunner().invoke(lab, ["tonk", "--hands", "5", "--examples", str(blocker)])
    assert result.exit_code == 2 and "is a file" in result.output
