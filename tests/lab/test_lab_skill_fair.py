"""A fair skill measure: a hand nobody won is neither a win nor a loss. The order is taken over
the decided hands, and the share of undecided ones is reported beside it."""

from __future__ import annotations

import pytest

from cardkit.frontends.lab import SerialBackend, Variant, run_experiment
from cardkit.frontends.lab.metrics import Sample, compute_metrics
from cardkit.frontends.lab.simulate import ChunkResult
from cardkit.frontends.lab.skill import trace_metrics


def _draw_heavy(kind: str) -> ChunkResult:
    """300 hands: the skilled (stronger) agent wins 39, loses none, and 261 have no winner
    (the knock-limit-5 trace of random against easy that read as a negative order)."""
    seats = [index % 2 for index in range(300)]
    winners = [(seat,) if index < 39 else () for index, seat in enumerate(seats)]
    payoffs = [((20.0, 0.0) if seat == 0 else (0.0, 20.0)) if index < 39 else (0.0, 0.0)
               for index, seat in enumerate(seats)]
    return ChunkResult(0, kind, 0, winners=winners, payoffs=payoffs, seats=seats)


def test_the_skill_run_counts_draws_neither_way():
    play = ChunkResult(0, "play", 0, endings=["x"], winners=[(0,)], payoffs=[(1.0, -1.0)],
                       turns=[3], lead_changes=[None])
    metrics = {m.key: m for m in compute_metrics(Sample(play, _draw_heavy("skill")), 2)}
    wins, order, draws = metrics["skill.win_rate"], metrics["skill.order"], metrics["skill.draws"]
    assert (wins.successes, wins.n) == (39, 39) and order.value == pytest.approx(1.0)
    assert (draws.successes, draws.n) == (261, 300)
    assert order.low is not None and order.low > 0.8  # Wilson on 39 of 39, rescaled
    # what the old measure said: draws as losses, order (39/300 - 1/2) / (1/2) < 0
    assert (39 / 300 - 0.5) / 0.5 < 0


def test_the_trace_counts_draws_neither_way():
    gain, wins, draws, order = trace_metrics(_draw_heavy("trace random>easy"), 2,
                                             "random", "easy")
    assert (wins.successes, wins.n) == (39, 39) and order.value == pytest.approx(1.0)
    assert (draws.successes, draws.n) == (261, 300)
    assert gain.value > 0 and gain.low > 0  # the gain, in points, says the same


def test_a_draw_heavy_game_reads_as_skilful():
    """Gin with knock limit 0 (gin only): most hands between random and easy players die
    undecided; the stronger agent still wins nearly every decided one."""
    result = run_experiment("gin-rummy", [Variant("limit 0", {"knock_limit": 0})], units=20,
                            players=2, seed=3, skill_units=0, lead=False,
                            ladder="random,easy", trace_units=30, backend=SerialBackend())
    key = "trace.random>easy"
    draws, wins = result.metric(0, f"{key}.draws"), result.metric(0, f"{key}.wins")
    order, gain = result.metric(0, f"{key}.order"), result.metric(0, f"{key}.gain")
    assert draws.value > 0.5 and wins.n == draws.n - draws.successes
    assert order.value > 0.5 and gain.value > 0
    naive = ((wins.successes or 0) / draws.n - 0.5) / 0.5  # draws counted as losses
    assert naive < 0 < order.value
    sentence = next(f for f in result.findings() if "random → easy" in f)
    assert "of the decided hands" in sentence and "had no winner" in sentence
