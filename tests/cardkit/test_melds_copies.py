"""Melds over copies: the exact search against an exhaustive oracle on decks of one to three
copies and zero to eight jokers; duplicates in sets as a declared rule; wild-card limits;
``MeldRules`` checked when built."""

import warnings
from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.cards import ALL_CARDS, JOKERS, Card, CardMultiset, CardSet, parse_cards
from cardkit.deck import DeckSpec
from cardkit.libraries.melds.copies import all_melds_copies
from cardkit.melds import (
    Meld,
    MeldRules,
    all_melds,
    best_arrangement,
    best_with_layoffs,
    classify,
    deadwood_cards,
    deadwood_value,
    deadwood_within,
    deadwood_without_each,
    lay_off,
    layoff_chains,
    layoff_identities,
    layoff_positions,
)

# ----- the oracle: every sub-multiset that is a meld, checked by the rules' words alone -------


def is_meld(naturals: tuple[Card, ...], wilds: int, rules: MeldRules) -> bool:
    """Do these natural cards and this many wild cards make one meld under ``rules``?"""
    size = len(naturals) + wilds
    if not naturals:
        return False
    if wilds and (len(naturals) < rules.min_natural
                  or (rules.max_wild is not None and wilds > rules.max_wild)):
        return False
    ranks = {card.rank for card in naturals}
    suits = {card.suit for card in naturals}
    if len(ranks) == 1 and size in rules.set_sizes and (
            rules.set_duplicates or (len(suits) == len(naturals) and size <= 4)):
        return True
    if len(suits) == 1 and len(ranks) == len(naturals) and size >= rules.min_run:
        positions = rules.positions
        for start in range(len(positions) - size + 1):
            window = positions[start:start + size]
            if len(set(window)) == size and ranks <= set(window):
                return True
    return False


def oracle(hand: list[Card], rules: MeldRules) -> int:
    """The least deadwood value of ``hand``: the lowest card left is deadwood or in some meld
    made of cards left (every sub-multiset holding it, every number of wild cards)."""
    wild = set(rules.wild)
    wilds = sum(1 for card in hand if card in wild)
    dead = sum(1 for card in hand if card.is_joker and card not in wild)
    naturals = tuple(sorted((c for c in hand if c not in wild and not c.is_joker),
                            key=lambda c: c.index))

    @cache
    def best(left: tuple[Card, ...], w: int) -> int:
        if not left:
            return w * rules.wild_value
        first, rest = left[0], left[1:]
        value = rules.value(first) + best(rest, w)
        counts = Counter(rest)
        distinct = list(counts)

        def subsets(i: int, chosen: tuple[Card, ...]):  # every sub-multiset of ``rest``
            if i == len(distinct):
                yield chosen
                return
            for n in range(counts[distinct[i]] + 1):
                yield from subsets(i + 1, chosen + (distinct[i],) * n)

        for extra in subsets(0, ()):
            group = (first, *extra)
            remaining = Counter(rest) - Counter(extra)
            after = tuple(sorted(remaining.elements(), key=lambda c: c.index))
            for g in range(w + 1):
                if is_meld(group, g, rules):
                    value = min(value, best(after, w - g))
        return value

    return best(naturals, wilds) + dead * rules.wild_value


@st.composite
def decks_and_rules(draw: st.DrawFn) -> tuple[DeckSpec, MeldRules]:
    decks = draw(st.integers(1, 3))
    jokers = draw(st.integers(0, 8))
    deck = DeckSpec.standard(decks=decks, jokers=jokers)
    wild = JOKERS[:min(jokers, 2)] if draw(st.booleans()) else ()
    duplicates = decks > 1 and draw(st.booleans())
    big = duplicates and draw(st.booleans())
    return deck, MeldRules(
        deck=deck, wild=wild, set_duplicates=duplicates,
        set_sizes=(3, 4, 5, 6) if big else draw(st.sampled_from([(3, 4), (3,), (2, 3, 4)])),
        min_run=draw(st.sampled_from([3, 3, 4])),
        ace=draw(st.sampled_from(["low", "high_or_low"])),
        min_natural=draw(st.sampled_from([1, 2, 2])),
        max_wild=draw(st.sampled_from([None, None, 1, 2])),
        wild_value=draw(st.sampled_from([0, 15, 50])))


