"""Rule options: one declaration gives validation, presets, implied values and descriptions."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardkit
from cardkit.values.options import Option, OptionSet, Preset

OPTIONS = OptionSet(
    [
        Option("hit_penalty_turns", "int", 1, "Turns of drop lock per hit", "S000", minimum=0),
        Option("ace", "choice", "low", "Ace in runs", "S004", choices=("low", "high_or_low")),
        Option("jokers", "bool", False, "Wild jokers", "S004"),
        Option("stake", "number", 1, "Base stake", "S001", minimum=0.01),
        Option("cap", "optional_int", None, "Hit cap", "R-PAGAT", minimum=1),
        Option("points", "int_list", lambda n: list(range(n - 1, -1, -1)), "Points by place",
               "S002", default_text="[n-1, ..., 0]"),
        Option("wins", "choice_set", ["four_twos"], "Instant wins", "S002",
               choices=("four_twos", "dragon", "six_pairs")),
        Option("undercut", "int", lambda n: 10 if n == 3 else 25, "Undercut bonus", "S003"),
        Option("profile", "choice", "standard", "Payout profile", "S000",
               choices=("standard", "texas"), implies={"texas": {"hit_penalty_turns": 3}}),
    ],
    [Preset("texas", {"profile": "texas", "jokers": True}, "Texas house rules")],
)


def test_defaults_resolve_and_may_depend_on_players():
    two = OPTIONS.resolve(2)
    three = OPTIONS.resolve(3)
    assert two["undercut"] == 25 and three["undercut"] == 10
    assert two["points"] == [1, 0] and OPTIONS.resolve(4)["points"] == [3, 2, 1, 0]
    assert list(two) == OPTIONS.names


@pytest.mark.parametrize(
    ("name", "value", "allowed"),
    [
        ("hit_penalty_turns", -1, "a whole number >= 0"),
        ("hit_penalty_turns", "x", "a whole number >= 0"),
        ("ace", "middle", "one of low, high_or_low"),
        ("jokers", "maybe", "true or false"),
        ("stake", 0, "a number >= 0.01"),
        ("cap", 0, "null or a whole number >= 1"),
        ("wins", ["dragon", "eleven"], "set of four_twos, dragon, six_pairs"),
    ],
)
def test_bad_values_say_what_is_allowed(name, value, allowed):
    with pytest.raises(ValueError, match=f"option {name}: .* it must be .*{allowed}"):
        OPTIONS.resolve(3, {name: value})


def test_unknown_option_lists_the_valid_ones():
    with pytest.raises(ValueError, match="tonk has no option 'colour'; valid options: "
                                         "hit_penalty_turns, ace, jokers"):
        OPTIONS.resolve(3, {"colour": 1}, game="tonk")


def test_text_values_from_the_command_line_are_converted():
    resolved = OPTIONS.resolve(3, {"jokers": "yes", "cap": "null", "stake": "2.5",
                                   "points": "5,3,0", "wins": "dragon,four_twos",
                                   "ace": "HIGH_OR_LOW", "hit_penalty_turns": "3"})
    assert resolved["jokers"] is True and resolved["cap"] is None and resolved["stake"] == 2.5
    assert resolved["points"] == [5, 3, 0] and resolved["wins"] == ["four_twos", "dragon"]
    assert resolved["ace"] == "high_or_low" and resolved["hit_penalty_turns"] == 3


def test_presets_are_overridable_and_implied_values_yield_to_explicit_ones():
    texas = OPTIONS.resolve(3, preset="texas")
    assert texas["jokers"] is True and texas["hit_penalty_turns"] == 3
    override = OPTIONS.resolve(3, {"hit_penalty_turns": 0, "jokers": False}, preset="texas")
    assert override["hit_penalty_turns"] == 0 and override["jokers"] is False
    assert OPTIONS.resolve(3, {"profile": "texas"})["hit_penalty_turns"] == 3
    with pytest.raises(ValueError, match="unknown preset 'vegas'; valid presets: texas"):
        OPTIONS.resolve(3, preset="vegas")


def test_description_is_machine_readable():
    described = OPTIONS.describe(3, OPTIONS.resolve(3))
    first = described["options"][0]
    assert first == {"name": "hit_penalty_turns", "type": "int", "default": 1,
                     "allowed": "a whole number >= 0", "meaning": "Turns of drop lock per hit",
                     "source": "S000", "value": 1}
    points = next(o for o in described["options"] if o["name"] == "points")
    assert points["default"] == "[n-1, ..., 0]"
    assert described["presets"][0]["name"] == "texas"


def test_extend_adds_options_and_changes_defaults():
    extended = OPTIONS.extend([Option("oklahoma", "bool", True, "Up-card knock", "R-GIN")],
                              defaults={"undercut": 20})
    resolved = extended.resolve(2)
    assert resolved["oklahoma"] is True and resolved["undercut"] == 20


def test_declaration_errors():
    with pytest.raises(ValueError, match="duplicate"):
        OptionSet([Option("a", "int", 1, "x"), Option("a", "int", 1, "x")])
    with pytest.raises(ValueError, match="unknown option"):
        OptionSet([Option("a", "int", 1, "x")], [Preset("p", {"b": 1})])
    with pytest.raises(ValueError, match="needs choices"):
        Option("a", "choice", 1, "x")


@given(st.integers(0, 1000))
def test_valid_ints_are_accepted_as_numbers_and_text(value):
    assert OPTIONS["hit_penalty_turns"].convert(value) == value
    assert OPTIONS["hit_penalty_turns"].convert(str(value)) == value


def test_a_mistyped_option_name_gets_the_likely_ones():
    with pytest.raises(ValueError, match=r"no option 'hit_penalty' \(did you mean "
                                         r"hit_penalty_turns or hit_penalty_counting\?\)"):
        cardkit.load_game("tonk", hit_penalty=1)
    with pytest.raises(ValueError, match=r"no option 'jokrs' \(did you mean jokers\?\)"):
        cardkit.load_game("tonk", jokrs=True)


def test_an_option_number_must_be_finite_and_within_the_limit():
    with pytest.raises(ValueError, match="out of range"):
        cardkit.load_game("gin-rummy", knock_limit=10**300)
    number = Option("weight", "number", 1.0, "a weight", "test")
    for value in (float("inf"), float("nan"), 1e300):
        with pytest.raises(ValueError, match="out of range"):
            number.convert(value)
    assert number.convert(2.5) == 2.5
