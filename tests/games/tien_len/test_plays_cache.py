"""The play cache (``cardkit_games.tien_len.plays``) is bounded and changes nothing but speed:
a game played with a tiny cache, evicting all the time, goes exactly as with the real one."""

from __future__ import annotations

import random

import pytest
from cardkit_games.tien_len import plays

import cardkit
from cardkit.values.cache import BoundedCache


def _history(seed: int) -> list[str]:
    game = cardkit.load_game("tien-len")
    state = game.new_hand(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply_unchecked(legal[rng.randrange(len(legal))])
    return [str(action) for _, action in state.history]


def test_a_tiny_cache_stays_within_its_size_and_plays_the_same(
        monkeypatch: pytest.MonkeyPatch) -> None:
    expected = [_history(seed) for seed in range(6)]
    tiny: BoundedCache = BoundedCache(32)
    monkeypatch.setattr(plays, "_PLAYS", tiny)
    assert [_history(seed) for seed in range(6)] == expected
    assert 0 < len(tiny) <= 32


def test_the_documented_bound() -> None:
    """The cache's size times the measured size of an entry stays under 20 MiB."""
    assert isinstance(plays._PLAYS, BoundedCache)
    assert plays._PLAYS.maxsize == plays.PLAYS_CACHE_SIZE
    assert plays.PLAYS_CACHE_SIZE * plays.ENTRY_BYTES <= 20 * 2**20
