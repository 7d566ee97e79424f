"""The findings of an experiment in plain sentences, for the report's first section.

For each variant against the baseline (or, in a sweep, over the swept values): its largest
significant effects with their 95% intervals; whether who wins changes; how many of the shared
deals it changed at all; which events it made more or less frequent, and which events never
happened (a rule that never fired); how much skill pays (the skill run's order over decided
hands, the skill trace's gains). Effects are ranked by their test statistic; only significant
ones (adjusted p < 0.05 after the run's correction for many tests,
:data:`~cardkit.frontends.lab.compare.CORRECTION`) are named as effects. When the share of
hands nobody won changes, who wins is judged on the decided hands (more draws lower every
seat's win rate without favouring anybody); where a skill-trace step's gain in points and its
share of the hands won point different ways, both are said.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardkit.frontends.lab.compare import Difference, distinct_pair
from cardkit.frontends.lab.formatting import interval_text, number, p_text
from cardkit.frontends.lab.metrics import DECIDED_GROUP, EVENT_GROUP, Metric
from cardkit.frontends.lab.skill import TRACE_GROUP, step_key

if TYPE_CHECKING:
    from cardkit.frontends.lab.experiment import LabResult

__all__ = ["EFFECTS_NAMED", "findings", "metric_phrase"]

#: How many effects a variant's sentence names.
EFFECTS_NAMED = 3

#: Groups whose metrics are told in sentences of their own, not among the effects.
_APART = {EVENT_GROUP, TRACE_GROUP, DECIDED_GROUP, "skill", "balance"}


def _listed(items: Sequence[str]) -> str:
    if not items:
        return ""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _plural(unit: str) -> str:
    return "matches" if unit == "match" else f"{unit}s"


def metric_phrase(metric: Metric, before: float, after: float, unit: str = "hand",
                  at: tuple[str, str] | None = None) -> str:
    """``'drop' endings fall from 89.5% to 83.3% of hands`` / ``hand length (turns) rises from
    8.21 to 9.67``: a metric's move from ``before`` to ``after`` (``at``: where each was
    measured, ``from 8.21 (penalty=0) to 9.67 (penalty=3)``)."""
    percent = metric.kind == "proportion"
    old, new = distinct_pair(before, after, percent)
    if at is not None:
        old, new = f"{old} ({at[0]})", f"{new} ({at[1]})"
    if after == before:
        verb = "stays at"
        return f"{_name(metric)} {verb} {old}"
    verb = "rise" if after > before else "fall"
    if metric.group == "endings" and percent:
        return f"{_name(metric)} {verb} from {old} to {new} of {_plural(unit)}"
    return f"{_name(metric)} {verb}s from {old} to {new}"


def _name(metric: Metric) -> str:
    if metric.group == "endings":
        return f"'{metric.key.split('.', 1)[1]}' endings"
    if metric.key.startswith("win_rate.seat"):
        return f"seat {metric.key[len('win_rate.seat'):]}'s win rate"
    return metric.label


def _effect(metric: Metric, diff: Difference, unit: str) -> str:
    interval = interval_text(metric, diff)
    return metric_phrase(metric, diff.baseline, diff.variant, unit) + \
        (f" {interval}" if interval else "")


def _significant(result: LabResult, index: int) -> list[tuple[Metric, Difference]]:
    by_key = {metric.key: metric for metric in result.metrics[index]}
    found = [(by_key[key], diff) for key, diff in result.differences[index].items()
             if diff.significant and key in by_key and by_key[key].group not in _APART]
    found.sort(key=lambda item: -abs(item[1].statistic or 0.0))
    return found


def _seat_moves(result: LabResult, index: int) -> tuple[str, list[tuple[Metric, Difference]]]:
    """How who-wins is judged for variant ``index`` and the seat measures that moved: the
    seats' win rates (``"all"``), or, when the share of hands nobody won moved, the seats'
    shares of the decided hands (``"decided"``): more draws lower every seat's win rate
    without favouring anybody."""
    diffs = result.differences[index]
    void = diffs.get("void_rate")
    by_key = {metric.key: metric for metric in result.metrics[index]}
    decided = [key for key in by_key if key.startswith("decided.seat")]
    if void is not None and void.significant and decided:
        return "decided", [(by_key[key], diffs[key]) for key in decided
                           if key in diffs and diffs[key].significant]
    return "all", [(by_key[key], diff) for key, diff in diffs.items()
                   if key.startswith("win_rate.") and key in by_key and diff.significant]


def _decided_phrase(result: LabResult, index: int, moved: list[tuple[Metric, Difference]]
                    ) -> str:
    """Who wins judged on the decided hands, the draws said apart."""
    void = result.differences[index]["void_rate"]
    units = _plural(result.unit)
    before, after = distinct_pair(void.baseline, void.variant, True)
    draws = (f"{units} nobody won {'rise' if void.difference > 0 else 'fall'} from {before} to "
             f"{after}, which changes every seat's win rate")
    if moved:
        return (f"{draws}; of the decided {units}, who wins changes: "
                + _listed([_effect(metric, diff, result.unit) for metric, diff in moved]))
    seat0 = result.differences[index].get("decided.seat0")
    tail = ""
    if seat0 is not None:
        old, new = distinct_pair(seat0.baseline, seat0.variant, True)
        tail = f" (seat 0's share {old} → {new}, {p_text(seat0)})"
    return f"{draws}, but of the decided {units} who wins does not change{tail}"


def _who_wins(result: LabResult, index: int) -> str:
    how, moved = _seat_moves(result, index)
    if how == "decided":
        return _decided_phrase(result, index, moved)
    if not moved:
        return "who wins does not change"
    return "who wins changes: " + _listed([_effect(metric, diff, result.unit)
                                          for metric, diff in moved])


def _changes(result: LabResult, index: int) -> str | None:
    changes = {metric.key: metric for metric in
               (result.changes[index] if index < len(result.changes) else [])}
    changed = changes.get("changed.result")
    if changed is None:
        return None
    units = _plural(result.unit)
    label = result.variants[index].label
    if not changed.successes:
        return (f"{label} changed the result of none of the {changed.n} shared {units}: "
                f"with these bots the rule never made a difference.")
    winner = changes.get("changed.winner")
    text = (f"{label} changed the result of {number(changed, changed.value)} of the shared "
            f"{units} [{number(changed, changed.low or 0.0)}, "
            f"{number(changed, changed.high or 0.0)}]")
    if winner is not None:
        text += f" and the winner of {number(winner, winner.value)}"
    split = _fired(result, index)
    return text + (f"; {split}" if split else "") + "."


def _fired(result: LabResult, index: int) -> str | None:
    """``of the 180 hands in which the rule fired (chop ...), 73% changed result; of the
    other 1820, 1.2%``: the changed deals split by whether the rule's own events happened."""
    changes = {metric.key: metric for metric in
               (result.changes[index] if index < len(result.changes) else [])}
    fired, other = changes.get("changed.fired"), changes.get("changed.not_fired")
    if fired is None or other is None:
        return None
    units = _plural(result.unit)
    events = fired.label[fired.label.find("(") + 1:fired.label.find(")")]
    text = (f"of the {fired.n} {units} in which the rule fired ({events}), "
            f"{number(fired, fired.value)} [{number(fired, fired.low or 0.0)}, "
            f"{number(fired, fired.high or 0.0)}] changed result")
    if other.n:
        text += (f"; of the other {other.n}, {number(other, other.value)} "
                 f"[{number(other, other.low or 0.0)}, {number(other, other.high or 0.0)}]")
    return text


