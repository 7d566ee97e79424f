"""The lab's words: short variant names, numbers written so that different values read
differently, plural agreement, and wide results turned to a row per variant."""

from __future__ import annotations

import pytest
from rich.console import Console

from cardkit.frontends.lab import SerialBackend, Variant, run_experiment, summarise
from cardkit.frontends.lab.compare import Difference, distinct_pair
from cardkit.frontends.lab.metrics import mean
from cardkit.frontends.lab.report import print_report, wide
from cardkit.frontends.lab.variants import split_label, variant_from_text


@pytest.mark.parametrize(("text", "label", "body"), [
    ("penalty 3: hit_penalty_turns=3", "penalty 3", "hit_penalty_turns=3"),
    ("  no   bombs :bombs=false", "no bombs", "bombs=false"),
    ("hit_penalty_turns=3", None, "hit_penalty_turns=3"),
    ("a=1: b=2", None, "a=1: b=2"),  # the colon follows an option: no name
])
def test_a_variant_may_begin_with_a_short_name(text, label, body):
    assert split_label(text) == (label, body)


def test_a_named_variant_keeps_its_name_and_options():
    base = Variant("defaults", {"hit_penalty_turns": 0})
    named = variant_from_text("penalty 3: hit_penalty_turns=3 preset=texas", base)
    assert named.label == "penalty 3" and named.preset == "texas"
    assert named.options == {"hit_penalty_turns": "3"}
    assert variant_from_text("hit_penalty_turns=3", base).label == "hit_penalty_turns=3"


@pytest.mark.parametrize(("first", "second", "percent", "texts"), [
    (23.31, 23.35, False, ("23.31", "23.35")),
    (23.3, 23.3, False, ("23.3", "23.3")),
    (8.21, 9.67, False, ("8.21", "9.67")),
    (0.8951, 0.8952, True, ("89.51%", "89.52%")),
    (0.895, 0.833, True, ("89.5%", "83.3%")),
])
def test_two_numbers_are_written_apart_when_they_differ(first, second, percent, texts):
    assert distinct_pair(first, second, percent) == texts


def test_the_summary_never_says_a_value_rose_to_itself_and_agrees_in_number():
    base = mean("turns", "hand length (turns)", "length", [23.31] * 10)
    other = mean("turns", "hand length (turns)", "length", [23.35] * 10)
    extra = mean("lead.changes", "lead changes per hand", "lead", [1.0] * 10)
    differences = [{}, {"turns": Difference("turns", 23.31, 23.35, 0.04, "paired-t", 5.0, 0.001),
                        "lead.changes": Difference("lead.changes", 1, 1.1, 0.1, "paired-t",
                                                   2.0, 0.04)}]
    text = summarise(["a", "b"], [[base, extra], [other, extra]], differences, top=1)
    assert "from 23.31 to 23.35" in text
    assert "1 other metric also differs" in text


def test_five_variants_turn_to_a_row_per_variant_with_names_intact():
    variants = [Variant("defaults")] + [
        Variant(f"bombs_ignore_pass_lock=true {i}", {"bombs_ignore_pass_lock": True})
        for i in range(4)]
    result = run_experiment("tien-len", variants, units=10, seed=1, skill_units=0, lead=False,
                            backend=SerialBackend())
    assert wide(result, 160)
    console = Console(record=True, width=160)
    print_report(result, console)
    text = console.export_text()
    for variant in variants[1:]:
        assert variant.label in text  # on one line: never wrapped mid-word
    two = run_experiment("tien-len", variants[:2], units=10, seed=1, skill_units=0, lead=False,
                         backend=SerialBackend())
    assert not wide(two, 160)