@st.composite
def hands(draw: st.DrawFn, max_size: int = 9) -> tuple[list[Card], MeldRules]:
    deck, rules = draw(decks_and_rules())
    # clustered hands: a few ranks and suits, so that melds and copies meet
    ranks = draw(st.sets(st.integers(1, 13), min_size=2, max_size=5))
    pool = [card for card in deck.cards if card.is_joker or card.rank in ranks]
    size = draw(st.integers(0, min(max_size, len(pool))))
    return draw(st.permutations(pool))[:size], rules


def check_arrangement(hand: list[Card], rules: MeldRules) -> int:
    arrangement = best_arrangement(CardMultiset(hand), rules)
    laid: list[Card] = [card for meld in arrangement.melds for card in meld.cards]
    assert Counter(laid) + Counter(arrangement.deadwood) == Counter(hand)
    assert arrangement.deadwood_value == rules.hand_value(arrangement.deadwood)
    wild = set(rules.wild)
    for meld in arrangement.melds:
        naturals = tuple(card for card in meld.cards if card not in wild)
        assert is_meld(naturals, len(meld.cards) - len(naturals), rules), meld
        assert classify(meld.cards, rules) is not None, meld
    return arrangement.deadwood_value


@settings(max_examples=150, deadline=None)
@given(hands())
def test_the_search_over_copies_is_exact(case):
    hand, rules = case
    expected = oracle(hand, rules)
    assert deadwood_value(CardMultiset(hand), rules) == expected
    assert deadwood_value(hand, rules) == expected  # a list naming a card twice
    assert check_arrangement(hand, rules) == expected
    assert deadwood_within(CardMultiset(hand), expected, rules) == expected
    assert deadwood_within(CardMultiset(hand), expected - 1, rules) is None


def test_sets_hold_duplicates_only_where_the_rules_allow():
    deck = DeckSpec.standard(decks=2)
    hand = CardMultiset("7H 7H 7S 2C 9D")
    plain = MeldRules(deck=deck)
    twins = MeldRules(deck=deck, set_duplicates=True)
    assert deadwood_value(hand, plain) == 7 + 7 + 7 + 2 + 9
    assert deadwood_value(hand, twins) == 2 + 9
    assert [str(meld) for meld in best_arrangement(hand, twins).melds] == ["7H 7H 7S"]
    assert classify(parse_cards("7H 7H 7S"), plain) is None
    assert classify(parse_cards("7H 7H 7S"), twins) is not None


def test_runs_never_hold_two_cards_of_a_rank():
    rules = MeldRules(deck=DeckSpec.standard(decks=2), set_duplicates=True)
    assert classify(parse_cards("5H 6H 6H 7H"), rules) is None
    # two runs of one suit from two decks
    hand = CardMultiset("5H 6H 7H 5H 6H 7H")
    assert deadwood_value(hand, rules) == 0
    assert len(best_arrangement(hand, rules).melds) == 2


def test_wild_limits_and_natural_minimums_are_rules():
    deck = DeckSpec.standard(decks=2, jokers=4)
    hand = CardMultiset("5H X1 X1 8H")
    free = MeldRules(deck=deck, wild=JOKERS, min_natural=1)
    capped = MeldRules(deck=deck, wild=JOKERS, min_natural=1, max_wild=1)
    assert deadwood_value(hand, free) == 0  # 5H X1 X1 8H as 5-6-7-8
    assert deadwood_value(hand, capped) == 13  # one wild a meld: no meld of 5H and 8H
    assert deadwood_value(hand, MeldRules(deck=deck, wild=JOKERS, min_natural=3)) == 13
    assert classify(parse_cards("5H X1 X2 8H"), capped) is None
    assert classify(parse_cards("5H X1 7H"), capped) is not None


def test_one_deck_hands_stay_on_the_one_deck_path():
    rules = MeldRules()
    hand = CardSet("7H 8H 9H KS KD KC 2C")
    assert best_arrangement(CardMultiset(hand), rules) == best_arrangement(hand, rules)
    assert deadwood_value(list(hand), rules) == deadwood_value(hand, rules) == 2


