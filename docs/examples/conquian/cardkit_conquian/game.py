"""The Conquian game definition: what the entry point ``conquian`` names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardkit.deck import DeckSpec
from cardkit.game import About, GameDefinition, HandAnalysis
from cardkit.hooks import Hooks
from cardkit.melds import MeldRules
from cardkit_conquian import settlement
from cardkit_conquian.match import MATCH
from cardkit_conquian.options import OPTIONS
from cardkit_conquian.rules import DECK, RULES
from cardkit_conquian.state import ConquianState


def deck(options: Mapping[str, Any]) -> DeckSpec:
    """The deck, the same under every option (a module-level function, so that the definition
    and its variants pickle by value)."""
    return DECK


def meld_rules(options: Mapping[str, Any]) -> MeldRules:
    """The meld rules, the same under every option (a module-level function, so that the
    definition and its variants pickle by value)."""
    return RULES


#: What the command line says of the game (``cardkit rules``, the in-game ``help``).
ABOUT = About(
    rules_summary=(
        "Two players, a 40-card deck (no 8s, 9s, 10s: 7-J is a run), ten cards each. In turn a "
        "player turns up the top card of the stock. It is offered first to that player, then "
        "to the opponent: whoever uses it melds it at once with cards from the hand and "
        "discards, and the discard is offered to the other player. Drawn cards never go into "
        "the hand. A card that fits the decliner's meld may be forced on them. The first to "
        "have eleven cards melded wins; if the stock runs out the hand is a tableau (tie)."),
    action_help={
        "draw stock": "turn up the top card of the stock; it is offered to you first",
        "spread": "meld the card on offer with cards from your hand (or, after it, more melds)",
        "hit": "lay a card (the one on offer, or after it one from your hand) on a meld",
        "force": "lay the card your opponent declined on their meld; they must discard",
        "pass": "decline the card on offer (or decline to force)",
        "discard": "discard a card from your hand; it is offered to your opponent",
    },
)

GAME = GameDefinition(
    name="conquian",
    title="Conquian",
    summary="The Mexican ancestor of rummy: two players, 40 cards, meld eleven to win.",
    state_class=ConquianState,
    options=OPTIONS,
    player_counts=(2,),
    default_players=2,
    match=MATCH,
    deck=deck,
    hooks=Hooks(went_out=settlement.went_out, stock_out=settlement.stock_out),
    zero_sum=True,
    capabilities=[ABOUT, HandAnalysis(meld_rules=meld_rules)],
    max_actions=400,
)
