"""A fair search agent for any game whose state can sample hidden cards.

The stable import path of :mod:`cardkit.services.search`, in the services.
"""

from cardkit.services.search import *  # noqa: F403
from cardkit.services.search import __all__ as __all__
