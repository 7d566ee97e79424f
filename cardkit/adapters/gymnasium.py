"""Every installed game as a single-agent Gymnasium environment: one seat learns, the other.

The stable import path of :mod:`cardkit.frontends.adapters.gymnasium`, in the front ends.
"""

from cardkit.frontends.adapters.gymnasium import *  # noqa: F403
from cardkit.frontends.adapters.gymnasium import __all__ as __all__
