"""pyspiel aborts the interpreter at exit once a Python game has been simulated (its objects
are destroyed after the GIL is gone): leave the process with pytest's own status first."""

from __future__ import annotations

import os
import sys

import pytest

_STATUS: list[int] = []


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    _STATUS.append(int(exitstatus))


def pytest_unconfigure(config: pytest.Config) -> None:
    if "cardkit.adapters.openspiel" in sys.modules and _STATUS:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_STATUS[-1])
