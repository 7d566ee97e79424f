"""Tiến Lên rules §4, combinations: the kinds (4.1, ``twos_in_sequences``, §9.4, §9.9), the deciding
card (4.2, §9.12), beating (4.3) and bombs (4.4 and its options, §9.1, §9.2), with worked examples
3 (chopping a two) and 4 (a pair of twos); and the legal plays against a brute force over every
subset of the hand.

Seats: P1..P4 are seats 0..3; a stacked deal's dealer is the last seat unless a test says
otherwise."""

from __future__ import annotations

import itertools
import random

import pytest
from cardkit_games.tien_len.rules import beating_plays, bomb_rules, climbing_rules, lead_plays
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit import IllegalAction
from cardkit.libraries.climbing import Combination, ComboType, classify
from cardkit.values.cards import STANDARD_CARDS, CardSet, parse_cards
from tests.games.tien_len.helpers import (
    P1,
    P2,
    P3,
    P4,
    can_play,
    deal,
    later_game,
    play_types,
    plays,
    with_top,
)

# ----- §4.1 the kinds, §4.2 the deciding card, §4.3 beating --------------------------------------

def test_pairs() -> None:
    """§4.2, §4.3: 8S 8H beats 8C 8D; 9S 9C beats 8S 8H; 8C 8D does not beat 8S 8H."""
    state = with_top("8C 8D", "8S 8H", {P3: "9S 9C"})
    assert can_play(state, "8S 8H")
    state.apply("play 8S 8H")
    assert state.current_player == P3 and can_play(state, "9S 9C")
    state = with_top("8S 8H", "8C 8D")
    assert not can_play(state, "8C 8D")
    with pytest.raises(IllegalAction, match="does not beat"):
        state.apply("play 8C 8D")


def test_triples() -> None:
    """§4.3, §4.4: 9S 9C 9D beats 8S 8H 8D; a quad cannot be played on a triple of non-2s."""
    state = with_top("8S 8H 8D", "9S 9C 9D 5S 5C 5D 5H")
    assert can_play(state, "9S 9C 9D")
    assert not can_play(state, "5S 5C 5D 5H")


def test_sequences() -> None:
    """§4.1, §4.3: on 5C 6D 7S, 5S 6S 7H and 6C 7C 8S beat; a 4-card sequence cannot be played."""
    state = with_top("5C 6D 7S", "5S 6S 7H 6C 7C 8S")
    assert can_play(state, "5S 6S 7H") and can_play(state, "6C 7C 8S")
    state = with_top("5C 6D 7S", "6C 7C 8C 9C")
    assert not can_play(state, "6C 7C 8C 9C")
    assert can_play(state, "7C 8C 9C")


def test_invalid_sequences() -> None:
    """§4.1, §9.4: no 2 in sequences; with twos_in_sequences = as_top_only, 2 at the top only."""
    for options, valid in (({}, False), ({"twos_in_sequences": "as_top_only"}, True)):
        state = deal({P1: "QS KD AH 2C KS AD 2H"}, context=later_game(P1), **options)
        assert can_play(state, "QS KD AH 2C") is valid
        assert can_play(state, "KS AD 2H") is valid
        state = deal({P1: "AS 2D 3C 2S 3D 4C"}, context=later_game(P1), **options)
        assert not can_play(state, "AS 2D 3C")
        assert not can_play(state, "2S 3D 4C")
        with pytest.raises(IllegalAction, match="not a valid combination"):
            state.apply("play AS 2D 3C")


def test_double_sequences() -> None:
    """§4.1, §4.2, §9.9: key 8H beats key 8D; two pairs are not a combination."""
    state = with_top("6D 6H 7C 7H 8S 8D", "6S 6C 7S 7D 8C 8H")
    assert can_play(state, "6S 6C 7S 7D 8C 8H")
    state = deal({P1: "6S 6C 7S 7D"}, context=later_game(P1))
    assert not can_play(state, "6S 6C 7S 7D")


# ----- §4.4 bombs (worked examples 3 and 4, §9.1, §9.2) ------------------------------------------

