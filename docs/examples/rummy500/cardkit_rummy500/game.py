"""The Rummy 500 game definition: what the entry point ``rummy500`` names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardkit.game import About, Evaluation, GameDefinition, HandAnalysis, points_target_match
from cardkit.hooks import Hooks
from cardkit.melds import MeldRules
from cardkit_rummy500 import settlement
from cardkit_rummy500.options import OPTIONS
from cardkit_rummy500.rules import RULES
from cardkit_rummy500.state import Rummy500State


def meld_rules(options: Mapping[str, Any]) -> MeldRules:
    """The meld rules, the same under every option (a module-level function, so that the
    definition and its variants pickle by value)."""
    return RULES


#: What the command line says of the game (``cardkit rules``, the in-game ``help``).
ABOUT = About(
    rules_summary=(
        "Seven cards each (thirteen for two players), one card turned to start a spread "
        "discard pile. In turn: draw the stock's top card, or take any card of the pile with "
        "every card above it, the deepest card taken to be melded that turn; meld sets and "
        "runs (the ace low or high), lay off on anyone's melds, and discard. A hand ends when "
        "a player has no card left or the stock is out. Each player scores the cards they put "
        "down less the cards left in hand (an ace 15, or 1 in A-2-3); the first to 500 wins."),
    action_help={
        "draw stock": "take the top card of the stock",
        "take": "take the discard pile down to a card, e.g. take 7H; you must meld 7H this turn",
        "meld": "lay a set or a run from your hand, e.g. meld 5H 6H 7H",
        "lay": "lay a card off on a meld on the table, e.g. lay 8H 2 (lay low AH 2 / lay high "
               "AH 2 when it fits both ends)",
        "discard": "discard a card to end your turn, e.g. discard KS",
        "pass": "once the stock is out: take nothing, which ends the hand",
    },
)

GAME = GameDefinition(
    name="rummy500",
    title="Rummy 500",
    summary="500 Rum: meld and lay off for points, take deep into the spread pile, first to 500.",
    state_class=Rummy500State,
    options=OPTIONS,
    player_counts=(2, 3, 4),
    default_players=3,
    match=points_target_match("target"),
    hooks=Hooks(went_out=settlement.went_out, stock_out=settlement.stock_out),
    capabilities=[Evaluation(settlement.scores), ABOUT,
                  HandAnalysis(meld_rules=meld_rules)],
    max_actions=600,
)
