"""Findings that never over-claim, and exact intervals: the lab's intervals and corrections
checked against SciPy and the methods' definitions, the false "who wins" finding of gin
reproduced and gone, "±" meaning what its legend says, points and hands won both told when
they disagree."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.frontends.lab import SerialBackend, Variant, run_experiment
from cardkit.frontends.lab.compare import Difference, adjust_differences
from cardkit.frontends.lab.findings import _disagreement
from cardkit.frontends.lab.formatting import difference_text, p_text, plus_minus
from cardkit.frontends.lab.metrics import Metric, count_rate, proportion
from cardkit.frontends.lab.stats import (
    benjamini_hochberg_adjust,
    clopper_pearson_interval,
    holm_adjust,
    poisson_rate_interval,
    wilson_interval,
)

scipy_stats = pytest.importorskip("scipy.stats")


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_share_intervals_match_scipy(counts):
    successes, trials = counts
    test = scipy_stats.binomtest(successes, trials)
    for ours, method in ((wilson_interval(successes, trials), "wilson"),
                         (clopper_pearson_interval(successes, trials), "exact")):
        theirs = test.proportion_ci(confidence_level=0.95, method=method)
        assert ours[0] == pytest.approx(theirs.low, abs=1e-9)
        assert ours[1] == pytest.approx(theirs.high, abs=1e-9)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 3000), st.integers(1, 20_000))
def test_the_exact_poisson_interval_matches_scipys_chi_square(count, units):
    low, high = poisson_rate_interval(count, units)
    expected_low = 0.0 if count == 0 else scipy_stats.chi2.ppf(0.025, 2 * count) / 2 / units
    expected_high = scipy_stats.chi2.ppf(0.975, 2 * count + 2) / 2 / units
    assert low == pytest.approx(expected_low, rel=1e-8, abs=1e-15)
    assert high == pytest.approx(expected_high, rel=1e-8)
    assert 0 <= low <= count / units <= high


def test_a_rare_event_gets_its_exact_interval_not_a_negative_one():
    """Bomb pairs 5 once in 2000 hands: [0.00001, 0.0028], where the t interval read
    [-0.00048, 0.00148]; an event never seen still gets an upper bound."""
    once = count_rate("event.bomb_pairs_5", "bomb pairs 5: per hand", "events",
                      [1] + [0] * 1999)
    assert once.low == pytest.approx(0.0000127, rel=1e-2)
    assert once.high == pytest.approx(0.00279, rel=1e-2)
    never = count_rate("event.cross_bomb", "cross bomb: per hand", "events", [0] * 2000)
    assert never.low == 0 and never.high == pytest.approx(3.689 / 2000, rel=1e-3)


def holm_by_definition(p_values):
    """Holm's adjusted p-values as the method is defined: sort; the j-th smallest (from 1)
    is multiplied by m - j + 1; each is the largest of those up to its place, at most 1."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    for place, index in enumerate(order):
        adjusted[index] = min(1.0, max((m - j) * p_values[order[j]] for j in range(place + 1)))
    return adjusted


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(0, 1, allow_nan=False), min_size=1, max_size=40))
def test_holm_and_benjamini_hochberg_match_their_definitions_and_scipy(p_values):
    assert holm_adjust(p_values) == pytest.approx(holm_by_definition(p_values), abs=1e-12)
    assert benjamini_hochberg_adjust(p_values) == pytest.approx(
        list(scipy_stats.false_discovery_control(p_values, method="bh")), abs=1e-12)