def test_rules_refuse_sizes_they_cannot_honour():
    with pytest.raises(ValueError, match="a set of 5 cannot be made"):
        MeldRules(set_sizes=(5,))
    with pytest.raises(ValueError, match="a set of 5 cannot be made: a set holds at most 4"):
        MeldRules(set_sizes=(3, 4, 5), wild=JOKERS)
    with pytest.raises(ValueError, match="a run of 14 cannot be made"):
        MeldRules(min_run=14)
    with pytest.raises(ValueError, match="max_wild"):
        MeldRules(max_wild=-1)
    two = DeckSpec.standard(decks=2)
    rules = MeldRules(set_sizes=(5,), deck=two, set_duplicates=True)
    assert rules.max_set == 5 and rules.copies == 2
    assert deadwood_value(CardMultiset("7H 7H 7S 7S 7D"), rules) == 0
    # the IndexError of sets the tables had no natural size for
    assert best_with_layoffs(CardSet("7H 8H"), [], rules).deadwood_value == 15


def test_rules_warn_of_wild_cards_the_deck_lacks():
    with pytest.warns(UserWarning, match="X1 X2 wild, but the standard 52-card deck"):
        MeldRules(wild=JOKERS, deck=DeckSpec.standard(name="standard 52-card deck"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        MeldRules(wild=JOKERS, deck=DeckSpec.standard(decks=2, jokers=4))
        MeldRules(wild=JOKERS)  # no deck declared: nothing to check against


# ----- lay-offs over copies, against the oracle ------------------------------------------------


def can_extend(meld: Meld, naturals: tuple[Card, ...], wilds: int, rules: MeldRules) -> bool:
    """Does ``meld`` with these cards added make a meld of its kind (identities kept)?"""
    wild = set(rules.wild)
    old_wilds = sum(1 for card in meld.cards if card in wild)
    total_wilds = old_wilds + wilds
    own = len(meld) - old_wilds + len(naturals)
    if total_wilds and (own < rules.min_natural
                        or (rules.max_wild is not None and total_wilds > rules.max_wild)):
        return False
    size = len(meld) + len(naturals) + wilds
    if meld.is_set:
        if any(card.rank != meld.rank for card in naturals) or size not in rules.set_sizes:
            return False
        suits = [identity.suit for identity in meld.represents] + [c.suit for c in naturals]
        return rules.set_duplicates or (len(set(suits)) == len(suits) and size <= 4)
    ranks = [identity.rank for identity in meld.represents] + [c.rank for c in naturals]
    if any(card.suit != meld.suit for card in naturals) or len(set(ranks)) != len(ranks):
        return False
    positions = rules.positions
    return any(len(set(positions[i:i + size])) == size and set(ranks) <= set(positions[i:i + size])
               for i in range(len(positions) - size + 1))


def oracle_with_layoffs(hand: list[Card], table: list[Meld], rules: MeldRules) -> int:
    wild = set(rules.wild)

    def sub_multisets(cards: Counter[Card]):
        distinct = list(cards)

        def walk(i: int, chosen: tuple[Card, ...]):
            if i == len(distinct):
                yield chosen
                return
            for n in range(cards[distinct[i]] + 1):
                yield from walk(i + 1, chosen + (distinct[i],) * n)

        yield from walk(0, ())

    def best(index: int, rest: Counter[Card]) -> int:
        if index == len(table):
            return oracle(list(rest.elements()), rules)
        value = best(index + 1, rest)
        for laid in sub_multisets(rest):
            if not laid:
                continue
            naturals = tuple(card for card in laid if card not in wild)
            if len(naturals) + sum(1 for c in laid if c.is_joker and c not in wild) != len(
                    naturals) or not can_extend(table[index], naturals,
                                                len(laid) - len(naturals), rules):
                continue
            value = min(value, best(index + 1, rest - Counter(laid)))
        return value

    return best(0, Counter(hand))


@st.composite
def showdowns(draw: st.DrawFn) -> tuple[list[Card], list[Meld], MeldRules]:
    deck, rules = draw(decks_and_rules())
    ranks = draw(st.sets(st.integers(1, 13), min_size=2, max_size=4))
    pool = draw(st.permutations([c for c in deck.cards if c.is_joker or c.rank in ranks]))
    knocker = pool[:draw(st.integers(3, min(9, len(pool))))]
    table = list(best_arrangement(CardMultiset(knocker), rules).melds)[:2]
    used = Counter(card for meld in table for card in meld.cards)
    rest = list((Counter(pool) - used).elements())
    rest = draw(st.permutations(rest))
    return rest[:draw(st.integers(0, min(6, len(rest))))], table, rules


@settings(max_examples=60, deadline=None)
@given(showdowns())
def test_lay_offs_over_copies_are_exact(case):
    hand, table, rules = case
    result = best_with_layoffs(CardMultiset(hand), table, rules)
    assert result.deadwood_value == oracle_with_layoffs(hand, table, rules)
    laid = Counter(card for card, _ in result.layoffs)
    own = Counter(card for meld in result.own_melds for card in meld.cards)
    assert laid + own + Counter(result.deadwood) == Counter(hand)
    for index, meld in enumerate(result.table_after):
        assert Counter(meld.cards) == Counter(table[index].cards) + Counter(
            card for card, where in result.layoffs if where == index)
        assert classify(meld.cards, rules) is not None


def test_a_twin_joins_a_set_only_with_duplicates_allowed():
    deck = DeckSpec.standard(decks=2, jokers=4)
    plain = MeldRules(deck=deck, wild=JOKERS, min_natural=1)
    twins = MeldRules(deck=deck, wild=JOKERS, min_natural=1, set_duplicates=True,
                      set_sizes=(3, 4, 5, 6))
    seven, joker = Card.parse("7H"), Card.parse("X1")
    for rules, expected in ((plain, []), (twins, ["set"])):
        meld = classify(parse_cards("7H 7S 7D"), rules)
        assert layoff_positions(seven, meld, rules) == expected
    run = classify(parse_cards("5H X1 7H"), plain)
    assert layoff_positions(joker, run, plain) == ["low", "high"]  # the other X1
    capped = MeldRules(deck=deck, wild=JOKERS, min_natural=1, max_wild=1)
    assert layoff_positions(joker, classify(parse_cards("5H X1 7H"), capped), capped) == []
    full = classify(parse_cards("7H 7S 7D 7C"), twins)
    assert [c.text for c in layoff_identities(joker, full, twins)] == ["7C", "7D", "7H", "7S"]
    assert str(lay_off(full, seven, twins)) == "7C 7D 7H 7H 7S"
    chains = layoff_chains(classify(parse_cards("5H 6H 7H"), plain), CardMultiset("8H 8H X1"),
                           plain)
    # nothing at the low end, then the wild card at it; one 8H at a time
    assert [" ".join(c.text for c in laid) for _, laid in chains] == [
        "", "8H", "8H X1", "X1", "X1", "X1 8H"]
    assert [str(after) for after, _ in chains][3:5] == ["5H 6H 7H X1=8H", "X1=4H 5H 6H 7H"]


# ----- enumeration and discards over copies -----------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.sets(st.sampled_from(ALL_CARDS), max_size=12),
       st.sampled_from([MeldRules(), MeldRules(wild=JOKERS, min_natural=1),
                        MeldRules(ace="high_or_low", wild=JOKERS),
                        MeldRules(set_sizes=(3,), min_run=4, wild=JOKERS)]))
def test_the_enumeration_over_copies_agrees_with_one_decks(cards, rules):
    hand = CardSet(cards)
    assert all_melds_copies(CardMultiset(hand), rules) == all_melds(hand, rules)


def test_every_meld_of_a_hand_with_copies_once():
    rules = MeldRules(deck=DeckSpec.standard(decks=2), set_duplicates=True)
    melds = [str(meld) for meld in all_melds(CardMultiset("5H 5H 6H 6H 7H 7H 7S"), rules)]
    assert melds == ["7H 7H 7S", "5H 6H 7H"]
    plain = MeldRules(deck=DeckSpec.standard(decks=2))
    assert [str(m) for m in all_melds(CardMultiset("7H 7H 7S 7D"), plain)] == ["7D 7H 7S"]


def test_discard_weighing_over_copies():
    rules = MeldRules(deck=DeckSpec.standard(decks=2), set_duplicates=True)
    hand = CardMultiset("7H 7H 7S KD")
    # in index order: less KD the set alone; less one 7H: 7H 7S KD; less the 7S: 7H 7H KD
    assert deadwood_without_each(hand, rules) == [0, 24, 24]
    value, mask = deadwood_cards(hand, rules)
    assert value == 10 and mask == Card.parse("KD").mask


def test_a_card_without_copies_in_hand_lays_off_on_its_twin_in_a_set() -> None:
    """Sets that take duplicates: the one ``AC`` in hand joins ``AC AD AH`` on the table (the
    hand holds no copy, the table does), as the exhaustive oracle says."""
    rules = MeldRules(set_sizes=(3, 4), set_duplicates=True, deck=DeckSpec.standard(decks=3))
    aces = tuple(parse_cards("AC AD AH"))
    table = [Meld(kind="set", cards=aces, represents=aces)]
    result = best_with_layoffs(CardMultiset(parse_cards("AC")), table, rules)
    assert result.deadwood_value == 0 and result.layoffs == ((Card.parse("AC"), 0),)
    assert best_with_layoffs(parse_cards("AC"), table, rules).deadwood_value == 0


# ----- the search's memory from search to search ------------------------------------------------

SHANGHAI = MeldRules(set_sizes=tuple(range(3, 13)), set_duplicates=True, min_run=4,
                     ace="high_or_low", wild=parse_cards("X1 X2"),
                     deck=DeckSpec.standard(decks=2, jokers=4))


def _shanghai_hands(count: int, size: int, seed: int) -> list[CardMultiset]:
    import random

    rng = random.Random(seed)
    deck = list(SHANGHAI.deck.cards)
    return [CardMultiset(rng.sample(deck, size)) for _ in range(count)]


def test_the_shared_memo_changes_no_arrangement():
    """The memo kept from search to search holds exact states: every hand's arrangement (the
    melds and deadwood, ties included) is the one a search from nothing finds."""
    from cardkit.libraries.melds.copies import copy_tables, solve_copies
    from cardkit.libraries.melds.tables import meld_tables

    ct = copy_tables(meld_tables(SHANGHAI))
    hands = _shanghai_hands(40, 11, seed=3)
    warm = [solve_copies(hand, SHANGHAI) for hand in hands]
    assert ct.memo  # kept
    cold = []
    for hand in hands:
        ct.memo.clear()
        cold.append(solve_copies(hand, SHANGHAI))
    assert warm == cold
    assert [deadwood_value(hand, SHANGHAI) for hand in hands] == [value for value, _, _ in cold]


def test_the_shared_memo_is_bounded(monkeypatch):
    """Past ``MEMO_SIZE`` states the oldest quarter goes before the next search."""
    from cardkit.libraries.melds import copies
    from cardkit.libraries.melds.tables import meld_tables

    monkeypatch.setattr(copies, "MEMO_SIZE", 64)
    ct = copies.copy_tables(meld_tables(SHANGHAI))
    ct.memo.clear()
    for hand in _shanghai_hands(30, 11, seed=5):
        before = len(ct.memo)
        memo = ct.shared_memo()
        assert len(memo) == (before - 16 if before >= 64 else before)
        copies.solve_copies(hand, SHANGHAI)
    assert len(ct.memo) < 64 + 400  # one search past the bound at most


def test_a_state_dropped_from_the_memo_is_solved_again():
    """Rebuilding an arrangement reads each state's best choice; one missing (another thread's
    search dropped it) is solved again on a memo of its own, to the same choice."""
    from cardkit.libraries.melds import copies
    from cardkit.libraries.melds.tables import meld_tables

    ct = copies.copy_tables(meld_tables(SHANGHAI))
    for hand in _shanghai_hands(10, 11, seed=7):
        p, w, _ = copies.natural_planes(hand.planes, ct.wildmask)
        memo: dict = {}
        copies.search(p, w, ct, memo)
        assert copies._choice(p, w, ct, {}) == memo[(p, w)][1]


def test_lay_offs_over_copies_are_remembered_by_hand_and_table():
    """The remembered best showdown is the one of that hand on that table: the same hand on
    another table is weighed again."""
    from cardkit.libraries.melds.layoff import _best_with_layoffs_copies

    hand = CardMultiset("8H 9H KD KD 4C")
    run = Meld("run", tuple(parse_cards("4H 5H 6H 7H")))
    kings = Meld("set", tuple(parse_cards("KC KS KH")))
    on_run = best_with_layoffs(hand, [run], SHANGHAI)
    assert best_with_layoffs(hand, [run], SHANGHAI) is on_run
    on_kings = best_with_layoffs(hand, [kings], SHANGHAI)
    assert on_run.deadwood_value == 10 + 10 + 4 and on_kings.deadwood_value == 8 + 9 + 4
    for table in ([run], [kings], [run, kings]):
        assert best_with_layoffs(hand, table, SHANGHAI) == _best_with_layoffs_copies(
            hand, table, SHANGHAI)
