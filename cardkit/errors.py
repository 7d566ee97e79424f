"""The exceptions cardkit raises to its users.

The stable import path of :mod:`cardkit.values.errors`, in the values layer.
"""

from cardkit.values.errors import *  # noqa: F403
from cardkit.values.errors import __all__ as __all__
