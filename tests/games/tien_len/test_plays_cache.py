"""The play cache (``cardkit_games.tien_len.plays``) is bounded and changes nothing but speed:
a game played with a tiny cache, evicting all the time, goes exactly as with the real one."""

from __future__ import annotations

import random

import pytest
from cardkit_games.tien_len import plays
from cardkit_games.tien_len.rules import climbing_rules
from cardkit_games.tien_len.tracker import combination_of_play
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.libraries.climbing import ComboType, all_combinations, classify
from cardkit.values.cache import BoundedCache
from cardkit.values.cards import STANDARD_CARDS, Card, CardSet
from cardkit.values.errors import IllegalAction
from tests.games.tien_len.helpers import fresh_plays


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


RULES_NAMES = ("never", "as_top_only")


@settings(max_examples=60, deadline=None)
@given(hand=st.lists(st.sampled_from(STANDARD_CARDS), min_size=1, max_size=13, unique=True))
def test_a_strength_mask_means_one_play_under_both_rules(hand: list) -> None:
    """Why one cache keyed by strength mask serves both rules values: their card orders are
    the same (a mask is the same cards, so the same action), and every combination of a hand
    under one is the same combination under the other or none there (2s in sequences only
    add sequences, which the other rules never list nor accept)."""
    never, top_only = (climbing_rules({"twos_in_sequences": name}) for name in RULES_NAMES)
    assert (never.rank_order, never.suit_order) == (top_only.rank_order, top_only.suit_order)
    for rules, other in ((never, top_only), (top_only, never)):
        for combo in all_combinations(CardSet(hand), rules):
            smask = rules.strength_mask(combo.cards)
            assert other.cards_of_strength_mask(smask) == combo.cards
            assert classify(combo.cards, other) in (combo, None)
            if classify(combo.cards, other) is None:  # a sequence through to a 2
                assert rules is top_only and combo.type is ComboType.SEQUENCE


def test_two_rules_values_in_one_process_each_get_their_own_answers() -> None:
    """Games of both rules values, interleaved move by move in one process (one play cache):
    every legal list is its own rules' fresh enumeration, every top its own rules'
    classification; a sequence up to a 2 played under one is refused under the other, and the
    search's play-outs of each equal their move-by-move play-outs."""
    games = {name: cardkit.load_game("tien-len", twos_in_sequences=name) for name in RULES_NAMES}
    rng = random.Random(3)
    played_to_two = False
    for seed in range(30):
        states = {name: game.new_hand(seed=seed) for name, game in games.items()}
        while not all(state.is_over for state in states.values()):
            for name, state in states.items():
                if state.is_over:
                    continue
                legal = state.legal_actions()
                plays_now = sorted(tuple(sorted(card.index for card in action.cards))
                                   for action in legal if action.kind == "play")
                assert plays_now == sorted(fresh_plays(state)), name
                to_two = [action for action in legal if action.kind == "play"
                          and any(card.rank == 2 for card in action.cards)
                          and classify(action.cards, state.rules).type is ComboType.SEQUENCE]
                action = to_two[0] if to_two else legal[rng.randrange(len(legal))]
                played_to_two |= bool(to_two)
                state.apply_unchecked(action)
                if action.kind == "play" and state.top is not None:  # the trick goes on
                    assert state.top == classify(action.cards, state.rules)
        if played_to_two:
            break
    # a sequence up to a 2, cached as a play under as_top_only, is no play under never
    cards = tuple(Card.parse(text) for text in ("QS", "KS", "AS", "2S"))
    top_only = climbing_rules({"twos_in_sequences": "as_top_only"})
    smask = top_only.strength_mask(cards)
    plays.play_cache()[~smask] = (cardkit.Action("play", cards=cards),
                                  classify(cards, top_only))
    state = games["never"].new_hand(seed=11)
    seat = state.current_player
    state.hands[seat] = CardSet.from_mask(state.hands[seat].mask | CardSet(cards).mask)
    state.must_include = None
    state.forget_legal_actions()
    assert not [action for action in state.legal_actions()
                if set(action.cards) == set(cards)]
    with pytest.raises(IllegalAction):
        state.apply("play QS KS AS 2S")
    assert combination_of_play(state.rules, cards) == (smask, None)
    assert played_to_two  # the as_top_only game played a sequence up to a 2
