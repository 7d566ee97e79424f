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

    result = sweep("tonk", "hit_penalty_turns", range(6), units=5000, players=3)
    result.findings()          # the findings in plain sentences
    result.to_pandas()         # tidy rows (needs pandas); result.plot() is the figure
    result = load("run.json")  # a result saved by --json, whole again

Modules: ``variants`` (rule sets, short names), ``sweep`` (one variant per value),
``simulate`` (the per-hand loop, run by workers), ``budget`` (how searching agents think),
``backends`` (local processes or Dask), ``stats`` and ``metrics`` (estimates and intervals,
events), ``compare`` (tests and the summary), ``changes`` (the deals a variant changed),
``skill`` (the skill trace), ``experiment`` (the runner and its result), ``findings`` (plain
sentences), ``report`` (terminal tables, JSON, CSV), ``plot`` (the figure, needs matplotlib),
``handout`` (the HTML and Markdown report), ``tidy`` (records, pandas) and ``examples``
(changed deals as records). The generic layer names no game: games can improve the
lead-change measure by giving their definition an ``evaluate`` function, and declare the
events their rules cause (``Events``).
"""

from cardkit.frontends.lab.backends import DaskBackend, LocalBackend, SerialBackend, make_backend
from cardkit.frontends.lab.compare import Difference, compare_metrics, summarise
from cardkit.frontends.lab.examples import write_examples
from cardkit.frontends.lab.experiment import LabInterrupted, LabResult, load, run_experiment
from cardkit.frontends.lab.handout import write_report
from cardkit.frontends.lab.metrics import Metric, compute_metrics
from cardkit.frontends.lab.simulate import (
    Chunk,
    Plan,
    fewest_cards_evaluation,
    play_hand,
    run_chunk,
)
from cardkit.frontends.lab.sweep import parse_sweep, sweep
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
    "load",
    "make_backend",
    "parse_assignments",
    "parse_sweep",
    "play_hand",
    "run_chunk",
    "run_experiment",
    "summarise",
    "sweep",
    "variant_from_text",
    "write_examples",
    "write_report",
]
