"""Every installed game as an OpenSpiel game (a registered Python ``pyspiel.Game``).

The stable import path of :mod:`cardkit.frontends.adapters.openspiel`, in the front ends.
"""

from cardkit.frontends.adapters.openspiel import *  # noqa: F403
from cardkit.frontends.adapters.openspiel import __all__ as __all__
