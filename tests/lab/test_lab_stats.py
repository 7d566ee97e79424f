"""The lab's statistics, metrics and comparisons on hand-made data with known values."""

from __future__ import annotations

import math

import pytest

from cardkit.frontends.lab.compare import compare_metric, compare_metrics, summarise
from cardkit.frontends.lab.metrics import Sample, compute_metrics, mean, proportion, value
from cardkit.frontends.lab.simulate import ChunkResult, play_hand
from cardkit.frontends.lab.stats import (
    mean_interval,
    percentile,
    t_quantile,
    t_two_sided_p,
    two_proportion_test,
    welch_test,
    wilson_interval,
)
from cardkit.values.actions import Action


def test_wilson_interval_known_value():
    low, high = wilson_interval(30, 100)
    assert low == pytest.approx(0.2189, abs=1e-4)
    assert high == pytest.approx(0.3958, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, 50)[0] == 0.0


def test_t_distribution_matches_tables():
    assert t_quantile(10) == pytest.approx(2.228139, abs=1e-5)
    assert t_quantile(3) == pytest.approx(3.182446, abs=1e-5)
    assert t_two_sided_p(2.1, 7.5) == pytest.approx(0.0712371, abs=1e-6)
    assert t_quantile(1e9) == pytest.approx(1.959964, abs=1e-5)


def test_mean_interval_and_percentile():
    low, high = mean_interval(5.0, 4.0, 11)  # sd 2, n 11, t(10) = 2.228
    assert (high - low) / 2 == pytest.approx(2.228139 * 2 / math.sqrt(11), rel=1e-5)
    assert percentile(list(range(1, 101)), 0.95) == 95
    assert percentile([3, 1, 2], 0.95) == 3
    assert percentile([], 0.95) == 0.0


def test_two_proportion_z_test():
    z, p = two_proportion_test(40, 100, 55, 100)
    assert z == pytest.approx(2.1240, abs=1e-4)
    assert p == pytest.approx(0.03367, abs=1e-4)
    assert two_proportion_test(0, 10, 0, 10) == (0.0, 1.0)


def test_welch_t_test_matches_scipy_values():
    a = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    b = [2, 4, 4, 5, 7, 9, 9, 11, 12, 15, 16]
    ma, mb = mean("a", "a", "g", a), mean("b", "b", "g", b)
    t, _, p = welch_test(ma.value, ma.variance, ma.n, mb.value, mb.variance, mb.n)
    assert t == pytest.approx(1.798072, abs=1e-5)
    assert p == pytest.approx(0.0895925, abs=1e-5)


def _chunk(endings, winners, payoffs, turns, leads) -> ChunkResult:
    return ChunkResult(0, "play", 0, endings=list(endings), winners=list(winners),
                       payoffs=list(payoffs), turns=list(turns), lead_changes=list(leads))


def test_metrics_on_a_hand_made_result_set():
    data = _chunk(
        ["out", "out", "drop", "stock", "out"],
        [(0,), (1,), (0,), (), (0,)],
        [(2, -2), (-1, 1), (3, -3), (0, 0), (1, -1)],
        [4, 6, 8, 20, 2],
        [0, 1, 3, 0, 0],
    )
    skill = ChunkResult(0, "skill", 0, winners=[(0,), (0,), (1,), ()],
                        payoffs=[(1, -1), (1, -1), (-1, 1), (0, 0)], seats=[0, 1, 1, 0])
    metrics = {m.key: m for m in compute_metrics(Sample(data, skill), 2, "hands",
                                                   ["drop", "out", "stock", "tonk"])}
    assert metrics["units"].value == 5
    assert metrics["win_rate.seat0"].value == pytest.approx(3 / 5)
    assert metrics["win_rate.seat0"].successes == 3
    assert metrics["payoff.seat0"].value == pytest.approx(1.0)
    assert metrics["first_seat_share"].value == pytest.approx(3 / 4)
    assert metrics["balance"].value == pytest.approx(1 - (0.6 - 0.2))
    assert metrics["void_rate"].value == pytest.approx(0.2)
    assert metrics["ending.out"].value == pytest.approx(0.6)
    assert metrics["ending.tonk"].value == 0 and metrics["ending.tonk"].n == 5
    assert metrics["turns"].value == pytest.approx(8.0)
    assert metrics["turns_sd"].value == pytest.approx(math.sqrt(50))
    assert metrics["turns_p95"].value == 20
    assert metrics["lead.changes"].value == pytest.approx(0.8)
    assert metrics["lead.any"].value == pytest.approx(0.4)
    # skilled seat 0 won hand 0, seat 1 won hand 2: 2 of the 3 decided hands (hand 3 had no
    # winner: neither a win nor a loss, counted apart)
    assert (metrics["skill.win_rate"].successes, metrics["skill.win_rate"].n) == (2, 3)
    assert metrics["skill.order"].value == pytest.approx((2 / 3 - 0.5) / 0.5)
    assert (metrics["skill.draws"].successes, metrics["skill.draws"].n) == (1, 4)
    assert metrics["skill.payoff"].value == pytest.approx((1 - 1 + 1 + 0) / 4)
    low, high = wilson_interval(3, 5)
    assert (metrics["win_rate.seat0"].low, metrics["win_rate.seat0"].high) == (low, high)


