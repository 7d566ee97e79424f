"""The Tonk game definition: options, state, hooks, match, agents, action help (rules §1-§8)."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from cardkit_games.tonk import about
from cardkit_games.tonk.bots.agents import greedy_agent
from cardkit_games.tonk.bots.belief import belief
from cardkit_games.tonk.bots.policy import hard_agent
from cardkit_games.tonk.bots.reading import reading_scalars
from cardkit_games.tonk.count import card_values, hand_count
from cardkit_games.tonk.deal import deal_check, qualifiers
from cardkit_games.tonk.deck import deck_for
from cardkit_games.tonk.encoding import encoding
from cardkit_games.tonk.events import EVENTS, FAMILIES
from cardkit_games.tonk.match import MATCH
from cardkit_games.tonk.options import OPTIONS
from cardkit_games.tonk.settlement import (
    settle_double_double,
    settle_drop,
    settle_initial_win,
    settle_out_by_discard,
    settle_side_bet,
    settle_stock_out,
    settle_tonk,
    settle_void_deal,
)
from cardkit_games.tonk.spreads import spread_rules
from cardkit_games.tonk.state import TonkState

from cardkit.cards import Card, card_mask
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
from cardkit.melds import MeldRules
from cardkit.state import State

__all__ = ["ACTION_HELP", "GAME", "evaluate", "meld_rules"]


def meld_rules(options: Mapping[str, Any]) -> MeldRules:
    """§4 as :class:`MeldRules` (for the CLI's hand grouping and analysis): the rules the
    game's own spread generator uses."""
    return spread_rules(options)


def analyse_hand(cards: Sequence[Card], options: Mapping[str, Any]) -> dict[str, Any]:
    """A hand's best grouping, its count, and whether it would win at the deal (§5)."""
    mask = card_mask(cards)
    count = hand_count(mask, card_values(1, options["joker_hand_value"]))
    dealt = hand_count(mask, card_values(options["initial_count_ace_value"],
                                         options["joker_hand_value"]))
    qualifies = qualifiers(options, [dealt])
    return {
        "count": count,
        "deal_count": dealt,
        "wins_at_deal": bool(qualifies),
    }


def evaluate(state: State) -> list[float]:
    """How well each seat stands (higher = better), for the rule lab's lead changes: minus the
    seat's count, the number a drop or a stock end would compare (§0: the values of the cards
    still in hand, laid cards never count; §6.5, §6.6). An empty hand scores 0, the best. A
    referee's view (it reads every hand), computed on the hand bitmasks: it runs once per turn."""
    assert isinstance(state, TonkState)
    count_of = state.count_of
    return [float(-count_of(hand)) for hand in state.hands]


def hand_value(cards: Sequence[Card], options: Mapping[str, Any]) -> tuple[str, float]:
    """The number shown beside a Tonk hand: its count (§0), what a drop or a stock end
    compares; every card held counts, even one that could be spread (§9.12)."""
    mask = card_mask(cards)
    return ("count", hand_count(mask, card_values(1, options["joker_hand_value"])))


ACTION_HELP = {
    "drop": "end the hand now: everybody shows, the lowest count wins (a caught dropper pays "
            "extra); at the start of your turn (or any time in it with "
            "drop_timing=any_time_in_own_turn), not while hit-locked",
    "draw stock": "take the top card of the stock",
    "draw discard": "take the top card of the discard pile (with discard_pickup_must_meld only "
                    "if you can use it in a spread or a hit this turn, and you must before you "
                    "discard)",
    "spread <cards>": "lay a book (3-4 of a rank) or a run (3+ in a suit) from your hand, e.g. "
                      "'spread 7H 8H 9H'; a joker names what it stands for: 'spread 5H X1=6H 7H'",
    "hit <card> <n>": "add a card to spread number n on the table (numbered from 1), e.g. "
                      "'hit 4C 1', a joker as 'hit X1=8H 2'",
    "discard <card>": "put a card on the discard pile; this ends your turn (with must_spread "
                      "you must lay any spread you hold first, except a book of aces)",
    "pass": "stock empty: decline the discard, which ends the hand by comparing counts; in a "
            "double-double: stop hitting (the tonk is paid normally)",
    "join bet": "spades side bet: put your stake in the side pot",
    "decline bet": "spades side bet: stay out",
}

RULES_SUMMARY = (
    "Tonk: 2-4 players, 5 cards each (7 or 9 as options) and an up-card. On your turn you may "
    "drop (show your hand: lowest count wins, a caught dropper pays double), or draw from the "
    "stock or the discard pile, lay books and runs, hit any spread on the table, and discard. "
    "Emptying your hand with spreads and hits is a tonk (paid double); going out on the "
    "discard pays single. A dealt 49 or 50 wins at once. Hitting another player's spread "
    "stops them dropping on their next turn. When the stock runs out the lowest count wins. "
    "Card counts: A=1, 2-10 face value, J Q K = 10."
)

#: What ``cardkit new-game NAME --from tonk`` writes as its example house rule.
VARIANT_EXAMPLE = VariantExample(
    hook="settle_drop",
    option="drop_multiplier",
    meaning="every payment of a drop is multiplied",
    source='''def house_rule(base: Callable[..., Any], state: Any, *args: Any) -> Any:
    """House rule: every payment of a drop (won or caught) is multiplied by ``{{option}}``.
    Tonk's ``settle_drop(state, dropper, counts)`` hook returns ``(ending, winners,
    transfers)``."""
    ending, winners, transfers = base(state, *args)
    factor = state.options["{{option}}"]
    return ending, winners, [attrs.evolve(t, amount=t.amount * factor) for t in transfers]''',
    imports=("from collections.abc import Callable", "from typing import Any", "import attrs"),
)


def hand_sizes(options: Mapping[str, Any]) -> tuple[int, int]:
    """A hand holds one card to one more than the deal (after a draw)."""
    return 1, options["hand_size"] + 1


GAME = GameDefinition(
    name="tonk",
    title="Tonk",
    summary=about.SUMMARY,
    state_class=TonkState,
    options=OPTIONS,
    player_counts=about.PLAYER_COUNTS,
    default_players=about.DEFAULT_PLAYERS,
    match=MATCH,
    deck=deck_for,
    hooks=Hooks(
        deal_check=deal_check,
        settle_initial_win=settle_initial_win,
        settle_void_deal=settle_void_deal,
        settle_tonk=settle_tonk,
        settle_out_by_discard=settle_out_by_discard,
        settle_drop=settle_drop,
        settle_stock_out=settle_stock_out,
        settle_double_double=settle_double_double,
        settle_side_bet=settle_side_bet,
    ),
    zero_sum=True,
    max_actions=5000,
    capabilities=(
        Agents({"greedy": greedy_agent, "hard": hard_agent}),
        About(RULES_SUMMARY, ACTION_HELP, payoff_unit="stakes"),
        HandAnalysis(meld_rules=meld_rules, analyse=analyse_hand, value=hand_value,
                     sizes=hand_sizes),
        Evaluation(evaluate),
        Events(EVENTS, FAMILIES),
        Belief(belief),
        Encoding(functools.partial(encoding, scalars=reading_scalars)),
        Scaffold(VARIANT_EXAMPLE),
    ),
)
