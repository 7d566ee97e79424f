"""Cards and card sets.

The stable import path of :mod:`cardkit.values.cards`, in the values layer.
"""

from cardkit.values.cards import *  # noqa: F403
from cardkit.values.cards import __all__ as __all__
