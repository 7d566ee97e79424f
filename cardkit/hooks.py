"""Scoring and rule hooks: the named points where a game's rules decide what happens.

The stable import path of :mod:`cardkit.values.hooks`, in the values layer.
"""

from cardkit.values.hooks import *  # noqa: F403
from cardkit.values.hooks import __all__ as __all__