def _event_label(key: str) -> str:
    return key.split(".")[1].replace("_", " ")


def _moved_events(result: LabResult, index: int) -> list[str]:
    """The events whose rate per hand the variant moved significantly."""
    return [key.split(".")[1] for key, diff in result.differences[index].items()
            if key.startswith("event.") and not key.endswith(".hands") and diff.significant]


def _events(result: LabResult, index: int) -> str | None:
    """The events whose rate the variant moved significantly."""
    by_key = {metric.key: metric for metric in result.metrics[index]}
    moved = []
    for key, diff in result.differences[index].items():
        metric = by_key.get(key)
        if metric is None or metric.group != EVENT_GROUP or key.endswith(".hands") \
                or not diff.significant:
            continue
        old, new = distinct_pair(diff.baseline, diff.variant)
        moved.append((abs(diff.statistic or 0.0),
                      f"{_event_label(key)} {old} → {new} per {result.unit}"))
    if not moved:
        return None
    moved.sort(key=lambda item: -item[0])
    return "rates " + _listed([text for _, text in moved[:4]])


def _never(result: LabResult) -> str | None:
    """The declared events no variant saw: rules that never fired."""
    never = [name for name in result.events if name not in result.families
             and all(_count(result, index, name) == 0 for index in range(len(result.variants)))]
    if not never:
        return None
    shown = _listed([name.replace("_", " ") for name in never])
    where = "any variant" if len(result.variants) > 1 else "the run"
    return (f"Never happened in {where} ({result.units} {result.units_name} each): {shown}. "
            "The rules behind them never came into play with these bots.")


