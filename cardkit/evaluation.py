"""One evaluation call: an agent or a policy against a rival on duplicate deals, with a 95 %
interval.

The stable import path of :mod:`cardkit.frontends.evaluation`, in the front ends.
"""

from cardkit.frontends.evaluation import *  # noqa: F403
from cardkit.frontends.evaluation import __all__ as __all__
