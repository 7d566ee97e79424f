"""Sweeps: one variant per value of a rule option (two options make a grid), on the same deals.

On the command line ``--sweep NAME=V1,V2,...`` lists the values; numbers may be given as a
range, ``A..B`` (every whole number from A to B) or ``A..B:STEP``. From Python::

    from cardkit.lab import sweep
    result = sweep("tonk", "hit_penalty_turns", range(6), units=5000, players=3)
    result = sweep("gin-rummy", {"knock_limit": range(0, 11, 2), "gin_bonus": [20, 25]})

The first value (the first point of a grid) is the baseline every other value is compared
with; every variant plays the same deals, so reading a metric down the values shows what the
option does, and the tests pair hand by hand as in any comparison.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from cardkit.engine.registry import game_definition
from cardkit.frontends.lab.experiment import LabResult, run_experiment
from cardkit.frontends.lab.variants import Variant, value_text

__all__ = ["MAX_SWEEP_VALUES", "parse_sweep", "sweep", "sweep_variants", "value_text"]

#: The most values one sweep (or a grid, in all) may hold.
MAX_SWEEP_VALUES = 200

_FORM = "write NAME=V1,V2,... or, for numbers, NAME=A..B or NAME=A..B:STEP"


def _range(text: str, where: str) -> list[str]:
    bounds, _, step_text = text.partition(":")
    low_text, _, high_text = bounds.partition("..")
    try:
        low, high = Decimal(low_text.strip()), Decimal(high_text.strip())
        step = Decimal(step_text.strip()) if step_text.strip() else Decimal(1)
    except InvalidOperation:
        raise ValueError(f"{where}: {_FORM}") from None
    if step <= 0:
        raise ValueError(f"{where}: the step must be more than 0")
    if high < low:
        raise ValueError(f"{where}: the range ends below its start")
    count = int((high - low) / step) + 1
    if count > MAX_SWEEP_VALUES:
        raise ValueError(f"{where}: {count} values; a sweep holds at most {MAX_SWEEP_VALUES}")
    values = [low + step * i for i in range(count)]
    return [str(value.normalize()) if value != value.to_integral() else str(int(value))
            for value in values]


def parse_sweep(text: str) -> tuple[str, list[str]]:
    """``"knock_limit=0..10"`` -> ``("knock_limit", ["0", ..., "10"])``; ``"x=0..1:0.25"``
    gives 0, 0.25, 0.5, 0.75, 1; ``"x=a,b"`` the values listed. The values stay text (the
    game's option declarations convert them); ``ValueError`` with one line for anything else."""
    where = f"--sweep {text!r}"
    name, sep, body = text.partition("=")
    name = name.strip().replace("-", "_")
    if not sep or not name or not body.strip():
        raise ValueError(f"{where}: {_FORM}")
    body = body.strip()
    if ".." in body:
        values = _range(body, where)
    else:
        values = [part.strip() for part in body.split(",")]
        if any(not part for part in values):
            raise ValueError(f"{where}: a value is empty; {_FORM}")
    if len(set(values)) != len(values):
        raise ValueError(f"{where}: a value is given twice")
    if len(values) > MAX_SWEEP_VALUES:
        raise ValueError(f"{where}: {len(values)} values; a sweep holds at most "
                         f"{MAX_SWEEP_VALUES}")
    return name, values


def sweep_variants(axes: Sequence[tuple[str, Sequence[Any]]], base: Mapping[str, Any] | None = None,
                   preset: str | None = None) -> list[Variant]:
    """One variant per point of the grid ``axes`` (the first option varying slowest), on top
    of the ``base`` options; each labelled ``name=value[; name=value]`` (a semicolon between
    the options, since a value may hold commas)."""
    if not axes:
        raise ValueError("a sweep needs an option and its values")
    if len(axes) > 2:
        raise ValueError("a sweep varies one option, or two for a grid; not more")
    names = [name for name, _ in axes]
    if len(set(names)) != len(names):
        raise ValueError(f"the sweep names {names[0]!r} twice")
    points = list(itertools.product(*(values for _, values in axes)))
    if len(points) > MAX_SWEEP_VALUES:
        raise ValueError(f"the grid has {len(points)} points; at most {MAX_SWEEP_VALUES}")
    variants = []
    for point in points:
        label = "; ".join(f"{name}={value_text(value)}" for name, value in
                          zip(names, point, strict=True))
        variants.append(Variant(label, {**(base or {}), **dict(zip(names, point, strict=True))},
                                preset))
    return variants


def sweep(game: str, option: str | Mapping[str, Iterable[Any]],
          values: Iterable[Any] | None = None, *, options: Mapping[str, Any] | None = None,
          preset: str | None = None, **kwargs: Any) -> LabResult:
    """Run a sweep of ``option`` over ``values`` (or, with a mapping of at most two options to
    their values, a grid) on top of ``options``/``preset``; the other keyword arguments go to
    :func:`~cardkit.frontends.lab.experiment.run_experiment` (``units``, ``players``,
    ``bots``, ``seed``, ``ladder`` ...). Values are converted by the game's option declarations
    (``"3"`` and ``3`` are the same value); ``ValueError`` names a bad option or value."""
    if isinstance(option, str):
        if values is None:
            raise ValueError(f"sweep({game!r}, {option!r}): give the values to sweep over")
        axes_in: Mapping[str, Iterable[Any]] = {option: values}
    else:
        if values is not None:
            raise ValueError("give the values inside the mapping of options, not apart")
        axes_in = option
    definition = game_definition(game)
    axes: list[tuple[str, tuple[Any, ...]]] = []
    for name, given in axes_in.items():
        if name not in definition.options:
            raise ValueError(f"{game} has no option {name!r}; valid options: "
                             + ", ".join(definition.options.names))
        converted = tuple(definition.options[name].convert(value) for value in given)
        if not converted:
            raise ValueError(f"the sweep of {name} has no values")
        axes.append((name, converted))
    variants = sweep_variants(axes, options, preset)
    return run_experiment(game, variants, axes=axes, **kwargs)
