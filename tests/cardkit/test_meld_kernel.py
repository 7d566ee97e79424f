"""The compiled kernel of the one-deck meld search gives the pure-Python search's answers.

``best_arrangement``, ``deadwood_value`` and ``deadwood_within`` are the kernel's functions when
the extension was built (:mod:`cardkit.libraries.melds.kernel`); ``python_best_arrangement``,
``python_deadwood_value`` and ``python_deadwood_within`` are always the Python ones, the
reference. Both are asked the same
hands (CardSets and int masks, which the kernel answers, and the wild, joker and special-rules
cases it hands over) and must give the same value and the same arrangement, tie-break included.
"""

from __future__ import annotations

import importlib.util
import inspect
import os
import pickle
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardkit.libraries.melds import arrange
from cardkit.libraries.melds.kernel import kernel_disabled
from cardkit.libraries.melds.rules import MeldRules
from cardkit.values.cards import ALL_CARDS, JOKERS, STANDARD_CARDS, Card, CardSet

BUILT = importlib.util.find_spec("cardkit.libraries.melds._kernel") is not None

needs_kernel = pytest.mark.skipif(not arrange.KERNEL, reason="the compiled kernel is not in use")

RULES = [
    MeldRules(),
    MeldRules(ace="high_or_low"),
    MeldRules(run_ranks=(1, 2, 3, 4, 5, 6, 7, 11, 12, 13)),  # Conquian's run order
    MeldRules(set_sizes=(3,), min_run=4),
    MeldRules(set_sizes=(4,)),
    MeldRules(set_sizes=(3, 4), min_run=4, card_values=(15, *range(2, 11), 10, 10, 10)),
    MeldRules(wild=JOKERS),  # Tonk's jokers: hands holding one stay in Python
    MeldRules(wild=JOKERS, ace="high_or_low", wild_value=15),
    MeldRules(wild=(Card.parse("2C"), Card.parse("2D"))),  # wild natural cards
    MeldRules(wild=JOKERS, max_wild=1),  # the search over copies
    MeldRules(set_sizes=(2, 3, 4)),  # sets of 2: every hand to the search over copies
]

SETTINGS = settings(max_examples=400, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def same_answers(cards: list[Card], rules: MeldRules) -> None:
    """The kernel's answers and the Python ones for ``cards`` as a CardSet and as a mask, with
    the rules given by position and by keyword."""
    for hand in (CardSet(cards), CardSet(cards).mask):
        expected = arrange.python_best_arrangement(hand, rules)
        for found in (arrange.best_arrangement(hand, rules),
                      arrange.best_arrangement(hand, rules=rules)):
            assert found.deadwood_value == expected.deadwood_value
            assert found.melds == expected.melds  # the same melds in the same order
            assert found.deadwood == expected.deadwood
            assert found == expected
        value = arrange.python_deadwood_value(hand, rules)
        assert value == expected.deadwood_value
        assert arrange.deadwood_value(hand, rules) == value
        assert arrange.deadwood_value(hand, rules=rules) == value
        for bound in (value - 1, value, value + 10):  # a knock check on either side
            within = arrange.python_deadwood_within(hand, bound, rules)
            assert within == (value if value <= bound else None)
            assert arrange.deadwood_within(hand, bound, rules) == within
            assert arrange.deadwood_within(hand, bound, rules=rules) == within


def hands(pool: list[Card], least: int, most: int) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(pool), min_size=least, max_size=most, unique=True)


#: 4 consecutive ranks in all four suits, and a 7-rank window: many sets and runs compete
BLOCK = [card for card in STANDARD_CARDS if card.rank is not None and 5 <= card.rank <= 8]
ACES = [card for card in STANDARD_CARDS if card.rank in (1, 2, 3, 11, 12, 13)]


@SETTINGS
@given(cards=hands(list(ALL_CARDS), 0, 13), rules=st.sampled_from(RULES))
def test_random_hands(cards: list[Card], rules: MeldRules) -> None:
    same_answers(cards, rules)


@SETTINGS
@given(cards=hands(BLOCK, 3, 16), rules=st.sampled_from(RULES[:6]))
def test_dense_hands_weigh_many_sets(cards: list[Card], rules: MeldRules) -> None:
    same_answers(cards, rules)


