"""Tests of cardkit.melds: classification, enumeration, exact search, lay-offs, rules examples."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardkit.libraries.melds import (
    DEFAULT_RULES,
    Meld,
    MeldRules,
    all_melds,
    best_arrangement,
    best_with_layoffs,
    can_lay_off,
    classify,
    deadwood_value,
    deadwood_within,
    lay_off,
    layoff_positions,
)
from cardkit.values.cards import JOKERS, STANDARD_CARDS, Card, CardSet, parse_cards

GIN = MeldRules()
HIGH = MeldRules(ace="high_or_low")
FORTY = MeldRules(run_ranks=(1, 2, 3, 4, 5, 6, 7, 11, 12, 13))
TONK_JOKERS = MeldRules(wild=JOKERS)
TONK_JOKERS_HIGH = MeldRules(wild=JOKERS, ace="high_or_low")
SETS_OF_3 = MeldRules(set_sizes=(3,), min_run=4)

FAST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def meld(text: str, rules: MeldRules = GIN) -> Meld:
    found = classify(cards(text), rules)
    assert found is not None, text
    return found


# --- brute force references --------------------------------------------------------------


def brute_meld_masks(hand: list[Card], rules: MeldRules) -> set[int]:
    """Masks of every subset of ``hand`` that classify accepts."""
    found = set()
    n = len(hand)
    for bits in range(1, 1 << n):
        if bits.bit_count() < 2:
            continue
        group = [hand[i] for i in range(n) if bits >> i & 1]
        if classify(group, rules) is not None:
            found.add(sum(card.mask for card in group))
    return found


def brute_min_deadwood(hand: list[Card], rules: MeldRules) -> int:
    """Exhaustive search over disjoint meld choices (melds from all_melds)."""
    masks = sorted({m.mask for m in all_melds(hand, rules)})
    value = {card.mask: rules.value(card) for card in hand}

    @cache
    def best(rest: int) -> int:
        if not rest:
            return 0
        low = rest & -rest
        result = value[low] + best(rest ^ low)  # the lowest card is deadwood...
        for mask in masks:  # ...or in a meld
            if mask & low and mask & rest == mask:
                result = min(result, best(rest & ~mask))
        return result

    return best(sum(card.mask for card in hand))


def check_arrangement(hand: list[Card], rules: MeldRules) -> None:
    arrangement = best_arrangement(hand, rules)
    expected = brute_min_deadwood(hand, rules)
    assert arrangement.deadwood_value == expected
    assert deadwood_value(hand, rules) == expected
    assert deadwood_value(CardSet(hand), rules) == expected
    seen = 0
    for m in arrangement.melds:
        declared = dict(zip(m.cards, m.represents, strict=True))
        assert classify(m.cards, rules, declared) == m
        assert not seen & m.mask
        seen |= m.mask
    hand_mask = CardSet(hand).mask
    assert seen & ~hand_mask == 0
    assert CardSet(arrangement.deadwood).mask == hand_mask & ~seen
    assert rules.hand_value(arrangement.deadwood) == arrangement.deadwood_value


def brute_layoffs(hand: list[Card], table: list[Meld], rules: MeldRules) -> int:
    @cache
    def best(rest: frozenset[Card], melds: tuple[Meld, ...]) -> int:
        result = deadwood_value(list(rest), rules)
        for card in rest:
            for index, target in enumerate(melds):
                for end in layoff_positions(card, target, rules):
                    grown = lay_off(target, card, rules, end=end)
                    after = (*melds[:index], grown, *melds[index + 1 :])
                    result = min(result, best(rest - {card}, after))
        return result

    return best(frozenset(hand), tuple(table))


# --- classify --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("8H 8D 8C", "set"),
        ("KS KH KD KC", "set"),
        ("AH 2H 3H", "run"),
        ("9D 10D JD QD KD", "run"),
        ("7H 9H 8H", "run"),  # order given does not matter
    ],
)
def test_classify_valid(text: str, kind: str) -> None:
    found = classify(cards(text), GIN)
    assert found is not None and found.kind == kind
    assert found.mask == CardSet(text).mask


@pytest.mark.parametrize(
    "text",
    ["8H 8D", "8H 8D 9C", "7H 8H 10H", "7H 8H 9D", "QH KH AH", "KH AH 2H", "5H 5H 5D", "X1 5H 5D"],
)
def test_classify_invalid(text: str) -> None:
    assert classify(cards(text), GIN) is None


def test_run_order_and_text() -> None:
    run = classify(cards("9H 7H 8H"), GIN)
    assert run is not None
    assert str(run) == "7H 8H 9H"
    assert run.suit == 2 and run.rank is None
    assert run.low == Card.parse("7H") and run.high == Card.parse("9H")
    book = classify(cards("8S 8C 8H"), GIN)
    assert book is not None and str(book) == "8C 8H 8S" and book.rank == 8 and book.suit is None


def test_aces() -> None:
    """tonk.md §10 example 16 and gin-three-hand.md §10 example 10."""
    assert classify(cards("AH 2H 3H"), GIN) is not None
    assert classify(cards("AH 2H 3H"), HIGH) is not None
    assert classify(cards("QH KH AH"), GIN) is None
    high = classify(cards("QH KH AH"), HIGH)
    assert high is not None and str(high) == "QH KH AH"
    assert classify(cards("KH AH 2H"), GIN) is None
    assert classify(cards("KH AH 2H"), HIGH) is None
    assert classify(cards("JH QH KH AH 2H"), HIGH) is None
    # Gin example 10: the AH beside QH KH is deadwood worth 1.
    assert best_arrangement(cards("QH KH AH 5C 5D 5S"), GIN).deadwood_value == 21
    assert best_arrangement(cards("QH KH AH 5C 5D 5S"), HIGH).deadwood_value == 0


def test_forty_card_run_order() -> None:
    assert classify(cards("7C JC QC"), FORTY) is not None
    assert classify(cards("6C 7C JC QC KC"), FORTY) is not None
    assert classify(cards("7C 8C 9C"), FORTY) is None
    assert classify(cards("10C JC QC"), FORTY) is None
    assert deadwood_value(cards("6C 7C JC 2D"), FORTY) == 2


def test_wild_cards() -> None:
    run = classify(cards("5H 6H X1"), TONK_JOKERS)
    assert run is not None and run.kind == "run" and str(run) == "5H 6H X1=7H"
    assert run.wilds == (JOKERS[0],)
    below = classify(cards("5H 6H X1"), TONK_JOKERS, {JOKERS[0]: Card.parse("4H")})
    assert below is not None and str(below) == "X1=4H 5H 6H"
    assert classify(cards("5H 6H X1"), TONK_JOKERS, {JOKERS[0]: Card.parse("9H")}) is None
    gap = classify(cards("5H X1 7H"), TONK_JOKERS)
    assert gap is not None and str(gap) == "5H X1=6H 7H"
    book = classify(cards("5H 5D X2"), TONK_JOKERS)
    assert book is not None and book.kind == "set" and str(book) == "X2=5C 5D 5H"
    assert classify(cards("5H X1 X2"), TONK_JOKERS) is None  # min_natural = 2
    assert classify(cards("5H X1 X2"), MeldRules(wild=JOKERS, min_natural=1)) is not None
    assert classify(cards("5H 5D 5C 5S X1"), TONK_JOKERS) is None  # at most 4 in a set
    assert classify(cards("5H 6H X1"), GIN) is None  # jokers are not wild in gin
    assert classify(cards("QH KH X1"), TONK_JOKERS_HIGH) is not None
    assert deadwood_value(cards("5H 6H X1 9C"), TONK_JOKERS) == 9
    assert deadwood_value(cards("5H 6H X1 9C"), GIN) == 20


# --- all_melds ---------------------------------------------------------------------------


def hands(pool: list[Card], min_size: int, max_size: int) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(pool), min_size=min_size, max_size=max_size, unique=True)


BLOCK = [c for c in STANDARD_CARDS if c.rank in (3, 4, 5, 6)]
TOP_BLOCK = [c for c in STANDARD_CARDS if c.rank in (1, 11, 12, 13)]


@FAST
@given(hand=hands(STANDARD_CARDS, 0, 8), rules=st.sampled_from([GIN, HIGH, FORTY, SETS_OF_3]))
def test_all_melds_against_subsets(hand: list[Card], rules: MeldRules) -> None:
    found = all_melds(hand, rules)
    assert {m.mask for m in found} == brute_meld_masks(hand, rules)
    assert len({m.mask for m in found}) == len(found)  # no wilds: one meld per group


@FAST
@given(hand=hands(BLOCK + TOP_BLOCK, 3, 9), rules=st.sampled_from([GIN, HIGH]))
def test_all_melds_dense(hand: list[Card], rules: MeldRules) -> None:
    assert {m.mask for m in all_melds(hand, rules)} == brute_meld_masks(hand, rules)


@FAST
@given(
    hand=hands(BLOCK + TOP_BLOCK, 1, 6),
    jokers=st.sampled_from([JOKERS[:1], JOKERS[1:], JOKERS]),
    rules=st.sampled_from([TONK_JOKERS, TONK_JOKERS_HIGH]),
)
def test_all_melds_with_wilds(hand: list[Card], jokers: tuple, rules: MeldRules) -> None:
    hand = hand + list(jokers)
    found = all_melds(hand, rules)
    assert {m.mask for m in found} == brute_meld_masks(hand, rules)
    for m in found:
        declared = dict(zip(m.cards, m.represents, strict=True))
        assert classify(m.cards, rules, declared) == m
    assert len(set(found)) == len(found)


def test_all_melds_every_sub_combination() -> None:
    found = all_melds(cards("5C 5D 5H 5S 6H 7H 8H"), GIN)
    texts = sorted(str(m) for m in found)
    assert "5C 5D 5H 5S" in texts and "5C 5D 5S" in texts and "5D 5H 5S" in texts
    assert "5H 6H 7H 8H" in texts and "6H 7H 8H" in texts and "5H 6H 7H" in texts
    assert len(found) == 1 + 4 + 3  # one 4-set, four 3-sets, three runs
    jokers = all_melds(cards("5H 6H X1"), TONK_JOKERS)
    assert sorted(str(m) for m in jokers) == ["5H 6H X1=7H", "X1=4H 5H 6H"]


# --- best_arrangement ------------------------------------------------------------------------


@FAST
@given(hand=hands(STANDARD_CARDS, 2, 11), rules=st.sampled_from([GIN, HIGH, FORTY, SETS_OF_3]))
def test_best_arrangement_random(hand: list[Card], rules: MeldRules) -> None:
    check_arrangement(hand, rules)


@FAST
@given(hand=hands(BLOCK, 2, 11), rules=st.sampled_from([GIN, HIGH, SETS_OF_3]))
def test_best_arrangement_dense(hand: list[Card], rules: MeldRules) -> None:
    check_arrangement(hand, rules)


@FAST
@given(hand=hands(TOP_BLOCK + BLOCK[:4], 2, 11), rules=st.sampled_from([GIN, HIGH]))
def test_best_arrangement_ace_block(hand: list[Card], rules: MeldRules) -> None:
    check_arrangement(hand, rules)


@FAST
@given(
    hand=hands(BLOCK + TOP_BLOCK, 1, 7),
    jokers=st.sampled_from([(), JOKERS[:1], JOKERS]),
    rules=st.sampled_from([TONK_JOKERS, TONK_JOKERS_HIGH, MeldRules(wild=JOKERS, wild_value=15)]),
)
def test_best_arrangement_with_wilds(hand: list[Card], jokers: tuple, rules: MeldRules) -> None:
    check_arrangement(hand + list(jokers), rules)


def test_set_competes_with_runs() -> None:
    hand = cards("3C 4C 5C 5D 5H 5S 6S 7S")
    arrangement = best_arrangement(hand, GIN)
    assert arrangement.deadwood_value == 7
    assert sorted(str(m) for m in arrangement.melds) == ["5C 5D 5H", "5S 6S 7S"]
    assert [str(c) for c in arrangement.deadwood] == ["3C", "4C"]
    # three runs take three of the 5s: no set at all is best
    full = best_arrangement(cards("3C 4C 5C 5D 5H 5S 6S 7S 6H 7H"), GIN)
    assert full.deadwood_value == 5
    assert sorted(str(m) for m in full.melds) == ["3C 4C 5C", "5H 6H 7H", "5S 6S 7S"]
    # a 4-set gives one card to a run and stays a 3-set
    split = best_arrangement(cards("5C 5D 5H 5S 6H 7H 8H 9C"), GIN)
    assert sorted(str(m) for m in split.melds) == ["5C 5D 5S", "5H 6H 7H 8H"]
    assert best_arrangement(cards("5C 5D 5H 5S 6H 7H 8H"), GIN).deadwood_value == 0
    # sets of exactly 3, runs of 4+: one 5 and 6H 7H are left
    assert best_arrangement(cards("5C 5D 5H 5S 6H 7H"), SETS_OF_3).deadwood_value == 5 + 6 + 7


def test_tie_break_is_deterministic() -> None:
    # JH QH KH + KS KD: run JQK or set of kings, both leave 20 in two cards: runs preferred.
    arrangement = best_arrangement(cards("JH QH KH KS KD"), GIN)
    assert arrangement.deadwood_value == 20
    assert [str(m) for m in arrangement.melds] == ["JH QH KH"]
    assert best_arrangement(cards("KD KS KH QH JH"), GIN) == arrangement
    # melds: sets by rank then runs by suit; deadwood in card index order
    mixed = best_arrangement(cards("9S 10S JS 2C 2D 2H KC 4D AH"), GIN)
    assert [str(m) for m in mixed.melds] == ["2C 2D 2H", "9S 10S JS"]
    assert [str(c) for c in mixed.deadwood] == ["KC", "4D", "AH"]


def test_hand_forms() -> None:
    text = "3S 4S 5S 8H 8D 8C JD QD KD 4C"
    expected = best_arrangement(CardSet(text), GIN)
    assert best_arrangement(cards(text), GIN) == expected
    assert best_arrangement(iter(cards(text)), GIN) == expected
    assert best_arrangement(CardSet(text).mask, GIN) == expected
    assert best_arrangement([], GIN).deadwood_value == 0
    assert DEFAULT_RULES == GIN


# --- lay-offs ----------------------------------------------------------------------------


def test_layoff_chain() -> None:
    """gin-three-hand.md §10 example 11."""
    run = meld("5H 6H 7H")
    assert layoff_positions(Card.parse("8H"), run) == ["high"]
    assert layoff_positions(Card.parse("4H"), run) == ["low"]
    assert layoff_positions(Card.parse("9H"), run) == []
    assert not can_lay_off(Card.parse("8D"), run)
    longer = lay_off(run, Card.parse("8H"))
    assert str(longer) == "5H 6H 7H 8H"
    assert can_lay_off(Card.parse("9H"), longer)
    assert str(lay_off(longer, Card.parse("9H"))) == "5H 6H 7H 8H 9H"
    result = best_with_layoffs(cards("8H 9H 4H"), [run], GIN)
    assert result.deadwood_value == 0
    assert [(str(c), i) for c, i in result.layoffs] == [("4H", 0), ("8H", 0), ("9H", 0)]
    assert str(result.table_after[0]) == "4H 5H 6H 7H 8H 9H"
    with pytest.raises(ValueError, match="cannot be laid off"):
        lay_off(run, Card.parse("9H"))


def test_layoff_sets() -> None:
    book = meld("8H 8D 8C")
    assert layoff_positions(Card.parse("8S"), book) == ["set"]
    four = lay_off(book, Card.parse("8S"))
    assert str(four) == "8C 8D 8H 8S"
    assert layoff_positions(Card.parse("8S"), four) == []
    assert not can_lay_off(JOKERS[0], four, TONK_JOKERS)  # never a 5th card
    assert layoff_positions(Card.parse("9S"), book) == []
    assert layoff_positions(Card.parse("8S"), book, SETS_OF_3) == []
    joker_book = lay_off(book, JOKERS[0], TONK_JOKERS)
    assert str(joker_book) == "8C 8D 8H X1=8S"
    with pytest.raises(ValueError):
        lay_off(book, JOKERS[0], GIN)


def test_layoff_wild_and_ace_ends() -> None:
    run = meld("5H 6H 7H", TONK_JOKERS)
    assert layoff_positions(JOKERS[0], run, TONK_JOKERS) == ["low", "high"]
    with pytest.raises(ValueError, match="both ends"):
        lay_off(run, JOKERS[0], TONK_JOKERS)
    assert str(lay_off(run, JOKERS[0], TONK_JOKERS, end="low")) == "X1=4H 5H 6H 7H"
    declared = lay_off(run, JOKERS[0], TONK_JOKERS, declared=Card.parse("8H"))
    assert str(declared) == "5H 6H 7H X1=8H"
    with pytest.raises(ValueError):
        lay_off(run, JOKERS[0], TONK_JOKERS, declared=Card.parse("9H"))
    top = meld("QH KH AH", HIGH)
    assert layoff_positions(Card.parse("JH"), top, HIGH) == ["low"]
    assert layoff_positions(Card.parse("2H"), top, HIGH) == []  # no wrap
    long = meld("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", HIGH)
    assert layoff_positions(Card.parse("AH"), long, HIGH) == ["low", "high"]
    assert layoff_positions(Card.parse("AH"), long, GIN) == ["low"]
    assert str(lay_off(long, Card.parse("AH"), HIGH, end="high")).endswith("KH AH")
    low_run = meld("AH 2H 3H", HIGH)
    assert layoff_positions(Card.parse("KH"), low_run, HIGH) == []


def test_gin_example_5_knock() -> None:
    knocker = best_arrangement(cards("3S 4S 5S 8H 8D 8C JD QD KD 4C"), GIN)
    assert knocker.deadwood_value == 4
    assert [str(c) for c in knocker.deadwood] == ["4C"]
    defender = best_with_layoffs(cards("10H 10S 10C 6S 8S 2H 7C KH QC AD"), knocker.melds, GIN)
    assert defender.deadwood_value == 30
    assert sorted(str(c) for c, _ in defender.layoffs) == ["6S", "8S"]
    assert [str(m) for m in defender.own_melds] == ["10C 10H 10S"]
    assert sorted(str(c) for c in defender.deadwood) == ["2H", "7C", "AD", "KH", "QC"]


def test_gin_example_6_undercut() -> None:
    knocker = best_arrangement(cards("AH 2H 3H 5C 5D 5S 9D 10D JD 7S"), GIN)
    assert knocker.deadwood_value == 7
    defender = best_with_layoffs(cards("KS KH KC 6H 7H 8H 4H QD 2C 3D"), knocker.melds, GIN)
    assert defender.deadwood_value == 5
    assert sorted(str(c) for c, _ in defender.layoffs) == ["4H", "QD"]
    assert sorted(str(m) for m in defender.own_melds) == ["6H 7H 8H", "KC KH KS"]


def test_gin_example_7_equal_counts() -> None:
    knocker = best_arrangement(cards("7C 8C 9C JH JS JD 4S 4H 4D 6S"), GIN)
    assert knocker.deadwood_value == 6
    defender = best_with_layoffs(cards("KH KC KD 5H 6H 7H AS AH AC 6D"), knocker.melds, GIN)
    assert defender.deadwood_value == 6
    assert defender.layoffs == ()


def test_gin_example_8_gin() -> None:
    knocker = best_arrangement(cards("AC 2C 3C 4C 7H 7D 7S 10S JS QS"), GIN)
    assert knocker.deadwood_value == 0 and knocker.deadwood == ()
    defender = best_arrangement(cards("KH KD KC 2H 3H 4H 5D 8H 6S 4D"), GIN)  # no lay-offs at gin
    assert defender.deadwood_value == 23
    assert deadwood_value(cards("KH KD KC 2H 3H 4H 5D 8H 6S 4D"), GIN) == 23


def test_gin_example_9_knock_limit() -> None:
    assert deadwood_value(cards("2C 3C 4C 5C 7D 7H 7S 7C KH AS"), GIN) == 11
    assert deadwood_value(cards("2C 3C 4C 5C 7D 7H 7S 7C KH"), GIN) == 10


def test_tonk_example_1_counts() -> None:
    assert GIN.hand_value(cards("3S 7D KH AC 9C")) == 30
    assert TONK_JOKERS.hand_value(cards("X1 2S 5H QC QD")) == 27
    assert TONK_JOKERS.value(JOKERS[1]) == 0
    # the same hand arranged: QC QD X1 make a book
    assert deadwood_value(cards("X1 2S 5H QC QD"), TONK_JOKERS) == 7


@FAST
@given(
    hand=hands(BLOCK[4:] + [c for c in STANDARD_CARDS if c.rank in (7, 8)], 1, 6),
    table_text=st.sampled_from(
        [["4H 5H 6H"], ["5C 5D 5H"], ["4S 5S 6S", "6C 6D 6H"], ["3H 4H 5H 6H", "7C 7D 7S"]]
    ),
)
def test_best_with_layoffs_brute(hand: list[Card], table_text: list[str]) -> None:
    table = [meld(text) for text in table_text]
    result = best_with_layoffs(hand, table, GIN)
    assert result.deadwood_value == brute_layoffs(hand, table, GIN)
    replay = list(table)
    for card, index in result.layoffs:
        replay[index] = lay_off(replay[index], card, GIN, end=_end(card, replay[index]))
    assert tuple(replay) == result.table_after
    laid = {card for card, _ in result.layoffs}
    own = {card for m in result.own_melds for card in m.cards}
    assert laid | own | set(result.deadwood) == set(hand)
    assert len(laid) + len(own) + len(result.deadwood) == len(hand)


def _end(card: Card, target: Meld) -> str | None:
    ends = layoff_positions(card, target)
    return ends[0] if ends else None


@FAST
@given(hand=hands(BLOCK, 1, 5), jokers=st.sampled_from([(), JOKERS[:1], JOKERS]))
def test_best_with_layoffs_wild_brute(hand: list[Card], jokers: tuple) -> None:
    hand = hand + list(jokers)
    table = [meld("5H 6H 7H", TONK_JOKERS), meld("4C 4D 4S", TONK_JOKERS)]
    result = best_with_layoffs(hand, table, TONK_JOKERS)
    assert result.deadwood_value == brute_layoffs(hand, table, TONK_JOKERS)


# --- the fast paths of the search -----------------------------------------------------------


def product_reference(hand: list[Card], rules: MeldRules) -> tuple[int, int]:
    """(score, set cards) by trying every product of the undominated set choices of every rank
    that can hold a set, in the tie-break order: the search before its one-rank shortcut."""
    from cardkit.libraries.melds.solve import search_choices
    from cardkit.libraries.melds.tables import M13, meld_tables

    tables = meld_tables(rules)
    h = CardSet(hand).mask
    suits = [h >> 13 * s & M13 for s in range(4)]
    capable = [tables.capable[m] for m in suits]
    ranks = []
    for r in range(13):
        held = sum(1 << s for s in range(4) if suits[s] >> r & 1)
        if held.bit_count() >= 3:
            cap = sum(1 << s for s in range(4) if capable[s] >> r & 1)
            ranks.append((r, tables.choices[held << 4 | cap]))
    return search_choices(h, ranks, tables, 0, 0)


@FAST
@given(hand=hands(STANDARD_CARDS, 2, 11) | hands(BLOCK, 2, 11),
       rules=st.sampled_from([GIN, HIGH, FORTY, SETS_OF_3]))
def test_one_rank_shortcut_equals_the_product_search(hand: list[Card], rules: MeldRules) -> None:
    from cardkit.libraries.melds.solve import solve
    from cardkit.libraries.melds.tables import meld_tables

    expected = product_reference(hand, rules)
    assert solve(CardSet(hand).mask, meld_tables(rules)) == expected
    # best_arrangement's own copy of the one-rank path chooses the same set cards
    packed = best_arrangement(hand, rules)._source
    assert (packed >> 52) & ((1 << 52) - 1) == expected[1]


@FAST
@given(hand=hands(STANDARD_CARDS, 0, 11) | hands(BLOCK, 2, 11),
       rules=st.sampled_from([GIN, HIGH, SETS_OF_3]))
def test_lazy_arrangement_is_the_built_one(hand: list[Card], rules: MeldRules) -> None:
    import pickle

    import attrs

    from cardkit.libraries.melds import Arrangement

    lazy = best_arrangement(hand, rules)
    value = lazy.deadwood_value
    # an arrangement built from the same parts is equal, hashes and prints the same
    built = Arrangement(best_arrangement(hand, rules).melds,
                        best_arrangement(hand, rules).deadwood, value)
    fresh = best_arrangement(hand, rules)
    assert hash(fresh) == hash(built)
    assert fresh == built and built == best_arrangement(hand, rules)
    assert repr(best_arrangement(hand, rules)) == repr(built)
    assert pickle.loads(pickle.dumps(best_arrangement(hand, rules))) == built
    assert best_arrangement(hand, rules).to_dict() == built.to_dict()
    # the packed source is an int: a walk over attrs fields meets no card there
    source = attrs.fields(Arrangement)._source
    assert isinstance(getattr(fresh, source.name), int)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        fresh.deadwood_value = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        fresh.no_such_field  # noqa: B018


def test_all_melds_lists_a_whole_suit_once_when_the_ace_is_high_or_low():
    """A-K and 2-K-A are the same thirteen cards: all_melds lists that run once (ace low), with
    or without a wild card standing in it, and each meld it lists is distinct."""
    suit = parse_cards("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC")
    found = all_melds(suit, HIGH)
    whole = [m for m in found if len(m.cards) == 13]
    assert [m.cards for m in whole] == [tuple(suit)]
    assert len({frozenset(zip(m.cards, m.represents, strict=True)) for m in found}) == len(found)
    # the ace-high windows of shorter runs are still there
    assert any(m.cards[-1] == suit[0] and len(m.cards) == 12 for m in found)
    with_joker = all_melds([*suit[:12], JOKERS[0]], TONK_JOKERS_HIGH)
    keyed = [frozenset(zip(m.cards, m.represents, strict=True)) for m in with_joker]
    assert len(set(keyed)) == len(keyed)
    assert sum(len(m.cards) == 13 for m in with_joker) == 1  # the joker as the king


@FAST
@given(hand=hands(STANDARD_CARDS, 0, 11) | hands(BLOCK, 2, 11) | hands(TOP_BLOCK, 2, 11)
       | hands([*STANDARD_CARDS[:20], *JOKERS], 0, 11),
       rules=st.sampled_from([GIN, HIGH, FORTY, SETS_OF_3, TONK_JOKERS]),
       bound=st.integers(-3, 120))
def test_deadwood_within_is_the_exhaustive_least_deadwood_up_to_the_bound(
        hand: list[Card], rules: MeldRules, bound: int) -> None:
    """The knock check's answer: the least deadwood when it is at most the bound, else None,
    for hands whose sets it rules out by its bound and hands it weighs in full."""
    expected = brute_min_deadwood(hand, rules)
    assert deadwood_within(hand, bound, rules) == (expected if expected <= bound else None)
    # at the least deadwood itself and just under it (where the bound must not cut too much)
    assert deadwood_within(CardSet(hand), expected, rules) == expected
    assert deadwood_within(CardSet(hand), expected - 1, rules) is None
