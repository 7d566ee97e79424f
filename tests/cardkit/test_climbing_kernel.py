"""The compiled kernel of the climbing library gives the pure-Python functions' answers.

``keep_disjoint`` and ``pick_bits`` (:mod:`cardkit.libraries.climbing.kernel`) and the
enumeration's ``_all_sequence_masks`` are the kernel's functions when the extension was built;
``python_keep_disjoint``, ``python_pick_bits`` and ``python_all_sequence_masks`` are always the
Python ones, the reference. Both are asked the same inputs (dealt hands, dense hands of three
or four cards a rank, every minimum, both Tiến Lên sequence-rank settings, and the calls the
kernel hands over: masks past 64 bits, negative numbers, tuples) and must give the same answer
or raise the same error.
"""

from __future__ import annotations

import contextlib
import importlib.util
import inspect
import itertools
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.climbing import gather_rows, keep_disjoint, next_turn, pick_bits
from cardkit.libraries.climbing import (
    ClimbingRules,
    all_combinations,
    enumeration,
    kernel,
    turns,
)
from cardkit.libraries.climbing import sequence_groups as groups_of
from cardkit.libraries.kernels import kernel_disabled
from cardkit.values.cards import CardSet

BUILT = importlib.util.find_spec("cardkit.libraries.climbing._kernel") is not None

needs_kernel = pytest.mark.skipif(not kernel.KERNEL, reason="the compiled kernel is not in use")

SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

_TWOS = ("never", "as_top_only")
#: Tiến Lên's rules values (both ``twos_in_sequences`` settings) and each with other minimums.
TIEN_LEN_RULES: list[ClimbingRules] = [
    cardkit.load_game("tien-len", twos_in_sequences=twos).new_hand(seed=1).rules
    for twos in _TWOS]
RULES = [*TIEN_LEN_RULES,
         *(attrs.evolve(rules, min_sequence=single, min_double_sequence=double)
           for rules in TIEN_LEN_RULES for single, double in ((2, 2), (4, 2), (5, 4), (13, 6)))]


def outcome(function: Callable[..., Any], *args: Any) -> tuple[str, Any]:
    """What ``function(*args)`` gives: its answer, or the type of the error it raises."""
    try:
        return "answer", function(*args)
    except Exception as error:  # the error's type is the answer compared
        return "error", type(error)


@contextlib.contextmanager
def python_enumeration() -> Iterator[None]:
    """The enumeration's Python sequences for the duration (the reference outputs)."""
    compiled = enumeration._all_sequence_masks
    enumeration._all_sequence_masks = enumeration.python_all_sequence_masks
    try:
        yield
    finally:
        enumeration._all_sequence_masks = compiled


def same_sequences(smask: int, held: int, minimum: int, double: bool) -> None:
    args = (smask, held, minimum, double)
    assert (outcome(enumeration._all_sequence_masks, *args)
            == outcome(enumeration.python_all_sequence_masks, *args))


def same_hand(rules: ClimbingRules, smask: int, minimums: range = range(1, 15)) -> None:
    """Every layer over the sequences gives the Python path's output for the hand (and the
    enumeration itself under each of ``minimums``)."""
    found = groups_of(rules, smask)
    cards = rules.cards_of_strength_mask(smask)
    combinations = all_combinations(CardSet(cards), rules)
    with python_enumeration():
        assert groups_of(rules, smask) == found
        assert all_combinations(CardSet(cards), rules) == combinations
    for double, positions in ((False, rules._tables.seq_positions),
                              (True, rules._tables.dseq_positions)):
        held = enumeration._held_positions(smask, double) & positions
        for minimum in minimums:
            same_sequences(smask, held, minimum, double)


dealt = st.lists(st.integers(0, 51), min_size=13, max_size=13, unique=True).map(
    lambda strengths: sum(1 << s for s in strengths))
#: Three or four cards at each of up to five rank positions (a run of them is the worst case:
#: 6**5 double sequences of five pairs).
dense = st.dictionaries(st.integers(0, 12), st.sampled_from((7, 11, 13, 14, 15)),
                        min_size=1, max_size=5).map(
    lambda nibbles: sum(nibble << 4 * p for p, nibble in nibbles.items()))


@SETTINGS
@given(st.one_of(dealt, dense), st.sampled_from(RULES))
def test_hands_give_the_python_sequences(smask: int, rules: ClimbingRules) -> None:
    same_hand(rules, smask)


