"""Definitions written before capabilities still work for one release, with a warning.

A plugin written against last month's documented API declared what it offers with keywords
(``rules_summary=``, ``action_help=``, ``meld_rules=``, ``agents=`` ...) and read them back as
attributes. Each keyword and each attribute now raises a ``DeprecationWarning`` naming the
capability to use, and does what it did: the value lands in (and is read from) its capability.
This is the one test of the project that uses them.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

import cardkit
from cardkit.agents import RandomAgent, choose_action
from cardkit.engine.definition import _LEGACY
from cardkit.game import About, Agents, GameDefinition, HandAnalysis, Scaffold, VariantExample
from cardkit.hooks import Hooks
from cardkit.registry import register, unregister
from cardkit.testing import check_game

conquian = pytest.importorskip("cardkit_conquian.game", reason="the Conquian example plugin")
from cardkit_conquian import settlement  # noqa: E402
from cardkit_conquian.match import MATCH  # noqa: E402
from cardkit_conquian.options import OPTIONS  # noqa: E402
from cardkit_conquian.rules import DECK, RULES  # noqa: E402
from cardkit_conquian.state import ConquianState  # noqa: E402

SUMMARY = "Two players, a 40-card deck, meld eleven cards to win."
HELP = {"draw stock": "turn up the top card of the stock"}


def cautious(game: Any, seat: int, seed: int) -> RandomAgent:
    """The plugin's own agent (the legacy ``agents=`` keyword)."""
    return RandomAgent(seed)


def legacy_conquian() -> GameDefinition:
    """Conquian as the example plugin declared it last month: every capability a keyword."""
    return GameDefinition(
        name="legacy-conquian", title="Conquian (legacy)",
        summary="Conquian, declared the old way.",
        state_class=ConquianState, options=OPTIONS, player_counts=(2,), default_players=2,
        match=MATCH, deck=lambda options: DECK,
        hooks=Hooks(went_out=settlement.went_out, stock_out=settlement.stock_out),
        zero_sum=True, max_actions=400,
        rules_summary=SUMMARY, action_help=HELP, meld_rules=lambda options: RULES,
        agents={"cautious": cautious})


@pytest.fixture
def registered() -> Iterator[GameDefinition]:
    with pytest.warns(DeprecationWarning):
        definition = legacy_conquian()
    register(definition)
    try:
        yield definition
    finally:
        unregister(definition.name)


#: One value per legacy keyword, of the kind it takes.
VALUES: dict[str, Any] = {
    "agents": {"cautious": cautious}, "rules_summary": SUMMARY, "action_help": HELP,
    "meld_rules": lambda options: RULES, "climbing_rules": lambda options: None,
    "analyse_hand": lambda cards, options: {}, "hand_value": lambda cards, options: ("n", 1),
    "hand_sizes": lambda options: (10, 11), "evaluate": lambda state: [0.0, 0.0],
    "belief": lambda view: lambda world, rng: None, "encoding": lambda game: None,
    "variant_example": VariantExample("went_out", "double", "Doubles", "def house_rule(): ..."),
}


def test_every_legacy_keyword_has_a_value_here() -> None:
    assert set(VALUES) == set(_LEGACY)


@pytest.mark.parametrize("keyword", sorted(_LEGACY))
def test_a_legacy_keyword_warns_naming_its_capability_and_fills_it(keyword: str) -> None:
    kind, field = _LEGACY[keyword]
    with pytest.warns(DeprecationWarning, match=rf"GameDefinition\({keyword}=.*{kind.__name__}"
                                                rf"\({field}="):
        definition = conquian.GAME.variant(name="legacy", **{keyword: VALUES[keyword]})
    assert getattr(definition.capability(kind), field) == VALUES[keyword]
    with pytest.warns(DeprecationWarning, match=rf"GameDefinition\.{keyword} is deprecated: "
                                                rf"read definition\.capability\({kind.__name__}\)"
                                                rf"\.{field}"):
        assert getattr(definition, keyword) == VALUES[keyword]


def test_the_warning_points_at_the_plugins_line() -> None:
    with pytest.warns(DeprecationWarning) as caught:
        legacy_conquian()
    assert {warning.filename for warning in caught} == {__file__}
    with pytest.warns(DeprecationWarning) as caught:
        _ = conquian.GAME.meld_rules
    assert caught[0].filename == __file__


def test_a_legacy_attribute_of_a_game_that_declares_nothing_reads_as_before() -> None:
    plain = conquian.GAME.variant(name="plain", capabilities=())
    with pytest.warns(DeprecationWarning):
        assert (plain.agents, plain.rules_summary, plain.action_help) == ({}, "", {})
    with pytest.warns(DeprecationWarning):
        assert plain.meld_rules is None and plain.evaluate is None and plain.encoding is None


def test_a_legacy_plugin_loads_and_plays(registered: GameDefinition) -> None:
    """Last month's plugin: its capabilities come from its keywords, the conformance kit
    passes, its own agent and the ladder its meld rules give play a hand to the end."""
    assert registered.capability(About) == About(SUMMARY, HELP)
    assert registered.capability(Agents) == Agents({"cautious": cautious})
    analysis = registered.capability(HandAnalysis)
    assert analysis is not None and analysis.meld_rules is not None
    assert analysis.meld_rules({}) is RULES
    assert registered.capability(Scaffold) is None
    game = cardkit.load_game("legacy-conquian")
    assert {"cautious", "greedy", "normal"} <= set(game.definition.agent_names)
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)  # playing it warns no more
        report = check_game("legacy-conquian", hands=4)
        assert report.hands == 4
        state = game.new_hand(seed=5)
        agents = [game.agent("cautious", 0, 1), game.agent("normal", 1, 1)]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state.apply(choose_action(agents[seat], state, seat)[0])
    assert len(state.result.payoffs) == 2


def test_the_project_reads_no_legacy_attribute(registered: GameDefinition) -> None:
    """The command line's and the services' reading of a legacy plugin warns nothing: they
    read capabilities."""
    from cardkit_cli.grouping import group_hand
    from cardkit_cli.rules import rules_data

    game = cardkit.load_game("legacy-conquian")
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        data = rules_data(game)
        melds, _, _ = group_hand(cardkit.parse_cards("3S 4S 5S 7H KD"), game)
    assert data["rules_summary"] == SUMMARY and data["action_help"] == HELP
    assert melds == [tuple(cardkit.parse_cards("3S 4S 5S"))]
