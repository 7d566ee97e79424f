"""Suite-wide settings.

Under CI (``CI`` set) hypothesis runs derandomized, so a run on a clean clone is reproducible
and a red build can be replayed exactly; on a developer's machine it explores new examples
each run. Timing deadlines are off everywhere: the machines are shared, and speed is measured
with the scripts in ``bench/``, never in tests.
"""

import gc
import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

#: Modules whose tests each run for many seconds (fresh virtual environments, mypy over the
#: whole project, the example plugins' own suites): started first, so that the two workers do
#: not end with one of them alone on a long test.
LONG_FIRST = ("tests/plugins/test_new_game.py", "tests/test_types.py",
              "tests/test_packaging.py", "tests/plugins/test_examples.py")


def pytest_collection_modifyitems(items: list) -> None:
    """Run the long modules' tests first (a stable sort: the rest keep their order)."""
    items.sort(key=lambda item: not item.nodeid.startswith(LONG_FIRST))


# The suite imports scipy, statsmodels, Dask, matplotlib, OpenSpiel and Textual: millions of
# objects that live to the end. Every full collection of the cyclic garbage collector walks
# them all, and tests that allocate a lot (hypothesis, the conformance kit) trigger hundreds
# of full collections: a test that takes 0.05 s alone took seconds late in a run. Frozen
# objects are skipped by the collector, so what has been imported is frozen once collected,
# after collection and again before each module (what a module imports lazily joins then).
def pytest_collection_finish(session: object) -> None:
    """Freeze what collection imported (after collecting its garbage)."""
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True, scope="module")
def _freeze_what_lives_on() -> None:
    """Before each module: collect the garbage of the last (cheap: the frozen objects are not
    walked) and freeze what is left."""
    gc.collect()
    gc.freeze()
