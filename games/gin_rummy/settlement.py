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

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardkit_games.gin_rummy.rules import RULES

from cardkit.cards import Card, Suit
from cardkit.melds import (
    Arrangement,
    LayoffResult,
    Meld,
    best_with_layoffs,
    deadwood_value,
    distinct_for_layoffs,
    min_deadwood_arrangements,
    valid_arrangements,
)
from cardkit.results import Ending, Endings, Result
from cardkit.rummy import knock_table
from cardkit.views import seat_name

if TYPE_CHECKING:
    from cardkit_games.gin_rummy.state import GinState

__all__ = [
    "ENDINGS",
    "credit",
    "defender_showdown",
    "hand_score",
    "knock_limit",
    "knocker_arrangements",
    "score_big_gin",
    "score_gin",
    "score_knock",
    "settle_draw",
    "showdown",
]

#: The endings of §5 (result.ending), scored by §6.1.
ENDINGS = Endings(
    Ending("knock", "a player knocked and the defender's deadwood, after lay-offs, is higher",
           "5.1, 6.1"),
    Ending("undercut", "a player knocked and the defender's deadwood is not higher: the "
           "defender scores", "5.1, 6.1, 9.3"),
    Ending("gin", "a player knocked with no deadwood; the defender may not lay off", "5.2, 6.1"),
    Ending("big_gin", "a player's eleven cards after the draw are all melded", "5.2, 6.1"),
    Ending("draw", "two cards were left in the stock after a discard: no score", "5.3"),
)


def knock_limit(state: GinState) -> int:
    """§5.1: the most deadwood a knocker may keep after the discard (option ``knock_limit``)."""
    return int(state.options["knock_limit"])


def knocker_arrangements(state: GinState, knocker: int) -> list[Arrangement]:
    """§5.1.1/§9.9: the arrangements the showdown compares for the knocker.

    With option ``knocker_arrangement = minimum_deadwood``: the minimum-deadwood arrangements
    only (:func:`cardkit.melds.candidates.min_deadwood_arrangements`). Default
    (``best_result``): every valid arrangement
    (:func:`cardkit.melds.candidates.valid_arrangements`) with deadwood ≤ the knock limit (hook
    ``knock_limit``) — or, when the hand can be fully melded, with deadwood 0 (gin stays gin; a
    knock action never has a zero arrangement, §5.2) —, keeping one per class that provably
    scores the same (:func:`cardkit.melds.candidates.distinct_for_layoffs`: equal deadwood K
    and equal lay-off signatures for the defender's hand), so equal D under the default
    ``defender_showdown`` and equal scores under any ``hand_score``. Each class is represented
    by its first member in enumeration order, so the showdown's choice is the one it would make
    over every valid arrangement. A variant may replace this hook (e.g. to offer only the
    minimum-deadwood arrangements); a variant that changes the lay-off rules must replace it
    too.
    """
    hand = state.hands[knocker]
    if state.options["knocker_arrangement"] == "minimum_deadwood":
        return min_deadwood_arrangements(hand, RULES)
    least = deadwood_value(hand, RULES)
    # Gin stays gin; a knock past the limit (a variant's limit moved) shows its least deadwood.
    limit = 0 if least == 0 else max(least, state.game.hooks.knock_limit(state))
    arrangements = valid_arrangements(hand, RULES, limit)
    if len(arrangements) == 1:  # the usual case: nothing to compare
        return arrangements
    return distinct_for_layoffs(arrangements, state.hands[state.opponent(knocker)], RULES)


def defender_showdown(state: GinState, defender: int, table_melds: tuple[Meld, ...]
                      ) -> LayoffResult:
    """§5.1.2/§5.2: the defender's own melds and lay-offs on ``table_melds`` (empty after gin),
    chosen to minimise the defender's deadwood."""
    return best_with_layoffs(state.hands[defender], table_melds, RULES)


