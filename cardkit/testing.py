"""The conformance kit: one call a plugin author puts in their own tests.

The stable import path of :mod:`cardkit.services.testing`, in the services.
"""

from cardkit.services.testing import *  # noqa: F403
from cardkit.services.testing import __all__ as __all__