def _count(result: LabResult, index: int, name: str) -> float:
    try:
        metric = result.metric(index, f"event.{name}.hands")
    except KeyError:
        return 0.0
    return metric.successes or 0


def _appears(result: LabResult, index: int) -> str | None:
    """Events that happen under the variant but never under the baseline, or the reverse."""
    told = set(_moved_events(result, index))  # already named with their rates
    told |= set(result.families)  # a family's coming and going is its events'
    new = [name for name in result.events if name not in told
           and _count(result, index, name) and not _count(result, 0, name)]
    gone = [name for name in result.events if name not in told
            and _count(result, 0, name) and not _count(result, index, name)]
    parts = []
    if new:
        parts.append("only under this rule: " + _listed([_share_text(result, index, name)
                                                         for name in new]))
    if gone:
        parts.append("never under it: " + _listed([name.replace("_", " ") for name in gone]))
    return "; ".join(parts) if parts else None


def _share_text(result: LabResult, index: int, name: str) -> str:
    """``cross bomb in 0.4% of hands``."""
    metric = result.metric(index, f"event.{name}.hands")
    return f"{name.replace('_', ' ')} in {number(metric, metric.value)} of {_plural(result.unit)}"


def _disagreement(result: LabResult, index: int, weak: str, strong: str) -> str | None:
    """Where a step's gain in points and its share of the decided hands won point different
    ways (one of them clearly): ``None`` when they agree."""
    key = step_key(weak, strong)
    try:
        gain = result.metric(index, f"{key}.gain")
        wins = result.metric(index, f"{key}.wins")
    except KeyError:
        return None
    if gain.low is None or gain.high is None or wins.low is None or wins.high is None \
            or not wins.n:
        return None
    fair = 1 / result.players
    ahead = gain.low > 0 or (gain.high > 0 and gain.value > 0 and wins.high < fair)
    behind = gain.high < 0 or (gain.low < 0 and gain.value < 0 and wins.low > fair)
    share = f"{number(wins, wins.value)} [{number(wins, wins.low)}, {number(wins, wins.high)}]"
    if ahead and wins.value < fair:
        return (f"in points {strong} is ahead of {weak} ({gain.value:+.3g} a "
                f"{result.unit}), but in {_plural(result.unit)} won it is behind: it wins "
                f"{share} of the decided {_plural(result.unit)} (fair share {fair:.0%}) — "
                f"fewer {_plural(result.unit)}, won by more")
    if behind and wins.value > fair:
        return (f"in points {strong} is behind {weak} ({gain.value:+.3g} a "
                f"{result.unit}), but it wins {share} of the decided "
                f"{_plural(result.unit)} (fair share {fair:.0%}) — more "
                f"{_plural(result.unit)}, lost by more")
    return None


def _sweep_skill(result: LabResult) -> list[str]:
    """A sweep's skill: each measure at every value, in one sentence per measure."""
    sentences = []
    count = range(len(result.variants))
    keys = {metric.key for metric in result.metrics[0]}
    if "skill.order" in keys:
        agent = result.skill_agent or "greedy"
        values = [f"{result.metric(i, 'skill.order').value:.2f} at {_axis_text(result, i)}"
                  for i in count]
        sentences.append(f"Skill: the order of {agent} against random players (over decided "
                         f"{_plural(result.unit)}) is {_listed(values)}.")
    for weak, strong in result.trace_steps:
        key = step_key(weak, strong)
        values = [f"{result.metric(i, f'{key}.gain').value:+.3g} at {_axis_text(result, i)}"
                  for i in count]
        moved = [_axis_text(result, i) for i in count if i
                 and (d := result.differences[i].get(f"{key}.gain")) is not None
                 and d.significant]
        tail = (f"; it differs significantly from {_axis_text(result, 0)} at {_listed(moved)}"
                if moved else f"; no value differs significantly from {_axis_text(result, 0)}")
        sentences.append(f"Skill trace, {weak} → {strong}: {strong}'s gain a {result.unit} is "
                         f"{_listed(values)}{tail}.")
        for i in count:
            disagree = _disagreement(result, i, weak, strong)
            if disagree:
                sentences.append(f"Points and {_plural(result.unit)} won disagree at "
                                 f"{_axis_text(result, i)}: {disagree}.")
    return sentences


