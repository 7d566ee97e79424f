"""Tonk rules §8, options and presets: the Texas profile and its overrides (6.7), and a clear error
for an unknown option. Each option's effect is tested in the file of the section that explains
it (see the option table's section references)."""

from __future__ import annotations

import pytest

import cardkit
from cardkit import load_game
from tests.games.tonk.helpers import stack


def test_payout_profile_texas_and_overrides():
    texas = load_game("tonk", players=2, preset="texas")
    for name, value in {"initial_49_multiplier": 1, "caught_settlement": "texas"}.items():
        assert texas.options[name] == value
    assert load_game("tonk", payout_profile="texas").options["initial_49_multiplier"] == 1
    overridden = load_game("tonk", payout_profile="texas", initial_49_multiplier=3)
    assert overridden.options["initial_49_multiplier"] == 3
    deck49 = stack(["KS QH JD 10C 9S", "2C 3D 9H 8S 9D"])
    assert texas.new_hand(seed=1, deck=deck49).result.payoffs == (1, -1)


def test_unknown_option_is_a_clear_error():
    with pytest.raises(ValueError, match="valid options"):
        cardkit.load_game("tonk", hit_penalty=1)
