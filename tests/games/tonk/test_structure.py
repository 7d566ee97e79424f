"""How Tonk is built: the deck deals what ``random.shuffle`` deals, views pass the ``View``
fields in their order, each phase is declared once with its handlers, the end-of-hand details
read as sentences naming seats as ``seat_name`` does, and hooks take the state first."""

from __future__ import annotations

import random

import attrs
import pytest
from cardkit_games.tonk.state import VIEW_FIELDS, TonkState
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import IllegalAction, load_game
from cardkit.values.deck import STANDARD_52, WITH_JOKERS_54
from cardkit.values.hooks import HookError
from cardkit.values.views import View
from tests.games.tonk.helpers import stack


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), jokers=st.sampled_from([0, 2]))
def test_the_same_seed_deals_the_same_cards_as_random_shuffle(seed, jokers):
    """Records that hold only a seed replay: Tonk's shuffle draws as ``random.shuffle``."""
    game = load_game("tonk", jokers=jokers)
    plain = WITH_JOKERS_54 if jokers else STANDARD_52
    assert game.deck_spec.shuffled(random.Random(seed)) == plain.shuffled(random.Random(seed))
    cards = list(plain.cards)
    random.Random(seed).shuffle(cards)
    assert list(game.new_hand(seed=seed).deck) == cards


def test_views_pass_the_view_fields_in_their_order():
    assert tuple(field.name for field in attrs.fields(View)) == VIEW_FIELDS
    view = load_game("tonk").new_hand(seed=3).view(0)
    assert view.game == "tonk" and view.seat == 0 and view.roles is None


def test_every_phase_declares_its_handlers():
    for name, phase in TonkState.PHASES.items():
        assert phase.name == name
        assert phase.legal and phase.apply and phase.why_illegal, name


def test_end_of_hand_details_read_as_sentences():
    game = load_game("tonk", players=2)
    state = game.new_hand(deck=stack(["7C 7D 7H 2D 9D", "7S 3C 4C 8H JS"], "KD",
                                     stock="QC QH AC"), seed=1)
    state.apply("draw stock")
    state.apply("spread 7C 7D 7H")
    state.apply("discard QC")
    state.apply("draw stock")
    state.apply("hit 7S 1")
    state.apply("discard QH")
    with pytest.raises(IllegalAction, match="hit-locked"):
        state.apply("drop")
    state.apply("draw stock")
    state.apply("discard AC")
    state.apply("drop")
    details = state.result.details
    assert details["table"] == ["seat 0's book 7C 7D 7H 7S"]
    assert details["explanation"] == ("seat 1 dropped with 25 and was caught by seat 0 with 11 "
                                      "(E6)")
    assert details["dropper"] == 1
    assert all(isinstance(value, str) for value in (details["explanation"], *details["table"]))


def test_hooks_take_the_state_first():
    game = load_game("tonk", players=3)
    for name in game.hooks.names():
        assert game.hooks.signature(name).startswith(f"{name}(state"), name
    with pytest.raises(HookError, match="settle_drop"):
        game.definition.hooks.replace(settle_drop=lambda base, options, players: None)


def test_a_hit_lock_still_running_at_the_end_is_a_sentence():
    game = load_game("tonk", players=2, hit_penalty_turns=3)
    state = game.new_hand(deck=stack(["7C 7D 7H 2D 9D", "7S 3C 4C 8H JS"], "KD",
                                     stock="QC QH AC"), seed=1)
    for move in ("draw stock", "spread 7C 7D 7H", "discard QC", "draw stock", "hit 7S 1",
                 "discard QH", "draw stock", "discard AC", "drop"):
        state.apply(move)
    assert state.result.details["still_hit_locked"] == "seat 0 for 2 more turns"
