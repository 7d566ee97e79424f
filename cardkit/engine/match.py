"""Matches: a sequence of hands with a dealer, roles and running totals.

::

    match = game.new_match(seed=1)
    while not match.is_over:
        state = match.current
        ...play state to its end...
        match.next_hand()      # settles, updates totals/roles/dealer, deals the next hand

Hand ``k`` is dealt from ``derive_seed(match.seed, "hand", k)``, so a match is reproducible from
its seed and its actions. The game's :class:`~cardkit.game.MatchRules` decide the rest.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from cardkit.engine.game import Game, HandContext, MatchOutcome, count_hands
from cardkit.values.deck import derive_seed

if TYPE_CHECKING:
    from cardkit.engine.state import State
    from cardkit.services.records import MatchRecord

__all__ = ["Match"]


class Match:
    """A match in progress. ``contexts[k]`` is what hand ``k`` started from (dealer, roles,
    totals before it); ``hands[k]`` is that hand."""

    def __init__(self, game: Game, seed: int, hands_limit: int | None = None) -> None:
        self.game = game
        self.seed = seed
        self.hands_limit = hands_limit
        self.rng = random.Random(derive_seed(seed, "match"))
        first = game.definition.match.start(game, self.rng)
        self.contexts: list[HandContext] = [first]
        self.hands: list[State] = [self._deal(first)]
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
        if outcome is None and self.hands_limit is not None and played >= self.hands_limit:
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

    def record(self) -> MatchRecord:
        """The match's record (every hand's actions), replayable and resumable."""
        from cardkit.services.records import MatchRecord

        return MatchRecord.of_match(self)
