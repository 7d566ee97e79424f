"""How a gin hand ends and what it scores (rules file §5 and §6), as replaceable hooks.

One function per ending of §5/§6.1 (``score_knock`` covering knock and undercut, ``score_gin``,
``score_big_gin``, ``settle_draw``) plus the showdown that ties them together. The hooks a
variant may replace (``GAME.hooks.replace(name=fn)``, ``fn(base, *args)``):

- ``knock_limit(state) -> int`` — §5.1 (Oklahoma gin: the up-card's value, ``state.upcard``);
- ``knocker_arrangements(state, knocker) -> list[Arrangement]`` — the arrangements the showdown
  compares for the knocker (§5.1.1 and §9.9; default: every valid arrangement within the knock
  limit, one per class that scores alike, see :func:`knocker_arrangements`);
- ``defender_showdown(state, defender, table_melds) -> LayoffResult`` — §5.1.2: the defender's
  own melds and lay-offs (none after gin), optimised for the defender;
- ``hand_score(state, ending, knocker_deadwood, defender_deadwood) -> (side, points, ending)``
  — §6.1, ``side`` is ``"knocker"`` or ``"defender"`` (Oklahoma: double on a spade up-card);
- ``credit(state, scorer, points) -> payoffs`` — §6.2, who adds the points;
- ``showdown(state, knocker, kind, discard) -> Result`` and ``settle_draw(state, seat)``.

The knocker's declared arrangement (§5.1.1, §9.9): any arrangement into disjoint melds with
deadwood ≤ the knock limit may be declared, e.g. to block lay-offs (showing ``5H 6H 7H`` with
``8H`` as deadwood keeps the defender's ``9H 10H`` off the table). The showdown declares, among
the candidates of ``knocker_arrangements``, the one that gives the knocker's side the best score
against the defender's best reply (``defender_showdown``); ties go to the lower deadwood K, then
to the first candidate (the enumeration order of :func:`valid_arrangements`). Gin stays gin: a
hand that can be arranged with K = 0 (a ``gin`` or ``big gin``) shows a zero-deadwood
arrangement.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit.cards import Card, CardSet
from cardkit.melds import (
    Arrangement,
    LayoffResult,
    Meld,
    MeldRules,
    all_melds,
    best_with_layoffs,
    deadwood_value,
    lay_off,
    layoff_positions,
)
from cardkit.results import Result

if TYPE_CHECKING:
    from cardkit_games.gin_rummy.state import GinState

__all__ = [
    "credit",
    "defender_showdown",
    "hand_score",
    "knock_limit",
    "knocker_arrangements",
    "layoff_signature",
    "min_deadwood_arrangements",
    "score_big_gin",
    "score_gin",
    "score_knock",
    "settle_draw",
    "showdown",
    "valid_arrangements",
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


def valid_arrangements(hand: CardSet, rules: MeldRules, limit: int) -> list[Arrangement]:
    """§5.1.1: every arrangement of ``hand`` into disjoint melds of :func:`all_melds` (sub-runs
    and 3-card subsets of 4-card sets included) whose deadwood value is at most ``limit``.

    Order (deterministic): a depth-first search choosing melds in :func:`all_melds` order, each
    arrangement listed after the arrangements that add melds to it (so the minimum-deadwood
    arrangements come in the order :func:`min_deadwood_arrangements` lists them). A branch is
    cut as soon as the melds still available to it cannot bring the deadwood down to ``limit``.
    """
    melds = all_melds(hand, rules)
    cards = list(hand)
    value = {card: rules.value(card) for card in cards}
    total = sum(value.values())
    masks = [meld.mask for meld in melds]
    meld_values = [sum(value[card] for card in meld.cards) for meld in melds]
    found: list[tuple[int, tuple[Meld, ...]]] = []

    def visit(start: int, used: int, melded: int, chosen: list[Meld]) -> None:
        # The most this branch can still meld: every card of a later meld that fits.
        reachable = 0
        for i in range(start, len(melds)):
            if not masks[i] & used:
                reachable |= masks[i]
        if total - melded - sum(value[c] for c in cards if c.mask & reachable) > limit:
            return
        for i in range(start, len(melds)):
            if not masks[i] & used:
                chosen.append(melds[i])
                visit(i + 1, used | masks[i], melded + meld_values[i], chosen)
                chosen.pop()
        if total - melded <= limit:
            found.append((total - melded, tuple(chosen)))

    visit(0, 0, 0, [])
    result = []
    for dead, chosen in found:
        mask = 0
        for meld in chosen:
            mask |= meld.mask
        result.append(Arrangement(chosen, tuple(c for c in cards if not c.mask & mask), dead))
    return result


def layoff_signature(meld: Meld, defender_hand: CardSet, rules: MeldRules) -> tuple:
    """What a defender holding ``defender_hand`` could lay off on ``meld`` (§4 lay-offs), as
    plain data: ``(low chain, high chain)`` for a run — the defender's cards that extend it
    below / above, in the order they would be laid (``8H`` then ``9H`` on ``5H 6H 7H``) — and
    for a set that takes one more card ``((), (card,))`` (a one-card chain: the defender lays it
    or not, like a run's end); ``((), ())`` when nothing fits.

    The defender's best showdown depends on the table only through these signatures (each
    lay-off choice is a prefix of each chain, cards used once): two tables with the same
    multiset of signatures give the same defender deadwood D. Without wild cards only; a meld
    with wild cards in the rules gets a signature of its own (no merging).
    """
    if rules.wild:
        return ("meld", meld)
    # Without wild cards only a set's rank or a run's suit can join it.
    if meld.kind == "run":
        near = [card for card in defender_hand if card.suit == meld.suit]
    else:
        near = [card for card in defender_hand if card.rank == meld.rank]
    candidates = [card for card in near if layoff_positions(card, meld, rules)]
    if not candidates:
        return ((), ())
    if meld.kind != "run":
        if len(candidates) == 1 and len(meld) + 1 >= rules.max_set:
            return ((), tuple(candidates))
        return ("set", len(meld), tuple(candidates))
    chains = []
    for end in ("low", "high"):
        grown, chain = meld, []
        while True:
            fits = [card for card in near
                    if card not in chain and end in layoff_positions(card, grown, rules)]
            if not fits:
                break
            chain.append(fits[0])
            grown = lay_off(grown, fits[0], rules, end=end)
        chains.append(tuple(chain))
    return tuple(chains)


def knocker_arrangements(state: GinState, knocker: int) -> list[Arrangement]:
    """§5.1.1/§9.9: the arrangements the showdown compares for the knocker.

    With option ``knocker_arrangement = minimum_deadwood``: the minimum-deadwood arrangements
    only (:func:`min_deadwood_arrangements`). Default (``best_result``): every valid
    arrangement (:func:`valid_arrangements`) with deadwood ≤ the knock limit (hook
    ``knock_limit``) — or, when the hand can be fully melded, with deadwood 0 (gin
    stays gin; a knock action never has a zero arrangement, §5.2) —, keeping one per class that
    provably scores the same: equal deadwood K and equal lay-off signatures for the defender's
    hand (:func:`layoff_signature`, melds nothing can join dropped), so equal D under the
    default ``defender_showdown`` and equal scores under any ``hand_score``. Each class is
    represented by its first member in enumeration order, so the showdown's choice is the one
    it would make over every valid arrangement. A variant may replace this hook (e.g. to offer
    only the minimum-deadwood arrangements, :func:`min_deadwood_arrangements`); a variant that
    changes the lay-off rules must replace it too.
    """
    from cardkit_games.gin_rummy.state import RULES

    hand = state.hands[knocker]
    if state.options["knocker_arrangement"] == "minimum_deadwood":
        return min_deadwood_arrangements(hand, RULES)
    least = deadwood_value(hand, RULES)
    # Gin stays gin; a knock past the limit (a variant's limit moved) shows its least deadwood.
    limit = 0 if least == 0 else max(least, state.game.hooks.knock_limit(state))
    arrangements = valid_arrangements(hand, RULES, limit)
    if len(arrangements) == 1:  # the usual case: nothing to compare
        return arrangements
    defender_hand = state.hands[state.opponent(knocker)]
    signatures: dict[Meld, tuple] = {}
    classes: dict[tuple, Arrangement] = {}
    for arrangement in arrangements:
        parts = []
        for meld in arrangement.melds:
            signature = signatures.get(meld)
            if signature is None:
                signature = signatures[meld] = layoff_signature(meld, defender_hand, RULES)
            if signature != ((), ()):
                parts.append(signature)
        key = (arrangement.deadwood_value, tuple(sorted(parts, key=repr)))
        classes.setdefault(key, arrangement)
    return list(classes.values())


def defender_showdown(state: GinState, defender: int, table_melds: tuple[Meld, ...]
                      ) -> LayoffResult:
    """§5.1.2/§5.2: the defender's own melds and lay-offs on ``table_melds`` (empty after gin),
    chosen to minimise the defender's deadwood."""
    from cardkit_games.gin_rummy.state import RULES

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
    gin), and §6 scores it. ``kind`` is ``knock``, ``gin`` or ``big_gin``.

    The arrangement shown (§5.1.1, §9.9) is the candidate of ``knocker_arrangements`` that
    gives the knocker's side the best score against the defender's best reply; ties go to the
    lower knocker deadwood, then to the first candidate."""
    hooks = state.game.hooks
    defender = state.opponent(knocker)
    gin = kind in ("gin", "big_gin")
    best: tuple | None = None
    # After gin the table is empty for every arrangement: the defender's reply is the same.
    gin_defence = hooks.defender_showdown(state, defender, ()) if gin else None
    for arrangement in hooks.knocker_arrangements(state, knocker):
        defence = (gin_defence if gin_defence is not None
                   else hooks.defender_showdown(state, defender, arrangement.melds))
        side, points, ending = hooks.hand_score(
            state, kind, arrangement.deadwood_value, defence.deadwood_value)
        # The knocker's side's best score; ties: lower K, then the first candidate.
        key = (points if side == "knocker" else -points, -arrangement.deadwood_value)
        if best is None or key > best[0]:
            best = (key, arrangement, defence, side, points, ending)
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
