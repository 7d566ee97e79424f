"""Gin rummy's match structure (rules file §2.1, §6.2, §7 and the appendix).

Three hands: roles by a draw (§2.1, ties redrawn among the tied), the box deals every hand, roles
rotate after a box win, a box loss or a draw (§7), the game ends when a player reaches
``target_score``; optional end-of-game bonuses change only the reported final totals.
Two players: the first dealer by a cut (high card deals, ties redrawn), then ``dealer_rule``.

``HandContext.roles`` holds one role per seat (``box``/``captain``/``sitter``, or
``dealer``/``non-dealer``); ``extra`` holds the game number, hands won per seat, the number of
scored hands and, once decided, the game winner (plain JSON data).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import attrs

from cardkit.cards import ALL_CARDS, Card
from cardkit.game import Game
from cardkit.match import HandContext, MatchOutcome, MatchRules
from cardkit.results import Result
from cardkit.views import seat_name

__all__ = [
    "MATCH",
    "advance",
    "final_totals",
    "next_game_context",
    "outcome",
    "rank_seats_by_draw",
    "roles_from_order",
    "rotate_roles",
    "start",
]

THREE_ROLES = ("box", "captain", "sitter")


def rank_seats_by_draw(seats: Sequence[int], draw: Callable[[Sequence[int]], Sequence[Card]]
                       ) -> list[int]:
    """§2.1/§9.11: the seats ordered by the rank each draws, highest first (K high, A low, suits
    never count). ``draw(seats)`` gives one card per seat; tied seats draw again among
    themselves until the order is strict."""
    cards = list(draw(seats))
    order: list[int] = []
    for rank in sorted({card.rank or 0 for card in cards}, reverse=True):
        group = [seat for seat, card in zip(seats, cards, strict=True) if card.rank == rank]
        order.extend(group if len(group) == 1 else rank_seats_by_draw(group, draw))
    return order


def random_draw(rng: random.Random) -> Callable[[Sequence[int]], Sequence[Card]]:
    """Draws from a freshly shuffled 52-card deck, one card per seat (each draw is a new cut)."""
    return lambda seats: rng.sample(ALL_CARDS[:52], len(seats))


def roles_from_order(order: Sequence[int]) -> tuple[str, ...]:
    """Roles per seat from a draw order: highest box, then captain, then sitter (§2.1);
    two players: the high card deals (appendix)."""
    names = THREE_ROLES if len(order) == 3 else ("dealer", "non-dealer")
    roles = [""] * len(order)
    for role, seat in zip(names, order, strict=True):
        roles[seat] = role
    return tuple(roles)


def rotate_roles(roles: Sequence[str], scorer: int | None, dealer_rule: str = "alternate"
                 ) -> tuple[str, ...]:
    """Roles for the next hand (§7 / appendix). ``scorer`` is the seat whose side scored
    (None for a draw: nothing changes, the same dealer deals again).

    Three hands: box won → the captain and the sitter swap; box lost → old box becomes sitter,
    old captain box, old sitter captain. Two players: ``dealer_rule``.
    """
    roles = tuple(roles)
    if scorer is None:
        return roles
    if len(roles) == 3:
        box, captain, sitter = (roles.index(name) for name in THREE_ROLES)
        new = list(roles)
        if scorer == box:
            new[captain], new[sitter] = "sitter", "captain"
        else:
            new[box], new[captain], new[sitter] = "sitter", "box", "captain"
        return tuple(new)
    dealer = roles.index("dealer")
    if dealer_rule == "winner_deals":
        next_dealer = scorer
    elif dealer_rule == "loser_deals":
        next_dealer = 1 - scorer
    else:
        next_dealer = 1 - dealer
    return tuple("dealer" if seat == next_dealer else "non-dealer" for seat in range(2))


def _dealer(roles: Sequence[str]) -> int:
    return roles.index("box") if "box" in roles else roles.index("dealer")


def _fresh_extra(players: int, game_number: int = 0) -> dict:
    return {"game": game_number, "hands_won": [0] * players, "scored_hands": 0,
            "game_winner": None}


def start(game: Game, rng: random.Random) -> HandContext:
    """The first hand: roles (or the first dealer) by a draw, totals zero."""
    roles = roles_from_order(rank_seats_by_draw(list(range(game.players)), random_draw(rng)))
    return HandContext(dealer=_dealer(roles), hand_number=0, totals=(0,) * game.players,
                       roles=roles, extra=_fresh_extra(game.players))


def advance(game: Game, context: HandContext, result: Result, rng: random.Random
            ) -> HandContext:
    """After a hand: add the credited points (§6.2), count hands won, decide the game winner if
    a credited player reached ``target_score`` (§7), rotate roles."""
    players = game.players
    roles = context.roles or roles_from_order(
        [context.dealer, *((context.dealer + k) % players for k in range(1, players))])
    totals = tuple(t + p for t, p in zip(context.totals or (0,) * players, result.payoffs,
                                         strict=True))
    extra = dict(context.extra) if context.extra else _fresh_extra(players)
    hands_won = list(extra.get("hands_won", [0] * players))
    scorer = result.winners[0] if result.winners else None
    # §6.3: the side that scored won the hand, even with 0 points (e.g. undercut_bonus = 0 on
    # equal counts); a team-credited sitter (§6.2) won it too.
    won = {seat for seat, points in enumerate(result.payoffs) if points > 0}
    if scorer is not None:
        won.add(scorer)
        if roles[scorer] == "captain" and game.options["team_points_to"] == "captain_and_sitter":
            won.add(roles.index("sitter"))
    credited = sorted(won)
    for seat in credited:
        hands_won[seat] += 1
    extra["hands_won"] = hands_won
    if scorer is not None:
        extra["scored_hands"] = extra.get("scored_hands", 0) + 1
    reached = [seat for seat in credited if totals[seat] >= game.options["target_score"]]
    if reached and extra.get("game_winner") is None:
        captain = roles.index("captain") if "captain" in roles else None
        extra["game_winner"] = max(reached, key=lambda s: (totals[s], s == captain))
    new_roles = rotate_roles(roles, scorer, game.options["dealer_rule"])
    return attrs.evolve(context, dealer=_dealer(new_roles), hand_number=context.hand_number + 1,
                        totals=totals, roles=new_roles, extra=extra)


def final_totals(game: Game, totals: Sequence[float], winner: int, hands_won: Sequence[int],
                 scored_hands: int) -> tuple[float, ...]:
    """§7 end-of-game bonuses (they never change the winner): with ``shutout_doubles`` and every
    scored hand won by the winner, the winner's hand points double; then ``game_bonus`` to the
    winner and ``line_bonus`` per hand won to each player."""
    options = game.options
    final = list(totals)
    if options["shutout_doubles"] and hands_won[winner] == scored_hands:
        final[winner] *= 2
    final[winner] += options["game_bonus"]
    for seat, won in enumerate(hands_won):
        final[seat] += options["line_bonus"] * won
    return tuple(final)


def outcome(game: Game, context: HandContext, hands_played: int) -> MatchOutcome | None:
    """The game is over once a player reached ``target_score`` (decided in :func:`advance`)."""
    winner = (context.extra or {}).get("game_winner")
    if winner is None:
        return None
    extra = context.extra
    final = final_totals(game, context.totals, winner, extra["hands_won"], extra["scored_hands"])
    summary = (f"{seat_name(winner)} wins the game with {context.totals[winner]:g} after "
               f"{hands_played} hands (final totals {', '.join(f'{t:g}' for t in final)})")
    return MatchOutcome(winner, final, summary)


def next_game_context(game: Game, context: HandContext, rng: random.Random) -> HandContext:
    """§7 next game: scores reset; ``next_game_roles = redraw`` draws for roles again,
    ``continue`` keeps the rotation going from the last hand."""
    extra = _fresh_extra(game.players, (context.extra or {}).get("game", 0) + 1)
    if game.options["next_game_roles"] == "redraw":
        fresh = start(game, rng)
        return attrs.evolve(fresh, hand_number=context.hand_number, extra=extra)
    return attrs.evolve(context, totals=(0,) * game.players, extra=extra)


MATCH = MatchRules(start, advance, outcome)
