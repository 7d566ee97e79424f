"""The observation side of an encoding: a seat's view as a vector of numbers; and a game's
encoding, the pair of its action catalogue and its observation encoding."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from cardkit.services.encoding.catalogue import ActionCatalogue
from cardkit.services.encoding.planes import (
    Plane,
    Scalars,
    SeatPlanes,
    base_planes,
    discard_top_mask,
    own_hand_mask,
    revealed_mask,
)
from cardkit.values.cards import Card
from cardkit.values.views import View

__all__ = ["GameEncoding", "ObservationEncoding"]


@attrs.define(eq=False)
class ObservationEncoding:
    """The observation side of an encoding: a flat vector of 0/1 card planes, then per seat
    (from the viewer round the table) its hand size / deck size, the stock size / deck size,
    the phase (one-hot over the game's phases, then "over") and whose turn it is (one-hot,
    relative to the viewer; all zero when the hand is over), then the game's ``scalars``, if it
    declares any (numbers it reads from the view, each from 0 to 1)."""

    deck: tuple[Card, ...]
    players: int
    phases: tuple[str, ...]
    planes: tuple[Plane | SeatPlanes, ...] = attrs.field(factory=base_planes)
    scalars: tuple[Scalars, ...] = ()
    _position: dict[int, int] = attrs.field(init=False, repr=False)
    _names: list[str] = attrs.field(init=False, repr=False)
    _size: int = attrs.field(init=False, repr=False)
    _phase_at: dict[str, int] = attrs.field(init=False, repr=False)
    _identity: bool = attrs.field(init=False, repr=False)
    _full: int = attrs.field(init=False, repr=False)
    _plan: list[tuple[int, Callable[..., Any], int]] = attrs.field(init=False, repr=False)
    _orders: list[tuple[int, ...]] = attrs.field(init=False, repr=False)
    _sizes_at: int = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        self._position = {card.index: i for i, card in enumerate(self.deck)}
        if "over" not in self.phases:
            self.phases = (*self.phases, "over")
        names: list[str] = []
        for plane in self.planes:
            if isinstance(plane, SeatPlanes):
                names.extend(f"{plane.name}, seat +{k}" for k in range(self.players))
            else:
                names.append(plane.name)
        self._names = names
        self._size = (len(names) * len(self.deck) + 2 * self.players + 1 + len(self.phases)
                      + sum(scalars.size for scalars in self.scalars))
        self._phase_at = {phase: i for i, phase in enumerate(self.phases)}
        self._identity = all(card.index == i and card.mask == 1 << i
                             for i, card in enumerate(self.deck))
        self._full = (1 << len(self.deck)) - 1
        # what sparse() does for each plane, and where its bits go: worked out once, as the
        # vector is built at every decision of every hand
        width, players = len(self.deck), self.players
        plan: list[tuple[int, Callable[..., Any], int]] = []
        offset = 0
        for plane in self.planes:
            if not isinstance(plane, SeatPlanes):
                read = _mask_reader(plane)
                plan.append((_INLINE.get(read, _ONE), read, offset))
                offset += width
                continue
            every_seat = getattr(plane.cards, "masks", None) if plane.mask is None else None
            if every_seat is not None:  # a log reader: every seat's bits from one reading
                plan.append((_EVERY_SEAT, every_seat, offset))
            else:
                read = _mask_reader(plane)
                plan.append((_INLINE.get(read, _EACH_SEAT), read, offset))
            offset += width * players
        self._plan = plan
        self._sizes_at = offset
        self._orders = [tuple((viewer + k) % players for k in range(players))
                        for viewer in range(players)]

    @property
    def plane_names(self) -> list[str]:
        """Every plane's name, in order (seat planes as ``name, seat +k``)."""
        return list(self._names)

    @property
    def scalar_names(self) -> list[str]:
        """The names of the game's scalars, each with its count (``name x size``)."""
        return [f"{scalars.name} x {scalars.size}" for scalars in self.scalars]

    @property
    def size(self) -> int:
        """The vector's length."""
        return self._size

    def entries(self, view: View) -> dict[int, float]:
        """The vector for ``view``, sparse: position -> value for the non-zero entries (a
        few dozen of several hundred)."""
        bits, values = self.sparse(view)
        entries: dict[int, float] = {}
        while bits:
            low = bits & -bits
            entries[low.bit_length() - 1] = 1.0
            bits ^= low
        entries.update(values)
        return entries

    def sparse(self, view: View) -> tuple[int, dict[int, float]]:
        """The vector for ``view`` as one integer whose bit ``i`` is set where position ``i``
        holds 1 (the card planes, the phase, the turn), and the other non-zero entries (the
        sizes): the fast form, for filling an array."""
        width = len(self.deck)
        players = self.players
        viewer = view.seat
        order = self._orders[viewer] if 0 <= viewer < players else tuple(
            (viewer + k) % players for k in range(players))
        bits = 0
        if self._identity:  # a card's bit is its position: OR the cards' masks
            full = self._full
            for kind, read, shift in self._plan:
                if kind == _OWN_HAND:  # the base planes read here, without a call each
                    held = 0
                    for card in view.hand:
                        held |= card.mask
                    bits |= (held & full) << shift
                elif kind == _DISCARD_TOP:
                    top = view.discard_top
                    if top is not None:
                        bits |= (top.mask & full) << shift
                elif kind == _REVEALED:
                    revealed = view.revealed
                    if revealed:
                        for seat in order:
                            bits |= (read(view, seat) & full) << shift
                            shift += width
                elif kind == _ONE:
                    bits |= (read(view) & full) << shift
                elif kind == _EVERY_SEAT:
                    held = read(view)
                    if held:
                        for seat in order:
                            found = held.get(seat)
                            if found:
                                bits |= (found & full) << shift
                            shift += width
                else:
                    for seat in order:
                        bits |= (read(view, seat) & full) << shift
                        shift += width
        else:
            groups: list[Iterable[Card]] = []
            for plane in self.planes:
                if isinstance(plane, SeatPlanes):
                    seat_cards = plane.cards
                    groups.extend(seat_cards(view, seat) for seat in order)
                else:
                    groups.append(plane.cards(view))
            position = self._position
            offset = 0
            for cards in groups:
                for card in cards:
                    spot = position.get(card.index)
                    if spot is not None:
                        bits |= 1 << (offset + spot)
                offset += width
        values: dict[int, float] = {}
        offset = self._sizes_at
        sizes = view.hand_sizes
        counted = len(sizes)
        for seat in order:
            if seat < counted:
                size = sizes[seat]
                if size:
                    values[offset] = size / width
            offset += 1
        if view.stock_size:
            values[offset] = view.stock_size / width
        offset += 1
        bits |= 1 << (offset + self._phase_at.get(view.phase, self._phase_at["over"]))
        offset += len(self.phases)
        if view.current_player is not None:
            bits |= 1 << (offset + (view.current_player - viewer) % players)
        offset += players
        for scalars in self.scalars:
            for number in scalars.values(view):
                if number:
                    values[offset] = number
                offset += 1
        return bits, values

    def encode(self, view: View) -> list[float]:
        """The vector for ``view``."""
        vector = [0.0] * self.size
        for spot, value in self.entries(view).items():
            vector[spot] = value
        return vector


