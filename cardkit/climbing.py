"""Combinations for climbing (shedding) games: classify, compare, enumerate.

The stable import path of :mod:`cardkit.libraries.climbing`, in the card libraries.
"""

from cardkit.libraries.climbing import *  # noqa: F403
from cardkit.libraries.climbing import __all__ as __all__