def score_knock(options: Mapping[str, Any], knocker_deadwood: int, defender_deadwood: int
                ) -> tuple[str, int, str]:
    """§6.1 knock: K < D → the knocker scores D − K; otherwise undercut (§9.3): the defender
    scores ``undercut_bonus + (K − D)``."""
    if knocker_deadwood < defender_deadwood:
        return "knocker", defender_deadwood - knocker_deadwood, "knock"
    return ("defender", options["undercut_bonus"] + knocker_deadwood - defender_deadwood,
            "undercut")


def score_gin(options: Mapping[str, Any], defender_deadwood: int) -> tuple[str, int, str]:
    """§6.1 gin: the knocker scores ``gin_bonus + D`` (§9.4: D = 0 still gives the bonus)."""
    return "knocker", options["gin_bonus"] + defender_deadwood, "gin"


def score_big_gin(options: Mapping[str, Any], defender_deadwood: int) -> tuple[str, int, str]:
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


def _score_sentence(state: GinState, ending: str, scorer: int, points: int, knocker_deadwood: int,
                    defender_deadwood: int) -> str:
    """How §6.1 gave ``points`` to ``scorer``: the formula under the default ``hand_score``, the
    comparison alone under a variant's own scoring."""
    who = _role(state, scorer)
    k, d = knocker_deadwood, defender_deadwood
    if state.game.hooks.hand_score is not hand_score:
        formula = f"{points} points by this variant's scoring"
    elif ending == "knock":
        formula = f"the difference, {d} - {k} = {points} points"
    elif ending == "undercut":
        formula = (f"the undercut bonus {state.options['undercut_bonus']} plus the difference "
                   f"{k} - {d}: {points} points")
    else:
        bonus = state.options["gin_bonus" if ending == "gin" else "big_gin_bonus"]
        formula = f"the bonus {bonus} plus the defender's {d} deadwood: {points} points"
    if ending == "knock":
        return f"{k} is less than {d}: {who} wins the knock and scores {formula} (§6.1)."
    if ending == "undercut":
        return (f"{d} is no more than the knocker's {k}: an undercut, {who} scores {formula} "
                f"(§6.1, §9.3).")
    return f"{who} scores {formula} (§6.1)."


def credit(state: GinState, scorer: int, points: int) -> tuple[int, ...]:
    """§6.2: the points each seat adds. The box or the captain adds its side's points; the
    sitter never scores, except with ``team_points_to = captain_and_sitter`` (R-CHOUETTE)."""
    payoffs = [0] * state.players
    payoffs[scorer] = points
    if (state.sitter is not None and scorer == state.non_dealer
            and state.options["team_points_to"] == "captain_and_sitter"):
        payoffs[state.sitter] = points
    return tuple(payoffs)


def _texts(cards: Iterable[Card]) -> list[str]:
    return [card.text for card in cards]


def _role(state: GinState, seat: int) -> str:
    return f"{seat_name(seat)} ({state.roles[seat]})"


_RANK_WORDS = {1: "aces", 11: "jacks", 12: "queens", 13: "kings"}


def _meld_words(owner: int, kind: str, cards: Sequence[Card]) -> str:
    """``seat 0's set of 2s`` / ``seat 0's run of hearts from 4 to 6``: a meld named for a
    sentence, by what it is rather than by its cards (the screen shows those)."""
    if kind != "run":
        rank = int(cards[0].rank or 0)
        return f"{seat_name(owner)}'s set of {_RANK_WORDS.get(rank, f'{rank}s')}"
    ends = sorted(cards, key=lambda card: card.rank or 0)
    low, high = ends[0].text[:-1], ends[-1].text[:-1]
    suit = Suit(ends[0].suit or 0).name.lower()
    return f"{seat_name(owner)}'s run of {suit} from {low} to {high}"


def _layoff_sentences(state: GinState, knocker: int, defender: int,
                      melds: Sequence[Meld], layoffs: Sequence[tuple[Card, int]]) -> list[str]:
    """One sentence per lay-off (§4), naming the meld as it lies when the card joins it."""
    grown = [list(meld.cards) for meld in melds]
    sentences = []
    for card, index in layoffs:
        target = _meld_words(knocker, melds[index].kind, grown[index])
        sentences.append(f"{_role(state, defender)} lays {card.text} off on {target}.")
        grown[index].append(card)
    return sentences


