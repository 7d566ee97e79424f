"""Encodings: a game's moves as the numbers 0..n-1 and a seat's view as a vector of numbers.

The stable import path of :mod:`cardkit.services.encoding`, in the services.
"""

from cardkit.services.encoding import *  # noqa: F403
from cardkit.services.encoding import __all__ as __all__
