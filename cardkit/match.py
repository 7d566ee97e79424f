"""Matches: a sequence of hands with a dealer, roles and running totals.

The stable import path of :mod:`cardkit.engine.match`, in the engine.
"""

from cardkit.engine.match import *  # noqa: F403
from cardkit.engine.match import __all__ as __all__