def test_holm_on_a_worked_example():
    """Four p-values, smallest first: 0.005 x 4 = 0.02, 0.01 x 3 = 0.03, 0.03 x 2 = 0.06, and
    0.04 x 1 = 0.04 raised to the 0.06 before it (an adjusted p never falls as p grows)."""
    assert holm_adjust([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_a_lone_seat_p_among_fifteen_is_not_a_finding():
    """Tonk's sweep: one p = 0.038 among five values x three seats is chance (Holm), while a
    strong effect among the other metrics stays significant."""
    differences: list[dict[str, Difference]] = [{}]
    for _ in range(5):
        diffs = {f"win_rate.seat{seat}": Difference(f"win_rate.seat{seat}", 0.4, 0.4, 0.0,
                                                     "mcnemar", 0.1, 0.5 + 0.1 * seat)
                 for seat in range(3)}
        diffs["ending.drop"] = Difference("ending.drop", 0.9, 0.8, -0.1, "mcnemar", -9, 1e-9)
        differences.append(diffs)
    differences[3]["win_rate.seat0"] = Difference("win_rate.seat0", 0.41, 0.40, -0.01,
                                                  "mcnemar", -2.1, 0.038)
    adjusted = adjust_differences(differences)
    lone = adjusted[3]["win_rate.seat0"]
    assert not lone.significant and lone.p_adjusted == pytest.approx(0.038 * 15)
    assert "(adjusted 0.57)" in difference_text(proportion("win_rate.seat0", "", "seats", 4, 10),
                                                lone)
    assert all(adjusted[i]["ending.drop"].significant for i in range(1, 6))


def test_the_false_gin_finding_is_reproduced_and_gone():
    """Without a knock, gin's hands die undecided far more often: every seat's win rate falls
    with them (seat 0's significantly, even after the correction), but seat 0's share of the
    decided hands does not move. The findings say so instead of "seat 0's win rate falls"."""
    variants = [Variant("limit 10", {"knock_limit": 10}), Variant("limit 0", {"knock_limit": 0})]
    result = run_experiment("gin-rummy", variants, units=400, players=2, seed=1, skill_units=0,
                            lead=False, backend=SerialBackend())
    diffs = result.differences[1]
    # the old finding: seat 0's win rate falls 51.2% -> 43.2%, significant
    assert diffs["win_rate.seat0"].significant and diffs["win_rate.seat0"].difference < -0.05
    assert diffs["void_rate"].significant and diffs["void_rate"].difference > 0.05
    # ... but only because draws rose: its share of the decided hands does not move
    assert not diffs["decided.seat0"].significant
    sentence = result.findings()[0]
    assert "seat 0's win rate" not in sentence
    assert "hands nobody won rise from 0.2% to 9.2%" in sentence
    assert "of the decided hands who wins does not change (seat 0's share 51.4% → 47.7%" \
        in sentence


def _metric(key: str, value: float, low: float, high: float, n: int = 100) -> Metric:
    return Metric(key, key, "skill trace", "proportion" if key.endswith("wins") else "mean",
                  value, n, low, high)


def test_points_and_hands_won_are_both_told_when_they_disagree():
    """hard over normal: ahead in points, behind in decided hands won."""
    metrics = {"trace.normal>hard.gain": _metric("gain", 1.8, 0.4, 3.2),
               "trace.normal>hard.wins": _metric("trace.normal>hard.wins", 0.455, 0.41, 0.50)}
    result = SimpleNamespace(players=2, unit="hand",
                             metric=lambda index, key: metrics[key])
    text = _disagreement(result, 0, "normal", "hard")  # type: ignore[arg-type]
    assert text is not None
    assert "in points hard is ahead of normal (+1.8 a hand)" in text
    assert "it wins 45.5% [41.0%, 50.0%] of the decided hands (fair share 50%)" in text
    metrics["trace.normal>hard.wins"] = _metric("trace.normal>hard.wins", 0.56, 0.51, 0.6)
    assert _disagreement(result, 0, "normal", "hard") is None  # type: ignore[arg-type]


def test_plus_minus_is_half_the_interval_and_only_when_it_is_symmetric():
    symmetric = proportion("ending.drop", "drop", "endings", 4000, 5000)
    assert plus_minus(symmetric) == (
        f"80.0% ±{(symmetric.high - symmetric.low) / 2 * 100:.1f}")  # type: ignore[operator]
    lopsided = proportion("ending.rare", "rare", "endings", 0, 10)
    assert plus_minus(lopsided) == "0.0% [0.0%, 27.8%]"  # not "0.0% ±27.8"
    assert "±" not in plus_minus(count_rate("event.x", "x", "events", [1] + [0] * 99))


def test_an_event_family_must_name_declared_events():
    from cardkit.engine.capabilities import Events

    assert Events({"a": "x", "b": "y"}, {"ab": ("a", "b")}).families == {"ab": ("a", "b")}
    with pytest.raises(ValueError, match="undeclared events: c"):
        Events({"a": "x"}, {"ac": ("a", "c")})
    with pytest.raises(ValueError, match="the name of an event"):
        Events({"a": "x"}, {"a": ("a",)})


def test_a_p_that_rounds_to_the_threshold_says_which_side_it_is_on():
    lifted = Difference("turns", 0.0, 1.0, 1.0, "paired-t", 2.1, 0.036, p_adjusted=0.0503)
    assert p_text(lifted) == "p=0.036 (adjusted 0.0503)" and not lifted.significant
    assert p_text(Difference("turns", 0.0, 1.0, 1.0, "paired-t", 2.0, 0.0504)) == "p=0.0504"
    assert p_text(Difference("turns", 0.0, 1.0, 1.0, "paired-t", 2.0, 0.043)) == "p=0.043"
