"""The observation side of an encoding: a seat's view as a vector of numbers; and a game's
encoding, the pair of its action catalogue and its observation encoding."""

from __future__ import annotations

import attrs

from cardkit.services.encoding.catalogue import ActionCatalogue
from cardkit.services.encoding.planes import Plane, SeatPlanes, base_planes
from cardkit.values.cards import Card
from cardkit.values.views import View

__all__ = ["GameEncoding", "ObservationEncoding"]


@attrs.define(eq=False)
class ObservationEncoding:
    """The observation side of an encoding: a flat vector of 0/1 card planes, then per seat
    (from the viewer round the table) its hand size / deck size, the stock size / deck size,
    the phase (one-hot over the game's phases, then "over") and whose turn it is (one-hot,
    relative to the viewer; all zero when the hand is over)."""

    deck: tuple[Card, ...]
    players: int
    phases: tuple[str, ...]
    planes: tuple[Plane | SeatPlanes, ...] = attrs.field(factory=base_planes)
    _position: dict[int, int] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        self._position = {card.index: i for i, card in enumerate(self.deck)}
        if "over" not in self.phases:
            self.phases = (*self.phases, "over")

    @property
    def plane_names(self) -> list[str]:
        """Every plane's name, in order (seat planes as ``name, seat +k``)."""
        names: list[str] = []
        for plane in self.planes:
            if isinstance(plane, SeatPlanes):
                names.extend(f"{plane.name}, seat +{k}" for k in range(self.players))
            else:
                names.append(plane.name)
        return names

    @property
    def size(self) -> int:
        """The vector's length."""
        return (len(self.plane_names) * len(self.deck) + 2 * self.players + 1
                + len(self.phases))

    def entries(self, view: View) -> dict[int, float]:
        """The vector for ``view``, sparse: position -> value for the non-zero entries (a
        few dozen of several hundred)."""
        width = len(self.deck)
        position = self._position
        entries: dict[int, float] = {}
        offset = 0
        players = self.players
        order = [(view.seat + k) % players for k in range(players)]
        for plane in self.planes:
            if isinstance(plane, SeatPlanes):
                groups = [plane.cards(view, seat) for seat in order]
            else:
                groups = [plane.cards(view)]
            for cards in groups:
                for card in cards:
                    spot = position.get(card.index)
                    if spot is not None:
                        entries[offset + spot] = 1.0
                offset += width
        for seat in order:
            if seat < len(view.hand_sizes) and view.hand_sizes[seat]:
                entries[offset] = view.hand_sizes[seat] / width
            offset += 1
        if view.stock_size:
            entries[offset] = view.stock_size / width
        offset += 1
        phase = view.phase if view.phase in self.phases else "over"
        entries[offset + self.phases.index(phase)] = 1.0
        offset += len(self.phases)
        if view.current_player is not None:
            entries[offset + (view.current_player - view.seat) % players] = 1.0
        return entries

    def encode(self, view: View) -> list[float]:
        """The vector for ``view``."""
        vector = [0.0] * self.size
        for spot, value in self.entries(view).items():
            vector[spot] = value
        return vector


@attrs.frozen(eq=False)
class GameEncoding:
    """A configured game's encoding: its action catalogue and its observation encoding, and
    ``abstraction`` (one paragraph: what the catalogue leaves to the engine, if anything)."""

    actions: ActionCatalogue
    observation: ObservationEncoding
    abstraction: str = ""
