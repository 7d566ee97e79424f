"""Oklahoma gin passes cardkit's conformance kit for two and three players."""

from cardkit.testing import check_game


def test_conformance() -> None:
    """Random playouts with every engine check, both player counts and the plain preset."""
    check_game("oklahoma-gin", players=[2, 3], hands=6, seed=1)
    check_game("oklahoma-gin", players=[2], presets=["plain"], hands=4, seed=2)
