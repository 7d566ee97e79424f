"""One compiled-tables object per rules value (cardkit.values.compiled), for melds and climbing:
shared by equal values, reached from the value, outside its equality, hash, repr and pickles,
bounded, and found again by serial after the registry let it go."""

from __future__ import annotations

import copy
import gc
import pickle

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardkit.libraries.climbing import ClimbingRules
from cardkit.libraries.climbing.tables import climbing_tables
from cardkit.libraries.melds import MeldRules, best_arrangement
from cardkit.libraries.melds.tables import meld_tables, tables_of_serial
from cardkit.values.cards import CardSet, Suit, parse_cards
from cardkit.values.compiled import Compiled, Compiler, restore_rules, rules_state

meld_rules = st.builds(
    MeldRules,
    set_sizes=st.sampled_from([(3, 4), (3,), (2, 3, 4), (4,)]),
    min_run=st.integers(2, 5),
    ace=st.sampled_from(["low", "high_or_low"]),
    wild=st.sampled_from([(), ("X1", "X2")]),
    min_natural=st.integers(0, 3),
    wild_value=st.integers(0, 50),
)
TIEN_LEN_ORDER = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2)
climbing_rules = st.builds(
    ClimbingRules,
    rank_order=st.just(TIEN_LEN_ORDER),
    suit_order=st.permutations(list(Suit)),
    sequence_ranks=st.sampled_from([frozenset(TIEN_LEN_ORDER), frozenset(TIEN_LEN_ORDER[:-1])]),
    double_sequence_ranks=st.sampled_from([frozenset(TIEN_LEN_ORDER[:-1]), frozenset()]),
    min_sequence=st.integers(2, 4),
)


def _twin(rules: object) -> object:
    """An equal value made afresh (not a copy of the instance)."""
    return type(rules)(**{field.alias: getattr(rules, field.name)
                          for field in attrs.fields(type(rules)) if field.init})


@given(rules=meld_rules)
def test_equal_meld_rules_share_one_compiled_object(rules: MeldRules) -> None:
    twin = _twin(rules)
    assert twin is not rules and twin == rules
    assert meld_tables(twin) is meld_tables(rules)
    assert rules._tables is twin._tables  # kept on each instance: one read on the hot path


@given(rules=meld_rules)
def test_the_tables_are_outside_equality_hash_repr_and_pickles(rules: MeldRules) -> None:
    fresh = _twin(rules)
    before = pickle.dumps(fresh)
    meld_tables(rules)
    assert fresh._tables is None or fresh._tables is rules._tables
    assert rules == fresh and hash(rules) == hash(fresh) and repr(rules) == repr(fresh)
    # a state's snapshot pickles its rules: compiled or not, the bytes are the same
    assert pickle.dumps(rules) == before
    back = pickle.loads(before)
    assert back == rules and back._tables is None
    assert meld_tables(back) is meld_tables(rules)


@given(rules=climbing_rules)
def test_climbing_rules_are_compiled_once_per_value_when_made(rules: ClimbingRules) -> None:
    twin = _twin(rules)
    assert climbing_tables(twin) is climbing_tables(rules)
    back = pickle.loads(pickle.dumps(rules))
    assert back == rules and climbing_tables(back) is climbing_tables(rules)
    assert copy.deepcopy(rules)._tables is rules._tables
    assert b"ClimbingTables" not in pickle.dumps(rules)


def test_copies_share_the_tables_and_the_tables_never_pickle() -> None:
    rules = MeldRules(min_run=4)
    tables = meld_tables(rules)
    assert copy.copy(tables) is tables and copy.deepcopy(tables) is tables
    assert meld_tables(copy.deepcopy(rules)) is tables
    with pytest.raises(TypeError, match="never pickled"):
        pickle.dumps(tables)


def test_derived_tables_are_made_once_per_value() -> None:
    made: list[object] = []

    def build(rules: ClimbingRules) -> tuple[int, ...]:
        made.append(rules)
        return rules.rank_order

    rules = ClimbingRules(TIEN_LEN_ORDER, list(Suit), frozenset(), frozenset(), 5, 5)
    first = climbing_tables(rules).derived(build)
    assert climbing_tables(_twin(rules)).derived(build) is first
    assert made == [rules]


@attrs.frozen
class _Rules:
    """A toy rules value compiled by a small compiler (to see the bound at work)."""

    size: int
    _tables: _Tables | None = attrs.field(default=None, init=False, eq=False, repr=False)

    __getstate__ = rules_state
    __setstate__ = restore_rules


class _Tables(Compiled):
    __slots__ = ("square",)

    def __init__(self, rules: _Rules) -> None:
        super().__init__(rules)
        self.square = rules.size * rules.size


def test_the_registry_is_bounded_and_serials_outlive_it() -> None:
    built: list[int] = []

    def build(rules: _Rules) -> _Tables:
        built.append(rules.size)
        return _Tables(rules)

    compiler: Compiler[_Rules, _Tables] = Compiler(build, "_tables", maxsize=4)
    values = [_Rules(size) for size in range(10)]
    serials = [compiler.serial(rules) for rules in values]
    kept = [compiler(rules) for rules in values]
    assert built == list(range(10)) and serials == list(range(10))
    assert all(rules._tables is tables for rules, tables in zip(values, kept, strict=True))
    assert len(compiler._registry) <= 4  # the registry holds a bounded number of values
    # an instance keeps its own tables past the bound, and a serial finds them through it
    assert compiler.by_serial(0) is kept[0] and built == list(range(10))
    # a new equal instance, once the registry let the value go, compiles it again
    assert compiler(_Rules(0)).square == 0 and built[-1] == 0
    # a serial holds no tables: once nothing does, it compiles an equal value afresh
    del values, kept
    gc.collect()
    assert [compiler.by_serial(serial).square for serial in serials] == [n * n for n in range(10)]
    assert len(built) > 11
    assert compiler.serial(_Rules(3)) == 3  # the number stays the value's


def test_a_lazy_arrangement_names_its_tables_by_serial() -> None:
    rules = MeldRules(ace="high_or_low")
    lazy = best_arrangement(CardSet(parse_cards("QH KH AH 2H 3H 5C 5D 5S 9C 9D")), rules)
    assert tables_of_serial((lazy._source >> 104) - 1) is meld_tables(rules)
    assert [str(meld) for meld in lazy.melds] == ["5C 5D 5S", "QH KH AH"]
    assert [str(card) for card in lazy.deadwood] == ["9C", "9D", "2H", "3H"]
    assert lazy.deadwood_value == 23
