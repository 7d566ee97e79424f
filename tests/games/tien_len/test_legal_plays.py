"""Legal-play generation against a brute-force filter over every subset of the hand (§4.3, §4.4,
every bomb option), for every kind of trick top; and the same check on states of random games."""

from __future__ import annotations

import itertools
import random

from cardkit_games.tien_len.rules import beating_plays, bomb_rules, climbing_rules, lead_plays
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.libraries.climbing import Combination, ComboType, classify
from cardkit.values.cards import STANDARD_CARDS, CardSet, parse_cards

SINGLE, PAIR, TRIPLE, QUAD = ComboType.SINGLE, ComboType.PAIR, ComboType.TRIPLE, ComboType.QUAD
DSEQ = ComboType.DOUBLE_SEQUENCE

TOPS = [
    "9H", "2S", "2H", "8C 8D", "2S 2C", "9S 9C 9D", "2S 2C 2D", "7S 7C 7D 7H", "2S 2C 2D 2H",
    "5C 6D 7S", "8C 9D 10S JH", "10S JH QD KC AS", "QS KD AH 2C", "4S 4C 5D 5H 6C 6D",
    "6S 6C 7D 7H 8S 8C 9D 9H", "3S 3C 4D 4H 5S 5C 6D 6H 7S 7C",
]


def reference_beats(c: Combination, top: Combination, fight: bool, options: dict) -> bool:
    """§4.3/§4.4 written out plainly."""
    rank = c.key_strength // 4
    top_rank = top.key_strength // 4
    if c.type is top.type and c.length == top.length:
        if top.type in (TRIPLE, QUAD):
            return rank > top_rank
        return c.key_strength > top.key_strength
    if top_rank == 12 and top.type in (SINGLE, PAIR, TRIPLE):
        if top.type is SINGLE:
            return c.type in (QUAD, DSEQ)
        if top.type is PAIR:
            return (c.type is DSEQ and c.length >= 4) or (
                c.type is QUAD and options["quad_beats_pair_of_twos"])
        return c.type is DSEQ and c.length >= 5
    if fight and top.type is QUAD:
        return (options["cross_bomb_beating"] and top_rank != 12 and c.type is DSEQ
                and c.length >= 4)
    if fight and top.type is DSEQ:
        if c.type is DSEQ:
            return options["longer_double_sequence_beats_shorter"] and c.length > top.length
        if c.type is QUAD:
            return options["cross_bomb_beating"] and top.length == 3
    return False


def brute_force(hand: list, top: Combination | None, fight: bool, options: dict,
                bombs_only: bool = False) -> set[int]:
    """Masks of every subset of ``hand`` that is a legal play."""
    rules = climbing_rules(options)
    found = set()
    for size in range(1, len(hand) + 1):
        for cards in itertools.combinations(hand, size):
            combo = classify(cards, rules)
            if combo is None:
                continue
            if top is not None and not reference_beats(combo, top, fight, options):
                continue
            if bombs_only and combo.type not in (QUAD, DSEQ):
                continue
            found.add(CardSet(cards).mask)
    return found


def _masks(combos: list[Combination]) -> set[int]:
    masks = [combo.mask for combo in combos]
    assert len(masks) == len(set(masks)), "a play is listed twice"
    return set(masks)


option_sets = st.fixed_dictionaries({
    "twos_in_sequences": st.sampled_from(["never", "as_top_only"]),
    "quad_beats_pair_of_twos": st.booleans(),
    "longer_double_sequence_beats_shorter": st.booleans(),
    "cross_bomb_beating": st.booleans(),
})


@settings(max_examples=250, deadline=None)
@given(options=option_sets, top_text=st.sampled_from(TOPS), fight=st.booleans(),
       bombs_only=st.booleans(), data=st.data())
def test_beating_plays_match_brute_force(options: dict, top_text: str, fight: bool,
                                         bombs_only: bool, data: st.DataObject) -> None:
    """Generated beating plays are exactly the subsets that beat the top."""
    rules = climbing_rules(options)
    top = classify(parse_cards(top_text), rules)
    if top is None:  # a 2 in a sequence under the default rules
        return
    pool = [card for card in STANDARD_CARDS if card not in top.cards]
    # Bias hands toward bombs: sample from a few adjacent ranks.
    low = data.draw(st.integers(0, 8))
    ranks = {(3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2)[i] for i in range(low, low + 5)}
    near = [card for card in pool if card.rank in ranks]
    hand = data.draw(st.lists(st.sampled_from(near), min_size=1, max_size=11, unique=True))
    generated = beating_plays(CardSet(hand), top, fight, rules, bomb_rules(options), bombs_only)
    assert _masks(generated) == brute_force(hand, top, fight, options, bombs_only)


@settings(max_examples=40, deadline=None)
@given(options=option_sets, hand=st.lists(st.sampled_from(STANDARD_CARDS), min_size=1,
                                          max_size=10, unique=True))
def test_lead_plays_match_brute_force(options: dict, hand: list) -> None:
    """Every subset that is a combination can be led; with a must-include card, only those."""
    rules = climbing_rules(options)
    assert _masks(lead_plays(CardSet(hand), rules)) == brute_force(hand, None, False, options)
    card = hand[0]
    expected = {m for m in brute_force(hand, None, False, options) if m & card.mask}
    assert _masks(lead_plays(CardSet(hand), rules, card)) == expected


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), options=option_sets, ignore_lock=st.booleans())
def test_game_states_match_brute_force(seed: int, options: dict, ignore_lock: bool) -> None:
    """On random games, once a hand is small, the state's legal plays are the brute force's."""
    game = cardkit.load_game("tien-len", bombs_ignore_pass_lock=ignore_lock, **options)
    state = game.new_hand(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.current_player
        hand = list(state.hands[seat])
        if len(hand) <= 9 and state.top is not None:
            locked = bool(state.passed >> seat & 1)
            assert not locked or ignore_lock
            expected = brute_force(hand, state.top, state.bomb_fight, game.options, locked)
            legal = {CardSet(a.cards).mask for a in state.legal_actions() if a.kind == "play"}
            assert legal == expected
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
