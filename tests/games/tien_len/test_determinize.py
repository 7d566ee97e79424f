"""``TienLenState.determinize``: hidden cards dealt again, everything the seat sees unchanged."""

from __future__ import annotations

import random
from collections import Counter

from cardkit_games.tien_len.state import TienLenState
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.values.cards import STANDARD_CARDS

OPTION_SETS = [
    {},
    {"bombs_ignore_pass_lock": True, "quad_beats_pair_of_twos": True},
    {"bombs_ignore_pass_lock": True, "cross_bomb_beating": True,
     "longer_double_sequence_beats_shorter": True, "play_direction": "counterclockwise"},
    {"instant_wins": ["four_twos", "dragon", "six_pairs", "five_consecutive_pairs"]},
]


def _played_state(players: int, options: dict, seed: int, steps: int) -> TienLenState:
    game = cardkit.load_game("tien-len", players=players, **options)
    state = game.new_hand(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply_unchecked(rng.choice(state.legal_actions()))
    return state


def _zones_hold_deck(state: TienLenState) -> None:
    counts = Counter(card for cards in state.zones().values() for card in cards)
    assert counts == Counter(STANDARD_CARDS)


def _play_out(state: TienLenState, rng: random.Random) -> None:
    for _ in range(2000):  # the definition's max_actions
        if state.is_over:
            return
        state.apply_unchecked(rng.choice(state.legal_actions()))
    raise AssertionError("random play did not finish the hand")


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 4), options=st.sampled_from(OPTION_SETS),
       seed=st.integers(0, 10**6), steps=st.integers(0, 80))
def test_determinize_keeps_what_the_seat_sees(players: int, options: dict, seed: int,
                                               steps: int) -> None:
    """Same view and legal moves, cards conserved, hand sizes kept, original untouched, hidden
    cards move, and the copy plays out to a finished hand."""
    state = _played_state(players, options, seed, steps)
    before = state.snapshot()
    rng = random.Random(seed)
    for seat in range(players):
        moved = False
        for _ in range(4):
            copy = state.determinize(seat, rng)
            assert copy is not state
            assert copy.view(seat) == state.view(seat)
            if state.current_player == seat:
                assert copy.legal_actions() == state.legal_actions()
            _zones_hold_deck(copy)
            assert [len(h) for h in copy.hands] == [len(h) for h in state.hands]
            assert len(copy.out_of_play) == len(state.out_of_play)
            assert copy.hidden_cards(seat) == state.hidden_cards(seat)
            moved |= copy.hands != state.hands
            _play_out(copy, rng)
            assert copy.is_over
        # Several other hands, or out of play cards, hidden: some sample moves a card (with two
        # hidden cards a sample keeps them in place half the time, so allow enough samples).
        if not state.is_over and len(state.hidden_cards(seat)) > max(
                len(state.hands[s]) for s in range(players) if s != seat):
            for _ in range(40):
                moved = moved or state.determinize(seat, rng).hands != state.hands
            assert moved
    assert state.snapshot() == before


def test_determinize_after_the_hand_is_over() -> None:
    """A finished hand: the copy shows every seat the same thing."""
    state = _played_state(3, {}, 7, 5000)
    assert state.is_over
    rng = random.Random(1)
    for seat in range(3):
        copy = state.determinize(seat, rng)
        assert copy.view(seat) == state.view(seat)
        _zones_hold_deck(copy)


def test_determinize_moves_hidden_cards_between_hands() -> None:
    """Over several samples each other player's hand changes, the seat's own never does."""
    state = _played_state(4, {}, 3, 0)
    rng = random.Random(5)
    copies = [state.determinize(0, rng) for _ in range(5)]
    assert all(c.hands[0] == state.hands[0] for c in copies)
    for other in (1, 2, 3):
        assert any(c.hands[other] != state.hands[other] for c in copies)


def test_determinize_keeps_the_lowest_dealt_card_rule() -> None:
    """With 2 players the cards weaker than the lowest dealt card stay out of play (§2.4), the
    public card to lead stays with its holder, and the copy's record replays its own deal."""
    game = cardkit.load_game("tien-len", players=2)
    rng = random.Random(2)
    for seed in range(30):
        state = game.new_hand(seed=seed)
        if state.is_over:
            continue
        lowest = state.must_include
        rules = state.rules
        for seat in (0, 1):
            copy = state.determinize(seat, rng)
            holder = state.current_player
            assert lowest in copy.hands[holder]
            weaker = [c for c in STANDARD_CARDS if rules.strength(c) < rules.strength(lowest)]
            assert all(c in copy.out_of_play for c in weaker)
            assert copy.record().replay(game).snapshot() == copy.snapshot()


def test_determinize_never_deals_an_instant_win_while_play_goes_on() -> None:
    """The game went on, so no dealt hand held an enabled instant win (§5.1)."""
    kinds = ["four_twos", "dragon", "six_pairs", "five_consecutive_pairs"]
    game = cardkit.load_game("tien-len", players=4, instant_wins=kinds)
    rng = random.Random(0)
    checked = 0
    for seed in range(40):
        state = game.new_hand(seed=seed)
        if state.is_over:
            continue
        for _ in range(5):
            copy = state.determinize(0, rng)
            assert not game.hooks.instant_wins(copy)
            checked += 1
    assert checked
