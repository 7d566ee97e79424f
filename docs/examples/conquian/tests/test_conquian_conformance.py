"""Conquian passes cardkit's conformance kit in its default rules and both presets."""

from cardkit.testing import check_game


def test_conformance_default() -> None:
    """Random playouts with every engine check, default options."""
    report = check_game("conquian", hands=12, seed=1)
    assert report.hands == 12


def test_conformance_presets_and_options() -> None:
    """The presets and the options that change the turn structure."""
    check_game("conquian", presets=["foster", "friendly"], hands=5, seed=2)
    check_game("conquian", options={"scoring": "points", "stock_out": "most_melded"},
               hands=5, seed=3)
