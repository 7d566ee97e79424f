"""cardkit: a framework for rummy-family card games.

The public contract (see ``docs/api.md``)::

    import cardkit
    cardkit.available_games()
    game = cardkit.load_game("tonk", players=3, hit_penalty_turns=1)
    state = game.new_hand(seed=7)
    state.legal_actions(); state.apply("draw stock"); state.result
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

# The public names are imported on first use (PEP 562): a tool that needs one module (the
# command line listing games, say) does not pay for the whole package at start-up.
_LAZY: dict[str, str] = {
    "Action": "cardkit.actions",
    "parse_action": "cardkit.actions",
    "Agent": "cardkit.agents",
    "RandomAgent": "cardkit.agents",
    "Card": "cardkit.cards",
    "CardSet": "cardkit.cards",
    "Rank": "cardkit.cards",
    "Suit": "cardkit.cards",
    "format_cards": "cardkit.cards",
    "parse_cards": "cardkit.cards",
    "STANDARD_52": "cardkit.deck",
    "WITH_JOKERS_54": "cardkit.deck",
    "DeckSpec": "cardkit.deck",
    "derive_seed": "cardkit.deck",
    "IllegalAction": "cardkit.errors",
    "RecordError": "cardkit.errors",
    "Game": "cardkit.game",
    "GameDefinition": "cardkit.game",
    "HandContext": "cardkit.game",
    "MatchOutcome": "cardkit.game",
    "MatchRules": "cardkit.game",
    "Hooks": "cardkit.hooks",
    "Option": "cardkit.options",
    "OptionSet": "cardkit.options",
    "Preset": "cardkit.options",
    "HandRecord": "cardkit.records",
    "MatchRecord": "cardkit.records",
    "load_record": "cardkit.records",
    "save_record": "cardkit.records",
    "available_games": "cardkit.registry",
    "load_game": "cardkit.registry",
    "plugin_errors": "cardkit.registry",
    "register": "cardkit.registry",
    "Result": "cardkit.results",
    "Transfer": "cardkit.results",
    "Phase": "cardkit.state",
    "State": "cardkit.state",
    "View": "cardkit.views",
}


def __getattr__(name: str) -> Any:
    import importlib
    import importlib.util

    module = _LAZY.get(name)
    if module is None:
        # a submodule reached as an attribute (``cardkit.registry``), as with an eager package
        if importlib.util.find_spec(f"cardkit.{name}") is not None:
            return importlib.import_module(f"cardkit.{name}")
        raise AttributeError(f"module 'cardkit' has no attribute {name!r}")

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
