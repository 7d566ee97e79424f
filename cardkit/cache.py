"""A bounded memo table: the one cache every hot path uses.

The stable import path of :mod:`cardkit.values.cache`, in the values layer.
"""

from cardkit.values.cache import *  # noqa: F403
from cardkit.values.cache import __all__ as __all__