def test_worst_case_hands() -> None:
    """Every card of six consecutive ranks (6**6 double sequences of six pairs), and of eight
    (4**8 sequences of eight cards): no fixed buffer to overflow."""
    for rules in RULES[:3]:
        same_hand(rules, (1 << 24) - 1, range(2, 4))
        same_hand(rules, ((1 << 24) - 1) << 24, range(3, 4))
    smask = (1 << 32) - 1
    for minimum in (2, 3, 8):
        same_sequences(smask, enumeration._held_positions(smask, False), minimum, False)
    *_, (length, masks) = enumeration._all_sequence_masks(
        smask, enumeration._held_positions(smask, False), 8, False)
    assert length == 8 and len(masks) == 4**8 and len(set(masks)) == 4**8


#: Up to six held positions anywhere in 64 bits (off the nibbles too): a run of them has at
#: most 6**6 choices, which the Python reference still lists in moments.
held_any = st.lists(st.integers(0, 63), max_size=6).map(lambda bits: sum(1 << b for b in bits))


@SETTINGS
@given(st.integers(0, 2**64 - 1), held_any, st.integers(-3, 70),
       st.sampled_from((False, True, 0, 2)))
def test_any_masks_give_the_python_sequences(smask: int, held: int, minimum: int,
                                             double: object) -> None:
    """Held positions off the nibbles, minimums past the hand, 64-bit masks: the same."""
    same_sequences(smask, held, minimum, double)  # type: ignore[arg-type]
    same_sequences(smask, held & smask, minimum, double)  # type: ignore[arg-type]


def test_calls_the_kernel_hands_over() -> None:
    for args in ((2**64 + 7, 2**64 + 1, 2, False), (2**68 - 1, 2**68 - 1 & 0x1111 << 56, 2, True),
                 (7.0, 1, 2, False), (0xFFF, 0x111, 0, False), (0xFFF, 0x111, -1, True)):
        same_sequences(*args)  # type: ignore[arg-type]


masks_64 = st.lists(st.one_of(st.integers(0, 2**64 - 1), st.sampled_from((0, 2**64 - 1))),
                    max_size=40)
gone_any = st.one_of(st.integers(-(2**70), 2**70), st.integers(0, 2**64 - 1).map(lambda m: ~m),
                     st.sampled_from((0, -1, 2**63, -(2**63), 2**64)))


@SETTINGS
@given(masks_64, st.booleans(), gone_any)
def test_keep_disjoint(masks: list[int], with_items: bool, gone: int) -> None:
    items = [object() for _ in masks] if with_items else None
    expected = kernel.python_keep_disjoint(masks, items, gone)
    found = keep_disjoint(masks, items, gone)
    assert found == expected
    if expected is None:
        assert all(not mask & gone for mask in masks)
        return
    assert found is not None
    kept, kept_items = found
    assert kept == [mask for mask in masks if not mask & gone] and kept is not masks
    assert len(kept) < len(masks)
    if items is None:
        assert kept_items is None
    else:
        assert kept_items is not None
        assert [id(item) for item in kept_items] == [  # the same objects at the same places
            id(item) for mask, item in zip(masks, items, strict=True) if not mask & gone]


def test_keep_disjoint_hands_over_what_it_does_not_answer() -> None:
    cases: list[tuple[Any, Any, Any]] = [
        ([1, 2, 2**64], None, 2**64),  # a mask past 64 bits
        ([1, -2, 4], [5, 6, 7], 2),  # a negative mask
        ((1, 2, 4), (5, 6, 7), 2),  # tuples
        ([1, 2], [5], 2),  # the lengths differ: ValueError
        ([1, 2.0], None, 2),  # no int: TypeError
        ([1, 2], None, 2.0),
        ([True, False], None, 1),
        ([], [], -1),
    ]
    for masks, items, gone in cases:
        assert (outcome(keep_disjoint, masks, items, gone)
                == outcome(kernel.python_keep_disjoint, masks, items, gone))
    assert outcome(keep_disjoint, [1, 2], [5], 2) == ("error", ValueError)
    masks = list(range(5000))  # longer than the kernel's bits on the stack
    assert keep_disjoint(masks, masks, 1) == (masks[::2], masks[::2])
    assert keep_disjoint(masks, None, 2**13) is None
    assert keep_disjoint(masks, None, 2**12) == (masks[:4096], None)
    assert keep_disjoint([1, 2, 4], ["a", "b", "c"], ~5) == ([1, 4], ["a", "c"])
    assert keep_disjoint([1, 4], ["a", "c"], ~5) is None


