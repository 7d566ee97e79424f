"""Paired comparisons: the paired t-test and McNemar's test on hand-made per-hand data."""

from __future__ import annotations

import pytest

from cardkit.frontends.lab.compare import compare_metric, compare_metrics, describe_tests
from cardkit.frontends.lab.metrics import Sample, compute_metrics, mean, proportion, unit_values
from cardkit.frontends.lab.report import format_difference
from cardkit.frontends.lab.simulate import ChunkResult
from cardkit.frontends.lab.stats import mcnemar_test, paired_t_test, welch_test

BASE = [10.0, 20.0, 30.0, 40.0, 50.0, 60.0]
SHIFT = [1.0, 1.3, 0.8, 1.1, 0.9, 1.2]  # variant = base + a small, steady shift
VARIANT = [b + s for b, s in zip(BASE, SHIFT, strict=True)]


def test_paired_t_known_value_where_welch_sees_nothing():
    """A steady +1.05 shift hidden in a large spread between hands: Welch's test misses it
    (p = 0.92), the paired test finds it (t = 13.75, 5 df, p = 3.65e-5; SciPy ttest_rel)."""
    t, df, p = paired_t_test(SHIFT)
    assert (t, df) == (pytest.approx(13.747727, rel=1e-6), 5.0)
    assert p == pytest.approx(3.6546e-5, rel=1e-3)
    base, other = mean("turns", "t", "length", BASE), mean("turns", "t", "length", VARIANT)
    _, _, welch_p = welch_test(base.value, base.variance, 6, other.value, other.variance, 6)
    assert welch_p == pytest.approx(0.92449, abs=1e-4)
    unpaired = compare_metric(base, other)
    paired = compare_metric(base, other, BASE, VARIANT)
    assert unpaired.test == "welch" and not unpaired.significant
    assert paired.test == "paired-t" and paired.significant
    assert paired.difference == pytest.approx(1.05) and paired.statistic == pytest.approx(t)


def test_paired_t_degenerate_cases():
    assert paired_t_test([2.0, 2.0, 2.0]) == (0.0, 2.0, 0.0)  # a certain difference
    assert paired_t_test([0.0, 0.0]) == (0.0, 1.0, 1.0)
    assert paired_t_test([1.0]) == (0.0, 0.0, 1.0)


def test_mcnemar_known_table():
    """Wikipedia's example table (b = 121, c = 59): chi-square 21.35, p = 3.8e-6."""
    z, p, exact = mcnemar_test(121, 59)
    assert not exact
    assert z * z == pytest.approx(21.3556, abs=1e-4) and z < 0
    assert p == pytest.approx(3.815e-6, rel=1e-3)


def test_mcnemar_exact_for_few_disagreements():
    """b = 1, c = 8: exact two-sided p = 2 (C(9,0) + C(9,1)) / 2^9 = 0.0390625."""
    z, p, exact = mcnemar_test(1, 8)
    assert exact and p == 0.0390625 and z == pytest.approx(7 / 3)
    assert mcnemar_test(5, 5)[1] == 1.0  # capped at 1
    assert mcnemar_test(0, 0) == (0.0, 1.0, True)
    assert mcnemar_test(12, 12, exact_below=25)[2] and not mcnemar_test(13, 12)[2]


def test_mcnemar_through_compare_where_z_is_not_significant():
    """100 hands; the variant turns 10 'drop' hands into other endings and no hand the other
    way (b = 10, c = 0): McNemar exact p = 2/1024, while the unpaired z-test on 50% vs 40% of
    100 hands gives p = 0.16."""
    base_flags = [True] * 50 + [False] * 50
    other_flags = [False] * 10 + [True] * 40 + [False] * 50
    base = proportion("ending.drop", "ending: drop", "endings", 50, 100)
    other = proportion("ending.drop", "ending: drop", "endings", 40, 100)
    unpaired = compare_metric(base, other)
    assert unpaired.test == "z" and unpaired.p_value == pytest.approx(0.1559, abs=1e-3)
    paired = compare_metric(base, other, base_flags, other_flags)
    assert paired.test == "mcnemar-exact" and paired.significant
    assert paired.p_value == pytest.approx(2 / 1024)
    assert str(format_difference(other, paired)) == "-10.0 pp p=0.002 McNx *"


