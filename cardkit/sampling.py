"""Dealing hidden cards again: the generic core of every game's ``State.determinize``.

The stable import path of :mod:`cardkit.libraries.sampling`, in the card libraries.
"""

from cardkit.libraries.sampling import *  # noqa: F403
from cardkit.libraries.sampling import __all__ as __all__
