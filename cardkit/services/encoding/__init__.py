"""Encodings: a game's moves as the numbers 0..n-1 and a seat's view as a vector of numbers.

Research tools (PettingZoo, Gymnasium, OpenSpiel: :mod:`cardkit.adapters`) need a fixed, finite
action space and a fixed-size observation. A game declares both with its ``Encoding`` capability,
a function of the configured :class:`~cardkit.game.Game` returning a :class:`GameEncoding`; a
game that declares nothing gets :func:`fallback_encoding`.

- :class:`ActionCatalogue` is the action side: a list of *keys* (index = position) and a
  function naming each action's key. For most games the key is the action's canonical text,
  so the catalogue is a bijection between the game's actions and ``0..n-1``. A game may
  abstract (Tiến Lên: a sequence is keyed by its type, length and top card, and the engine
  picks the other suits): several legal actions then share a key, and the catalogue's
  ``prefer`` order says which one the index plays.
- :class:`ObservationEncoding` is the observation side: card planes (one bit per card of the
  deck) computed from a :class:`~cardkit.views.View` — never from the state, so an observation
  holds nothing the seat may not see — followed by per-seat hand sizes, the stock size, the
  phase and whose turn it is. Seats are listed from the viewer round the table (the viewer
  first), so a learned policy is the same whichever seat it sits in.

Modules: ``catalogue`` (the action side), ``planes`` and ``log`` (what a card plane reads from a
view: the view's own fields, the public log), ``observation`` (the observation side and the pair
of both), ``keys`` (the builders of catalogue keys a game's encoding module uses) and
``fallback`` (the encoding of a game that declares none, and :func:`encoding_for`).
"""

from cardkit.services.encoding.catalogue import ActionCatalogue, EncodingError
from cardkit.services.encoding.fallback import (
    FALLBACK_OVERFLOW,
    FALLBACK_SURVEY_HANDS,
    encoding_for,
    fallback_encoding,
)
from cardkit.services.encoding.keys import (
    CombinationAbstraction,
    card_action_keys,
    hit_keys,
    meld_keys,
)
from cardkit.services.encoding.log import (
    History,
    LogReader,
    NamedCards,
    TakenFromPile,
    cards_named_by,
    taken_from_pile,
)
from cardkit.services.encoding.observation import GameEncoding, ObservationEncoding
from cardkit.services.encoding.planes import Plane, Scalars, SeatPlanes, base_planes

__all__ = [
    "FALLBACK_OVERFLOW",
    "FALLBACK_SURVEY_HANDS",
    "ActionCatalogue",
    "CombinationAbstraction",
    "EncodingError",
    "GameEncoding",
    "History",
    "LogReader",
    "NamedCards",
    "ObservationEncoding",
    "Plane",
    "Scalars",
    "SeatPlanes",
    "TakenFromPile",
    "base_planes",
    "card_action_keys",
    "cards_named_by",
    "encoding_for",
    "fallback_encoding",
    "hit_keys",
    "meld_keys",
    "taken_from_pile",
]
