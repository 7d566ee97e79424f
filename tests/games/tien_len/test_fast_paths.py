"""The fast paths of Tiến Lên's legal moves (``tracker``: the kept sets, the lead list filtered
from one lead to the next, bomb rules only for hands with bombs, the inlined single follow; the
deal's bit tests for instant wins) give exactly what a fresh enumeration and plain counting
give, on random games and random hands."""

from __future__ import annotations

import random

from cardkit_games.tien_len.bots import agents
from cardkit_games.tien_len.phases import PASS
from cardkit_games.tien_len.rules import (
    INSTANT_WINS,
    TWO_POSITION,
    climbing_rules,
)
from cardkit_games.tien_len.tracker import combination_of_play, set_plays
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.libraries.climbing import ComboType, all_combinations, classify, combinations_of_type
from cardkit.values.cards import STANDARD_CARDS, CardSet
from tests.games.tien_len.helpers import fresh_plays

RULES = {name: climbing_rules({"twos_in_sequences": name})
         for name in ("never", "as_top_only")}
HANDS = st.lists(st.sampled_from(STANDARD_CARDS), min_size=1, max_size=13, unique=True)
OPTIONS = st.fixed_dictionaries({
    "twos_in_sequences": st.sampled_from(["never", "as_top_only"]),
    "quad_beats_pair_of_twos": st.booleans(),
    "longer_double_sequence_beats_shorter": st.booleans(),
    "cross_bomb_beating": st.booleans(),
    "bombs_ignore_pass_lock": st.booleans(),
})


