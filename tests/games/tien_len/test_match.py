"""Tiến Lên rules §7, a match: ``target_score`` and ties (§9.11), who leads and who deals the next
game (``dealer_rule``).

Seats: P1..P4 are seats 0..3; a stacked deal's dealer is the last seat unless a test says
otherwise."""

from __future__ import annotations

import random

import cardkit
from cardkit.engine.match import HandContext
from cardkit.values.results import Result
from tests.games.tien_len.helpers import P1, P2, P3, P4, deal, later_game


def _normal(places: list[int], points: list[int]) -> Result:
    payoffs = [0] * 4
    for place, seat in enumerate(places):
        payoffs[seat] = points[place]
    return Result("normal", (places[0],), tuple(payoffs), details={"places": places})


def test_match_end_and_tie() -> None:
    """§7, §9.11: 22-22 at the target plays on; P2 then wins with 25."""
    game = cardkit.load_game("tien-len")
    rules = game.definition.match
    context = later_game(P1)
    context = type(context)(dealer=P4, totals=(19, 20, 10, 12), leader=P1,
                            extra={"first_game": False})
    context = rules.advance(game, context, _normal([P1, P2, P4, P3], [3, 2, 1, 0]),
                            random.Random(0))
    assert context.totals == (22, 22, 10, 13)
    assert rules.outcome(game, context, 5) is None  # tied at the top: play on
    context = rules.advance(game, context, _normal([P2, P3, P4, P1], [3, 2, 1, 0]),
                            random.Random(0))
    assert context.totals[P2] == 25 and context.totals[P1] == 22
    outcome = rules.outcome(game, context, 6)
    assert outcome is not None and outcome.winner == P2


def test_target_score_and_match_play() -> None:
    """A whole match with greedy players ends with one player alone on top, >= target."""
    game = cardkit.load_game("tien-len", target_score=6)
    match = game.new_match(seed=4)
    agents = [game.agent("greedy", seat) for seat in range(4)]
    while not match.is_over:
        state = match.current
        while not state.is_over:
            seat = state.current_player
            state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
        match.next_hand()
    best = max(match.totals)
    assert best >= 6 and list(match.totals).count(best) == 1
    assert match.winner == match.totals.index(best)
    assert match.contexts[0].extra["first_game"] is True
    assert all(c.extra["first_game"] is False for c in match.contexts[1:]
               if c.leader is not None)


def test_match_summary_after_one_game() -> None:
    """§7: a match won in its first game says "after 1 game"."""
    game = cardkit.load_game("tien-len", target_score=3)
    outcome = game.definition.match.outcome(
        game, HandContext(dealer=P4, totals=(3, 0, 0, 0)), 1)
    assert outcome is not None and outcome.winner == P1
    assert outcome.summary.endswith("after 1 game")


def test_dealer_rule_rotate() -> None:
    """``rotate``: the next player in the play direction deals, whoever came last."""
    for direction, expected in (("clockwise", P1), ("counterclockwise", P3)):
        game = cardkit.load_game("tien-len", dealer_rule="rotate", play_direction=direction)
        state = game.new_hand(seed=1)
        while not state.is_over:
            state.apply(state.legal_actions()[0])
        context = game.definition.match.advance(game, state.context, state.result, None)
        if state.result.ending == "normal":
            assert context.dealer == expected


def test_rotate_dealer_after_normal_end_and_after_instant_win() -> None:
    """§7 dealer_rule = rotate: after a normal game the next player deals (not the loser);
    after an instant win the same dealer deals again."""
    game = cardkit.load_game("tien-len", dealer_rule="rotate")
    rules = game.definition.match
    state = deal({P3: "2S 2C 2D 2H"}, game)
    context = rules.advance(game, state.context, state.result, random.Random(0))
    assert context.dealer == state.context.dealer == P4
    state = deal({P1: "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2S 2C"}, game)  # P1 goes out
    for text in ("play 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "pass", "pass", "pass",
                 "play 2S 2C", "pass", "pass", "pass"):
        state.apply(text)
    # Finish the game with each player leading its lowest card, passing otherwise.
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[-1] if legal[-1].kind == "pass" else legal[0])
    assert state.result.ending == "normal"
    assert state.result.details["places"][-1] != P1
    context = rules.advance(game, state.context, state.result, random.Random(0))
    assert context.dealer == P1 and context.leader == P1
