"""The Tiến Lên game definition (registered as ``tien-len``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardkit_games.tien_len import about
from cardkit_games.tien_len.bots.agents import greedy_agent
from cardkit_games.tien_len.bots.playout import PLAYOUTS
from cardkit_games.tien_len.bots.policy import hard_agent
from cardkit_games.tien_len.deal import first_leader, instant_wins
from cardkit_games.tien_len.encoding import encoding
from cardkit_games.tien_len.events import EVENTS, FAMILIES
from cardkit_games.tien_len.match import MATCH_RULES
from cardkit_games.tien_len.options import OPTIONS, check_options
from cardkit_games.tien_len.rules import climbing_rules, instant_wins_of
from cardkit_games.tien_len.settlement import settle_instant_win, settle_normal, settle_void
from cardkit_games.tien_len.state import TienLenState

from cardkit.cache import BoundedCache
from cardkit.cards import STANDARD_CARDS, Card, CardSet, Rank, Suit, card_mask
from cardkit.game import (
    About,
    Agents,
    Encoding,
    Evaluation,
    Events,
    GameDefinition,
    HandAnalysis,
    Scaffold,
    VariantExample,
)
from cardkit.hooks import Hooks
from cardkit.state import State

__all__ = ["BOMB_BONUS", "TWO_BONUS", "evaluate"]

RULES_SUMMARY = (
    "Tiến Lên (Thirteen): 13 cards each; 3 is low and 2 is high, spades < clubs < diamonds < "
    "hearts. The holder of 3S leads it (first game) in any combination: single, pair, triple, "
    "four of a kind, sequence (3+ consecutive ranks, no 2) or double sequence (3+ consecutive "
    "pairs). Each player in turn beats the top with a stronger combination of the same type and "
    "length, or passes and is locked out until the trick ends; the last to play leads anew. Quads "
    "and double sequences are bombs that chop 2s. Be first to shed every card: places score "
    "3/2/1/0 toward 21. Four 2s or a dragon (3 to A) win at once."
)

def analyse_hand(cards: Sequence[Card], options: Mapping[str, Any]) -> dict[str, Any]:
    """For ``cardkit hand``: the instant wins (§5.1, those enabled by ``instant_wins``) that a
    dealt hand of these cards would hold."""
    wins = instant_wins_of(CardSet(cards), options["instant_wins"], climbing_rules(options))
    return {"instant_wins": list(wins), "instant_win": bool(wins)}


#: The lab's standing (``evaluate``): a 2 held is worth a quarter of a card shed, a bomb half a
#: card — small against a card, so they mostly order hands of equal size (a judgement, not a
#: rule: the rules score places only, §6).
TWO_BONUS = 0.25
BOMB_BONUS = 0.5
_RANKS = 13
_SUIT_BLOCK = (1 << _RANKS) - 1  # one suit's rank bits in a card mask (bit 0 = ace, bit 1 = 2)
_TWOS = card_mask(card for card in STANDARD_CARDS if card.rank == Rank.TWO)


def _suit_ranks(mask: int, suit: Suit) -> int:
    """The rank bits of ``suit`` in a card mask (bit 0 = ace … bit 12 = king)."""
    return mask >> _RANKS * suit & _SUIT_BLOCK


def _hand_value(mask: int) -> float:
    """Minus the cards in ``mask``, plus the 2s and bombs bonuses (see :func:`evaluate`)."""
    clubs = _suit_ranks(mask, Suit.CLUBS)
    diamonds = _suit_ranks(mask, Suit.DIAMONDS)
    hearts = _suit_ranks(mask, Suit.HEARTS)
    spades = _suit_ranks(mask, Suit.SPADES)
    bombs = (clubs & diamonds & hearts & spades).bit_count()
    pairs = (clubs & diamonds) | (hearts & spades) | ((clubs | diamonds) & (hearts | spades))
    ordered = pairs >> 2 | (pairs & 1) << 11  # ranks 3 … K then A; no 2 (§4.1)
    if ordered & ordered >> 1 & ordered >> 2:
        bombs += 1
    twos = (mask & _TWOS).bit_count()
    return -mask.bit_count() + TWO_BONUS * twos + BOMB_BONUS * bombs


#: How many hand values :func:`evaluate` keeps (hand mask -> value; about 0.1 KiB each, so
#: under 2 MiB). Between two turns at most one hand changes, so most look-ups hit.
VALUES_CACHE_SIZE = 20_000
_VALUES: BoundedCache[int, float] = BoundedCache(VALUES_CACHE_SIZE)


def evaluate(state: State) -> list[float]:
    """How well each seat stands (higher = better), for the rule lab's lead changes: minus the
    cards left (§1: the object is to shed them all), plus ``TWO_BONUS`` per 2 held and
    ``BOMB_BONUS`` per bomb held (§4.4: quads, and one for holding any double sequence of 3+
    pairs). A seat that has gone out scores ``players - place`` (1st out highest), above every
    seat still holding cards. Bit arithmetic on the hand masks, cached: it runs once per turn."""
    assert isinstance(state, TienLenState)
    values: list[float] = []
    for seat, hand in enumerate(state.hands):
        mask = hand.mask
        if not mask:
            places = state.places
            values.append(float(state.players - places.index(seat)) if seat in places else 0.0)
            continue
        values.append(_VALUES.setdefault_by(mask, _hand_value))
    return values


#: What ``cardkit new-game NAME --from tien-len`` writes as its example house rule.
VARIANT_EXAMPLE = VariantExample(
    hook="settle_normal",
    option="placement_multiplier",
    meaning="the settlement by places is multiplied",
    source='''def house_rule(base: Callable[..., Result], state: Any, *args: Any) -> Result:
    """House rule: the normal settlement by places is multiplied by ``{{option}}``.
    Tiến Lên's ``settle_normal(state, places)`` hook returns a ``Result``."""
    return base(state, *args).scaled(state.options["{{option}}"])''',
    imports=("from collections.abc import Callable", "from typing import Any",
             "from cardkit.results import Result"),
)

ACTION_HELP = {
    "play <cards>": "play a combination, e.g. 'play 3S 3C' (any card order): lead anything "
                    "(the first lead must include 3S or the lowest dealt card), or beat the "
                    "top with the same type and length, or a bomb on 2s",
    "pass": "pass this trick: you are locked out of it until it ends (a leader cannot pass)",
}


def _hand_sizes(options: Mapping[str, Any]) -> tuple[int, int]:
    return 1, 13


GAME = GameDefinition(
    name="tien-len",
    title="Tiến Lên",
    summary=about.SUMMARY,
    state_class=TienLenState,
    options=OPTIONS,
    player_counts=about.PLAYER_COUNTS,
    default_players=about.DEFAULT_PLAYERS,
    match=MATCH_RULES,
    hooks=Hooks(
        instant_wins=instant_wins,
        first_leader=first_leader,
        settle_normal=settle_normal,
        settle_instant_win=settle_instant_win,
        settle_void=settle_void,
    ),
    zero_sum=False,
    check=check_options,
    max_actions=2000,
    version="0.1.0",
    capabilities=(
        Agents({"greedy": greedy_agent, "hard": hard_agent}),
        About(RULES_SUMMARY, ACTION_HELP),
        HandAnalysis(climbing_rules=climbing_rules, analyse=analyse_hand, sizes=_hand_sizes),
        Evaluation(evaluate),
        Events(EVENTS, FAMILIES),
        Encoding(encoding),
        Scaffold(VARIANT_EXAMPLE),
        PLAYOUTS,
    ),
)