@settings(max_examples=25, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_legal_moves_equal_a_fresh_enumeration_after_every_move(options: dict, seed: int,
                                                                players: int) -> None:
    game = cardkit.load_game("tien-len", players=players, **options)
    rng = random.Random(seed)
    state = game.new_hand(seed=seed)
    dealt = sum(len(hand) for hand in state.hands)
    while state.result is None:
        legal = state.legal_actions()
        plays = [tuple(sorted(card.index for card in action.cards))
                 for action in legal if action != PASS]
        assert plays == fresh_plays(state)
        assert (PASS in legal) == (state.top is not None)
        if rng.random() < 0.1:  # a copy goes on from here with its own lists
            twin = state.clone()
            assert twin.legal_actions() == legal
        state.apply_unchecked(legal[rng.randrange(len(legal))])
        in_play = sum(len(hand) for hand in state.hands)
        on_table = len(state.set_aside) + sum(len(cards) for _, cards in state.trick)
        assert in_play + on_table == dealt  # every card is somewhere, once
    assert state.record().replay().snapshot() == state.snapshot()


def _counts(smask: int) -> list[int]:
    return [(smask >> 4 * p & 0xF).bit_count() for p in range(13)]


def _plain_instant_wins(smask: int) -> dict[str, bool]:
    counts = _counts(smask)
    run = best = 0
    for count in counts[:TWO_POSITION]:
        run = run + 1 if count >= 2 else 0
        best = max(best, run)
    return {
        "four_twos": counts[TWO_POSITION] == 4,
        "dragon": all(counts[:TWO_POSITION]),
        "six_pairs": sum(count // 2 for count in counts) >= 6,
        "five_consecutive_pairs": best >= 5,
    }


@settings(max_examples=300, deadline=None)
@given(hand=st.lists(st.sampled_from(STANDARD_CARDS), min_size=13, max_size=13, unique=True))
def test_instant_win_bit_tests_equal_plain_counting(hand: list) -> None:
    smask = RULES["never"].strength_mask(hand)
    assert {name: test(smask) for name, test in INSTANT_WINS.items()} == \
        _plain_instant_wins(smask)


@settings(max_examples=300, deadline=None)
@given(hand=HANDS, order=st.sampled_from(sorted(RULES)))
def test_holds_bomb_is_any_quad_or_double_sequence(hand: list, order: str) -> None:
    rules = RULES[order]
    bombs = [c for c in all_combinations(hand, rules)
             if c.type in (ComboType.QUAD, ComboType.DOUBLE_SEQUENCE)]
    assert set_plays(rules).holds_bomb(rules.strength_mask(hand)) == bool(bombs)


@settings(max_examples=300, deadline=None)
@given(hand=HANDS, threshold=st.integers(-1, 51),
       type_=st.sampled_from([ComboType.SINGLE, ComboType.PAIR, ComboType.TRIPLE,
                              ComboType.QUAD]))
def test_kept_sets_beating_a_threshold(hand: list, threshold: int, type_: ComboType) -> None:
    rules = RULES["never"]
    size = {ComboType.SINGLE: 1, ComboType.PAIR: 2, ComboType.TRIPLE: 3, ComboType.QUAD: 4}
    expected = [c.cards for c in combinations_of_type(hand, type_, rules=rules)
                if c.key_strength > threshold]
    found = set_plays(rules).beating(size[type_], rules.strength_mask(hand), threshold)
    assert [frozenset(action.cards) for action in found] == [frozenset(c) for c in expected]


@settings(max_examples=300, deadline=None)
@given(cards=st.lists(st.sampled_from(STANDARD_CARDS), min_size=1, max_size=8, unique=True),
       order=st.sampled_from(sorted(RULES)))
def test_combination_of_play_is_classify(cards: list, order: str) -> None:
    rules = RULES[order]
    smask, combo = combination_of_play(rules, cards)
    assert smask == rules.strength_mask(cards)
    assert combo == classify(CardSet(cards), rules)
    assert combination_of_play(rules, cards)[1] == combo  # and again, from the cache


@settings(max_examples=300, deadline=None)
@given(hand=HANDS, order=st.sampled_from(sorted(RULES)), suits=st.permutations(range(4)))
def test_units_by_rank_counts_equal_the_plan_of_the_hand(hand: list, order: str,
                                                         suits: list) -> None:
    """A hand's units come from a table keyed by its rank counts (``rank_counts``, every
    position's bits counted at once): each equals the plan's units of that very hand, and a
    hand alike but for suits (met first) gives the same."""
    rules = RULES[order]
    smask = rules.strength_mask(CardSet(hand))
    counts = agents.rank_counts(smask)
    assert [counts >> 4 * p & 0xF for p in range(13)] == [
        (smask >> 4 * p & 0xF).bit_count() for p in range(13)]
    sequences, left = agents.plan_sequences(smask)
    expected = len(sequences) + sum(1 for count in left if count)
    # the same ranks in other suits, weighed first: its units are then read from the table
    alike = sum(1 << 4 * p + suits[s] for p in range(13) for s in range(4)
                if smask >> 4 * p + s & 1)
    assert agents.rank_counts(alike) == counts
    agents._UNITS.pop(alike, None)
    agents._UNITS.pop(smask, None)
    agents.hand_units(alike)
    assert agents.hand_units(smask) == expected


@settings(max_examples=300, deadline=None)
@given(smask=st.one_of(
    st.integers(0, (1 << 52) - 1),
    st.lists(st.integers(0, 51), max_size=13).map(lambda bits: sum(1 << b for b in set(bits))),
    st.lists(st.integers(0, 12), max_size=13).map(  # a few ranks, many cards at each
        lambda ranks: sum(1 << 4 * r + s for r in set(ranks) for s in range(1 + r % 4)))))
def test_units_by_bit_masks_equal_the_plan(smask: int) -> None:
    """``units_of_counts``, the plan's rounds on bit masks, gives the units of
    ``plan_sequences`` for any strength mask (hands of 13 cards or fewer, dense ones, any)."""
    sequences, left = agents.plan_sequences(smask)
    assert agents.units_of_counts(agents.rank_counts(smask)) == len(sequences) + sum(
        1 for count in left if count)
