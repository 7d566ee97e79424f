"""Tests for cardkit.climbing: classification, comparison, enumeration (Tiến Lên-like orders,
tien-len.md sections 1, 4 and 10, at the generic level)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.libraries.climbing import (
    ClimbingRules,
    Combination,
    ComboType,
    all_combinations,
    beating_combinations,
    beats,
    beats_normally,
    classify,
    combination_sort_key,
    combinations_of_type,
)
from cardkit.values.cards import STANDARD_CARDS, CardSet, Suit, parse_cards

S, C, D, H = Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS
ALL_BUT_TWO = frozenset(range(1, 14)) - {2}

TIEN_LEN_LIKE = ClimbingRules(
    rank_order=(3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2),
    suit_order=(S, C, D, H),
    sequence_ranks=ALL_BUT_TWO,
    double_sequence_ranks=ALL_BUT_TWO,
)
AS_TOP_ONLY = ClimbingRules(
    rank_order=TIEN_LEN_LIKE.rank_order,
    suit_order=TIEN_LEN_LIKE.suit_order,
    sequence_ranks=ALL_BUT_TWO | {2},
    double_sequence_ranks=ALL_BUT_TWO,
)


def combo(text: str, rules: ClimbingRules = TIEN_LEN_LIKE) -> Combination:
    result = classify(parse_cards(text), rules)
    assert result is not None, text
    return result


def bomb_rule(candidate: Combination, top: Combination) -> bool:
    """A bomb-like extra rule: on a single 2, a quad or a double sequence of 3+ pairs; on a pair
    of 2s, a double sequence of 4+ pairs."""
    top_is_twos = all(card.rank == 2 for card in top.cards)
    if not top_is_twos:
        return False
    if top.type is ComboType.SINGLE:
        return candidate.type is ComboType.QUAD or (
            candidate.type is ComboType.DOUBLE_SEQUENCE and candidate.length >= 3
        )
    if top.type is ComboType.PAIR:
        return candidate.type is ComboType.DOUBLE_SEQUENCE and candidate.length >= 4
    return False


BOMB_TYPES = [(ComboType.QUAD, None), (ComboType.DOUBLE_SEQUENCE, None)]


# ---------------------------------------------------------------------------------- strength


def test_strength_table() -> None:
    strength = TIEN_LEN_LIKE.strength
    assert strength(parse_cards("3S")[0]) == 0
    assert strength(parse_cards("2H")[0]) == 51
    assert sorted(strength(card) for card in STANDARD_CARDS) == list(range(52))
    assert TIEN_LEN_LIKE.rank_position(3) == 0
    assert TIEN_LEN_LIKE.rank_position(2) == 12
    for strong, weak in [("2S", "AH"), ("10S", "9H"), ("7H", "7D"), ("4S", "3S")]:
        assert beats(combo(strong), combo(weak), TIEN_LEN_LIKE), (strong, weak)
        assert not beats(combo(weak), combo(strong), TIEN_LEN_LIKE), (weak, strong)
    three_spades = combo("3S")
    assert not any(beats(three_spades, combo(str(card)), TIEN_LEN_LIKE) for card in STANDARD_CARDS)


def test_strength_errors() -> None:
    with pytest.raises(ValueError):
        TIEN_LEN_LIKE.strength(parse_cards("X1")[0])
    with pytest.raises(ValueError):
        ClimbingRules(
            rank_order=(3, 3), suit_order=(S, C, D, H), sequence_ranks=(), double_sequence_ranks=()
        )
    with pytest.raises(ValueError):
        ClimbingRules(
            rank_order=(3, 4), suit_order=(S, C, D), sequence_ranks=(), double_sequence_ranks=()
        )


# ---------------------------------------------------------------------------------- classify


@pytest.mark.parametrize(
    ("text", "type_", "length", "key"),
    [
        ("9H", ComboType.SINGLE, 1, "9H"),
        ("8H 8S", ComboType.PAIR, 2, "8H"),
        ("9S 9C 9D", ComboType.TRIPLE, 3, "9D"),
        ("7S 7C 7D 7H", ComboType.QUAD, 4, "7H"),
        ("5C 6D 7S", ComboType.SEQUENCE, 3, "7S"),
        ("10S JH QD KC AS", ComboType.SEQUENCE, 5, "AS"),
        ("AS KC QD JH 10S", ComboType.SEQUENCE, 5, "AS"),
        ("3D 4S 5S 6H 7C 8D 9S 10C JH QD KS AC", ComboType.SEQUENCE, 12, "AC"),
        ("4S 4C 5D 5H 6C 6D", ComboType.DOUBLE_SEQUENCE, 3, "6D"),
        ("6S 6C 7S 7D 8C 8H", ComboType.DOUBLE_SEQUENCE, 3, "8H"),
        ("JS JC QD QH KS KH AC AD", ComboType.DOUBLE_SEQUENCE, 4, "AD"),
    ],
)
def test_classify_valid(text: str, type_: ComboType, length: int, key: str) -> None:
    result = combo(text)
    assert result.type is type_
    assert result.length == length
    assert str(result.key) == key
    assert result.key_strength == TIEN_LEN_LIKE.strength(result.key)
    assert result.key_rank_position == TIEN_LEN_LIKE.rank_position(result.key.rank)
    strengths = [TIEN_LEN_LIKE.strength(card) for card in result.cards]
    assert strengths == sorted(strengths)
    assert result.mask == CardSet(parse_cards(text)).mask
    assert sorted(str(result).split()) == sorted(text.split())


def test_classify_accepts_cardset() -> None:
    assert classify(CardSet("5C 6D 7S"), TIEN_LEN_LIKE) == combo("5C 6D 7S")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "QS KD AH 2C",  # no 2 in a sequence (§4.1, §10.5)
        "KS AD 2H",
        "AS 2D 3C",
        "2S 3D 4C",
        "6S 6C 7S 7D",  # only 2 pairs (§10.6)
        "5C 6D",  # too short
        "5C 6D 8S",  # gap
        "5C 5D 6D 7S",  # mixed counts
        "4S 4C 4D 5H 5C 5D",  # two triples
        "KS KC AD AH 2S 2C",  # 2s in a double sequence
        "3S 3S",  # a repeated card
        "3S X1",  # a joker
        "X1",
    ],
)
def test_classify_invalid(text: str) -> None:
    assert classify(parse_cards(text), TIEN_LEN_LIKE) is None


def test_classify_twos_as_top_only() -> None:
    for text in ("KS AD 2H", "QS KD AH 2C"):
        result = combo(text, AS_TOP_ONLY)
        assert result.type is ComboType.SEQUENCE
        assert result.key.rank == 2
    for text in ("AS 2D 3C", "2S 3D 4C", "KS KC AD AH 2S 2C"):
        assert classify(parse_cards(text), AS_TOP_ONLY) is None


# ---------------------------------------------------------------------------------- compare


@pytest.mark.parametrize(
    ("strong", "weak"),
    [
        ("8S 8H", "8C 8D"),  # §10.3: pairs by the higher suit
        ("9S 9C", "8S 8H"),
        ("5S 6S 7H", "5C 6D 7S"),  # §10.4: sequences by the key's suit
        ("6C 7C 8S", "5C 6D 7S"),
        ("6S 6C 7S 7D 8C 8H", "6D 6H 7C 7H 8S 8D"),  # §10.6
        ("9S 9C 9D", "8S 8H 8D"),  # §10.18: triples by rank
        ("9S 9C 9D", "8C 8H 8D"),
        ("8S 8C 8D 8H", "7S 7C 7D 7H"),
        ("2H", "2D"),
    ],
)
def test_beats_normally(strong: str, weak: str) -> None:
    assert beats_normally(combo(strong), combo(weak), TIEN_LEN_LIKE)
    assert not beats_normally(combo(weak), combo(strong), TIEN_LEN_LIKE)


@pytest.mark.parametrize(
    ("candidate", "top"),
    [
        ("6C 7C 8C 9C", "5C 6D 7S"),  # §10.4: lengths never compare
        ("5C 6D 7S", "6C 7C 8C 9C"),
        ("7S 7C 7D 7H", "8S 8H 8D"),  # §10.18: a quad on a triple
        ("4S 4C 4D 4H", "AH"),
        ("7S 7C 7D 7H", "2H"),  # only by an extra rule
        ("JS JC QD QH KS KH AC AD", "4S 4C 5D 5H 6C 6D"),
    ],
)
def test_never_beats_normally(candidate: str, top: str) -> None:
    assert not beats_normally(combo(candidate), combo(top), TIEN_LEN_LIKE)
    assert not beats(combo(candidate), combo(top), TIEN_LEN_LIKE)


def test_beats_with_extra_rule() -> None:
    rules = TIEN_LEN_LIKE
    assert beats(combo("7S 7C 7D 7H"), combo("2H"), rules, bomb_rule)
    assert beats(combo("4S 4C 5D 5H 6C 6D"), combo("2H"), rules, bomb_rule)
    assert not beats(combo("AH"), combo("2H"), rules, bomb_rule)
    assert not beats(combo("7S 7C 7D 7H"), combo("2S 2C"), rules, bomb_rule)
    assert beats(combo("9S 9C 10D 10H JC JD QS QH"), combo("2S 2C"), rules, bomb_rule)
    assert not beats(combo("4S 4C 4D 4H"), combo("AH"), rules, bomb_rule)


# ---------------------------------------------------------------------------------- enumerate


def brute_force(hand: list, rules: ClimbingRules) -> list[Combination]:
    found = []
    for size in range(1, len(hand) + 1):
        for subset in itertools.combinations(hand, size):
            result = classify(subset, rules)
            if result is not None:
                found.append(result)
    return sorted(found, key=lambda c: combination_sort_key(c, rules))


hands = st.lists(st.sampled_from(STANDARD_CARDS), min_size=0, max_size=9, unique=True)
# Dense hands (few ranks, many suits) exercise pairs, quads and double sequences.
dense_hands = st.lists(
    st.sampled_from([card for card in STANDARD_CARDS if card.rank in (1, 2, 3, 4, 5, 13)]),
    min_size=0,
    max_size=10,
    unique=True,
)
# Bomb-rich hands: ranks 3-6 (quads, double sequences) and some 2s.
bomb_hands = st.lists(
    st.sampled_from([card for card in STANDARD_CARDS if card.rank in (2, 3, 4, 5, 6)]),
    min_size=4,
    max_size=11,
    unique=True,
)
any_hands = st.one_of(hands, dense_hands, bomb_hands)
rules_choice = st.sampled_from([TIEN_LEN_LIKE, AS_TOP_ONLY])


@settings(max_examples=150, deadline=None)
@given(hand=any_hands, rules=rules_choice)
def test_all_combinations_matches_brute_force(hand: list, rules: ClimbingRules) -> None:
    expected = brute_force(hand, rules)
    got = all_combinations(hand, rules)
    assert got == expected
    assert all_combinations(CardSet(hand), rules) == got
    for type_ in ComboType:
        of_type = [c for c in expected if c.type is type_]
        assert combinations_of_type(hand, type_, rules=rules) == of_type
        for length in {c.length for c in of_type}:
            assert combinations_of_type(hand, type_, length, rules) == [
                c for c in of_type if c.length == length
            ]


@st.composite
def top_combinations(draw: st.DrawFn) -> Combination:
    """A random combination drawn from another random hand (or a 2-based one, for bombs)."""
    if draw(st.booleans()):  # tops of 2s are what the extra rule cares about
        return combo(draw(st.sampled_from(["2S", "2H", "2C 2D", "2S 2H", "2S 2C 2H"])))
    source = draw(any_hands.filter(bool))
    return draw(st.sampled_from(brute_force(source, TIEN_LEN_LIKE)))


@settings(max_examples=300, deadline=None)
@given(
    hand=any_hands,
    top=top_combinations(),
    with_extra=st.booleans(),
)
def test_beating_combinations_matches_brute_force(
    hand: list, top: Combination, with_extra: bool
) -> None:
    rules = TIEN_LEN_LIKE
    extra = bomb_rule if with_extra else None
    expected = [c for c in brute_force(hand, rules) if beats(c, top, rules, extra)]
    got = beating_combinations(hand, top, rules, extra, BOMB_TYPES if with_extra else ())
    assert got == expected


@pytest.mark.parametrize(
    ("top", "expected"),
    [
        ("2H", ["7S 7C 7D 7H", "4S 4C 5D 5H 6C 6D", "JS JC QD QH KS KH AC AD"]),
        ("2S 2C", ["2D 2H", "JS JC QD QH KS KH AC AD"]),
        ("AH", ["2D", "2H"]),
    ],
)
def test_beating_combinations_examples(top: str, expected: list[str]) -> None:
    hand = CardSet(
        "2D 2H 7S 7C 7D 7H 4S 4C 5D 5H 6C 6D JS JC QD QH KS KH AC AD AH"
    ) - CardSet("AH")
    got = beating_combinations(hand, combo(top), TIEN_LEN_LIKE, bomb_rule, BOMB_TYPES)
    texts = {frozenset(str(c).split()) for c in got}
    for text in expected:
        assert frozenset(text.split()) in texts, text
    assert all(beats(c, combo(top), TIEN_LEN_LIKE, bomb_rule) for c in got)


def test_three_eights_give_three_pairs() -> None:
    pairs = combinations_of_type(CardSet("8S 8C 8H"), ComboType.PAIR, rules=TIEN_LEN_LIKE)
    assert [str(p) for p in pairs] == ["8S 8C", "8S 8H", "8C 8H"]


def test_sequence_count_with_two_suits() -> None:
    hand = CardSet("3S 3H 4S 4H 5S 5H 6S 6H 7S 7H")
    fives = combinations_of_type(hand, ComboType.SEQUENCE, 5, TIEN_LEN_LIKE)
    assert len(fives) == 2**5
    keys = [c.key_strength for c in fives]
    assert keys == sorted(keys)


def test_combinations_of_type_needs_rules() -> None:
    with pytest.raises(TypeError):
        combinations_of_type(CardSet("3S"), ComboType.SINGLE)


def test_extra_types_own_group_and_overlaps() -> None:
    """``extra`` may admit members of top's own group; overlapping requests give no repeats."""
    hand = CardSet("4S 4C 5D 5H 6C 6D 7S 7C 9S 9C 9D 9H 5S 5C 5D 5H") - CardSet("5S 5C")
    any_double = beating_combinations(
        hand,
        combo("JS JC QD QH KS KH"),
        TIEN_LEN_LIKE,
        lambda candidate, top: candidate.type is ComboType.DOUBLE_SEQUENCE,
        [(ComboType.DOUBLE_SEQUENCE, None), (ComboType.DOUBLE_SEQUENCE, 3)],
    )
    expected = combinations_of_type(hand, ComboType.DOUBLE_SEQUENCE, rules=TIEN_LEN_LIKE)
    assert any_double == expected
    assert len({c.mask for c in any_double}) == len(any_double)
    assert {c.length for c in any_double} == {3, 4}
    lower_quad = beating_combinations(
        CardSet("3S 3C 3D 3H"),
        combo("9S 9C 9D 9H"),
        TIEN_LEN_LIKE,
        lambda candidate, top: candidate.type is ComboType.QUAD,
        [(ComboType.QUAD, None)],
    )
    assert [str(c) for c in lower_quad] == ["3S 3C 3D 3H"]
    # Without the group listed in extra_types, the extra rule is not consulted for it.
    assert not beating_combinations(
        CardSet("3S 3C 3D 3H"), combo("9S 9C 9D 9H"), TIEN_LEN_LIKE, lambda c, t: True
    )


