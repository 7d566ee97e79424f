"""Card planes read from the public log: the cards each seat has shown, or was seen to take.

A reader keeps its place in the log (the views of one hand share it, and each next view's log
extends it), so a hand's observations cost one pass over its log.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping

from cardkit.values.actions import Action, parse_action
from cardkit.values.cards import Card
from cardkit.values.views import Move, View

__all__ = ["History", "LogReader", "NamedCards", "TakenFromPile", "cards_named_by",
           "taken_from_pile"]


#: A view's public history: its typed moves, oldest first.
History = tuple[Move, ...]


#: The last pair of logs found to continue one another (the earlier, the later): the readers
#: of one encoding are shown the same views, so all but the first ask the same question (a
#: check of the whole earlier log, which grows with the hand).
_CONTINUED: list[tuple[History, History]] = [((), ())]


def _continues(log: History, known: History) -> bool:
    """True if ``log`` begins with the moves of ``known``."""
    earlier, later = _CONTINUED[0]
    if earlier is known and later is log:
        return True
    if len(log) < len(known) or log[:len(known)] != known:
        return False
    _CONTINUED[0] = (known, log)
    return True


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
        # every seat's cards as one integer, worked out on first asking after the log moved
        # (each view asks for every seat, and the views of one moment share the log)
        self._masks: dict[int, int] | None = None

    def reset(self) -> None:
        """Forget everything read (a new hand)."""
        self._log = ()
        self.cards = {}
        self._masks = None

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
            if not known or origin != self._origin or not _continues(log, known):
                self.reset()
                self._origin = origin
                self.start(origin)
                known = ()
            for move in log[len(known):]:
                seat = move.seat
                if seat is not None:
                    self.feed(seat, move)
            self._log = log
            self._masks = None
        return self.cards

    def masks(self, view: View) -> Mapping[int, int]:
        """Seat -> the bits (``card.mask``) of the cards :meth:`read` gives it (a seat with
        none may be missing): the fast form the observation ORs into its vector, every seat
        at once. Read it, do not change it."""
        cards = self.read(view)
        masks = self._masks
        if masks is None:
            masks = self._masks = {}
            for seat, held in cards.items():
                bits = 0
                for card in held:
                    bits |= card.mask
                masks[seat] = bits
        return masks

    def mask(self, view: View, seat: int) -> int:
        """The bits of the cards :meth:`read` gives ``seat`` (see :meth:`masks`)."""
        return self.masks(view).get(seat, 0)

    def planes(self) -> Callable[[View, int], Iterable[Card]]:
        """The :class:`SeatPlanes` function (its ``mask`` attribute the fast form, ``(view,
        seat) -> int``, and ``masks`` every seat's at once, ``view -> {seat: int}``)."""

        def cards(view: View, seat: int) -> Iterable[Card]:
            return self.read(view).get(seat, ())

        cards.mask = self.mask  # type: ignore[attr-defined]
        cards.masks = self.masks  # type: ignore[attr-defined]
        return cards


class NamedCards(LogReader):
    """Every card a seat has shown in the public log (discarded, spread, played, laid off)."""

    def __init__(self) -> None:
        super().__init__()
        self._shown: dict[int, int] = {}

    def reset(self) -> None:
        """Forget everything read, the masks too."""
        super().reset()
        self._shown = {}

    def feed(self, seat: int, move: Move) -> None:
        """Note the cards the move names."""
        cards = move.action.cards
        if cards:
            self.cards.setdefault(seat, []).extend(cards)
            bits = self._shown.get(seat, 0)
            for card in cards:
                bits |= card.mask
            self._shown[seat] = bits

    def masks(self, view: View) -> Mapping[int, int]:
        """Every seat's cards as one integer, kept up to date move by move (the lists only
        grow, so a card is OR'd in once rather than at every step)."""
        self.read(view)
        return self._shown


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
        # the kinds of the taking actions: most moves are ruled out by their kind's text,
        # without hashing and comparing the action
        self._take_kinds = frozenset(action.kind for action in takes)
        self._held: dict[int, int] = {}

    def reset(self) -> None:
        """Forget everything read, the pile and the masks too."""
        super().reset()
        self.pile = []
        self._held = {}

    def masks(self, view: View) -> Mapping[int, int]:
        """Every seat's cards as one integer, kept up to date move by move (only a take or a
        seat's own move changes them)."""
        self.read(view)
        return self._held

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
        kind = action.kind
        if kind in self._take_kinds and action in self.takes:
            if self.pile:
                card = self.pile.pop()
                self.cards.setdefault(seat, []).append(card)
                self._held[seat] = self._held.get(seat, 0) | card.mask
            return
        shown = action.cards
        if shown:
            held = self.cards.get(seat)
            if held:
                kept = self.cards[seat] = [card for card in held if card not in shown]
                bits = 0
                for card in kept:
                    bits |= card.mask
                self._held[seat] = bits
            if kind in self.put_kinds:
                self.pile.append(shown[-1])
                return
        if kind in self.gone_kinds:
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