def test_example_3_chopping_a_single_two() -> None:
    """§10.3: on 2H a quad, a 3-pair and a 4-pair double sequence beat; AH does not."""
    state = with_top("2H", "7S 7C 7D 7H 4S 4C 5D 5H 6C 6D AH",
                     {P3: "JS JC QD QH KS KH AC AD"})
    assert can_play(state, "7S 7C 7D 7H") and can_play(state, "4S 4C 5D 5H 6C 6D")
    assert not can_play(state, "AH")
    state.apply("pass")
    assert state.current_player == P3 and can_play(state, "JS JC QD QH KS KH AC AD")


@pytest.mark.parametrize("quad_option", [False, True])
def test_example_4_pair_of_twos(quad_option: bool) -> None:
    """§10.4: on 2S 2C: 2D 2H beats; a quad only with quad_beats_pair_of_twos; a 3-pair double
    sequence never; a 4-pair double sequence does."""
    state = with_top("2S 2C", "2D 2H 7S 7C 7D 7H 4S 4C 5D 5H 6C 6D",
                     {P3: "9S 9C 10D 10H JC JD QS QH"}, quad_beats_pair_of_twos=quad_option)
    assert can_play(state, "2D 2H")
    assert can_play(state, "7S 7C 7D 7H") is quad_option
    assert not can_play(state, "4S 4C 5D 5H 6C 6D")
    state.apply("pass")
    assert can_play(state, "9S 9C 10D 10H JC JD QS QH")


def test_triple_of_twos() -> None:
    """§4.4: on 2S 2C 2D only a double sequence of 5+ pairs."""
    state = with_top("2S 2C 2D", "3S 3C 4D 4H 5S 5C 6D 6H 7S 7C",
                     {P3: "8S 8C 9D 9H 10S 10C JD JH KS KC KD KH"})
    assert can_play(state, "3S 3C 4D 4H 5S 5C 6D 6H 7S 7C")
    assert {(t, n >= 5) for t, n in play_types(state)} == {("double_sequence", True)}
    state.apply("pass")
    assert plays(state) == set()  # a 4-pair double sequence and a quad cannot


@pytest.mark.parametrize("cross", [False, True])
def test_bomb_over_bomb_quads(cross: bool) -> None:
    """§4.4, §9.2: 2D, a quad, a higher quad; then no double sequence (cross: 4+ pairs could)."""
    state = deal({P1: "2D", P2: "5S 5C 5D 5H", P3: "9S 9C 9D 9H",
                  P4: "10S 10C JD JH QS QC KD KH"},
                 context=later_game(P1), cross_bomb_beating=cross)
    state.apply("play 2D")
    state.apply("play 5S 5C 5D 5H")
    assert can_play(state, "9S 9C 9D 9H")
    state.apply("play 9S 9C 9D 9H")
    assert state.current_player == P4
    lengths = {n for t, n in play_types(state) if t == "double_sequence"}
    assert can_play(state, "10S 10C JD JH QS QC KD KH") is cross
    assert all(n >= 4 for n in lengths) and bool(lengths) is cross


@pytest.mark.parametrize("longer", [False, True])
def test_bomb_over_bomb_double_sequences(longer: bool) -> None:
    """§4.4, §9.2: a 3-pair double sequence chops 2D; a stronger 3-pair one beats it; a 4-pair one
    only with longer_double_sequence_beats_shorter."""
    state = deal({P1: "2D", P2: "3S 3C 4D 4H 5S 5C", P3: "10S 10C JD JH QS QC KS KC"},
                 context=later_game(P1), longer_double_sequence_beats_shorter=longer)
    state.apply("play 2D")
    state.apply("play 3S 3C 4D 4H 5S 5C")
    assert can_play(state, "10S 10C JD JH QS QC")
    assert can_play(state, "JD JH QS QC KS KC")
    assert can_play(state, "10S 10C JD JH QS QC KS KC") is longer