def _skill(result: LabResult, index: int) -> list[str]:
    sentences = []
    keys = {metric.key for metric in result.metrics[index]}
    if "skill.win_rate" in keys:
        wins = result.metric(index, "skill.win_rate")
        order = result.metric(index, "skill.order")
        draws = result.metric(index, "skill.draws")
        agent = result.skill_agent or "greedy"
        sentences.append(
            f"{agent} beats random players in {number(wins, wins.value)} of the decided "
            f"{_plural(result.unit)} (order {order.value:.2f} [{order.low or 0:.2f}, "
            f"{order.high or 0:.2f}]); {number(draws, draws.value)} had no winner")
    for weak, strong in result.trace_steps:
        key = step_key(weak, strong)
        gain = result.metric(index, f"{key}.gain")
        wins = result.metric(index, f"{key}.wins")
        draws = result.metric(index, f"{key}.draws")
        order = result.metric(index, f"{key}.order")
        text = (f"{weak} → {strong}: {strong} gains {gain.value:+.3g} "
                f"[{gain.low or 0:+.3g}, {gain.high or 0:+.3g}] a {result.unit} and wins "
                f"{number(wins, wins.value)} of the decided {_plural(result.unit)} "
                f"(order {order.value:.2f} [{order.low or 0:.2f}, {order.high or 0:.2f}]); "
                f"{number(draws, draws.value)} had no winner")
        diff = result.differences[index].get(f"{key}.gain") if index else None
        if diff is not None:
            verdict = "significant" if diff.significant else "not significant"
            text += (f"; against the baseline the gain moves by {diff.difference:+.3g} "
                     f"{interval_text(gain, diff)} ({p_text(diff)}, {verdict})")
        disagree = _disagreement(result, index, weak, strong)
        if disagree:
            text += f"; points and {_plural(result.unit)} won disagree: {disagree}"
        sentences.append(text)
    return sentences


def _variant(result: LabResult, index: int) -> list[str]:
    """A compared variant's findings: its largest effects and who wins; how many deals it
    changed; the events it made more or less frequent."""
    label, base = result.variants[index].label, result.variants[0].label
    effects = _significant(result, index)
    if effects:
        named = [_effect(metric, diff, result.unit) for metric, diff in effects[:EFFECTS_NAMED]]
        more = len(effects) - len(named)
        head = f"{label} (against {base}): {_listed(named)}"
        if more:
            head += f" ({more} more measure{'s differ' if more != 1 else ' differs'})"
    else:
        head = f"{label} (against {base}): no measure differs significantly"
    sentences = [f"{head}; {_who_wins(result, index)}."]
    changed = _changes(result, index)
    if changed:
        sentences.append(changed)
    events = [part for part in (_events(result, index), _appears(result, index)) if part]
    if events:
        sentences.append(f"Events with {label}: " + "; ".join(events) + ".")
    return sentences


def _axis_text(result: LabResult, index: int) -> str:
    return "; ".join(f"{name}={_value_text(value)}"
                     for (name, _), value in zip(result.axes, result.coordinates(index),
                                                 strict=True))


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(map(str, value)) + "]"
    return str(value)


def _point_text(result: LabResult, index: int) -> str:
    """A sweep's value as a sentence names it: ``3`` for one option, ``a=1, b=2`` for two."""
    if len(result.axes) == 1:
        return _value_text(result.coordinates(index)[0])
    return _axis_text(result, index)


def _where(result: LabResult, indices: Sequence[int]) -> str:
    """``at every other value`` or ``at 1, 2 and 5``."""
    if len(indices) == len(result.variants) - 1:
        return "at every other value"
    return "at " + _listed([_point_text(result, i) for i in indices])


