"""Actions: small immutable values with a canonical text.

The stable import path of :mod:`cardkit.values.actions`, in the values layer.
"""

from cardkit.values.actions import *  # noqa: F403
from cardkit.values.actions import __all__ as __all__
