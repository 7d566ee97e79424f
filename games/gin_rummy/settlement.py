"""How a gin hand ends and what it scores (rules file §5 and §6), as replaceable hooks.

One function per ending of §5/§6.1 (``score_knock`` covering knock and undercut, ``score_gin``,
``score_big_gin``, ``settle_draw``) plus the showdown that ties them together. The hooks a
variant may replace (``GAME.hooks.replace(name=fn)``, ``fn(base, *args)``):

- ``knock_limit(state) -> int`` — §5.1 (Oklahoma gin: the up-card's value, ``state.upcard``);
- ``knocker_arrangements(state, knocker) -> list[Arrangement]`` — the arrangements the knocker
  may show (default: every minimum-deadwood arrangement, §5.1.1 and §9.9);
- ``defender_showdown(state, defender, table_melds) -> LayoffResult`` — §5.1.2: the defender's
  own melds and lay-offs (none after gin), optimised for the defender;
- ``hand_score(state, ending, knocker_deadwood, defender_deadwood) -> (side, points, ending)``
  — §6.1, ``side`` is ``"knocker"`` or ``"defender"`` (Oklahoma: double on a spade up-card);
- ``credit(state, scorer, points) -> payoffs`` — §6.2, who adds the points;
- ``showdown(state, knocker, kind, discard) -> Result`` and ``settle_draw(state, seat)``.

The knocker's declared arrangement (§9.9): the engine shows, among the minimum-deadwood
arrangements, the one that gives the knocker the best score against the defender's best reply
(fewest useful lay-offs); ties keep the first found (the meld library's order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit.cards import Card, CardSet
from cardkit.melds import Arrangement, LayoffResult, Meld, all_melds, best_with_layoffs
from cardkit.results import Result

if TYPE_CHECKING:
    from games.gin_rummy.state import GinState

__all__ = [
    "credit",
    "defender_showdown",
    "hand_score",
    "knock_limit",
    "knocker_arrangements",
    "min_deadwood_arrangements",
    "score_big_gin",
    "score_gin",
    "score_knock",
    "settle_draw",
    "showdown",
]

# Showdowns are rare (once per hand); bound the candidate arrangements compared anyway.
MAX_CANDIDATES = 64


def knock_limit(state: GinState) -> int:
    """§5.1: the most deadwood a knocker may keep after the discard (option ``knock_limit``)."""
    return state.options["knock_limit"]


def min_deadwood_arrangements(hand: CardSet, rules, limit: int = MAX_CANDIDATES
                              ) -> list[Arrangement]:
    """Every arrangement of ``hand`` into disjoint melds with the least deadwood value (up to
    ``limit`` of them, in the meld library's order). Only maximal choices (no further meld
    fits in the deadwood) are listed."""
    melds = all_melds(hand, rules)
    cards = list(hand)
    value = {card: rules.value(card) for card in cards}
    total = sum(value.values())
    found: list[tuple[int, tuple[Meld, ...]]] = []
    best = [total]

    def covered_value(mask: int) -> int:
        return sum(value[c] for c in cards if c.mask & mask)

    meld_values = [covered_value(m.mask) for m in melds]

    def visit(start: int, used: int, chosen: list[Meld], melded: int) -> None:
        dead = total - melded
        for i in range(start, len(melds)):
            if melds[i].mask & used:
                continue
            chosen.append(melds[i])
            visit(i + 1, used | melds[i].mask, chosen, melded + meld_values[i])
            chosen.pop()
        # Only maximal choices (no further meld fits) are candidates.
        if any(not (m.mask & used) for m in melds):
            return
        if dead < best[0]:
            best[0] = dead
            found.clear()
        if dead == best[0] and len(found) < limit:
            found.append((dead, tuple(chosen)))

    visit(0, 0, [], 0)
    result = []
    for dead, chosen in found:
        mask = 0
        for meld in chosen:
            mask |= meld.mask
        deadwood = tuple(c for c in cards if not c.mask & mask)
        result.append(Arrangement(chosen, deadwood, dead))
    return result


def knocker_arrangements(state: GinState, knocker: int) -> list[Arrangement]:
    """§5.1.1/§9.9: the arrangements the knocker may show (default: the minimum-deadwood ones)."""
    from games.gin_rummy.state import RULES

    return min_deadwood_arrangements(state.hands[knocker], RULES)


def defender_showdown(state: GinState, defender: int, table_melds: tuple[Meld, ...]
                      ) -> LayoffResult:
    """§5.1.2/§5.2: the defender's own melds and lay-offs on ``table_melds`` (empty after gin),
    chosen to minimise the defender's deadwood."""
    from games.gin_rummy.state import RULES

    return best_with_layoffs(state.hands[defender], table_melds, RULES)


def score_knock(options, knocker_deadwood: int, defender_deadwood: int
                ) -> tuple[str, int, str]:
    """§6.1 knock: K < D → the knocker scores D − K; otherwise undercut (§9.3): the defender
    scores ``undercut_bonus + (K − D)``."""
    if knocker_deadwood < defender_deadwood:
        return "knocker", defender_deadwood - knocker_deadwood, "knock"
    return ("defender", options["undercut_bonus"] + knocker_deadwood - defender_deadwood,
            "undercut")


