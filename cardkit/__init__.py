"""cardkit: a framework for rummy-family card games.

The public contract (see ``docs/api.md``)::

    import cardkit
    cardkit.available_games()
    game = cardkit.load_game("tonk", players=3, hit_penalty_turns=1)
    state = game.new_hand(seed=7)
    state.legal_actions(); state.apply("draw stock"); state.result
"""

from cardkit.actions import Action, parse_action
from cardkit.agents import Agent, RandomAgent
from cardkit.cards import Card, CardSet, Rank, Suit, format_cards, parse_cards
from cardkit.deck import STANDARD_52, WITH_JOKERS_54, DeckSpec, derive_seed
from cardkit.errors import IllegalAction, RecordError
from cardkit.game import Game, GameDefinition, HandContext, MatchOutcome, MatchRules
from cardkit.hooks import Hooks
from cardkit.options import Option, OptionSet, Preset
from cardkit.records import HandRecord, MatchRecord, load_record, save_record
from cardkit.registry import available_games, load_game, plugin_errors, register
from cardkit.results import Result, Transfer
from cardkit.state import Phase, State
from cardkit.views import View

__version__ = "0.1.0"

__all__ = [
    "STANDARD_52",
    "WITH_JOKERS_54",
    "Action",
    "Agent",
    "Card",
    "CardSet",
    "DeckSpec",
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
    "format_cards",
    "load_game",
    "load_record",
    "parse_action",
    "parse_cards",
    "plugin_errors",
    "register",
    "save_record",
]
