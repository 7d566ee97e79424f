"""Example deals: hands whose result a variant changed, written as records to step through.

For each compared variant, the first few of the shared deals whose result it changed
(:mod:`~cardkit.frontends.lab.changes`) are played again, under the baseline and under the
variant, exactly as in the run (the same deal, agents and seeds), and saved as hand records::

    DIR/penalty-3-hand-17-baseline.json
    DIR/penalty-3-hand-17-variant.json

``cardkit replay BASELINE VARIANT`` shows the two side by side, move by move, and marks the first
move where the two rule sets' play diverges (:func:`first_divergence`); ``cardkit replay FILE
--step`` steps through one. A hand played by agents that think by the clock may come out
differently the second time; the lab then says so (use ``--playouts``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from cardkit.engine.records import save_record
from cardkit.frontends.lab.simulate import play_unit

if TYPE_CHECKING:
    from cardkit.engine.records import HandRecord
    from cardkit.engine.state import State
    from cardkit.frontends.lab.experiment import LabResult

__all__ = ["DEFAULT_EXAMPLES", "REPLAY_HINT", "example_paths", "first_divergence",
           "hand_outcome", "not_the_same_deal", "replay_command", "report_examples", "slug",
           "write_examples"]

#: How many changed deals are written per variant by default.
DEFAULT_EXAMPLES = 3


def slug(label: str) -> str:
    """A file-name part from a variant's label: ``penalty 3`` -> ``penalty-3``."""
    text = re.sub(r"[^A-Za-z0-9]+", "-", label).strip("-").lower()
    return text[:60] or "variant"


def example_paths(result: LabResult, index: int, hand: int, folder: str | Path
                  ) -> tuple[Path, Path]:
    """The two records ``write_examples`` writes for hand ``hand`` of variant ``index``: under
    the baseline and under the variant."""
    name = slug(result.variants[index].label)
    target = Path(folder)
    return (target / f"{name}-hand-{hand}-baseline.json",
            target / f"{name}-hand-{hand}-variant.json")


def replay_command(first: str | Path, second: str | Path) -> str:
    """The command that shows an example deal under both rule sets side by side."""
    return f"cardkit replay {first} {second}"


def report_examples(result: LabResult, folder: str | Path | None = None
                    ) -> tuple[list[str], str | None]:
    """What a report says of the example deals: how they are written (into ``folder`` by the
    run, when it wrote them), a line per variant naming the first deals it changed, and the
    command that shows the first one under both rule sets side by side (None when no variant
    changed a hand, or in matches)."""
    if result.mode != "hands":
        return [], None
    changed = [(index, result.changed_hands[index]) for index in range(1, len(result.variants))
               if index < len(result.changed_hands) and result.changed_hands[index]]
    if not changed:
        return [], None
    lines = [f"{result.variants[index].label}: hands "
             + ", ".join(str(hand) for hand in hands[:DEFAULT_EXAMPLES])
             + (f" (of the {len(hands)} kept)" if len(hands) > DEFAULT_EXAMPLES else "")
             for index, hands in changed]
    where = (f"the run wrote them to {folder}" if folder is not None
             else "--examples DIR writes them")
    index, hands = changed[0]
    first, second = example_paths(result, index, hands[0],
                                  "DIR" if folder is None else folder)
    sentence = (f"Deals a variant changed ({where} as pairs of hand records: the same deal "
                "under the baseline and under the variant):")
    return [sentence, *lines], replay_command(first, second)


#: What the report says before the command that shows an example deal side by side.
REPLAY_HINT = ("The first of them under both rule sets, side by side, the first move where "
               "their play diverges marked:")


def not_the_same_deal(first: HandRecord, second: HandRecord) -> str | None:
    """Why two hand records are not one deal played under two rule sets (another game, player
    count, seed, stacked deck or hand context), or None when they are."""
    for field in ("game", "players", "seed"):
        mine, theirs = getattr(first, field), getattr(second, field)
        if mine != theirs:
            return f"they are not the same deal ({field} {mine} against {theirs})"
    for field in ("deck", "context"):
        if getattr(first, field) != getattr(second, field):
            return f"they are not the same deal (their {field}s differ)"
    return None


def first_divergence(first: State, second: State) -> int | None:
    """The index in the history of the first move the two hands played differently (another
    seat moving, another action, or one hand over while the other goes on), or None when they
    were played alike move for move."""
    mine = [(seat, str(action)) for seat, action in first.history]
    theirs = [(seat, str(action)) for seat, action in second.history]
    for index, (left, right) in enumerate(zip(mine, theirs, strict=False)):
        if left != right:
            return index
    return None if len(mine) == len(theirs) else min(len(mine), len(theirs))


def hand_outcome(state: State) -> tuple[object, ...] | None:
    """What a hand ended with (ending, winners, payoffs), None before it ended: two hands with
    another outcome are a deal the rule changed."""
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
        for hand in hands:
            base = play_unit(base_plan, hand)
            other = play_unit(plan, hand)
            changed = hand_outcome(base) != hand_outcome(other)
            first, second = example_paths(result, index, hand, target)
            save_record(base.record(), first)
            save_record(other.record(), second)
            written.append((first, second, changed))
    return written
