"""What one seat may see.

The stable import path of :mod:`cardkit.values.views`, in the values layer.
"""

from cardkit.values.views import *  # noqa: F403
from cardkit.values.views import __all__ as __all__
