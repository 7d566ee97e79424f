"""Fixtures for the engine tests: the knock-rummy test game, registered in-process."""

import pytest

from cardkit.engine import registry
from testgames.knock_rummy import KNOCK_RUMMY


@pytest.fixture
def knock_rummy():
    """The test game, loadable by name as ``knock-rummy`` while the test runs."""
    registry.register(KNOCK_RUMMY)
    yield KNOCK_RUMMY
    registry.unregister(KNOCK_RUMMY.name)
