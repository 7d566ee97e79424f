"""The ``key: value`` entries of a view's ``info`` and a result's ``details`` as a player reads
them: keys as words, empty values left out, seat numbers as seat names, cards as cards."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardkit_cli.style import Style
from rich.text import Text

from cardkit.values.cards import Card, CardSet
from cardkit.values.views import seat_name as plain_seat_name

__all__ = ["SEAT_WORDS", "entry_text", "humanise", "is_empty", "is_seat_key", "plain",
           "render_details", "seat_name", "visible_entries"]


def plain(value: Any) -> str:
    """A detail value as short text: cards and lists of cards as card texts."""
    if isinstance(value, Card):
        return value.text
    if isinstance(value, CardSet):
        return " ".join(card.text for card in value)
    if hasattr(value, "cards") and hasattr(value, "kind"):  # a Meld
        return " ".join(card.text for card in value.cards)
    if isinstance(value, Mapping):
        return ", ".join(f"{key}: {plain(item)}" for key, item in value.items())
    if isinstance(value, list | tuple | set | frozenset):
        items = list(value)
        if not items:
            return "none"
        if items and all(isinstance(item, list | tuple) for item in items):
            return "  ".join(f"[{plain(item)}]" for item in items)
        return " ".join(plain(item) for item in items) if all(
            isinstance(item, Card | str) for item in items) else ", ".join(
            plain(item) for item in items)
    if isinstance(value, float):
        return f"{value:g}"
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


#: Words that mark a detail or info key whose integer value is a seat ("knocker: 1",
#: "top player: 0"): such a value is shown as the seat's name and never hidden as "zero".
SEAT_WORDS = ("seat", "player", "dealer", "leader", "winner", "loser", "knocker", "dropper",
              "defender", "scorer", "caller", "owner", "captain", "box", "sitter")


def humanise(key: Any) -> str:
    """An internal key as words: ``"bomb_fight"`` -> ``"bomb fight"``."""
    return " ".join(str(key).replace("_", " ").replace("-", " ").split())


def is_seat_key(key: Any) -> bool:
    """True if an info or detail ``key`` names a seat (see :data:`SEAT_WORDS`)."""
    words = humanise(key).lower().split()
    # the last word says what the value is: "top player" is a seat, "knocker deadwood" is not
    return bool(words) and (words[-1] in SEAT_WORDS or words[-1].rstrip("s") in SEAT_WORDS)


def is_empty(value: Any) -> bool:
    """True for values a player need not see: none, no, zero, empty, or all of those."""
    if value is None or value is False:
        return True
    if isinstance(value, str):
        return value.strip().lower() in ("", "none", "no", "false", "null")
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value == 0
    if isinstance(value, CardSet):
        return len(value) == 0
    if isinstance(value, Mapping):
        return all(is_empty(item) for item in value.values())
    if isinstance(value, list | tuple | set | frozenset):
        return all(is_empty(item) for item in value)
    return False


def visible_entries(entries: Mapping[str, Any], hide_keys: Iterable[str] = (),
                    hide_values: Iterable[Any] = ()) -> list[tuple[str, Any]]:
    """The entries of a view's ``info`` or a result's ``details`` worth showing a player:
    without empty values (see :func:`is_empty`; a seat number 0 is kept), without the keys in
    ``hide_keys`` (things the screen already shows, e.g. the table) and without values equal to
    one of ``hide_values`` (e.g. a detail that repeats the summary)."""
    hidden = {humanise(key).lower() for key in hide_keys}
    repeated = [value for value in hide_values if value]
    shown = []
    for key, value in entries.items():
        if humanise(key).lower() in hidden or any(
                value == other or (isinstance(value, str) and isinstance(other, str)
                                   and len(value) > 10 and value in other)
                for other in repeated):
            continue
        seat_zero = (is_seat_key(key) and isinstance(value, int) and not isinstance(value, bool)
                     and value == 0)
        if is_empty(value) and not seat_zero:
            continue
        shown.append((key, value))
    return shown


def entry_text(style: Style, key: Any, value: Any, names: Sequence[str] | None = None) -> Text:
    """One ``key: value`` entry for a player: words for the key, coloured cards, a seat
    number shown as the seat's name."""
    label = humanise(key)
    if is_seat_key(key) and isinstance(value, int) and not isinstance(value, bool) \
            and (names is None or 0 <= value < len(names)):
        return Text(f"{label}: {seat_name(value, names)}")
    if is_seat_key(key) and isinstance(value, list | tuple) and value and all(
            isinstance(item, int) and not isinstance(item, bool) for item in value):
        return Text(f"{label}: " + ", ".join(seat_name(item, names) for item in value))
    if isinstance(value, Card):
        return Text.assemble(f"{label}: ", style.card(value))
    if isinstance(value, CardSet) or (isinstance(value, list | tuple) and value
                                      and all(isinstance(item, Card) for item in value)):
        return Text.assemble(f"{label}: ", style.cards(value))
    return Text(f"{label}: {plain(value)}")


def render_details(details: Mapping[str, Any], indent: str = "  ") -> list[Text]:
    """Generic ``key: value`` lines for a view's ``info`` or a result's ``details`` (every
    entry, keys as words; see :func:`visible_entries` for the ones worth showing)."""
    return [Text(f"{indent}{humanise(key)}: {plain(value)}")
            for key, value in details.items()]


def seat_name(seat: int, names: Sequence[str] | None) -> str:
    """``seat 1 (greedy)``-style name: :func:`cardkit.views.seat_name` and, at the table,
    who sits there."""
    if names is None:
        return plain_seat_name(seat)
    return f"{plain_seat_name(seat)} ({names[seat]})"
