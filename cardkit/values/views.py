"""What one seat may see.

Agents and the play screen only ever receive a :class:`View`. It holds that seat's own hand and
the public information; the game decides what is public and puts its own public details in
``info``. It never holds another seat's hidden cards or the stock order (the conformance kit
checks this at every step).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from cardkit.values.cards import Card

__all__ = ["View", "seat_name"]


def seat_name(seat: int) -> str:
    """How every game, summary and screen names a seat: ``seat 0`` ... ``seat n-1``, the
    numbers of the API (seats are numbered clockwise from 0).

    >>> seat_name(2)
    'seat 2'
    """
    return f"seat {seat}"


@attrs.frozen
class View:
    """One seat's view of a hand.

    ``table`` holds the melds on the table in their numbering (rummy games: each entry is
    ``(owner seat, meld)``, meld number = index + 1), ``scores`` the running totals or balances
    before this hand, ``history`` the public log as ``(seat, action text)`` pairs (a stock draw
    shows no card). ``revealed`` maps seats to hands this seat may see besides its own (all hands
    once the hand is over; a sitter who sees the captain's hand).
    """

    game: str
    seat: int
    players: int
    phase: str
    current_player: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int = 0
    discard_top: Card | None = None
    table: tuple[Any, ...] = ()
    scores: tuple[float, ...] = ()
    history: tuple[tuple[int | None, str], ...] = ()
    dealer: int | None = None
    roles: tuple[str, ...] | None = None
    revealed: Mapping[int, tuple[Card, ...]] = attrs.field(factory=dict)
    info: Mapping[str, Any] = attrs.field(factory=dict)
    result: Any = None
