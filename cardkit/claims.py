"""Claims out of turn: a declared window in which other seats may claim a card just thrown.

The stable import path of :mod:`cardkit.engine.claims`, in the engine.
"""

from cardkit.engine.claims import *  # noqa: F403
from cardkit.engine.claims import __all__ as __all__