def _shown_hand(melds: Iterable[Meld], deadwood: Sequence[Card], value: int,
                laid_off: Sequence[Card] = ()) -> dict[str, Any]:
    """A hand as the showdown scored it, for the screen's list of hands: the melds, the
    deadwood and its value, and the cards laid off on the knocker's melds."""
    return {"melds": [_texts(meld.cards) for meld in melds], "deadwood": _texts(deadwood),
            "deadwood_value": value, "laid_off": _texts(laid_off)}


def showdown(state: GinState, knocker: int, kind: str, discard: Card | None) -> Result:
    """§5.1/§5.2: the knocker shows an arrangement, the defender melds and lays off (not after
    gin), and §6 scores it. ``kind`` is ``knock``, ``gin`` or ``big_gin``.

    The arrangement shown (§5.1.1, §9.9) is the candidate of ``knocker_arrangements`` that
    gives the knocker's side the best score against the defender's best reply; ties go to the
    lower knocker deadwood, then to the first candidate.

    ``details``: the data (``knocker``, ``defender``, ``discard``, ``knocker_melds``,
    ``knocker_deadwood_cards``, ``knocker_deadwood``, ``defender_melds``, ``layoffs``,
    ``defender_deadwood_cards``, ``defender_deadwood``, ``scorer``, ``points``, ``credited``,
    ``upcard``, ``table``), ``hands`` (each seat's hand as it was scored: melds, deadwood,
    cards laid off; None for the sitter) and ``explanation`` (the showdown in sentences)."""
    hooks = state.game.hooks
    defender = state.opponent(knocker)
    gin = kind in ("gin", "big_gin")
    best: tuple[Any, ...] | None = None
    # After gin the table is empty for every arrangement: the defender's reply is the same.
    gin_defence = hooks.defender_showdown(state, defender, ()) if gin else None
    arrangements = hooks.knocker_arrangements(state, knocker)
    # Under the default defence and scoring, lay-offs only lower the defender's deadwood D and
    # the knocker's side scores no more as D falls, so the score with D at the defender's
    # deadwood before lay-offs bounds an arrangement's (an undercut bonus of 0 or more keeps the
    # score growing with D): one whose bound does not beat the best so far cannot replace it
    # (ties keep the first), and its defence need not be searched.
    prune = (gin_defence is None and len(arrangements) > 1 and state.options["undercut_bonus"] >= 0
             and hooks.defender_showdown is defender_showdown and hooks.hand_score is hand_score)
    most = deadwood_value(state.hands[defender], RULES) if prune else 0
    for arrangement in arrangements:
        if prune and best is not None:
            side, points, _ = hand_score(state, kind, arrangement.deadwood_value, most)
            if (points if side == "knocker" else -points,
                    -arrangement.deadwood_value) <= best[0]:
                continue
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
    if ending == "undercut":
        state.count_event("undercut")
    if defence.layoffs:
        state.count_event("layoff", len(defence.layoffs))
    scorer = knocker if side == "knocker" else defender
    payoffs = hooks.credit(state, scorer, points)
    if state.quiet:  # a search's play-out: the result without its words
        return Result(ending, (scorer,), payoffs)
    k, d = arrangement.deadwood_value, defence.deadwood_value
    hands: list[dict[str, Any] | None] = [None] * state.players
    hands[knocker] = _shown_hand(arrangement.melds, arrangement.deadwood, k)
    hands[defender] = _shown_hand(defence.own_melds, defence.deadwood, d,
                                  [card for card, _ in defence.layoffs])
    details = {
        "kind": kind,
        "knocker": knocker,
        "defender": defender,
        "discard": discard.text if discard is not None else None,
        "knocker_melds": [_texts(meld.cards) for meld in arrangement.melds],
        "knocker_deadwood_cards": _texts(arrangement.deadwood),
        "knocker_deadwood": k,
        "defender_melds": [_texts(meld.cards) for meld in defence.own_melds],
        "layoffs": [{"card": card.text, "meld": " ".join(_texts(arrangement.melds[i].cards))}
                    for card, i in defence.layoffs],
        "defender_deadwood_cards": _texts(defence.deadwood),
        "defender_deadwood": d,
        "scorer": scorer,
        "points": points,
        "credited": [seat for seat, p in enumerate(payoffs) if p],
        "upcard": state.upcard.text,
        # the melds as they lie at the end (knocker's with lay-offs), as [owner, card texts]
        "table": [[entry.owner, _texts(entry.meld.cards)]
                  for entry in knock_table(knocker, arrangement.melds, defender, defence)],
        "hands": hands,
        "explanation": _showdown_sentences(state, knocker, kind, discard, arrangement, defence,
                                           (scorer, points, ending), payoffs),
    }
    verb = {"knock": "knocks", "gin": "goes gin", "big_gin": "goes big gin"}[kind]
    laid = (" after laying off " + " ".join(card.text for card, _ in defence.layoffs)
            if defence.layoffs else "")
    what = {"knock": "wins the knock", "undercut": "undercuts", "gin": "scores gin",
            "big_gin": "scores big gin"}[ending]
    summary = (f"{_role(state, knocker)} {verb} with {k}, {_role(state, defender)} has {d}{laid}: "
               f"{_role(state, scorer)} {what}, {points} points")
    return Result(ending, (scorer,), payoffs, (), details, summary)


