"""Every installed game as a PettingZoo AEC environment, after PettingZoo's classic games.

The stable import path of :mod:`cardkit.frontends.adapters.pettingzoo`, in the front ends.
"""

from cardkit.frontends.adapters.pettingzoo import *  # noqa: F403
from cardkit.frontends.adapters.pettingzoo import __all__ as __all__
