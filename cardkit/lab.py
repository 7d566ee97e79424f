"""The rule lab: what does a house rule do to a game?.

The stable import path of :mod:`cardkit.frontends.lab`, in the front ends.
"""

from cardkit.frontends.lab import *  # noqa: F403
from cardkit.frontends.lab import __all__ as __all__
