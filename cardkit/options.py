"""Rule options, declared once per game.

The stable import path of :mod:`cardkit.values.options`, in the values layer.
"""

from cardkit.values.options import *  # noqa: F403
from cardkit.values.options import __all__ as __all__