# --- HandCombinations: one enumeration per hand, pruned after each play ---------------------


def _combination(rules: ClimbingRules, found: int, type_: ComboType) -> Combination:
    from cardkit.libraries.climbing import combination_of_mask

    return combination_of_mask(rules, found, type_)


@settings(max_examples=60, deadline=None)
@given(hand=st.lists(st.sampled_from(STANDARD_CARDS), min_size=0, max_size=16, unique=True),
       order=st.randoms(use_true_random=False))
def test_hand_combinations_follow_the_hand(hand: list, order) -> None:
    from cardkit.libraries.climbing import HandCombinations

    rules = TIEN_LEN_LIKE
    tracked = HandCombinations(rules)
    left = CardSet(hand)
    tracked.sync(left.mask)
    while True:
        listed = [_combination(rules, found, type_)
                  for (type_, _), group in tracked.groups() for found in group]
        assert listed == all_combinations(left, rules)
        if not listed:
            break
        played = order.choice(listed)
        top = order.choice(listed)
        beating = [_combination(rules, m, t) for t, m in tracked.beating(top)]
        assert beating == beating_combinations(left, top, rules)
        bombs = [(ComboType.QUAD, None), (ComboType.DOUBLE_SEQUENCE, None)]
        with_extra = [_combination(rules, m, t)
                      for t, m in tracked.beating(top, lambda c, t: True, bombs)]
        assert with_extra == beating_combinations(left, top, rules, lambda c, t: True, bombs)
        left = left - CardSet(played.cards)
        tracked.sync(left.mask)
    # cards coming in (a re-deal) enumerate afresh
    tracked.sync(CardSet(hand).mask)
    assert [_combination(rules, m, t) for (t, _), g in tracked.groups() for m in g] \
        == all_combinations(CardSet(hand), rules)


@given(st.lists(st.sampled_from(STANDARD_CARDS), max_size=13, unique=True),
       st.sampled_from([TIEN_LEN_LIKE, AS_TOP_ONLY]))
def test_cards_of_a_strength_mask_are_the_hand_weakest_first(cards: list, rules: ClimbingRules
                                                               ) -> None:
    smask = rules.strength_mask(cards)
    assert list(rules.cards_of_strength_mask(smask)) == sorted(cards, key=rules.strength)
