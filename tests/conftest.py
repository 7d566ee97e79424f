"""Suite-wide settings.

Under CI (``CI`` set) hypothesis runs derandomized, so a run on a clean clone is reproducible
and a red build can be replayed exactly; on a developer's machine it explores new examples
each run. Timing deadlines are off everywhere: the machines are shared, and speed is measured
with the scripts in ``bench/``, never in tests.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
