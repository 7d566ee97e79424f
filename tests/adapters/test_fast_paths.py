"""The fast paths of the encoding and the environments give what the plain definitions give:
the observation read from the planes' card lists, every seat's log masks from the cards the
readers list, the legal moves sorted by index, fresh arrays at every call."""

from __future__ import annotations

import random

import numpy as np
import pytest

import cardkit
from cardkit.cards import CardSet
from cardkit.game import Encoding
from cardkit.services.encoding import (
    ActionCatalogue,
    LogReader,
    ObservationEncoding,
    SeatPlanes,
    encoding_for,
)
from cardkit.values.actions import parse_action
from cardkit.values.views import View

GAMES = [("gin-rummy", 2), ("gin-rummy", 3), ("oklahoma-gin", 2), ("tonk", 2), ("tonk", 3),
         ("tien-len", 2), ("tien-len", 4)]


def reference_entries(observation: ObservationEncoding, view: View) -> dict[int, float]:
    """The vector of ``view`` as the encoding's docstring defines it, from each plane's
    cards (never its mask form) and the view's counts."""
    width, players = len(observation.deck), observation.players
    order = [(view.seat + k) % players for k in range(players)]
    position = {card.index: spot for spot, card in enumerate(observation.deck)}
    entries: dict[int, float] = {}
    offset = 0
    for plane in observation.planes:
        if isinstance(plane, SeatPlanes):
            groups = [list(plane.cards(view, seat)) for seat in order]
        else:
            groups = [list(plane.cards(view))]
        for cards in groups:
            for card in cards:
                if card.index in position:
                    entries[offset + position[card.index]] = 1.0
            offset += width
    for seat in order:
        if view.hand_sizes[seat]:
            entries[offset] = view.hand_sizes[seat] / width
        offset += 1
    if view.stock_size:
        entries[offset] = view.stock_size / width
    offset += 1
    phase = view.phase if view.phase in observation.phases else "over"
    entries[offset + observation.phases.index(phase)] = 1.0
    offset += len(observation.phases)
    if view.current_player is not None:
        entries[offset + (view.current_player - view.seat) % players] = 1.0
    offset += players
    for scalars in observation.scalars:  # the game's own numbers close the vector
        for number in scalars.values(view):
            if number:
                entries[offset] = number
            offset += 1
    return entries


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_observation_is_the_one_read_from_the_planes_cards(name: str, players: int) -> None:
    """Every seat's vector at every move of seeded random hands, against a separate encoding
    read the slow way (its own log readers, their card lists)."""
    game = cardkit.load_game(name, players=players)
    fast = encoding_for(game).observation
    declared = game.definition.capability(Encoding)
    slow = declared.build(game).observation if declared is not None else ObservationEncoding(
        fast.deck, fast.players, fast.phases)
    for seed in range(4):
        state, rng = game.new_hand(seed=seed), random.Random(seed)
        while True:
            for seat in range(players):
                view = state.view(seat)
                assert fast.entries(view) == reference_entries(slow, view), (seed, seat)
            if state.is_over:
                break
            state.apply_unchecked(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("name", "players"), [("gin-rummy", 2), ("tonk", 3)])
def test_the_log_readers_masks_are_their_cards(name: str, players: int) -> None:
    """A reader's masks (kept move by move) are the OR of the cards it lists, for every seat,
    through hands read in turn and a hand read again from its start."""
    game = cardkit.load_game(name, players=players)
    readers = [plane.cards.masks.__self__  # type: ignore[attr-defined]
               for plane in encoding_for(game).observation.planes
               if isinstance(plane, SeatPlanes) and hasattr(plane.cards, "masks")]
    assert len(readers) == 2  # the cards shown in the log, and those taken from the pile
    for seed in (5, 6, 5):
        state, rng = game.new_hand(seed=seed), random.Random(seed)
        while not state.is_over:
            view = state.view(state.current_player or 0)
            for reader in readers:
                assert isinstance(reader, LogReader)
                masks = dict(reader.masks(view))
                cards = reader.read(view)
                for seat in range(players):
                    expected = CardSet(cards.get(seat, ())).mask
                    assert masks.get(seat, 0) == expected == reader.mask(view, seat)
            state.apply_unchecked(rng.choice(state.legal_actions()))


def test_legal_moves_come_sorted_by_index_in_any_order_given() -> None:
    catalogue = ActionCatalogue(["pass", "draw stock", "discard 7H", "discard 8H"])
    moves = [parse_action(text) for text in ("discard 8H", "pass", "discard 7H")]
    for given in (moves, moves[::-1], sorted(moves, key=str)):
        legal = catalogue.legal(given)
        assert list(legal) == [0, 2, 3]
        assert [str(action) for action in legal.values()] == ["pass", "discard 7H",
                                                             "discard 8H"]


def test_gin_views_list_the_hand_in_index_order() -> None:
    """Whatever the hand (the last cards of the deck included), the view's hand is the
    state's cards in index order."""
    game = cardkit.load_game("gin-rummy", players=2)
    rng = random.Random(2)
    for seed in range(30):
        state = game.new_hand(seed=seed)
        spades = CardSet.from_mask(((1 << 13) - 1) << 39)
        state.hands[0] = CardSet(rng.sample(list(spades), rng.randrange(1, 11)))
        for seat in range(2):
            hand = state.view(seat).hand
            assert hand == tuple(sorted(state.hands[seat], key=lambda card: card.index))


@pytest.mark.parametrize("name", ["gin-rummy", "tonk"])
def test_environments_hand_out_fresh_writable_arrays(name: str) -> None:
    """Changing an observation or a mask a learner was given changes nothing it is given
    later (a replay buffer keeps them)."""
    from cardkit.adapters.gymnasium import make_env
    from cardkit.adapters.pettingzoo import env

    table = env(name, players=2)
    table.reset(seed=4)
    first, *_ = table.last()
    kept = {key: array.copy() for key, array in first.items()}
    for array in first.values():
        assert array.flags.writeable
        array[:] = 0
    again, *_ = table.last()
    for key, array in again.items():
        assert np.array_equal(array, kept[key]) and array.dtype == kept[key].dtype
    assert again["observation"].dtype == np.float32 and again["action_mask"].dtype == np.int8
    assert again["observation"].shape == table.observation_space("player_0")[
        "observation"].shape

    single = make_env(name, players=2, opponents="random")
    observation, _ = single.reset(seed=4)
    kept = {key: array.copy() for key, array in observation.items()}
    observation["observation"][:] = 1
    observation["action_mask"][:] = 1
    illegal = int(np.flatnonzero(kept["action_mask"] == 0)[0])
    refused = single.step(illegal)  # changes nothing: the same observation, afresh
    assert "illegal" in refused[4]
    for key, array in refused[0].items():
        assert np.array_equal(array, kept[key])


@pytest.mark.parametrize(("name", "players"), [("gin-rummy", 2), ("tonk", 3), ("tien-len", 4)])
def test_pettingzoo_seed_test(name: str, players: int) -> None:
    """PettingZoo's own check that one seed gives one trajectory (observations included),
    with the encoding's caches shared between the two environments it compares."""
    from functools import partial

    from pettingzoo.test import seed_test

    from cardkit.adapters.pettingzoo import env

    seed_test(partial(env, name, players=players), num_cycles=50)
