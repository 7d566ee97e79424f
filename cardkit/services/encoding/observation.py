"""The observation side of an encoding: a seat's view as a vector of numbers; and a game's
encoding, the pair of its action catalogue and its observation encoding."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs

from cardkit.services.encoding.catalogue import ActionCatalogue
from cardkit.services.encoding.planes import Plane, Scalars, SeatPlanes, base_planes
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
    _mask_readers: list[tuple[bool, Callable[..., int]]] = attrs.field(init=False, repr=False)

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
        self._mask_readers = [(isinstance(plane, SeatPlanes), _mask_reader(plane))
                              for plane in self.planes]

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
        order = [(viewer + k) % players for k in range(players)]
        bits = 0
        offset = 0
        if self._identity:  # a card's bit is its position: OR the cards' masks
            full = self._full
            for per_seat, mask_of in self._mask_readers:
                if per_seat:
                    for seat in order:
                        bits |= (mask_of(view, seat) & full) << offset
                        offset += width
                else:
                    bits |= (mask_of(view) & full) << offset
                    offset += width
        else:
            groups: list[Iterable[Card]] = []
            for plane in self.planes:
                if isinstance(plane, SeatPlanes):
                    seat_cards = plane.cards
                    groups.extend(seat_cards(view, seat) for seat in order)
                else:
                    groups.append(plane.cards(view))
            position = self._position
            for cards in groups:
                for card in cards:
                    spot = position.get(card.index)
                    if spot is not None:
                        bits |= 1 << (offset + spot)
                offset += width
        values: dict[int, float] = {}
        sizes = view.hand_sizes
        for seat in order:
            if seat < len(sizes) and sizes[seat]:
                values[offset] = sizes[seat] / width
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
