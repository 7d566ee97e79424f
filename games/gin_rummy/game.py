"""The gin rummy game definition: three-hand gin (box, captain, sitter) and classic gin."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardkit_games.gin_rummy import about, settlement
from cardkit_games.gin_rummy.bots.agents import greedy_agent
from cardkit_games.gin_rummy.bots.belief import belief
from cardkit_games.gin_rummy.bots.policy import hard_agent
from cardkit_games.gin_rummy.encoding import encoding
from cardkit_games.gin_rummy.events import EVENTS, FAMILIES
from cardkit_games.gin_rummy.match import MATCH, THREE_ROLES
from cardkit_games.gin_rummy.options import OPTIONS
from cardkit_games.gin_rummy.rules import RULES
from cardkit_games.gin_rummy.state import GinState

from cardkit.cards import Card, CardSet
from cardkit.game import (
    About,
    Agents,
    Belief,
    Encoding,
    Evaluation,
    Events,
    GameDefinition,
    HandAnalysis,
    Scaffold,
    VariantExample,
)
from cardkit.hooks import Hooks
from cardkit.melds import MeldRules, deadwood_value
from cardkit.state import State

__all__ = ["GAME", "HOOKS"]

HOOKS = Hooks(
    knock_limit=settlement.knock_limit,
    knocker_arrangements=settlement.knocker_arrangements,
    defender_showdown=settlement.defender_showdown,
    hand_score=settlement.hand_score,
    credit=settlement.credit,
    showdown=settlement.showdown,
    settle_draw=settlement.settle_draw,
)

RULES_SUMMARY = (
    "Three-hand gin: the box deals ten cards to the captain and ten to itself; the sitter sits "
    "out. The captain, then the box, may take the up-card; if both decline the captain draws "
    "from the stock. Each turn: draw from the stock or the discard pile, then discard; you may "
    "knock with the discard when your unmelded cards (deadwood) count 10 or less, or go gin "
    "with none. Melds are sets of 3-4 and runs of 3+ in a suit, ace low. At a knock the "
    "defender lays off on the knocker's melds (not after gin). Knocker lower: scores the "
    "difference; otherwise undercut: the defender scores 10 + difference; gin scores 25 + the "
    "defender's deadwood. A dead hand when two stock cards remain. The box keeps the box on a "
    "win (captain and sitter swap); on a loss the captain becomes box. First to 100 wins. "
    "Two players play classic gin: undercut 25, game bonus 100, line bonus 25, shutouts double."
)

ACTION_HELP = {
    "take upcard": "take the first up-card (first turn only), then discard or knock",
    "decline upcard": "refuse the first up-card",
    "draw stock": "take the top card of the stock",
    "draw discard": "take the top card of the discard pile (alias: take discard)",
    "discard <card>": "put a card on the discard pile, e.g. discard KH",
    "knock <card>": "discard that card and knock (deadwood within the knock limit)",
    "gin <card>": "discard that card with the other ten all melded",
    "big gin": "all eleven cards melded after the draw: go big gin without discarding "
               "(only when big_gin_bonus is set)",
}


def _analyse_hand(cards: Sequence[Card], options: Mapping[str, Any]) -> dict[str, Any]:
    """The knock check (§5.1) for ``cardkit hand``: ten cards within the knock limit, or eleven
    (after the draw) with a discard that leaves that little."""
    hand = CardSet(cards)
    limit = options["knock_limit"]
    if len(hand) == 11:
        # the discard that leaves the least deadwood (the highest such card, to shed points)
        least, card = min((deadwood_value(hand.remove(card), RULES), -card.index, card)
                          for card in hand)[::2]
        found: dict[str, Any] = {"knock_limit": limit, "can_knock": least <= limit,
                                 "gin": least == 0}
        if least <= limit:
            found["knock_with"] = (f"{'gin' if least == 0 else 'knock'} {card.text} "
                                   f"(leaves {least} deadwood)")
        return found
    least = deadwood_value(hand, RULES)
    return {"knock_limit": limit, "can_knock": least <= limit, "gin": least == 0}


def _evaluate(state: State) -> list[float]:
    """Minus each active seat's deadwood (the sitter 0): a referee's view of who leads."""
    assert isinstance(state, GinState)
    return [-deadwood_value(hand, RULES) if hand else 0 for hand in state.hands]


#: What ``cardkit new-game NAME --from gin-rummy`` writes as its example house rule.
VARIANT_EXAMPLE = VariantExample(
    hook="showdown",
    option="showdown_multiplier",
    meaning="every showdown's score is multiplied",
    source='''def house_rule(base: Callable[..., Result], state: Any, *args: Any) -> Result:
    """House rule: every showdown's score is multiplied by ``{{option}}``.
    Gin's ``showdown(state, knocker, kind, discard)`` hook returns a ``Result``."""
    return base(state, *args).scaled(state.options["{{option}}"])''',
    imports=("from collections.abc import Callable", "from typing import Any",
             "from cardkit.results import Result"),
)

def _meld_rules(options: Mapping[str, Any]) -> MeldRules:
    return RULES


def _hand_sizes(options: Mapping[str, Any]) -> tuple[int, int]:
    return 10, 11


GAME = GameDefinition(
    name="gin-rummy",
    title="Gin Rummy (three-hand box/captain/sitter, and classic two-player)",
    summary=about.SUMMARY,
    state_class=GinState,
    options=OPTIONS,
    player_counts=about.PLAYER_COUNTS,
    default_players=about.DEFAULT_PLAYERS,
    match=MATCH,
    hooks=HOOKS,
    zero_sum=False,
    max_actions=400,
    roles=(*THREE_ROLES, "dealer", "non-dealer"),
    capabilities=(
        Agents({"greedy": greedy_agent, "hard": hard_agent}),
        About(RULES_SUMMARY, ACTION_HELP),
        HandAnalysis(meld_rules=_meld_rules, analyse=_analyse_hand, sizes=_hand_sizes),
        Evaluation(_evaluate),
        Events(EVENTS, FAMILIES),
        Belief(belief),
        Encoding(encoding),
        Scaffold(VARIANT_EXAMPLE),
    ),
)