def test_no_bombing_non_twos() -> None:
    """§4.4, §9.1: a quad cannot be played on AH, a 4-pair double sequence not on KS KH."""
    state = with_top("AH", "4S 4C 4D 4H")
    assert not can_play(state, "4S 4C 4D 4H")
    assert {t for t, _ in play_types(state)} <= {"single"}
    state = with_top("KS KH", "5S 5C 6D 6H 7S 7C 8D 8H")
    assert not can_play(state, "5S 5C 6D 6H 7S 7C 8D 8H")
    assert {t for t, _ in play_types(state)} <= {"pair"}


def test_nothing_beats_four_twos() -> None:
    """§4.4: four 2s (led; instant wins off) cannot be beaten, with every bomb option on."""
    options = {"quad_beats_pair_of_twos": True, "longer_double_sequence_beats_shorter": True,
               "cross_bomb_beating": True, "bombs_ignore_pass_lock": True, "instant_wins": []}
    hands = {P1: "2S 2C 2D 2H", P2: "AS AC AD AH 3S 3C 4D 4H 5S 5C 6D 6H 7S",
             P3: "KS KC KD KH 8S 8C 9D 9H 10S 10C JD JH QS"}
    state = deal(hands, context=later_game(P1), **options)
    state.apply("play 2S 2C 2D 2H")
    for seat in (P2, P3, P4):
        assert state.current_player == seat and plays(state) == set()
        state.apply("pass")
    assert state.current_player == P1 and state.top is None


@pytest.mark.parametrize("cross", [False, True])
def test_cross_bomb_quad_on_three_pair_double_sequence(cross: bool) -> None:
    """§4.4 cross_bomb_beating: on a 3-pair double sequence that chopped a 2, a quad beats only
    with the option; on a 4-pair double sequence a quad never beats."""
    hands = {P1: "2D 2H", P2: "3S 3C 4D 4H 5S 5C", P3: "9S 9C 9D 9H",
             P4: "6S 6C 7D 7H 8S 8C 10S 10C 10D 10H"}
    state = deal(hands, context=later_game(P1), cross_bomb_beating=cross)
    state.apply("play 2D")
    state.apply("play 3S 3C 4D 4H 5S 5C")
    assert can_play(state, "9S 9C 9D 9H") is cross
    state = deal({P1: "2D", P2: "3S 3C 4D 4H 5S 5C 6D 6H", P3: "9S 9C 9D 9H"},
                 context=later_game(P1), cross_bomb_beating=cross)
    state.apply("play 2D")
    state.apply("play 3S 3C 4D 4H 5S 5C 6D 6H")
    assert not can_play(state, "9S 9C 9D 9H")


def test_bomb_options_do_not_apply_to_led_bombs() -> None:
    """§4.4: a led quad or double sequence is an ordinary combination: with every bomb option on,
    a 4-pair double sequence cannot beat a led quad, nor a led 3-pair double sequence; a quad
    cannot beat a led 3-pair double sequence."""
    options = {"longer_double_sequence_beats_shorter": True, "cross_bomb_beating": True}
    state = deal({P1: "5S 5C 5D 5H", P2: "9S 9C 10D 10H JS JC QD QH"},
                 context=later_game(P1), **options)
    state.apply("play 5S 5C 5D 5H")
    assert plays(state) == set()
    state = deal({P1: "3S 3C 4D 4H 5S 5C", P2: "9S 9C 10D 10H JS JC QD QH 7S 7C 7D 7H"},
                 context=later_game(P1), **options)
    state.apply("play 3S 3C 4D 4H 5S 5C")
    assert play_types(state) == {("double_sequence", 3)}  # only by §4.3


def test_bomb_on_single_two_with_a_two_pair_not_allowed() -> None:
    """§4.4: a pair of 2s does not beat a single 2 (different type); a triple neither."""
    state = deal({P1: "2S", P2: "2C 2D 2H"}, context=later_game(P1))
    state.apply("play 2S")
    assert {t for t, _ in play_types(state)} <= {"single", "quad", "double_sequence"}
    assert not can_play(state, "2C 2D") and not can_play(state, "2C 2D 2H")


# ----- §4.3, §4.4 the legal plays against a brute force ------------------------------------------
# Legal-play generation against a brute-force filter over every subset of the hand (§4.3, §4.4,
# every bomb option), for every kind of trick top; and the same check on states of random games.

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
