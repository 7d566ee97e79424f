"""Rummy 500 passes cardkit's conformance kit over every player count, preset and option."""

from cardkit.testing import check_game


def test_conformance_spread_over_the_options() -> None:
    """Random playouts with every engine check, spread over presets and option values."""
    report = check_game("rummy500", hands=6, seed=1)
    assert report.hands == 18
    assert set(report.endings) <= {"went_out", "stock_out"}


def test_conformance_strict_preset_at_four_players() -> None:
    """Every card taken must be melded, and going out needs a discard."""
    check_game("rummy500", players=[4], presets=["strict"], options={"stock_out": "pile"},
               hands=4, seed=2)
