"""Matches: a sequence of hands with a dealer, roles and running totals.

::

    match = game.new_match(seed=1)
    while not match.is_over:
        state = match.current
        ...play state to its end...
        match.next_hand()      # settles, updates totals/roles/dealer, deals the next hand

Hand ``k`` is dealt from ``derive_seed(match.seed, "hand", k)``, so a match is reproducible from
its seed and its actions. The game's :class:`MatchRules` decide the rest: what a hand inherits
from its match (:class:`HandContext`), how the match advances and how it ends
(:class:`MatchOutcome`); :func:`rotating_dealer_match` is the rule set of games of independent
hands played for a number of hands, :func:`points_target_match` of games played to a target
score ("first to 500").
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from cardkit.engine.context import HandContext
from cardkit.engine.records import MatchRecord
from cardkit.values.deck import derive_seed
from cardkit.values.recent import Recent
from cardkit.values.results import Result
from cardkit.values.validate import MAX_MATCH_HANDS, check_seed

if TYPE_CHECKING:
    from cardkit.engine.game import Game
    from cardkit.engine.state import State

__all__ = [
    "MAX_MATCH_HANDS",
    "HandContext",
    "Match",
    "MatchOutcome",
    "MatchRules",
    "count_hands",
    "points_target_match",
    "rotating_dealer_match",
]

# MAX_MATCH_HANDS: the most hands a match plays. A match whose own rules have not ended it
# (Tonk's never end) stops after this many, as if given ``hands=MAX_MATCH_HANDS``, so that its
# record stays one a host can load again (records hold at most this many hands).

#: The ways :func:`points_target_match` settles a tie for the lead at the target.
TIES = ("play_on", "shared")


@attrs.frozen
class MatchOutcome:
    """How a match ended: the winner (None for no single winner), the final totals (after any
    end-of-match bonuses) and a one-line summary."""

    winner: int | None
    final_totals: tuple[float, ...]
    summary: str = ""


@attrs.frozen
class MatchRules:
    """A game's match structure, as three functions:

    - ``start(game, rng) -> HandContext``: the first hand's context (first dealer by a cut, roles);
    - ``advance(game, context, result, rng) -> HandContext``: the next hand's context (totals,
      dealer, roles, leader) after a hand ended with ``result``;
    - ``outcome(game, context, hands_played) -> MatchOutcome | None``: None while the match goes on.
    """

    start: Callable[[Game, random.Random], HandContext]
    advance: Callable[[Game, HandContext, Result, random.Random], HandContext]
    outcome: Callable[[Game, HandContext, int], MatchOutcome | None]


def count_hands(number: int) -> str:
    """``1 hand``, ``2 hands``: for match summaries."""
    return f"{number} hand" if number == 1 else f"{number} hands"


def rotating_dealer_match(target_hands_option: str | None = None) -> MatchRules:
    """Match rules for games of independent hands: the last seat deals first, the deal passes
    left after every hand, each seat's total adds its payoffs; the match ends after the number of
    hands in option ``target_hands_option`` (0 or absent = no end)."""
    return MatchRules(_first_dealer_last, _pass_the_deal,
                      functools.partial(_after_target_hands, target_hands_option))


# The rotating-dealer rules as module functions (not closures), so a definition using them
# pickles by value.

def _first_dealer_last(game: Game, rng: random.Random) -> HandContext:
    return HandContext(dealer=game.players - 1, totals=(0,) * game.players)


def _pass_the_deal(game: Game, context: HandContext, result: Result,
                   rng: random.Random) -> HandContext:
    totals = tuple(t + p for t, p in zip(context.totals, result.payoffs, strict=True))
    return attrs.evolve(context, dealer=(context.dealer + 1) % game.players,
                        hand_number=context.hand_number + 1, totals=totals)


def _after_target_hands(target_hands_option: str | None, game: Game, context: HandContext,
                        hands_played: int) -> MatchOutcome | None:
    limit = game.options.get(target_hands_option, 0) if target_hands_option else 0
    if not limit or hands_played < limit:
        return None
    best = max(context.totals)
    leaders = [seat for seat, total in enumerate(context.totals) if total == best]
    winner = leaders[0] if len(leaders) == 1 else None
    return MatchOutcome(winner, context.totals, f"after {count_hands(hands_played)}")

def points_target_match(target: str | int = "target",
                        tie: str | Callable[[Game, HandContext, list[int]], int | None]
                        = "play_on") -> MatchRules:
    """Match rules for games played to a target score: the deal passes left as in
    :func:`rotating_dealer_match` and totals add each hand's payoffs; the match ends after the
    first hand that brings a total to ``target`` (a number, or the name of the option holding
    it), won by the highest total -- several players reaching it in one hand do not share the
    win unless they tie for the highest. A tie for the highest total is settled by ``tie``:
    ``play_on`` (another hand is played, until one leads), ``shared`` (the match ends with no
    single winner), or a function ``(game, context, leaders) -> seat or None`` (None: no single
    winner), the game's own rule."""
    if isinstance(tie, str) and tie not in TIES:
        raise ValueError(f"points_target_match: tie is one of {TIES} or a function, not {tie!r}")
    return MatchRules(_first_dealer_last, _pass_the_deal,
                      functools.partial(_at_target, target, tie))