#: The kinds of step of ``ObservationEncoding._plan``: one plane's mask ``(view)``, a seat
#: plane's mask per seat ``(view, seat)``, every seat's masks at once ``(view) -> {seat: int}``.
_ONE, _EACH_SEAT, _EVERY_SEAT = 0, 1, 2
#: And the base planes' own, read inline: the own hand, the discard top, the hands revealed
#: (skipped whole while nothing is).
_OWN_HAND, _DISCARD_TOP, _REVEALED = 3, 4, 5
_INLINE: dict[Callable[..., int], int] = {own_hand_mask: _OWN_HAND,
                                          discard_top_mask: _DISCARD_TOP,
                                          revealed_mask: _REVEALED}


def _mask_reader(plane: Plane | SeatPlanes) -> Callable[..., int]:
    """``plane``'s cards as one integer of their masks: the plane's ``mask``, or its function's
    own ``mask`` attribute (the log readers'), else its cards OR'd."""
    fast = plane.mask or getattr(plane.cards, "mask", None)
    if fast is not None:
        return fast
    cards_of = plane.cards

    def mask(*arguments: object) -> int:
        bits = 0
        for card in cards_of(*arguments):  # type: ignore[arg-type]
            bits |= card.mask
        return bits

    return mask


@attrs.frozen(eq=False)
class GameEncoding:
    """A configured game's encoding: its action catalogue and its observation encoding, and
    ``abstraction`` (one paragraph: what the catalogue leaves to the engine, if anything)."""

    actions: ActionCatalogue
    observation: ObservationEncoding
    abstraction: str = ""
