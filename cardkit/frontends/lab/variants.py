"""Variants: the rule sets a lab run compares.

A variant is a set of option values, optionally on top of a preset. The first variant of a run
is the *baseline*; every other one is compared with it. Compared variants start from the
baseline's values and change what they name, so ``--rule a=1 --compare b=2`` compares
``{a: 1}`` with ``{a: 1, b: 2}``. A variant's text may begin with a short name and a colon,
``'penalty 3: hit_penalty_turns=3'``: the name labels it in every table, plot and report.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from cardkit.engine.game import Game
from cardkit.engine.registry import load_game

__all__ = ["Variant", "parse_assignments", "split_label", "value_text", "variant_from_text"]


def value_text(value: Any) -> str:
    """An option value as it is written on the command line (``true``, ``3``, ``a,b``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, list | tuple | set | frozenset):
        return ",".join(str(item) for item in value)
    return str(value)


def _options(values: Mapping[str, Any]) -> dict[str, Any]:
    return dict(values)


@attrs.frozen
class Variant:
    """A named rule set: option values (Python values or option text such as ``"3"`` or
    ``"true"``, converted by the game's option declarations) and an optional preset."""

    label: str
    options: Mapping[str, Any] = attrs.field(factory=dict, converter=_options)
    preset: str | None = None

    def configure(self, game: str, players: int | None = None) -> Game:
        """The configured game; ``ValueError`` naming the valid options on a bad value."""
        return load_game(game, players=players, preset=self.preset, **self.options)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return {"label": self.label, "options": {k: _plain(v) for k, v in self.options.items()},
                "preset": self.preset}


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple | set | frozenset) else value


def parse_assignments(texts: Iterable[str]) -> dict[str, str]:
    """``["a=1", "b=x"]`` -> ``{"a": "1", "b": "x"}``; ``ValueError`` for text without ``=``."""
    values: dict[str, str] = {}
    for text in texts:
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"{text!r} is not of the form name=value")
        values[name.strip().replace("-", "_")] = value.strip()
    return values


def split_label(text: str) -> tuple[str | None, str]:
    """``'penalty 3: hit_penalty_turns=3'`` -> ``('penalty 3', 'hit_penalty_turns=3')``: the
    short name before the first colon, when that part names no option (holds no ``=``); else
    ``(None, text)``."""
    name, colon, rest = text.partition(":")
    if colon and "=" not in name and name.strip():
        return " ".join(name.split()), rest.strip()
    return None, text.strip()


def variant_from_text(text: str, base: Variant) -> Variant:
    """A compared variant from its command-line text: an optional short name and a colon, then
    space- or ``;``-separated ``name=value`` items (``preset=NAME`` chooses a preset), applied
    on top of ``base``. Its label is the short name, or the items as given."""
    label, body = split_label(text)
    items = [item for item in body.replace(";", " ").split() if item]
    values = parse_assignments(items)
    preset = values.pop("preset", base.preset)
    return Variant(label or " ".join(items), {**base.options, **values}, preset or None)


def baseline_label(options: Mapping[str, Any], preset: str | None) -> str:
    """The baseline's label: its values, or ``defaults``."""
    parts = ([f"preset={preset}"] if preset else []) + [f"{k}={v}" for k, v in options.items()]
    return " ".join(parts) or "defaults"
