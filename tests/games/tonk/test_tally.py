"""The greedy agent's tally of the public history (``CountTally``), read on from a remembered
point across a search's worlds, equals a tally read afresh from the start of each history."""

from __future__ import annotations

import random

from cardkit_games.tonk.bots.agents import CountTally
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import load_game


def _fresh(state) -> tuple[list, dict, int]:
    tally = CountTally()
    tally.update(state)
    return tally.pile, tally.known, tally.shown


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**30), players=st.integers(2, 4), depth=st.integers(0, 30))
def test_a_tally_kept_across_worlds_reads_what_a_fresh_one_reads(seed, players, depth):
    game = load_game("tonk", players=players)
    rng = random.Random(seed)
    root = game.new_hand(seed=seed)
    for _ in range(depth):  # a root some moves in (drops avoided, so the hand goes on)
        if root.is_over:
            return
        legal = [a for a in root.legal_actions() if a.kind != "drop"] or root.legal_actions()
        root.apply(legal[rng.randrange(len(legal))])
    if root.is_over:
        return
    kept = CountTally()  # one tally for every world, as a play-out policy keeps it
    for world_seed in range(6):
        world = root.determinize(root.current_player, random.Random(world_seed))
        while not world.is_over:
            kept.update(world)
            assert (kept.pile, kept.known, kept.shown) == _fresh(world)
            legal = world.legal_actions()
            world.apply(legal[rng.randrange(len(legal))])