def _sample(endings, winners, payoffs, turns, leads, skill=None) -> Sample:
    play = ChunkResult(0, "play", 0, endings=list(endings), winners=list(winners),
                       payoffs=list(payoffs), turns=list(turns), lead_changes=list(leads))
    return Sample(play, skill)


def test_unit_values_pair_hands_and_skill_runs():
    skill = ChunkResult(0, "skill", 0, winners=[(0,), (0,), ()], payoffs=[(1, -1), (1, -1),
                        (0, 0)], seats=[0, 1, 0])
    sample = _sample(["out", "drop", "out"], [(0,), (1,), ()], [(2, -2), (-1, 1), (0, 0)],
                     [4, 6, 8], [0, 2, 1], skill)
    values = unit_values(sample, 2, "hands", ["drop", "out", "tonk"])
    assert values["win_rate.seat0"] == [True, False, False]
    assert values["win_rate.seat1"] == [False, True, False]
    assert values["payoff.seat1"] == [-2, 1, 0]
    assert values["void_rate"] == [False, False, True]
    assert values["ending.out"] == [True, False, True] and values["ending.tonk"] == [False] * 3
    assert values["turns"] == [4, 6, 8] and values["lead.any"] == [False, True, True]
    # the skill run's win share is over decided hands (unpaired); whether a hand was decided
    # pairs hand by hand
    assert "skill.win_rate" not in values
    assert values["skill.draws"] == [False, False, True]
    assert values["skill.payoff"] == [1, -1, 0]
    assert "first_seat_share" not in values  # its denominators differ: unpaired
    assert unit_values(sample, 2, "matches") == {}  # matches keep the unpaired tests


def test_compare_metrics_uses_paired_tests_where_values_pair():
    """Every per-hand metric gets a paired test; seat 0's share of wins stays unpaired."""
    endings = ["out", "drop"] * 20
    base = _sample(endings, [(0,), (1,)] * 20, [(1, -1), (-1, 1)] * 20, list(range(40)),
                   [0, 1] * 20)
    other = _sample(endings, [(0,), (1,)] * 20, [(2, -2), (-1, 1)] * 20,
                    [t + 1 for t in range(40)], [0, 1] * 20)
    metrics = [compute_metrics(s, 2, "hands", ["drop", "out"]) for s in (base, other)]
    units = [unit_values(s, 2, "hands", ["drop", "out"]) for s in (base, other)]
    diffs = compare_metrics(metrics[0], metrics[1], units[0], units[1])
    assert diffs["turns"].test == "paired-t" and diffs["turns"].significant  # +1 every hand
    assert diffs["payoff.seat0"].test == "paired-t" and diffs["payoff.seat0"].significant
    assert diffs["win_rate.seat0"].test == "mcnemar-exact"
    assert diffs["win_rate.seat0"].p_value == 1.0
    assert diffs["first_seat_share"].test == "z"
    assert diffs["turns_sd"].test is None
    sentence = describe_tests([{}, diffs])
    assert "McNemar" in sentence and "paired t-test" in sentence and "z-test" in sentence
    assert "Welch" not in sentence


def test_float_noise_in_a_difference_shows_as_zero():
    from cardkit.frontends.lab.compare import Difference
    from cardkit.frontends.lab.metrics import value

    balance = value("balance", "balance", "balance", 0.912, 10)
    noise = Difference("balance", 0.912, 0.912 - 1.11e-16, -1.11e-16)
    assert str(format_difference(balance, noise)) == "0"  # no sign on nothing
