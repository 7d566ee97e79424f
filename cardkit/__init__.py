"""cardkit: a framework for rummy-family card games.

The public contract (see ``docs/api.md``)::

    import cardkit
    cardkit.available_games()
    game = cardkit.load_game("tonk", players=3, hit_penalty_turns=1)
    state = game.new_hand(seed=7)
    state.legal_actions(); state.apply("draw stock"); state.result
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cardkit
from cardkit.engine import ports
from cardkit.values.lazy import lazy_names

if TYPE_CHECKING:
    import cardkit.search
    from cardkit.engine.agents import Agent, RandomAgent
    from cardkit.engine.definition import GameDefinition
    from cardkit.engine.game import Game
    from cardkit.engine.match import HandContext, MatchOutcome, MatchRules
    from cardkit.engine.phases import Phase
    from cardkit.engine.records import HandRecord, MatchRecord, load_record, save_record
    from cardkit.engine.registry import available_games, load_game, plugin_errors, register
    from cardkit.engine.state import State
    from cardkit.frontends.evaluation import Evaluation, evaluate
    from cardkit.values.actions import Action, parse_action
    from cardkit.values.cards import (
        Card,
        CardMultiset,
        CardSet,
        Rank,
        Suit,
        format_cards,
        parse_cards,
    )
    from cardkit.values.deck import STANDARD_52, WITH_JOKERS_54, DeckSpec, derive_seed
    from cardkit.values.errors import IllegalAction, RecordError
    from cardkit.values.hooks import Hooks
    from cardkit.values.options import Option, OptionSet, Preset
    from cardkit.values.results import Result, Transfer
    from cardkit.values.views import View

__version__ = "0.1.0"

__all__ = [
    "STANDARD_52",
    "WITH_JOKERS_54",
    "Action",
    "Agent",
    "Card",
    "CardMultiset",
    "CardSet",
    "DeckSpec",
    "Evaluation",
    "Game",
    "GameDefinition",
    "HandContext",
    "HandRecord",
    "Hooks",
    "IllegalAction",
    "MatchOutcome",
    "MatchRecord",
    "MatchRules",
    "Option",
    "OptionSet",
    "Phase",
    "Preset",
    "RandomAgent",
    "Rank",
    "RecordError",
    "Result",
    "State",
    "Suit",
    "Transfer",
    "View",
    "__version__",
    "available_games",
    "derive_seed",
    "evaluate",
    "format_cards",
    "load_game",
    "load_record",
    "parse_action",
    "parse_cards",
    "plugin_errors",
    "register",
    "save_record",
]

# The public names are imported on first use (PEP 562): a tool that needs one module (the
# command line listing games, say) does not pay for the whole package at start-up.
__getattr__ = lazy_names(
    __name__, submodules=True,
    Action="cardkit.values.actions:Action",
    parse_action="cardkit.values.actions:parse_action",
    Agent="cardkit.engine.agents:Agent",
    RandomAgent="cardkit.engine.agents:RandomAgent",
    Card="cardkit.values.cards:Card",
    CardMultiset="cardkit.values.cards:CardMultiset",
    CardSet="cardkit.values.cards:CardSet",
    Rank="cardkit.values.cards:Rank",
    Suit="cardkit.values.cards:Suit",
    format_cards="cardkit.values.cards:format_cards",
    parse_cards="cardkit.values.cards:parse_cards",
    STANDARD_52="cardkit.values.deck:STANDARD_52",
    WITH_JOKERS_54="cardkit.values.deck:WITH_JOKERS_54",
    DeckSpec="cardkit.values.deck:DeckSpec",
    derive_seed="cardkit.values.deck:derive_seed",
    IllegalAction="cardkit.values.errors:IllegalAction",
    RecordError="cardkit.values.errors:RecordError",
    Game="cardkit.engine.game:Game",
    GameDefinition="cardkit.engine.definition:GameDefinition",
    HandContext="cardkit.engine.match:HandContext",
    MatchOutcome="cardkit.engine.match:MatchOutcome",
    MatchRules="cardkit.engine.match:MatchRules",
    Hooks="cardkit.values.hooks:Hooks",
    Option="cardkit.values.options:Option",
    OptionSet="cardkit.values.options:OptionSet",
    Preset="cardkit.values.options:Preset",
    HandRecord="cardkit.engine.records:HandRecord",
    MatchRecord="cardkit.engine.records:MatchRecord",
    load_record="cardkit.engine.records:load_record",
    save_record="cardkit.engine.records:save_record",
    available_games="cardkit.engine.registry:available_games",
    load_game="cardkit.engine.registry:load_game",
    plugin_errors="cardkit.engine.registry:plugin_errors",
    register="cardkit.engine.registry:register",
    Result="cardkit.values.results:Result",
    Transfer="cardkit.values.results:Transfer",
    Phase="cardkit.engine.phases:Phase",
    State="cardkit.engine.state:State",
    View="cardkit.values.views:View",
    Evaluation="cardkit.frontends.evaluation:Evaluation",
    evaluate="cardkit.frontends.evaluation:evaluate",
)


def _agent_roster() -> ports.AgentRoster:
    """The composition root's one binding: the engine's agent port is filled by the search
    service's roster (:data:`cardkit.search.ROSTER`), imported, through this package's lazy
    submodules, the first time a game's agents are asked for."""
    return cardkit.search.ROSTER


ports.AGENT_ROSTER.bind(_agent_roster)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