def _at_target(target: str | int, tie: str | Callable[[Game, HandContext, list[int]], int | None],
               game: Game, context: HandContext, hands_played: int) -> MatchOutcome | None:
    goal = game.options[target] if isinstance(target, str) else target
    totals = context.totals
    if not totals or max(totals) < goal:
        return None
    best = max(totals)
    leaders = [seat for seat, total in enumerate(totals) if total == best]
    winner: int | None = leaders[0]
    if len(leaders) > 1:
        if tie == "play_on":
            return None
        winner = None if tie == "shared" else tie(game, context, leaders)  # type: ignore[operator]
    reached = f"{best:g} points" if winner is not None else f"a tie at {best:g} points"
    return MatchOutcome(winner, totals, f"{reached} after {count_hands(hands_played)}")


class Match:
    """A match in progress. ``contexts[k]`` is what hand ``k`` started from (dealer, roles,
    totals before it); ``hands[k]`` is that hand. A match that runs long may let go of its
    finished hands (:meth:`forget_hands`); ``len(hands)`` still counts every hand."""

    def __init__(self, game: Game, seed: int, hands_limit: int | None = None) -> None:
        check_seed(seed, "the match's seed", ValueError)
        if hands_limit is not None and (
                not isinstance(hands_limit, int) or isinstance(hands_limit, bool)
                or not 1 <= hands_limit <= MAX_MATCH_HANDS):
            raise ValueError(f"hands must be a whole number from 1 to {MAX_MATCH_HANDS} (or "
                             f"None: until the match ends), not {hands_limit!r:.40}")
        self.game = game
        self.seed = seed
        self.hands_limit = hands_limit
        self.rng = random.Random(derive_seed(seed, "match"))
        first = game.definition.match.start(game, self.rng)
        self.contexts: Recent[HandContext] = Recent([first])
        self.hands: Recent[State] = Recent([self._deal(first)])
        self.outcome: MatchOutcome | None = None
        self._final_context: HandContext | None = None

    def _deal(self, context: HandContext) -> State:
        return self.game.new_hand(seed=derive_seed(self.seed, "hand", len(self.contexts) - 1),
                                  context=context)

    @property
    def current(self) -> State:
        """The hand being played (the last one once the match is over)."""
        return self.hands[-1]

    @property
    def context(self) -> HandContext:
        """The latest context: after the match ends, the one holding the final totals."""
        return self._final_context or self.contexts[-1]

    @property
    def totals(self) -> tuple[float, ...]:
        """Running totals (balances or scores) after the hands finished so far."""
        return self.context.totals

    @property
    def is_over(self) -> bool:
        """True once the match has ended."""
        return self.outcome is not None

    @property
    def winner(self) -> int | None:
        """The match winner, once over (None for no single winner)."""
        return self.outcome.winner if self.outcome else None

    def next_hand(self) -> State | None:
        """Settle the finished current hand and deal the next one. Returns the new hand, or None
        when the match is over."""
        if self.outcome is not None:
            return None
        state = self.current
        if not state.is_over:
            raise ValueError("the current hand is not over yet")
        result = state.result
        assert result is not None  # the hand is over
        rules = self.game.definition.match
        context = rules.advance(self.game, self.contexts[-1], result, self.rng)
        played = len(self.hands)
        outcome = rules.outcome(self.game, context, played)
        limit = self.hands_limit if self.hands_limit is not None else MAX_MATCH_HANDS
        if outcome is None and played >= limit:
            best = max(context.totals) if context.totals else 0
            leaders = [s for s, total in enumerate(context.totals) if total == best]
            outcome = MatchOutcome(leaders[0] if len(leaders) == 1 else None, context.totals,
                                   f"stopped after {count_hands(played)}")
        if outcome is not None:
            self.outcome = outcome
            self._final_context = context
            return None
        self.contexts.append(context)
        self.hands.append(self._deal(context))
        return self.current

    def forget_hands(self, keep: int = 2) -> None:
        """Let go of every hand but the last ``keep`` (at least the current one), and of their
        contexts: a long match (Tonk's never ends) then holds the same memory at its
        thousandth hand as at its first. What was let go is asked for in vain
        (:class:`~cardkit.values.recent.Forgotten`), :meth:`record` included: whoever forgets
        keeps the finished hands elsewhere (``cardkit serve --save`` appends them to its file).
        """
        before = len(self.hands) - max(keep, 1)
        self.hands.forget(before)
        self.contexts.forget(before)

    def record(self) -> MatchRecord:
        """The match's record (every hand's actions), replayable and resumable
        (:class:`cardkit.records.MatchRecord`)."""
        return MatchRecord.of_match(self)
