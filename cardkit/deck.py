"""Deck specifications, seeded shuffles, stacked decks and dealing.

The stable import path of :mod:`cardkit.values.deck`, in the values layer.
"""

from cardkit.values.deck import *  # noqa: F403
from cardkit.values.deck import __all__ as __all__
