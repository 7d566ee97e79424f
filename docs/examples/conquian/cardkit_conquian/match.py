"""A Conquian match (RULES.md §6.3): the deal alternates; tableaus in a row are counted in the
hand context so the next hand's loser pays Foster's pool."""

from __future__ import annotations

import random

import attrs

from cardkit.game import Game, HandContext, MatchRules, rotating_dealer_match
from cardkit.results import Result

_BASE = rotating_dealer_match("match_hands")


def _advance(game: Game, context: HandContext, result: Result,
             rng: random.Random) -> HandContext:
    after = _BASE.advance(game, context, result, rng)
    tableaus = int(context.extra.get("tableaus", 0)) + 1 if result.ending == "tableau" else 0
    return attrs.evolve(after, extra={**after.extra, "tableaus": tableaus})


MATCH = MatchRules(_BASE.start, _advance, _BASE.outcome)