@SETTINGS
@given(st.integers(0, 2**64 - 1), st.integers(0, 80), st.integers(-90, 90), st.booleans())
def test_pick_bits(bits: int, size: int, offset: int, as_tuple: bool) -> None:
    table: list[int] | tuple[int, ...] = list(range(100, 100 + size))
    if as_tuple:
        table = tuple(table)
    expected = outcome(kernel.python_pick_bits, bits, table, offset)
    assert outcome(pick_bits, bits, table, offset) == expected
    if expected[0] == "answer" and offset >= 0:
        assert expected[1] == [100 + offset + i for i in range(64) if bits >> i & 1]


def test_pick_bits_hands_over_what_it_does_not_answer() -> None:
    table = list("abcdefghij")
    for bits, offset in ((2**64 + 5, 0), (2**70, -75), (-1, 0), (5, -3), (5, -10), (5, -11),
                         (5, 2**70), (0, -(2**70)), (0b11, 9)):
        assert (outcome(pick_bits, bits, table, offset)
                == outcome(kernel.python_pick_bits, bits, table, offset))
    assert pick_bits(0b101, "abcdef", 1) == ["b", "d"]  # any sequence (a str: handed over)
    assert pick_bits(0b101, range(10), 2) == [2, 4]
    assert outcome(pick_bits, -1, table, 0) == ("error", ValueError)
    assert outcome(pick_bits, 1, table, 10) == ("error", IndexError)


def _rows(positions: int, columns: int) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]:
    """Per-rank tables whose items say where they come from (position, nibble, column, item)."""
    return tuple(tuple(tuple(tuple(position << 12 | nibble << 8 | column << 4 | item
                                   for item in range((nibble + column) % 4))
                             for column in range(columns))
                       for nibble in range(16))
                 for position in range(positions))


ROWS = _rows(13, 8)


@SETTINGS
@given(st.integers(0, 2**52 - 1),
       st.lists(st.lists(st.integers(0, 7), max_size=5).map(tuple), max_size=4).map(tuple))
def test_gather_rows(smask: int, columns: tuple[tuple[int, ...], ...]) -> None:
    found = gather_rows(smask, ROWS, columns)
    assert found == kernel.python_gather_rows(smask, ROWS, columns)
    held = [(p, smask >> 4 * p & 0xF) for p in range(13) if smask >> 4 * p & 0xF]
    assert found == [[item for column in group for p, nibble in held
                      for item in ROWS[p][nibble][column]] for group in columns]


def test_gather_rows_hands_over_what_it_does_not_answer() -> None:
    short = _rows(3, 2)
    lists = [[list(map(list, row)) for row in position] for position in short]
    for smask, rows, columns in (
            (0x1000, short, ((0,),)),  # a position past the table: IndexError
            (0x1, short, ((2,),)),  # a column past the row: IndexError
            (0x1, short, ((-1,),)),  # a column counted from the end
            (0x1, short, ((True,),)),  # a column that is no exact int
            (0x21, lists, ((0, 1),)),  # lists, not tuples
            (0x21, short, [[0, 1]]),  # the groups as lists
            (-1, short, ((0,),)),  # a negative mask: ValueError
            (2**64 + 1, _rows(17, 1), ((0,),))):  # past 64 bits
        assert (outcome(gather_rows, smask, rows, columns)
                == outcome(kernel.python_gather_rows, smask, rows, columns))
    assert outcome(gather_rows, 0x1000, short, ((0,),)) == ("error", IndexError)
    assert outcome(gather_rows, -1, short, ((0,),)) == ("error", ValueError)
    assert gather_rows(0, short, ((0,), (1,))) == [[], []]


def test_next_turn_is_the_reference_on_every_table_of_up_to_five_seats() -> None:
    """Every seat, direction, skipped and out set and last player of 2 to 5 seats (73,408
    calls), errors included."""
    for players in range(2, 6):
        for seat, step, last in itertools.product(range(players), (1, -1),
                                                  (None, *range(players))):
            for skipped, out in itertools.product(range(1 << players), repeat=2):
                arguments = (seat, players, step, skipped, last, out)
                assert outcome(next_turn, *arguments) == outcome(turns.python_next_turn,
                                                                 *arguments)


