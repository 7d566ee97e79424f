"""The rule lab: what does a house rule do to a game?

Simulate thousands of hands (or matches) of several variants of a game on the same deals, and
compare their metrics with confidence intervals::

    from cardkit.frontends.lab import Variant, run_experiment
    result = run_experiment(
        "tonk",
        [Variant("penalty 0", {"hit_penalty_turns": 0}),
         Variant("penalty 3", {"hit_penalty_turns": 3})],
        units=20_000, players=3, bots="greedy", seed=1)
    print(result.summary)

Modules: ``variants`` (rule sets), ``simulate`` (the per-hand loop, run by workers),
``backends`` (local processes or Dask), ``stats`` and ``metrics`` (estimates and intervals),
``compare`` (tests and the summary), ``experiment`` (the runner), ``report`` (table, JSON, CSV)
and ``plot`` (PNG, needs matplotlib). The generic layer names no game: games can improve the
lead-change measure by giving their definition an ``evaluate`` function.
"""

from cardkit.frontends.lab.backends import DaskBackend, LocalBackend, SerialBackend, make_backend
from cardkit.frontends.lab.compare import Difference, compare_metrics, summarise
from cardkit.frontends.lab.experiment import LabInterrupted, LabResult, run_experiment
from cardkit.frontends.lab.metrics import Metric, compute_metrics
from cardkit.frontends.lab.simulate import (
    Chunk,
    Plan,
    fewest_cards_evaluation,
    play_hand,
    run_chunk,
)
from cardkit.frontends.lab.variants import Variant, parse_assignments, variant_from_text

__all__ = [
    "Chunk",
    "DaskBackend",
    "Difference",
    "LabInterrupted",
    "LabResult",
    "LocalBackend",
    "Metric",
    "Plan",
    "SerialBackend",
    "Variant",
    "compare_metrics",
    "compute_metrics",
    "fewest_cards_evaluation",
    "make_backend",
    "parse_assignments",
    "play_hand",
    "run_chunk",
    "run_experiment",
    "summarise",
    "variant_from_text",
]
