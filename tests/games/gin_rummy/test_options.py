"""Gin rummy rules §8, options: the defaults that depend on the player count, and validation.
Each option's effect is tested in the file of the section that explains it."""

from __future__ import annotations

import pytest

import cardkit


def test_registered_and_option_defaults_depend_on_player_count() -> None:
    assert "gin-rummy" in cardkit.available_games()
    three = cardkit.load_game("gin-rummy").options
    two = cardkit.load_game("gin-rummy", players=2).options
    assert (three["undercut_bonus"], three["game_bonus"], three["line_bonus"],
            three["shutout_doubles"]) == (10, 0, 0, False)
    assert (two["undercut_bonus"], two["game_bonus"], two["line_bonus"],
            two["shutout_doubles"]) == (25, 100, 25, True)
    with pytest.raises(ValueError, match="knock_limit"):
        cardkit.load_game("gin-rummy", knock_limit=-1)
    with pytest.raises(ValueError, match="valid options"):
        cardkit.load_game("gin-rummy", nonsense=1)
