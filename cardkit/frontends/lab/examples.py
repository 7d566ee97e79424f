"""Example deals: hands whose result a variant changed, written as records to step through.

For each compared variant, the first few of the shared deals whose result it changed
(:mod:`~cardkit.frontends.lab.changes`) are played again, under the baseline and under the
variant, exactly as in the run (the same deal, agents and seeds), and saved as hand records::

    DIR/penalty-3-hand-17-baseline.json
    DIR/penalty-3-hand-17-variant.json

``cardkit replay FILE --step`` shows each move. A hand played by agents that think by the clock
may come out differently the second time; the lab then says so (use ``--playouts``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from cardkit.engine.records import save_record
from cardkit.frontends.lab.simulate import play_unit

if TYPE_CHECKING:
    from cardkit.engine.state import State
    from cardkit.frontends.lab.experiment import LabResult

__all__ = ["DEFAULT_EXAMPLES", "slug", "write_examples"]

#: How many changed deals are written per variant by default.
DEFAULT_EXAMPLES = 3


def slug(label: str) -> str:
    """A file-name part from a variant's label: ``penalty 3`` -> ``penalty-3``."""
    text = re.sub(r"[^A-Za-z0-9]+", "-", label).strip("-").lower()
    return text[:60] or "variant"


def _outcome(state: State) -> tuple[object, ...] | None:
    result = state.result
    return None if result is None else (result.ending, tuple(result.winners),
                                        tuple(result.payoffs))


def write_examples(result: LabResult, folder: str | Path, count: int = DEFAULT_EXAMPLES
                   ) -> list[tuple[Path, Path, bool]]:
    """Write up to ``count`` changed deals per variant into ``folder`` (made if missing):
    ``(baseline file, variant file, still changed)`` per deal, where the last is False when
    the hands came out alike this time (an agent thinking by the clock). Only hands are written
    (not matches)."""
    if result.mode != "hands":
        raise ValueError("--examples writes hands: it needs a run of hands, not --matches")
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    base_plan = result.plan(0)
    written = []
    for index in range(1, len(result.variants)):
        hands = result.changed_hands[index][:count] if index < len(result.changed_hands) else []
        plan = result.plan(index)
        name = slug(result.variants[index].label)
        for hand in hands:
            base = play_unit(base_plan, hand)
            other = play_unit(plan, hand)
            changed = _outcome(base) != _outcome(other)
            first = target / f"{name}-hand-{hand}-baseline.json"
            second = target / f"{name}-hand-{hand}-variant.json"
            save_record(base.record(), first)
            save_record(other.record(), second)
            written.append((first, second, changed))
    return written
