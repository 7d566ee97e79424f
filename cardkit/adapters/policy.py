"""Policies over a game's encoding, and the one adapter that makes a policy a cardkit agent.

The stable import path of :mod:`cardkit.frontends.adapters.policy`, in the front ends.
"""

from cardkit.frontends.adapters.policy import *  # noqa: F403
from cardkit.frontends.adapters.policy import __all__ as __all__
