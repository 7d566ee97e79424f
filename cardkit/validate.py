"""Checks of untrusted plain data (records, saved contexts): each problem is one.

The stable import path of :mod:`cardkit.values.validate`, in the values layer.
"""

from cardkit.values.validate import *  # noqa: F403
from cardkit.values.validate import __all__ as __all__
