"""The fast mask-based meld enumeration (``cardkit.melds.masks``) and ``layoff_identities``,
checked against brute force: every group of cards (and every declaration of its wild cards)
that :func:`cardkit.melds.classify` accepts."""

from __future__ import annotations

from itertools import combinations, product

from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.libraries.melds import MeldRules, classify
from cardkit.libraries.melds.layoff import layoff_identities
from cardkit.libraries.melds.masks import natural_meld_masks, wild_meld_masks
from cardkit.values.cards import JOKERS, STANDARD_CARDS, Card, card_mask, cards_of_mask, parse_cards

RULES = [
    MeldRules(),
    MeldRules(ace="high_or_low"),
    MeldRules(set_sizes=(3,), min_run=4),
    MeldRules(set_sizes=(2, 3, 4), min_run=3),
    MeldRules(run_ranks=(1, 2, 3, 4, 5, 6, 7, 11, 12, 13)),
]
WILD_RULES = [
    MeldRules(wild=JOKERS, min_natural=2),
    MeldRules(wild=JOKERS, min_natural=1, ace="high_or_low"),
    MeldRules(wild=JOKERS, min_natural=0, set_sizes=(3,)),
]

hands = st.lists(st.sampled_from(STANDARD_CARDS), min_size=0, max_size=9, unique=True)


def _brute_natural(cards: list[Card], rules: MeldRules) -> set[int]:
    found = set()
    for size in range(2, len(cards) + 1):
        for group in combinations(cards, size):
            if classify(group, rules) is not None:
                found.add(card_mask(group))
    return found


@settings(max_examples=150, deadline=None)
@given(cards=hands, rules=st.sampled_from(RULES))
def test_natural_meld_masks_are_every_meld_of_natural_cards(cards, rules):
    found = natural_meld_masks(card_mask(cards), rules)
    assert len(found) == len(set(found))
    assert set(found) == _brute_natural(cards, rules)


def test_natural_meld_masks_order_sets_by_rank_then_runs_by_suit_and_low_end():
    hand = card_mask(parse_cards("QS KS AS 5C 5D 5H 9C 9D 9H 2D 3D 4D"))
    found = [" ".join(map(str, cards_of_mask(m)))
             for m in natural_meld_masks(hand, MeldRules(ace="high_or_low"))]
    assert found == ["5C 5D 5H", "9C 9D 9H", "2D 3D 4D", "2D 3D 4D 5D", "3D 4D 5D",
                     "AS QS KS"]


def _brute_wild(cards: list[Card], wilds: list[Card], rules: MeldRules) -> set:
    """Every (naturals, declaration) classify accepts with at least one wild card, where in a
    run no wild card stands for a card the hand holds."""
    held = card_mask(cards)
    found = set()
    for used in range(1, len(wilds) + 1):
        for wild_group in combinations(wilds, used):
            for size in range(0, len(cards) + 1):
                for naturals in combinations(cards, size):
                    related = {c for c in STANDARD_CARDS
                               if any(c.rank == n.rank or c.suit == n.suit for n in naturals)}
                    for identities in product(sorted(related), repeat=used):
                        declared = dict(zip(wild_group, identities, strict=True))
                        meld = classify([*naturals, *wild_group], rules, declared)
                        if meld is None or (meld.kind == "run" and any(
                                identity.mask & held for identity in identities)):
                            continue
                        found.add((card_mask(naturals), frozenset(declared.items())))
    return found


@settings(max_examples=40, deadline=None)
@given(cards=st.lists(st.sampled_from(STANDARD_CARDS), min_size=1, max_size=4, unique=True),
       wilds=st.sampled_from([JOKERS[:1], JOKERS]), rules=st.sampled_from(WILD_RULES))
def test_wild_meld_masks_are_every_meld_with_wild_cards(cards, wilds, rules):
    hand = card_mask(cards) | card_mask(wilds)
    found = wild_meld_masks(hand, rules)
    keyed = [(mask, frozenset(declared)) for mask, declared in found]
    assert len(keyed) == len(set(keyed))
    assert set(keyed) == _brute_wild(cards, list(wilds), rules)


def test_wild_meld_masks_without_wild_cards_is_empty():
    assert wild_meld_masks(card_mask(parse_cards("5H 6H 7H X1")), MeldRules()) == []


melds = st.builds(
    lambda start, suit, length, kind: (
        [Card.of(rank, suit) for rank in range(start, min(13, start + length - 1) + 1)]
        if kind == "run" else [Card.of(start, s) for s in range(length if length <= 4 else 3)]),
    st.integers(1, 11), st.integers(0, 3), st.integers(3, 5), st.sampled_from(["run", "set"]))


@settings(max_examples=200, deadline=None)
@given(group=melds, card=st.sampled_from([*STANDARD_CARDS, *JOKERS]),
       rules=st.sampled_from([*RULES[:2], *WILD_RULES]))
def test_layoff_identities_are_every_card_a_card_can_stand_for(group, card, rules):
    meld = classify(group, rules)
    if meld is None or card in meld.cards:
        return
    found = layoff_identities(card, meld, rules)
    assert len(found) == len(set(found))
    candidates = STANDARD_CARDS if card in rules.wild else (card,)
    expected = set()
    for identity in candidates:
        declared = {card: identity} if card in rules.wild else None
        grown = classify([*meld.cards, card], rules, declared)
        if grown is not None and grown.kind == meld.kind:
            expected.add(identity)
    assert set(found) == expected


def test_a_whole_suit_with_the_ace_high_or_low_is_listed_once():
    """A-K and 2-K-A are the same thirteen cards: one meld, and one per declaration."""
    rules = MeldRules(ace="high_or_low")
    suit = card_mask(parse_cards("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"))
    found = natural_meld_masks(suit, rules)
    assert len(found) == len(set(found)) and suit in found
    wild = MeldRules(ace="high_or_low", wild=JOKERS)
    hand = card_mask(parse_cards("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC X1"))
    entries = wild_meld_masks(hand, wild)
    assert len(entries) == len(set(entries))
