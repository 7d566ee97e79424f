"""§2.1 and §7: a match of independent hands, the first dealer chosen by a cut, the deal
passing left after every hand (void deals and drawn stock ends included), running balances."""

from __future__ import annotations

import random

import attrs

from cardkit.cards import STANDARD_CARDS
from cardkit.game import Game
from cardkit.match import HandContext, MatchOutcome, MatchRules
from cardkit.results import Result

__all__ = ["MATCH", "cut_for_deal"]


def cut_for_deal(players: int, rng: random.Random) -> tuple[int, list[list[str]]]:
    """§2.1: each player gets one card face up (jokers removed); the highest rank deals (K high,
    A low, suits do not count); players tied for highest cut again among themselves. Returns the
    dealer and the cards of each round (card texts, ``""`` for a seat not cutting)."""
    deck = list(STANDARD_CARDS)
    rng.shuffle(deck)
    cutting = list(range(players))
    rounds: list[list[str]] = []
    while True:
        cards = {seat: deck.pop() for seat in cutting}
        rounds.append([cards[s].text if s in cards else "" for s in range(players)])
        best = max(int(card.rank) for card in cards.values())  # type: ignore[arg-type]
        cutting = [seat for seat in cutting if int(cards[seat].rank) == best]  # type: ignore
        if len(cutting) == 1:
            return cutting[0], rounds


def _start(game: Game, rng: random.Random) -> HandContext:
    dealer, rounds = cut_for_deal(game.players, rng)
    return HandContext(dealer=dealer, totals=(0,) * game.players, extra={"cut": rounds})


def _advance(game: Game, context: HandContext, result: Result,
             rng: random.Random) -> HandContext:
    totals = tuple(t + p for t, p in zip(context.totals, result.payoffs, strict=True))
    return attrs.evolve(context, dealer=(context.dealer + 1) % game.players,
                        hand_number=context.hand_number + 1, totals=totals, extra={})


def _outcome(game: Game, context: HandContext, hands_played: int) -> MatchOutcome | None:
    limit = game.options["match_length_hands"]
    if not limit or hands_played < limit:
        return None
    best = max(context.totals)
    leaders = [seat for seat, total in enumerate(context.totals) if total == best]
    winner = leaders[0] if len(leaders) == 1 else None
    return MatchOutcome(winner, context.totals, f"after {hands_played} hands, balances "
                        + ", ".join(f"seat {s}: {t:+g}" for s, t in enumerate(context.totals)))


MATCH = MatchRules(_start, _advance, _outcome)
