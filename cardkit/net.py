"""Play over a network: a WebSocket server that alone holds the cards, and a client API.

The stable import path of :mod:`cardkit.frontends.net`, in the front ends.
"""

from cardkit.frontends.net import *  # noqa: F403
from cardkit.frontends.net import __all__ as __all__
