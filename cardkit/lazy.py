"""Names a package imports on first use (PEP 562), for plugins that start fast.

The stable import path of :mod:`cardkit.values.lazy`, in the values layer.
"""

from cardkit.values.lazy import *  # noqa: F403
from cardkit.values.lazy import __all__ as __all__
