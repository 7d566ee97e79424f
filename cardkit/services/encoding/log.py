"""Card planes read from the public log: the cards each seat has shown, or was seen to take.

A reader keeps its place in the log (the views of one hand share it, and each next view's log
extends it), so a hand's observations cost one pass over its log.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

from cardkit.values.actions import Action, parse_action
from cardkit.values.cards import Card
from cardkit.values.views import Move, View

__all__ = ["History", "LogReader", "NamedCards", "TakenFromPile", "cards_named_by",
           "taken_from_pile"]


#: A view's public history: its typed moves, oldest first.
History = tuple[Move, ...]


class LogReader:
    """Per-seat cards read from the public log one entry at a time (subclasses implement
    :meth:`feed`), packaged by :meth:`planes` as a :class:`SeatPlanes` function.

    The views of every seat at one moment share their log, and the next moment's log extends
    it by a move or two, so the reader keeps what it read and only feeds it the new entries:
    a hand's observations cost one pass over its log, not one per step and seat."""

    def __init__(self) -> None:
        self._log: History = ()
        self._origin: Hashable = None
        self.cards: dict[int, list[Card]] = {}

    def reset(self) -> None:
        """Forget everything read (a new hand)."""
        self._log = ()
        self.cards = {}

    def feed(self, seat: int, move: Move) -> None:
        """Read one move of the log, made by ``seat`` (``move.seat``, never None here: moves
        by nobody are not fed)."""
        raise NotImplementedError

    def origin(self, view: View) -> Hashable:
        """What was public at the deal that the reader needs besides the log (``view`` is any
        view of the hand); two logs continue one another only from the same origin. None by
        default."""
        return None

    def start(self, origin: Hashable) -> None:
        """Begin a hand's log from its :meth:`origin` (after :meth:`reset`). Nothing by
        default."""

    def read(self, view: View) -> dict[int, list[Card]]:
        """The cards per seat after ``view``'s log (read from where the last log ended if it
        is its continuation)."""
        log = view.history
        known = self._log
        if log is not known:
            origin = self.origin(view)
            if not known or origin != self._origin or len(log) < len(known) \
                    or log[:len(known)] != known:
                self.reset()
                self._origin = origin
                self.start(origin)
                known = ()
            for move in log[len(known):]:
                seat = move.seat
                if seat is not None:
                    self.feed(seat, move)
            self._log = log
        return self.cards

    def mask(self, view: View, seat: int) -> int:
        """The bits (``card.mask``) of the cards :meth:`read` gives ``seat``: the fast form
        the observation ORs into its vector."""
        bits = 0
        for card in self.read(view).get(seat, ()):
            bits |= card.mask
        return bits

    def planes(self) -> Callable[[View, int], Iterable[Card]]:
        """The :class:`SeatPlanes` function (its ``mask`` attribute the fast form, ``(view,
        seat) -> int``)."""

        def cards(view: View, seat: int) -> Iterable[Card]:
            return self.read(view).get(seat, ())

        cards.mask = self.mask  # type: ignore[attr-defined]
        return cards


class NamedCards(LogReader):
    """Every card a seat has shown in the public log (discarded, spread, played, laid off)."""

    def feed(self, seat: int, move: Move) -> None:
        """Note the cards the move names."""
        cards = move.action.cards
        if cards:
            self.cards.setdefault(seat, []).extend(cards)


class TakenFromPile(LogReader):
    """The cards each seat was seen to take from the discard pile and has not shown since.
    The pile is followed through the log: an action of a kind in ``put_kinds`` puts its card
    on top, an action among ``takes`` takes the top one, an action of a kind in
    ``gone_kinds`` empties it, and every card a seat names afterwards leaves what is known of
    its hand. ``first(view)`` names the card face up on the pile at the deal, if the game
    shows it (gin's first up-card)."""

    def __init__(self, put_kinds: frozenset[str], takes: frozenset[Action],
                 gone_kinds: frozenset[str] = frozenset(),
                 first: Callable[[View], Card | None] | None = None) -> None:
        super().__init__()
        self.put_kinds, self.takes, self.gone_kinds = put_kinds, takes, gone_kinds
        self.first = first
        self.pile: list[Card] = []

    def reset(self) -> None:
        """Forget everything read, the pile too."""
        super().reset()
        self.pile = []

    def origin(self, view: View) -> Card | None:
        """The card face up on the pile at the deal, if the game shows it."""
        return self.first(view) if self.first is not None else None

    def start(self, origin: Hashable) -> None:
        """Put the card face up at the deal on the pile."""
        if isinstance(origin, Card):
            self.pile.append(origin)

    def feed(self, seat: int, move: Move) -> None:
        """Follow the pile and the cards known in each hand."""
        action = move.action
        if action in self.takes:
            if self.pile:
                self.cards.setdefault(seat, []).append(self.pile.pop())
            return
        held = self.cards.get(seat)
        if held and action.cards:
            self.cards[seat] = [card for card in held if card not in action.cards]
        if action.kind in self.put_kinds and action.cards:
            self.pile.append(action.cards[-1])
        elif action.kind in self.gone_kinds:
            self.pile.clear()


def cards_named_by() -> Callable[[View, int], Iterable[Card]]:
    """A :class:`SeatPlanes` function: every card each seat has shown in the public log."""
    return NamedCards().planes()


def taken_from_pile(
    put_kinds: frozenset[str], takes: str | frozenset[str], *,
    gone_kinds: frozenset[str] = frozenset(), first: Callable[[View], Card | None] | None = None,
) -> Callable[[View, int], Iterable[Card]]:
    """A :class:`SeatPlanes` function: see :class:`TakenFromPile` (``takes``: the actions that
    take the pile's top card, by their texts, or one such text)."""
    texts = frozenset({takes}) if isinstance(takes, str) else takes
    actions = frozenset(parse_action(text) for text in texts)
    return TakenFromPile(put_kinds, actions, gone_kinds, first).planes()
