"""Rummy melds: sets and runs under configurable rules, exact deadwood search, lay-offs.

The stable import path of :mod:`cardkit.libraries.melds`, in the card libraries.
"""

from cardkit.libraries.melds import *  # noqa: F403
from cardkit.libraries.melds import __all__ as __all__