def test_next_turn_by_the_rules() -> None:
    # four seats, seat 1 played last: seat 2 passed, seat 3 is out: from seat 0 the turn
    # comes back to seat 1, who leads the next trick
    assert next_turn(0, 4, 1, 0b1100, 1, 0b1000) == ~1
    assert next_turn(1, 4, 1, 0b0100, 1, 0) == 3  # seat 2 passed: skipped
    assert next_turn(1, 4, -1, 0, 1, 0) == 0  # counter-clockwise
    assert next_turn(0, 4, 1, 0b0010, 1, 0b0010) == ~2  # the last player went out: seat 2 leads
    assert next_turn(0, 3, 1, 0, None, 0) == 1  # before anyone has played
    for arguments in ((0, 3, 1, 0b111, 1, 0b111), (0, 3, 1, 0b110, None, 0),
                      (0, 3, 2, 0, None, 0), (3, 3, 1, 0, None, 0), (0, 2**70, 1, 0, None, 0),
                      (0, 3, 1, -1, None, 0), (True, 3, 1, 0, None, 0)):
        assert outcome(next_turn, *arguments) == outcome(turns.python_next_turn, *arguments)
    assert outcome(next_turn, 0, 3, 1, 0b111, 1, 0b111) == ("error", ValueError)


def test_the_public_functions_look_like_the_python_ones() -> None:
    pairs = [(keep_disjoint, kernel.python_keep_disjoint), (pick_bits, kernel.python_pick_bits),
             (gather_rows, kernel.python_gather_rows), (next_turn, turns.python_next_turn),
             (enumeration._all_sequence_masks, enumeration.python_all_sequence_masks)]
    for public, python in pairs:
        assert public.__module__ == python.__module__
        assert inspect.getdoc(public) == inspect.getdoc(python)
        assert (list(inspect.signature(public).parameters)
                == list(inspect.signature(python).parameters))
    assert "keep_disjoint" in cardkit.climbing.__all__ and "pick_bits" in cardkit.climbing.__all__


def test_the_kernel_is_used_when_built() -> None:
    """Built and not turned off: in use (a failed bind would otherwise silently leave the
    Python code running)."""
    if not BUILT:
        pytest.skip("the extension was not built (no C compiler at install)")
    assert kernel.KERNEL is not kernel_disabled()
    if kernel.KERNEL:
        for function in (keep_disjoint, pick_bits, gather_rows, next_turn,
                         enumeration._all_sequence_masks):
            assert type(function).__name__ == "builtin_function_or_method"


@needs_kernel
def test_the_compiled_functions_answer_without_python() -> None:
    """The common calls are the C loops' own (not handed over to the Python reference)."""
    calls: list[str] = []

    def spy(name: str) -> Callable[..., Any]:
        python = getattr(kernel, f"python_{name}", None) or enumeration.python_all_sequence_masks

        def reference(*args: Any) -> Any:
            calls.append(name)
            return python(*args)

        reference.__doc__ = python.__doc__
        reference.__module__ = python.__module__
        reference.__signature__ = inspect.signature(python)  # type: ignore[attr-defined]
        return reference

    try:
        compiled = {name: kernel.compiled(name, spy(name))
                    for name in ("keep_disjoint", "pick_bits", "all_sequence_masks")}
        assert compiled["keep_disjoint"]([1, 2, 4], None, 2) == ([1, 4], None)
        assert compiled["pick_bits"](0b110, list("abc"), 0) == ["b", "c"]
        smask = 0xF0F3F1
        assert compiled["all_sequence_masks"](smask, 0x111111, 3, False)
        assert calls == []
        assert outcome(compiled["pick_bits"], 2**64, list("abc"), 0) == ("error", IndexError)
        assert calls == ["pick_bits"]  # bits past 64: handed over
    finally:  # bound again to the real references
        kernel.compiled("keep_disjoint", kernel.python_keep_disjoint)
        kernel.compiled("pick_bits", kernel.python_pick_bits)
        kernel.compiled("all_sequence_masks", enumeration.python_all_sequence_masks)


def test_the_pure_python_functions_are_selectable() -> None:
    env = {**os.environ, "CARDKIT_PURE_PYTHON": "1"}
    code = ("from cardkit.climbing import gather_rows, keep_disjoint, next_turn, pick_bits; "
            "from cardkit.libraries.climbing import kernel, enumeration as e; "
            "print(kernel.KERNEL, keep_disjoint is kernel.python_keep_disjoint, "
            "pick_bits is kernel.python_pick_bits, "
            "e._all_sequence_masks is e.python_all_sequence_masks)")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          check=True, timeout=120)
    assert done.stdout.split() == ["False", "True", "True", "True"]
