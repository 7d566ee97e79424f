"""Zones declared once: where a hand's cards lie and who sees them, and the state methods that
follow from it.

The stable import path of :mod:`cardkit.libraries.zones`, in the card libraries.
"""

from cardkit.libraries.zones import *  # noqa: F403
from cardkit.libraries.zones import __all__ as __all__
