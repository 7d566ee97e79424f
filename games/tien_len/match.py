"""The match (rules §2.1, §7): scores accumulate to ``target_score``; the loser deals and the
winner leads the next game; instant wins and void deals keep the dealer.

Context ``extra["first_game"]`` says whether the 3S (lowest card) rule applies to the hand's
first lead; ``leader`` is the seat that leads otherwise (the previous winner).
"""

from __future__ import annotations

import random

import attrs

from cardkit.game import Game
from cardkit.match import HandContext, MatchOutcome, MatchRules
from cardkit.results import Result
from cardkit.views import seat_name

__all__ = ["MATCH_RULES", "advance", "outcome", "start"]


def start(game: Game, rng: random.Random) -> HandContext:
    """§2.1: the first dealer is chosen at random; the first game uses the 3S rule."""
    return HandContext(dealer=rng.randrange(game.players), totals=(0,) * game.players,
                       leader=None, extra={"first_game": True})


def advance(game: Game, context: HandContext, result: Result, rng: random.Random) -> HandContext:
    """§7: add the points; pick the next dealer and leader.

    - void deal (§5.2): same dealer, same leader rule, nobody scores;
    - instant win: same dealer (there is no last place); the instant winner leads, or the 3S
      rule applies again with ``lead_after_instant_win = lowest_card``;
    - normal end: the last-placed player deals (``dealer_rule = loser_deals``; ``rotate``: the
      next player in the play direction), the winner leads.
    """
    totals = tuple(t + p for t, p in zip(context.totals, result.payoffs, strict=True))
    following = attrs.evolve(context, hand_number=context.hand_number + 1, totals=totals)
    if result.ending == "void":
        return following
    winner = result.winners[0]
    if result.ending == "instant_win":
        if game.options["lead_after_instant_win"] == "instant_winner":
            return attrs.evolve(following, leader=winner, extra={"first_game": False})
        return attrs.evolve(following, leader=None, extra={"first_game": True})
    if game.options["dealer_rule"] == "loser_deals":
        dealer = result.details["places"][-1]
    else:
        step = 1 if game.options["play_direction"] == "clockwise" else -1
        dealer = (context.dealer + step) % game.players
    return attrs.evolve(following, dealer=dealer, leader=winner, extra={"first_game": False})


def outcome(game: Game, context: HandContext, hands_played: int) -> MatchOutcome | None:
    """§7: over once someone has ``target_score`` or more and one player alone has the highest
    total (ties at the top play on, §9.11)."""
    totals = context.totals
    best = max(totals)
    if best < game.options["target_score"]:
        return None
    leaders = [seat for seat, total in enumerate(totals) if total == best]
    if len(leaders) > 1:
        return None
    winner = leaders[0]
    games = "1 game" if hands_played == 1 else f"{hands_played} games"
    return MatchOutcome(winner, totals,
                        f"{seat_name(winner)} wins the match with {best:g} after {games}")


MATCH_RULES = MatchRules(start, advance, outcome)
