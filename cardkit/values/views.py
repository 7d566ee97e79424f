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

from cardkit.values.actions import Action, parse_action
from cardkit.values.cards import Card

__all__ = ["Move", "View", "seat_name"]


def seat_name(seat: int) -> str:
    """How every game, summary and screen names a seat: ``seat 0`` ... ``seat n-1``, the
    numbers of the API (seats are numbered clockwise from 0).

    >>> seat_name(2)
    'seat 2'
    """
    return f"seat {seat}"


@attrs.frozen(slots=True, cache_hash=True)
class Move:
    """One move of the public history: who made it, the :class:`~cardkit.actions.Action`, and
    the cards it made public beyond those the action names (``shown``: the card taken from the
    discard pile, say; empty for most moves).

    Bots read a move's fields (``move.action.kind``, ``move.action.cards``, ``move.shown``);
    text is for the edges (the screen, records, the wire): ``str(move)`` is the action's
    canonical text, as a record or the log writes it. A ``seat`` of None is a move by nobody
    (a game's own step).

    >>> from cardkit.actions import parse_action
    >>> move = Move(1, parse_action("draw discard"), (Card.parse("7H"),))
    >>> move.action.kind, move.shown[0].text, str(move)
    ('draw', '7H', 'draw discard')
    """

    seat: int | None
    action: Action
    shown: tuple[Card, ...] = ()

    @classmethod
    def parse(cls, seat: int | None, text: str, shown: str = "") -> Move:
        """A move from its text, for tests and examples: ``Move.parse(1, "draw discard",
        "7H")`` (``ValueError`` when the text is not a move).

        >>> Move.parse(0, "discard kh") == Move(0, parse_action("discard KH"))
        True
        """
        cards = tuple(Card.parse(token) for token in shown.split())
        return cls(seat, parse_action(text), cards)

    @property
    def kind(self) -> str:
        """The action's kind (``discard``, ``draw`` ...)."""
        return self.action.kind

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the action names (empty for ``draw stock``, ``pass`` ...)."""
        return self.action.cards

    def __str__(self) -> str:
        return str(self.action)


@attrs.frozen
class View:
    """One seat's view of a hand.

    ``table`` holds the melds on the table in their numbering (rummy games: each entry is
    ``(owner seat, meld)``, meld number = index + 1), ``scores`` the running totals or balances
    before this hand, ``history`` the public log as :class:`Move` values, oldest first (a stock
    draw shows no card; a draw from the discard pile shows the card taken). ``revealed`` maps
    seats to hands this seat may see besides its own (all hands once the hand is over; a sitter
    who sees the captain's hand).
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
    history: tuple[Move, ...] = ()
    dealer: int | None = None
    roles: tuple[str, ...] | None = None
    revealed: Mapping[int, tuple[Card, ...]] = attrs.field(factory=dict)
    info: Mapping[str, Any] = attrs.field(factory=dict)
    result: Any = None