def _sweep(result: LabResult) -> list[str]:
    """A sweep: the metrics that move most over the values, from the first value to the
    one furthest from it, and at which values they differ significantly."""
    count = len(result.variants)
    scores: dict[str, float] = {}
    for index in range(1, count):
        for metric, diff in _significant(result, index):
            scores[metric.key] = max(scores.get(metric.key, 0.0), abs(diff.statistic or 0.0))
    first = _axis_text(result, 0)
    sentences = []
    for key in sorted(scores, key=lambda k: -scores[k])[:EFFECTS_NAMED + 1]:
        values = [result.metric(index, key).value for index in range(count)]
        far = max(range(count), key=lambda i: abs(values[i] - values[0]))
        metric = result.metric(far, key)
        differs = [i for i in range(1, count)
                   if (d := result.differences[i].get(key)) is not None and d.significant]
        diff = result.differences[far][key]
        at = (first, _axis_text(result, far))
        sentences.append(
            f"{metric_phrase(metric, values[0], values[far], result.unit, at)} "
            f"{interval_text(metric, diff)}".rstrip()
            + f"; significantly different from {first} {_where(result, differs)}.")
    if not sentences:
        sentences.append(f"No measure differs significantly from {first} at any value.")
    sentences[:] = [text[0].upper() + text[1:] for text in sentences]
    moves = {i: _seat_moves(result, i) for i in range(1, count)}
    winners = [i for i in range(1, count) if moves[i][1]]
    decided = [i for i in range(1, count) if moves[i][0] == "decided"]
    if winners:
        furthest = winners[-1]
        how, seats = moves[furthest]
        moved = [_effect(m, d, result.unit) for m, d in seats]
        scope = " among the decided hands" if how == "decided" else ""
        if len(winners) == 1:
            sentences.append(f"Who wins{scope} changes only {_where(result, winners)}: "
                             f"{_listed(moved)}.")
        else:
            sentences.append(f"Who wins{scope} changes {_where(result, winners)} (at "
                             f"{_point_text(result, furthest)}: {_listed(moved)}).")
    else:
        judged = (" (no seat's win rate, nor where the hands nobody won change its share of "
                  "the decided hands, differs significantly)" if decided else
                  " (no seat's win rate differs significantly)")
        sentences.append(f"Who wins does not change at any value{judged}.")
    if decided:
        sentences.append(f"The share of {_plural(result.unit)} nobody won changes "
                         f"{_where(result, decided)}: there who wins is judged on the decided "
                         f"{_plural(result.unit)}, since draws lower every seat's win rate.")
    changed = [(i, result.metric(i, "changed.result")) for i in range(1, count)
               if i < len(result.changes) and result.changes[i]]
    if changed:
        low = min(changed, key=lambda item: item[1].value)
        high = max(changed, key=lambda item: item[1].value)
        if len(changed) == 1 or low[1].value == high[1].value:
            where = _where(result, [i for i, _ in changed])
            sentences.append(
                f"The share of the shared {_plural(result.unit)} whose result differs from "
                f"{first} is {number(high[1], high[1].value)} {where}.")
        else:
            sentences.append(
                f"The share of the shared {_plural(result.unit)} whose result differs from "
                f"{first} ranges from {number(low[1], low[1].value)} "
                f"({_axis_text(result, low[0])}) to {number(high[1], high[1].value)} "
                f"({_axis_text(result, high[0])}).")
        split = _fired(result, high[0])
        if split:
            sentences.append(f"At {_axis_text(result, high[0])}, {split}.")
    return sentences


def findings(result: LabResult) -> list[str]:
    """The findings of ``result`` as sentences (see the module docstring)."""
    if not result.metrics or not result.metrics[0]:
        return []
    sentences: list[str] = []
    if result.is_sweep and len(result.variants) > 1:
        sentences.extend(_sweep(result))
    else:
        for index in range(1, len(result.variants)):
            sentences.extend(_variant(result, index))
    if result.is_sweep and len(result.variants) > 1:
        sentences.extend(_sweep_skill(result))
    else:
        for index, variant in enumerate(result.variants):
            skill = _skill(result, index)
            if skill:
                where = f"Skill ({variant.label})" if len(result.variants) > 1 else "Skill"
                sentences.append(f"{where}: " + "; ".join(skill) + ".")
    never = _never(result)
    if never:
        sentences.append(never)
    if result.interrupted:
        sentences.append(f"The run was interrupted: these figures cover the {result.units} "
                         f"{result.units_name} every variant finished.")
    return sentences
