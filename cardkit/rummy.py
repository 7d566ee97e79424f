"""Rummy building blocks: a table of melds, discard-pile pickups, meld scoring, the standard
turn.

The stable import path of :mod:`cardkit.libraries.rummy`, in the card libraries.
"""

from cardkit.libraries.rummy import *  # noqa: F403
from cardkit.libraries.rummy import __all__ as __all__