def _showdown_sentences(state: GinState, knocker: int, kind: str, discard: Card | None,
                        arrangement: Arrangement, defence: LayoffResult,
                        score: tuple[int, int, str], payoffs: Sequence[int]) -> list[str]:
    """The showdown told in sentences, in the order it happens at the table (§5.1, §6)."""
    scorer, points, ending = score
    defender = state.opponent(knocker)
    who = _role(state, knocker)
    if kind == "big_gin":
        sentences = [f"{who} goes big gin: all eleven cards melded, no discard, so "
                     f"{_role(state, defender)} may not lay off (§5.2)."]
    elif kind == "gin":
        sentences = [f"{who} discards {discard} and goes gin: all ten cards melded, so "
                     f"{_role(state, defender)} may not lay off (§5.2)."]
    else:
        sentences = [f"{who} discards {discard} and knocks with {arrangement.deadwood_value} "
                     f"deadwood (the limit is {state.game.hooks.knock_limit(state)}, §5.1)."]
    least = deadwood_value(state.hands[knocker], RULES)
    if arrangement.deadwood_value > least:
        sentences.append(f"{who} shows melds leaving {arrangement.deadwood_value} deadwood "
                         f"rather than its least, {least}, to keep cards off them (§9.9).")
    sentences += _layoff_sentences(state, knocker, defender, arrangement.melds, defence.layoffs)
    sentences.append(_score_sentence(state, ending, scorer, points, arrangement.deadwood_value,
                                     defence.deadwood_value))
    credited = [seat for seat, p in enumerate(payoffs) if p and seat != scorer]
    if credited:
        names = " and ".join(_role(state, seat) for seat in credited)
        sentences.append(f"{names} is credited the same {points} points "
                         f"(team_points_to, §6.2).")
    return sentences


def settle_draw(state: GinState, seat: int) -> Result:
    """§5.3: a non-knocking discard leaving ``draw_stock_remaining`` cards in the stock voids
    the hand; nobody scores."""
    left = len(state.stock)
    state.count_event("dead_hand")
    return Result("draw", (), (0,) * state.players,
                  details={"stock": left, "last_discard_by": seat,
                           "explanation": [f"{_role(state, seat)} discards without knocking "
                                           f"with {left} cards left in the stock: the hand is "
                                           f"dead and nobody scores (§5.3)."]},
                  summary=f"dead hand: {left} cards left in the stock, no score")