def score_gin(options, defender_deadwood: int) -> tuple[str, int, str]:
    """§6.1 gin: the knocker scores ``gin_bonus + D`` (§9.4: D = 0 still gives the bonus)."""
    return "knocker", options["gin_bonus"] + defender_deadwood, "gin"


def score_big_gin(options, defender_deadwood: int) -> tuple[str, int, str]:
    """§5.2/§6.1 big gin: the knocker scores ``big_gin_bonus + D``."""
    return "knocker", options["big_gin_bonus"] + defender_deadwood, "big_gin"


def hand_score(state: GinState, ending: str, knocker_deadwood: int, defender_deadwood: int
               ) -> tuple[str, int, str]:
    """§6.1: ``(side that scores, points, ending)`` for a showdown of kind ``ending``
    (``knock``, ``gin`` or ``big_gin``)."""
    if ending == "gin":
        return score_gin(state.options, defender_deadwood)
    if ending == "big_gin":
        return score_big_gin(state.options, defender_deadwood)
    return score_knock(state.options, knocker_deadwood, defender_deadwood)


def credit(state: GinState, scorer: int, points: int) -> tuple[int, ...]:
    """§6.2: the points each seat adds. The box or the captain adds its side's points; the
    sitter never scores, except with ``team_points_to = captain_and_sitter`` (R-CHOUETTE)."""
    payoffs = [0] * state.players
    payoffs[scorer] = points
    if (state.sitter is not None and scorer == state.non_dealer
            and state.options["team_points_to"] == "captain_and_sitter"):
        payoffs[state.sitter] = points
    return tuple(payoffs)


def _texts(cards) -> list[str]:
    return [card.text for card in cards]


def _role(state: GinState, seat: int) -> str:
    return f"seat {seat} ({state.roles[seat]})"


def showdown(state: GinState, knocker: int, kind: str, discard: Card | None) -> Result:
    """§5.1/§5.2: the knocker shows an arrangement, the defender melds and lays off (not after
    gin), and §6 scores it. ``kind`` is ``knock``, ``gin`` or ``big_gin``."""
    hooks = state.game.hooks
    defender = state.opponent(knocker)
    gin = kind in ("gin", "big_gin")
    best: tuple | None = None
    for arrangement in hooks.knocker_arrangements(state, knocker):
        table = () if gin else arrangement.melds
        defence = hooks.defender_showdown(state, defender, table)
        side, points, ending = hooks.hand_score(
            state, kind, arrangement.deadwood_value, defence.deadwood_value)
        for_knocker = points if side == "knocker" else -points
        if best is None or for_knocker > best[0]:
            best = (for_knocker, arrangement, defence, side, points, ending)
    assert best is not None
    _, arrangement, defence, side, points, ending = best
    scorer = knocker if side == "knocker" else defender
    payoffs = hooks.credit(state, scorer, points)
    table_melds = list(arrangement.melds)
    layoffs = [{"card": card.text, "meld": " ".join(_texts(arrangement.melds[index].cards))}
               for card, index in defence.layoffs]
    details = {
        "kind": kind,
        "knocker": knocker,
        "defender": defender,
        "discard": discard.text if discard is not None else None,
        "knocker_melds": [_texts(meld.cards) for meld in arrangement.melds],
        "knocker_deadwood_cards": _texts(arrangement.deadwood),
        "knocker_deadwood": arrangement.deadwood_value,
        "defender_melds": [_texts(meld.cards) for meld in defence.own_melds],
        "layoffs": layoffs,
        "defender_deadwood_cards": _texts(defence.deadwood),
        "defender_deadwood": defence.deadwood_value,
        "scorer": scorer,
        "points": points,
        "credited": [seat for seat, p in enumerate(payoffs) if p],
        "upcard": state.upcard.text,
        # the melds as they lie at the end (knocker's with lay-offs), as [owner, card texts]
        "table": [[knocker, _texts(meld.cards)] for meld in (defence.table_after or table_melds)]
                 + [[defender, _texts(meld.cards)] for meld in defence.own_melds],
    }
    verb = {"knock": "knocks", "gin": "goes gin", "big_gin": "goes big gin"}[kind]
    laid = (" after laying off " + " ".join(item["card"] for item in layoffs)) if layoffs else ""
    what = {"knock": "wins the knock", "undercut": "undercuts", "gin": "scores gin",
            "big_gin": "scores big gin"}[ending]
    summary = (f"{_role(state, knocker)} {verb} with {arrangement.deadwood_value}, "
               f"{_role(state, defender)} has {defence.deadwood_value}{laid}: "
               f"{_role(state, scorer)} {what}, {points} points")
    return Result(ending, (scorer,), payoffs, (), details, summary)


def settle_draw(state: GinState, seat: int) -> Result:
    """§5.3: a non-knocking discard leaving ``draw_stock_remaining`` cards in the stock voids
    the hand; nobody scores."""
    return Result("draw", (), (0,) * state.players,
                  details={"stock": len(state.stock), "last_discard_by": seat},
                  summary=f"dead hand: {len(state.stock)} cards left in the stock, no score")
