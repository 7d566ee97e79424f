"""Card planes: a bit for each card of the deck that a view names (for the viewer, or per seat),
and the planes every encoding starts with."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from cardkit.services.encoding.log import cards_named_by
from cardkit.values.cards import Card
from cardkit.values.views import View

__all__ = ["Plane", "Scalars", "SeatPlanes", "base_planes"]


@attrs.frozen
class Plane:
    """One card plane: a bit for each card of the deck that ``cards(view)`` names. ``mask``,
    if given, is the fast form: the same cards as one integer, their ``card.mask`` OR'd (a
    function with a ``mask`` attribute, as the log readers' are, gives it too)."""

    name: str
    cards: Callable[[View], Iterable[Card]]
    mask: Callable[[View], int] | None = None


@attrs.frozen
class SeatPlanes:
    """One card plane per seat, from the viewer round the table: ``cards(view, seat)``
    (``mask(view, seat)``, the fast form, as for :class:`Plane`)."""

    name: str
    cards: Callable[[View, int], Iterable[Card]]
    mask: Callable[[View, int], int] | None = None


@attrs.frozen
class Scalars:
    """``size`` numbers a game reads from a view, each from 0 to 1 (its own features: a
    count, an estimate, a number per card of the deck...), placed at the end of the
    observation. ``values(view)`` may use only what the view shows, as a plane does; it may
    keep state between calls (a reader of the log), provided the numbers depend on the view
    alone."""

    name: str
    size: int
    values: Callable[[View], Sequence[float]]


def _own_hand(view: View) -> Iterable[Card]:
    return view.hand


def _masks(cards: Iterable[Card]) -> int:
    bits = 0
    for card in cards:
        bits |= card.mask
    return bits


def own_hand_mask(view: View) -> int:
    """The own-hand plane's mask form (the observation reads it inline)."""
    return _masks(view.hand)


def _discard_top(view: View) -> Iterable[Card]:
    return () if view.discard_top is None else (view.discard_top,)


def discard_top_mask(view: View) -> int:
    """The discard-top plane's mask form (the observation reads it inline)."""
    return 0 if view.discard_top is None else view.discard_top.mask


def _table_cards(view: View) -> Iterable[Card]:
    """Every card lying face up on the table (the entries of ``view.table`` are ``(owner,
    cards or meld)``, or a meld / cards alone)."""
    for entry in view.table:
        item = entry[1] if isinstance(entry, tuple) and len(entry) == 2 \
            and isinstance(entry[0], int) else entry
        yield from _cards_in(item)


def _table_mask(view: View) -> int:
    return _masks(_table_cards(view)) if view.table else 0  # no table in most views


def _cards_in(item: Any) -> Iterable[Card]:
    if isinstance(item, Card):
        yield item
    elif hasattr(item, "cards"):
        yield from item.cards
    elif isinstance(item, tuple | list):
        for part in item:
            yield from _cards_in(part)


def _revealed(view: View, seat: int) -> Iterable[Card]:
    return view.revealed.get(seat, ())


def revealed_mask(view: View, seat: int) -> int:
    """The revealed planes' mask form, per seat (the observation skips them while no hand
    is revealed)."""
    cards = view.revealed.get(seat)
    return _masks(cards) if cards else 0



def base_planes() -> tuple[Plane | SeatPlanes, ...]:
    """The planes every encoding starts with (a game adds its own after them): own hand,
    discard top, cards on the table, each seat's cards shown in the log, hands revealed.
    New readers each time: each encoding keeps its own place in the log."""
    return (
        Plane("own hand", _own_hand, own_hand_mask),
        Plane("discard top", _discard_top, discard_top_mask),
        Plane("on the table", _table_cards, _table_mask),
        SeatPlanes("shown in the log", cards_named_by()),
        SeatPlanes("revealed", _revealed, revealed_mask),
    )
