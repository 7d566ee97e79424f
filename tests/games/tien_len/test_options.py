"""Tiến Lên rules §8, options: the player count and ``num_players``, ``placement_points`` and their
validation. Each option's effect is tested in the file of the section that explains it."""

from __future__ import annotations

import pytest

import cardkit
from tests.games.tien_len.helpers import P1, deal


def test_player_counts_and_num_players() -> None:
    """``num_players`` follows the player count; a conflicting value is a ValueError."""
    for players in (2, 3, 4):
        game = cardkit.load_game("tien-len", players=players)
        assert game.options["num_players"] == players
        assert game.options["placement_points"] == list(range(players - 1, -1, -1))
    assert cardkit.load_game("tien-len", players=3, num_players=3).players == 3
    with pytest.raises(ValueError, match="num_players"):
        cardkit.load_game("tien-len", num_players=3)
    with pytest.raises(ValueError):
        cardkit.load_game("tien-len", players=5)


def test_placement_points_validated_and_used() -> None:
    """``placement_points`` needs one value per place and scores the places."""
    with pytest.raises(ValueError, match="placement_points"):
        cardkit.load_game("tien-len", placement_points=[3, 2, 1])
    game = cardkit.load_game("tien-len", players=2, placement_points=[5, 0])
    state = deal({P1: "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2S 2C"}, game)
    state.apply("play 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    state.apply("pass")
    state.apply("play 2S 2C")
    assert state.result.payoffs == (5, 0)