def test_match_metrics():
    data = ChunkResult(0, "play", 0, endings=["match"] * 4, winners=[(0,), (1,), (1,), ()],
                       payoffs=[(5, -5), (-3, 3), (-1, 1), (0, 0)], turns=[30, 50, 40, 60],
                       hands=[3, 5, 4, 6], trailed=[False, True, False, False])
    metrics = {m.key: m for m in compute_metrics(Sample(data), 2, "matches")}
    assert metrics["match.hands"].value == pytest.approx(4.5)
    assert metrics["match.comeback"].value == pytest.approx(1 / 3)
    assert metrics["match.comeback"].n == 3
    assert metrics["void_rate"].value == pytest.approx(0.25)
    assert metrics["match.hands_p95"].value == 6


def test_comparison_tests_and_significance():
    base = proportion("ending.drop", "ending: drop", "endings", 310, 1000)
    other = proportion("ending.drop", "ending: drop", "endings", 180, 1000)
    diff = compare_metric(base, other)
    assert diff.test == "z" and diff.significant
    assert diff.difference == pytest.approx(-0.13)
    close = compare_metric(base, proportion("ending.drop", "x", "endings", 300, 1000))
    assert not close.significant
    long = compare_metric(mean("turns", "turns", "length", [1, 2, 3, 4] * 50),
                          mean("turns", "turns", "length", [2, 3, 4, 5] * 50))
    assert long.test == "welch" and long.significant
    spread = compare_metric(value("turns_sd", "sd", "length", 3.0, 10),
                            value("turns_sd", "sd", "length", 4.0, 10))
    assert spread.test is None and not spread.significant and spread.difference == 1.0
    summary = summarise(["penalty 0", "penalty 3"], [[base], [other]],
                        [{}, compare_metrics([base], [other])])
    assert "'drop' endings fall from 31.0% to 18.0% of hands" in summary
    assert "penalty 3" in summary


class _ScriptedState:
    """A two-seat fake hand: seats alternate one action per turn for ``turns`` turns."""

    def __init__(self, turns: int, standings: list[list[float]]) -> None:
        self.turns, self.standings, self.players = turns, standings, 2
        self.current_player: int | None = 0
        self.result = None
        self.done = 0

    @property
    def turn_player(self) -> int | None:
        """Whose turn it is: the acting seat (a fake hand has no claim windows)."""
        return self.current_player

    def view(self, seat: int) -> None:
        return None

    def legal_actions(self) -> list[Action]:
        return [Action("pass")]

    def apply_unchecked(self, action: Action) -> None:
        self.done += 1
        if self.done == self.turns:
            self.result, self.current_player = "over", None
        else:
            self.current_player = 1 - self.current_player


class _First:
    def choose(self, view, legal):
        return legal[0]


def test_lead_changes_count_new_unique_leaders():
    # leaders after each turn: 0, tie (keeps 0), 1, 1, 0 -> changes 0->1, 1->0 = 2
    standings = [[2, 1], [1, 1], [0, 3], [1, 2], [5, 0]]
    state = _ScriptedState(6, standings)
    calls = iter(standings)
    turns, changes, actions = play_hand(state, [_First(), _First()], lambda s: next(calls), 100)
    assert (turns, changes, actions) == (6, 2, 6)
    # without an evaluation: no lead changes measured
    assert play_hand(_ScriptedState(3, []), [_First(), _First()], None, 100) == (3, None, 3)
