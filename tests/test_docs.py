"""The examples in docs/api.md run as doctests, so the documented contract cannot rot."""

import doctest
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_api_examples_run():
    failures, attempted = doctest.testfile(
        str(DOCS / "api.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert attempted > 20
    assert failures == 0
