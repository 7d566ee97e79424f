"""How a hand ended: transfers, payoffs, winners.

The stable import path of :mod:`cardkit.values.results`, in the values layer.
"""

from cardkit.values.results import *  # noqa: F403
from cardkit.values.results import __all__ as __all__
