"""The plan planes Tiến Lên's encoding adds to the base planes: read from the seat's own view,
a split of its hand as the game's players plan it, and its boss singles."""

from __future__ import annotations

import random

from cardkit_games.tien_len.bots.agents import hand_units
from cardkit_games.tien_len.encoding import PLAN_PLANES, hand_plan
from cardkit_games.tien_len.rules import climbing_rules

import cardkit
from cardkit.encoding import encoding_for
from cardkit.values.cards import STANDARD_CARDS, CardSet


def test_the_planes_split_the_hand_by_its_plan_and_mark_its_boss_singles() -> None:
    game = cardkit.load_game("tien-len", players=2)
    rules = climbing_rules(game.options)
    rng = random.Random(7)
    checked = 0
    for seed in range(12):
        state = game.new_hand(seed=seed)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            mine = CardSet(view.hand).mask
            in_sequence, in_set, single, boss = hand_plan(view, rules)
            # the three parts of the plan are disjoint and make up the hand
            assert not in_sequence & in_set and not in_sequence & single and not in_set & single
            assert in_sequence | in_set | single == mine
            smask = rules.strength_mask(view.hand)
            # as many single units as the plan has units beyond its sequences and sets
            assert single.bit_count() <= hand_units(smask)
            played = 0
            for move in view.history:
                if move.action.kind == "play":
                    played |= CardSet(move.action.cards).mask
            unseen = [card for card in STANDARD_CARDS if not card.mask & (mine | played)]
            strongest = max((rules.strength(card) for card in unseen), default=-1)
            assert [card for card in view.hand if card.mask & boss] == [
                card for card in view.hand if rules.strength(card) > strongest]
            checked += 1
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
    assert checked > 100


def test_the_observation_holds_the_plan_planes_after_the_base_planes() -> None:
    game = cardkit.load_game("tien-len", players=3)
    observation = encoding_for(game).observation
    names = observation.plane_names
    assert names[-len(PLAN_PLANES):] == list(PLAN_PLANES)
    state = game.new_hand(seed=5)
    view = state.view(1)
    vector = observation.encode(view)
    first = len(names) - len(PLAN_PLANES)
    width = len(observation.deck)
    for number, mask in enumerate(hand_plan(view, climbing_rules(game.options))):
        offset = (first + number) * width
        shown = [card for spot, card in enumerate(observation.deck) if vector[offset + spot]]
        assert shown == [card for card in observation.deck if card.mask & mask]
