"""Rule options, declared once per game.

Each :class:`Option` carries its name, type, default, allowed values, a one-line meaning and
its source. From that single declaration come validation with a clear error, the resolved
``game.options`` dict, presets, the ``cardkit rules`` listing, the docs table and the lab's
``--rule name=value``.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

__all__ = ["Option", "OptionSet", "Preset", "closest_names"]

# The value types an option can have. Each has a converter from CLI text and a checker.
OPTION_TYPES = (
    "int",          # whole number, optionally bounded
    "number",       # int or float, optionally bounded
    "bool",
    "choice",       # one of `choices`
    "optional_int", # null (None) or a bounded whole number
    "int_list",     # a list of whole numbers (e.g. points by place)
    "choice_set",   # a set of values from `choices`
)

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}
_NULL = {"null", "none", "off", ""}


#: The largest size of a number an option may hold (unless it declares tighter bounds): a
#: value read from a record or a command line is untrusted.
OPTION_NUMBER_LIMIT = 10**9


def _within_limit(value: Any) -> bool:
    """True unless ``value`` holds a number that is not finite or beyond the limit."""
    numbers = value if isinstance(value, list) else [value]
    return all(not isinstance(n, int | float) or isinstance(n, bool)
               or (math.isfinite(n) and abs(n) <= OPTION_NUMBER_LIMIT) for n in numbers)


def _bound_text(minimum: float | None, maximum: float | None) -> str:
    if minimum is not None and maximum is not None:
        return f" from {minimum:g} to {maximum:g}"
    if minimum is not None:
        return f" >= {minimum:g}"
    if maximum is not None:
        return f" <= {maximum:g}"
    return ""


@attrs.frozen
class Option:
    """One rule option.

    ``default`` may be a function of the player count (e.g. gin's undercut bonus: 10 for three
    hands, 25 for two). ``implies`` maps a value of this option to defaults it sets for other
    options (a preset-like option such as Tonk's ``payout_profile``); explicitly given values
    still win.
    """

    name: str
    type: str
    default: Any
    meaning: str
    source: str = ""
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    implies: Mapping[Any, Mapping[str, Any]] = attrs.field(factory=dict)
    default_text: str | None = None

    def __attrs_post_init__(self) -> None:
        if self.type not in OPTION_TYPES:
            raise ValueError(f"option {self.name}: unknown type {self.type!r}")
        if self.type in ("choice", "choice_set") and not self.choices:
            raise ValueError(f"option {self.name}: a {self.type} option needs choices")

    def default_for(self, players: int) -> Any:
        """The default value at this player count."""
        return self.default(players) if callable(self.default) else self.default

    def allowed_text(self) -> str:
        """What values are allowed, in words (used in error messages and listings)."""
        bounds = _bound_text(self.minimum, self.maximum)
        if self.type == "int":
            return f"a whole number{bounds}"
        if self.type == "number":
            return f"a number{bounds}"
        if self.type == "bool":
            return "true or false"
        if self.type == "choice":
            return "one of " + ", ".join(str(choice) for choice in self.choices or ())
        if self.type == "optional_int":
            return f"null or a whole number{bounds}"
        if self.type == "int_list":
            return f"a list of whole numbers{bounds}, comma-separated"
        return "a comma-separated set of " + ", ".join(str(c) for c in self.choices or ())

    def convert(self, value: Any) -> Any:
        """Validate ``value`` (a Python value or CLI text) and return it in canonical form.
        Raises ``ValueError`` saying what is allowed."""
        try:
            converted = self._convert(value)
        except (TypeError, ValueError):
            converted = None
            ok = False
        else:
            ok = self._check(converted)
        if not ok:
            raise ValueError(
                f"option {self.name}: {value!r:.60} is not allowed; it must be "
                f"{self.allowed_text()}")
        if not _within_limit(converted):
            shown = f"{converted:.3g}" if isinstance(converted, int | float) else f"{value!r:.60}"
            raise ValueError(f"option {self.name}: {shown} is out of range: an option's "
                             f"numbers are finite and at most {OPTION_NUMBER_LIMIT:,} in size")
        return converted

    def _convert(self, value: Any) -> Any:
        if isinstance(value, str):
            text = value.strip()
            lowered = text.lower()
            if self.type == "bool":
                if lowered in _TRUE:
                    return True
                if lowered in _FALSE:
                    return False
                raise ValueError(text)
            if self.type == "int":
                return int(text)
            if self.type == "number":
                number = float(text)
                return int(number) if number.is_integer() and "." not in text else number
            if self.type == "optional_int":
                return None if lowered in _NULL else int(text)
            if self.type == "int_list":
                return [int(part) for part in text.strip("[]").replace(" ", "").split(",") if part]
            if self.type == "choice_set":
                parts = [p for p in text.strip("{}[]").replace(" ", "").split(",") if p]
                return self._convert(parts)
            if self.type == "choice":
                for choice in self.choices or ():
                    if str(choice).lower() == lowered:
                        return choice
                raise ValueError(text)
        if self.type == "bool":
            if isinstance(value, bool):
                return value
            raise ValueError(value)
        if self.type in ("int", "optional_int"):
            if value is None and self.type == "optional_int":
                return None
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(value)
            return value
        if self.type == "number":
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(value)
            return value
        if self.type == "int_list":
            items = list(value)
            if any(isinstance(item, bool) or not isinstance(item, int) for item in items):
                raise ValueError(value)
            return items
        if self.type == "choice_set":
            if isinstance(value, str | bytes):
                raise ValueError(value)
            distinct = set(value)
            return sorted(distinct, key=lambda item: (self.choices or ()).index(item)
                          if item in (self.choices or ()) else -1)
        return value

    def _check(self, value: Any) -> bool:
        def in_bounds(number: float) -> bool:
            return (self.minimum is None or number >= self.minimum) and (
                self.maximum is None or number <= self.maximum
            )

        if self.type in ("int", "number"):
            return in_bounds(value)
        if self.type == "optional_int":
            return value is None or in_bounds(value)
        if self.type == "int_list":
            return all(in_bounds(item) for item in value)
        if self.type == "choice":
            return value in (self.choices or ())
        if self.type == "choice_set":
            return all(item in (self.choices or ()) for item in value)
        return True

    def describe(self, players: int, value: Any = attrs.NOTHING) -> dict[str, Any]:
        """A machine-readable description (for ``cardkit rules --json`` and the docs)."""
        default = self.default_text or _jsonable(self.default_for(players))
        entry = {
            "name": self.name,
            "type": self.type,
            "default": default if self.default_text is None else self.default_text,
            "allowed": self.allowed_text(),
            "meaning": self.meaning,
            "source": self.source,
        }
        if self.choices is not None:
            entry["choices"] = list(self.choices)
        if value is not attrs.NOTHING:
            entry["value"] = _jsonable(value)
        return entry


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | set | frozenset):
        return list(value)
    return value


@attrs.frozen
class Preset:
    """A named bundle of option values (e.g. Texas Tonk). Explicit options override it."""

    name: str
    values: Mapping[str, Any]
    description: str = ""


def _options_tuple(options: Iterable[Option]) -> tuple[Option, ...]:
    return tuple(options)


def _presets_tuple(presets: Iterable[Preset]) -> tuple[Preset, ...]:
    return tuple(presets)


@attrs.frozen
class OptionSet:
    """A game's options and presets, in declaration order."""

    options: tuple[Option, ...] = attrs.field(converter=_options_tuple)
    presets: tuple[Preset, ...] = attrs.field(default=(), converter=_presets_tuple)

    def __attrs_post_init__(self) -> None:
        names = [option.name for option in self.options]
        if len(set(names)) != len(names):
            raise ValueError("duplicate option names: " + ", ".join(names))
        for preset in self.presets:
            for name in preset.values:
                if name not in names:
                    raise ValueError(f"preset {preset.name} sets unknown option {name}")

    @property
    def names(self) -> list[str]:
        """Option names in declaration order."""
        return [option.name for option in self.options]

    def __getitem__(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    def __contains__(self, name: object) -> bool:
        return any(option.name == name for option in self.options)

    def preset(self, name: str) -> Preset:
        """The preset called ``name``; ``ValueError`` naming the valid ones otherwise."""
        for preset in self.presets:
            if preset.name == name:
                return preset
        valid = ", ".join(p.name for p in self.presets) or "none"
        raise ValueError(f"unknown preset {name!r}; valid presets: {valid}")

    def check_names(self, names: Iterable[str], game: str = "this game") -> None:
        """Raise ``ValueError`` listing the valid options if any name is unknown."""
        for name in names:
            if name not in self:
                close = closest_names(name, self.names) if len(name) <= 60 else []
                guess = f" (did you mean {' or '.join(close)}?)" if close else ""
                raise ValueError(f"{game} has no option {name!r:.60}{guess}; valid options: "
                                 f"{', '.join(self.names)}")

    def resolve(
        self,
        players: int,
        values: Mapping[str, Any] | None = None,
        preset: str | None = None,
        game: str = "this game",
    ) -> dict[str, Any]:
        """Every option's value: explicit ``values`` over the preset over values implied by
        other options over defaults. Raises ``ValueError`` on an unknown name or a bad value."""
        explicit = dict(values or {})
        self.check_names(explicit, game)
        chosen: dict[str, Any] = {}
        if preset is not None:
            chosen.update({k: self[k].convert(v) for k, v in self.preset(preset).values.items()})
        chosen.update({k: self[k].convert(v) for k, v in explicit.items()})
        resolved = {option.name: option.default_for(players) for option in self.options}
        for option in self.options:
            current = chosen.get(option.name, resolved[option.name])
            for name, implied in option.implies.get(_hashable(current), {}).items():
                resolved[name] = self[name].convert(implied)
        resolved.update(chosen)
        return resolved

    def describe(self, players: int, resolved: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Every option and preset as plain data."""
        return {
            "options": [
                option.describe(players, (resolved or {}).get(option.name, attrs.NOTHING))
                for option in self.options
            ],
            "presets": [
                {"name": p.name, "description": p.description, "values": dict(p.values)}
                for p in self.presets
            ],
        }

    def extend(
        self, options: Iterable[Option] = (), presets: Iterable[Preset] = (),
        defaults: Mapping[str, Any] | Callable[[], Mapping[str, Any]] | None = None,
    ) -> OptionSet:
        """A new set with more options and presets, and optionally new defaults for existing
        options (a variant changing a default without copying the declaration)."""
        changed = dict(defaults() if callable(defaults) else (defaults or {}))
        base = tuple(
            attrs.evolve(option, default=changed[option.name], default_text=None)
            if option.name in changed else option
            for option in self.options
        )
        return OptionSet(base + tuple(options), self.presets + tuple(presets))


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def closest_names(name: str, names: Iterable[str], most: int = 3) -> list[str]:
    """The names a mistyped ``name`` most likely meant: those it starts (``hit_penalty``:
    ``hit_penalty_turns``), else the nearest by spelling.

    >>> closest_names("hit_penalty", ["hit_targets", "hit_penalty_turns", "jokers"])
    ['hit_penalty_turns']
    >>> closest_names("jokrs", ["hit_targets", "jokers"])
    ['jokers']
    """
    known = list(names)
    lowered = name.lower()
    starting = [candidate for candidate in known if candidate.lower().startswith(lowered)]
    if starting:
        return starting[:most]
    return difflib.get_close_matches(lowered, known, n=most, cutoff=0.6)