@SETTINGS
@given(cards=hands(ACES + list(JOKERS), 3, 14), rules=st.sampled_from(RULES))
def test_hands_round_the_ace(cards: list[Card], rules: MeldRules) -> None:
    same_answers(cards, rules)


def test_ties_break_the_same_way() -> None:
    # a run or a set of kings leave the same deadwood: the run; a 4-set or a 3-set and a run;
    # which 5 the 3-set leaves to a run when clubs and spades would both take it: the spade
    for text in ("JH QH KH KS KD", "5C 5D 5H 5S 6H 7H 8H 9C", "3C 4C 5C 5D 5H 5S 6S 7S",
                 "5C 5D 5H 5S 6C 7C 8C 6S 7S 8S", "5C 5D 5H 5S 6C 7C 8C 6D 7D 8D 9H",
                 "7C 7D 7H 7S 8C 8D 8H 8S 9C 9D 9H 9S", "AC AD AH 2C 2D 2H 3C 3D 3H"):
        for rules in RULES:
            same_answers(list(CardSet(text)), rules)
    best = arrange.best_arrangement(CardSet("JH QH KH KS KD"))
    assert [str(meld) for meld in best.melds] == ["JH QH KH"]
    best = arrange.best_arrangement(CardSet("5C 5D 5H 5S 6C 7C 8C 6S 7S 8S"))
    assert [str(meld) for meld in best.melds] == ["5C 5D 5H", "6C 7C 8C", "5S 6S 7S 8S"]


def test_five_ranks_in_every_suit() -> None:
    # every rank can make a set: the product of the set choices is searched (6**5 with gin)
    cards = [card for card in STANDARD_CARDS if card.rank is not None and 3 <= card.rank <= 7]
    for rules in RULES[:6]:
        same_answers(cards, rules)


def test_what_the_kernel_hands_over_still_answers() -> None:
    rules = MeldRules(ace="high_or_low", min_run=4)  # a value never compiled before
    assert rules._tables is None
    hand = CardSet("QH KH AH JH 2C 2D 2S")
    assert arrange.best_arrangement(hand, rules).deadwood_value == 0  # built the tables
    assert rules._tables is not None
    same_answers(list(hand), rules)
    # lists of cards, copies and subclasses take the Python path, with its answers
    assert arrange.deadwood_value(list(hand), rules) == 0
    assert arrange.deadwood_value(list(CardSet("7H 8H 9H 9C"))) == 9

    class Hand(CardSet):
        __slots__ = ()

    assert arrange.best_arrangement(Hand("7H 8H 9H 9C")).deadwood_value == 9
    assert arrange.deadwood_within(hand, 0.5, rules) == 0  # a bound that is no int
    assert arrange.deadwood_within(CardSet("7H 8H 9H 9C"), bound=9) == 9
    with pytest.raises(TypeError):
        arrange.deadwood_within(hand)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        arrange.deadwood_value()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        arrange.best_arrangement(hand, rules, 3)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        arrange.best_arrangement(hand, ruels=rules)  # type: ignore[call-arg]


def test_the_public_functions_look_like_the_python_ones() -> None:
    for name in ("best_arrangement", "deadwood_value", "deadwood_within"):
        public = getattr(arrange, name)
        python = getattr(arrange, f"python_{name}")
        assert public.__name__ == name and public.__module__ == arrange.__name__
        assert public.__doc__ == python.__doc__
        assert inspect.signature(public) == inspect.signature(python)
        assert pickle.loads(pickle.dumps(public)) is public


def test_the_kernel_is_used_when_built() -> None:
    """Built and not turned off: in use (a change to the slots the kernel reads would
    otherwise silently leave the Python search running)."""
    if not BUILT:
        pytest.skip("the extension was not built (no C compiler at install)")
    assert arrange.KERNEL is not kernel_disabled()
    if arrange.KERNEL:
        assert type(arrange.best_arrangement).__name__ == "CompiledFunction"


def test_the_pure_python_search_is_selectable() -> None:
    env = {**os.environ, "CARDKIT_PURE_PYTHON": "1"}
    code = ("from cardkit.melds import best_arrangement; from cardkit.libraries.melds import "
            "arrange; print(arrange.KERNEL, best_arrangement is arrange.python_best_arrangement)")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          check=True, timeout=120)
    assert done.stdout.split() == ["False", "True"]
