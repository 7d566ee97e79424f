"""``TonkState.determinize``: the sampler of hidden cards that search agents plan on."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import load_game
from tests.games.tonk.helpers import SOURCE_READINGS, stack

PRESETS = [None, "texas", "all_house_rules", "all_house_rules_declined",
           "all_house_rules_reshuffle"]
OPTIONS = [{}, {"jokers": 2}, {"jokers": 2, "hand_size": 7}, {"initial_discard": False},
           {"initial_tonk_mode": "50_auto_49_in_turn"}]


def _played(seed: int, players: int, preset: str | None, options: dict, steps: int):
    """A hand after ``steps`` random actions (fewer if it ends first); drops are rare, so that
    hands last."""
    game = load_game("tonk", players=players, preset=preset, **options)
    state = game.new_hand(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        choices = [a for a in legal if a.kind != "drop"] or legal
        if rng.random() < 0.02:
            choices = legal
        state.apply_unchecked(choices[rng.randrange(len(choices))])
    return state


def _places(state) -> dict[int, tuple]:
    """Where each card is: ``("hand", seat)``, ``("stock", position)`` or another zone."""
    places: dict[int, tuple] = {}
    for seat, hand in enumerate(state.hands):
        for index in range(54):
            if hand >> index & 1:
                places[index] = ("hand", seat)
    for position, card in enumerate(state.stock):
        places[card.index] = ("stock", position)
    for position, card in enumerate(state.discards):
        places[card.index] = ("discards", position)
    for number, spread in enumerate(state.table):
        for card in spread.meld.cards:
            places[card.index] = ("table", number)
    return places


def _deck_cards(state) -> list[int]:
    return sorted(card.index for cards in state.zones().values() for card in cards)


def _play_out(state, rng: random.Random) -> None:
    for _ in range(5000):
        if state.is_over:
            return
        legal = state.legal_actions()
        assert legal, "a state in play has a legal action"
        state.apply(legal[rng.randrange(len(legal))])
        assert _deck_cards(state) == sorted(card.index for card in state.deck)
    raise AssertionError("the hand did not finish")


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.sampled_from([2, 3, 4]),
       config=st.sampled_from([(p, {}) for p in PRESETS] + [(None, o) for o in OPTIONS[1:]]),
       steps=st.integers(0, 80), seat_choice=st.integers(0, 3))
def test_determinize_keeps_what_the_seat_sees(seed, players, config, steps, seat_choice):
    preset, options = config
    state = _played(seed, players, preset, options, steps)
    seats = {seat_choice % players}
    if state.current_player is not None:
        seats.add(state.current_player)
    before = state.snapshot()
    rng = random.Random(seed ^ 0x5EED)
    for seat in sorted(seats):
        view = state.view(seat)
        hidden = state.hidden_cards(seat)
        old_places = _places(state)
        hidden_places = {old_places[card.index] for card in hidden}
        moved = False
        for sample in range(24):
            copy = state.determinize(seat, rng)
            assert copy is not state
            assert copy.view(seat) == view
            if seat == state.current_player:
                assert copy.legal_actions() == state.legal_actions()
            assert _deck_cards(copy) == sorted(card.index for card in state.deck)
            assert [h.bit_count() for h in copy.hands] == [h.bit_count() for h in state.hands]
            assert len(copy.stock) == len(state.stock)
            assert copy.hidden_cards(seat) == hidden
            if not copy.is_over:  # no cache left from the real hands
                assert copy.legal_actions() == copy._legal_actions()
            new_places = _places(copy)
            for index, place in old_places.items():
                if not hidden.mask >> index & 1:
                    assert new_places[index] == place, "a card the seat can place moved"
            moved = moved or any(new_places[card.index] != old_places[card.index]
                                 for card in hidden)
            # the copy's deal-time data matches its hands for seats that have not played
            for other, played in enumerate(copy.had_turn):
                if not played and not copy.is_over:
                    assert copy.dealt[other] == copy.hands[other]
            if sample < 2:
                _play_out(copy, random.Random(seed + sample))
        if len(hidden_places) > 1:
            assert moved, "hidden cards never moved"
    assert state.snapshot() == before


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.sampled_from([2, 3, 4]),
       preset=st.sampled_from(PRESETS))
def test_determinize_after_the_hand_is_over(seed, players, preset):
    state = _played(seed, players, preset, {}, 10_000)
    assert state.is_over
    rng = random.Random(seed)
    for seat in range(players):
        copy = state.determinize(seat, rng)
        assert copy.view(seat) == state.view(seat)
        assert copy.is_over and copy.result == state.result
        assert _deck_cards(copy) == sorted(card.index for card in state.deck)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.sampled_from([2, 3, 4]),
       preset=st.sampled_from(PRESETS))
def test_a_fresh_copy_is_the_hand_that_its_deal_would_give(seed, players, preset):
    """Before any action, the copy equals the real hand dealt from the copy's cards (so the
    deal check, E3 and the side bet see the sampled hands)."""
    game = load_game("tonk", players=players, preset=preset)
    state = game.new_hand(seed=seed)
    seat = state.current_player if state.current_player is not None else 0
    copy = state.determinize(seat, random.Random(seed))
    hands = [" ".join(c.text for c in sorted(copy.view(s).hand, key=lambda c: c.index))
             for s in range(players)]
    upcard = copy.discards[0].text if copy.discards else None
    stock = " ".join(card.text for card in reversed(copy.stock))
    if state.is_over:  # decided at the deal: only the stock is hidden
        assert copy.view(seat) == state.view(seat)
        return
    real = game.new_hand(seed=copy.seed, deck=stack(hands, upcard, stock),
                         context=state.context)
    ignored = {"deck", "stacked", "game", "_legal", "_legal_set"}
    assert ({k: v for k, v in copy.__dict__.items() if k not in ignored}.keys()
            == {k: v for k, v in real.__dict__.items() if k not in ignored}.keys())
    for key, value in real.__dict__.items():
        if key not in ignored and key != "table":
            assert getattr(copy, key) == value, key
    assert copy.legal_actions() == real.legal_actions()


def test_the_stock_order_after_a_reshuffle_is_hidden():
    """E7 reshuffle: the reshuffled discards are hidden again (where each one is now is
    unknown), so a copy does not know the new stock's order."""
    game = load_game("tonk", players=2, stock_exhaustion="reshuffle", turn_cap=400)
    state = game.new_hand(deck=stack(["2C 3D 4H 5S 6C", "7D 8H 9S TC JD"], "KS"), seed=3)
    rng = random.Random(1)
    while state.reshuffles == 0:
        legal = [a for a in state.legal_actions() if a.kind in ("draw", "discard")]
        draw = [a for a in legal if str(a) == "draw stock"]
        state.apply((draw or legal)[rng.randrange(len(draw or legal))])
    seat = state.current_player
    assert len(state.hidden_cards(seat)) >= len(state.stock)
    tops = {state.determinize(seat, rng).stock[-1] for _ in range(30)}
    assert len(tops) > 1


def test_determinize_holds_under_the_sources_readings():
    """A re-deal looks the same to the seat: same view, same legal moves."""
    game = load_game("tonk", players=3, preset="all_house_rules", **SOURCE_READINGS)
    rng = random.Random(3)
    for seed in range(15):
        state = game.new_hand(seed=seed)
        while not state.is_over:
            seat = state.current_player
            copy = state.determinize(seat, rng)
            assert copy.view(seat) == state.view(seat)
            assert copy.legal_actions() == state.legal_actions()
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
