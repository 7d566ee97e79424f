"""Gin rummy rules §7, a match: the roles after each hand (§9.5, worked example 4), the end of a
game (``target_score``), the bonuses (``game_bonus``, ``line_bonus``, ``shutout_doubles``) and
the next game (``next_game_roles``).

Seats as in the rules page's examples: P1 = seat 0 is the box (and deals), P2 = seat 1 the
captain, P3 = seat 2 the sitter, unless a test says otherwise."""

from __future__ import annotations

import random

import attrs
import pytest
from cardkit_games.gin_rummy.match import advance, final_totals, next_game_context, outcome, start
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit import HandContext, Result
from cardkit.engine.records import MatchRecord, parse_record
from tests.games.gin_rummy.helpers import BOX_P1, GAME3, P1, P2, P3, both_decline, hand

# ----- roles after each hand (worked example 4, §9.5) --------------------------------------------

def _scored(scorer: int, points: int, players: int = 3, team: bool = False) -> Result:
    payoffs = [0] * players
    payoffs[scorer] = points
    if team:
        payoffs[(set(range(players)) - {scorer}).pop()] = points
    return Result("knock", (scorer,), tuple(payoffs))


DRAW = Result("draw", (), (0, 0, 0))


def test_example_4_sitter_and_rotation_over_three_hands() -> None:
    rng = random.Random(0)
    context = attrs.evolve(BOX_P1, extra={})
    context = advance(GAME3, context, _scored(P2, 15), rng)
    assert context.totals == (0, 15, 0)
    assert context.roles == ("sitter", "box", "captain") and context.dealer == P2
    context = advance(GAME3, context, _scored(P2, 20), rng)
    assert context.totals == (0, 35, 0)
    assert context.roles == ("captain", "box", "sitter")
    context = advance(GAME3, context, DRAW, rng)
    assert context.roles == ("captain", "box", "sitter") and context.dealer == P2
    assert context.totals[P3] == 0
    assert outcome(GAME3, context, 3) is None


def test_box_knocks_and_is_undercut_so_the_box_sits_out() -> None:
    """§6.1/§7: the box knocks (K = 7), the captain undercuts (D = 5) and scores 12; box lost:
    P2 becomes box, P3 captain, P1 sitter."""
    state = hand("KS KH KC 6H 7H 8H 4H QD 2C 3D", "AH 2H 3H 5C 5D 5S 9D 10D JD 7S", "9C",
                 stock="QC 10C")
    both_decline(state)
    state.apply("draw stock")
    state.apply("discard QC")
    state.apply("draw stock")
    state.apply("knock 10C")
    assert state.result.ending == "undercut" and state.result.winners == (P2,)
    assert state.result.payoffs == (0, 12, 0)
    nxt = advance(state.game, attrs.evolve(BOX_P1, extra={}), state.result, random.Random(0))
    assert nxt.roles == ("sitter", "box", "captain") and nxt.dealer == P2


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["box", "captain", "draw"]),
                          st.integers(1, 60)), min_size=1, max_size=40))
def test_rotation_keeps_one_of_each_role_and_the_sitter_never_scores(hands) -> None:
    game = cardkit.load_game("gin-rummy", target_score=10**9)
    context = attrs.evolve(BOX_P1, extra={})
    rng = random.Random(0)
    for side, points in hands:
        roles = context.roles
        assert sorted(roles) == ["box", "captain", "sitter"]
        sitter = roles.index("sitter")
        if side == "draw":
            result = Result("draw", (), (0, 0, 0))
        else:
            # a real showdown's crediting, through the game's own hook
            state = game.new_hand(seed=points, context=context)
            scorer = roles.index(side)
            result = Result("knock", (scorer,), game.hooks.credit(state, scorer, points))
        before = context.totals[sitter]
        context = advance(game, context, result, rng)
        assert context.totals[sitter] == before
        assert context.dealer == context.roles.index("box")


def test_match_gives_roles_and_totals_and_ends_at_target() -> None:
    game = cardkit.load_game("gin-rummy", target_score=30)
    match = game.new_match(seed=11, hands=60)
    agents = {seat: game.agent("greedy", seat, seed=seat) for seat in range(3)}
    while not match.is_over:
        state = match.current
        roles = state.context.roles
        assert sorted(roles) == ["box", "captain", "sitter"]
        assert state.context.dealer == roles.index("box")
        assert len(state.context.totals) == 3
        while not state.is_over:
            seat = state.current_player
            state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
        match.next_hand()
    assert match.outcome.winner is not None
    assert max(match.totals) >= 30


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["captain", "captain_and_sitter"]))
def test_simulated_matches_keep_roles_and_sitter_totals(seed, team) -> None:
    """Greedy hands played through ``new_match``: one box, one captain, one sitter at every
    hand, the box deals, and with the default team option the sitter's total never moves."""
    game = cardkit.load_game("gin-rummy", team_points_to=team)
    match = game.new_match(seed=seed, hands=8)
    agents = {seat: game.agent("greedy", seat, seed) for seat in range(3)}
    while not match.is_over:
        state = match.current
        context = state.context
        assert sorted(context.roles) == ["box", "captain", "sitter"]
        assert context.dealer == context.roles.index("box") == state.dealer
        while not state.is_over:
            seat = state.current_player
            assert context.roles[seat] != "sitter"
            state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
            assert len(state.history) < 400, "greedy players passed cards round for ever"
        sitter = context.roles.index("sitter")
        match.next_hand()
        if team == "captain":
            assert match.totals[sitter] == context.totals[sitter]
    assert isinstance(parse_record(match.record().to_json()), MatchRecord)


# ----- the end of a game -------------------------------------------------------------------------

@pytest.mark.parametrize("bonuses", [False, True])
def test_game_end(bonuses) -> None:
    game = cardkit.load_game("gin-rummy", **({"game_bonus": 100, "line_bonus": 25}
                                              if bonuses else {}))
    context = HandContext(dealer=P1, totals=(80, 92, 50), roles=("box", "captain", "sitter"),
                          extra={"hands_won": [4, 5, 3], "scored_hands": 12,
                                 "game_winner": None})
    context = advance(game, context, _scored(P2, 12), random.Random(0))
    end = outcome(game, context, 13)
    assert end is not None and end.winner == P2
    assert context.totals == (80, 104, 50)
    if bonuses:
        assert end.final_totals == (80 + 25 * 4, 104 + 100 + 25 * 6, 50 + 25 * 3)
    else:
        assert end.final_totals == (80, 104, 50)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6))
def test_the_game_ends_at_once_when_a_player_reaches_the_target(seed) -> None:
    """§7: after each scored hand, a credited total at or above ``target_score`` ends the game at
    once: no later hand is dealt, and the winner is that player."""
    game = cardkit.load_game("gin-rummy", target_score=40)
    match = game.new_match(seed=seed, hands=200)
    agents = {seat: game.agent("greedy", seat, seed) for seat in range(3)}
    while not match.is_over:
        state = match.current
        assert max(state.context.totals) < 40
        while not state.is_over:
            seat = state.current_player
            state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
        last = state.result
        match.next_hand()
    assert match.winner == last.winners[0] and match.totals[match.winner] >= 40


def test_target_score_option() -> None:
    for target, over in ((100, False), (20, True)):
        game = cardkit.load_game("gin-rummy", target_score=target)
        context = advance(game, BOX_P1, Result("knock", (P1,), (26, 0, 0)), random.Random(0))
        assert (context.extra["game_winner"] == P1) is over


def test_team_credit_tie_goes_to_the_higher_total_then_the_captain() -> None:
    game = cardkit.load_game("gin-rummy", team_points_to="captain_and_sitter")
    context = HandContext(dealer=P1, totals=(0, 90, 95), roles=("box", "captain", "sitter"))
    nxt = advance(game, context, Result("knock", (P2,), (0, 20, 20)), random.Random(0))
    assert nxt.extra["game_winner"] == P3  # 115 beats 110
    context = attrs.evolve(context, totals=(0, 90, 90))
    nxt = advance(game, context, Result("knock", (P2,), (0, 20, 20)), random.Random(0))
    assert nxt.extra["game_winner"] == P2  # tied: the captain of that hand


# ----- bonuses -----------------------------------------------------------------------------------

def test_shutout_and_bonuses() -> None:
    game = cardkit.load_game("gin-rummy", shutout_doubles=True, game_bonus=100, line_bonus=25)
    assert final_totals(game, (0, 104, 0), 1, [0, 4, 0], 4) == (0, 208 + 100 + 100, 0)
    assert final_totals(game, (10, 104, 0), 1, [1, 4, 0], 5) == (35, 104 + 100 + 100, 0)
    default = cardkit.load_game("gin-rummy")
    assert final_totals(default, (10, 104, 0), 1, [1, 4, 0], 5) == (10, 104, 0)


def test_end_bonuses_never_change_the_winner() -> None:
    """§7: ``line_bonus`` may lift another player's final total above the winner's; the winner
    is still the player who reached the target, and running totals carry no bonus."""
    game = cardkit.load_game("gin-rummy", line_bonus=25, game_bonus=10, shutout_doubles=True)
    context = HandContext(dealer=P1, totals=(95, 0, 60), roles=("box", "captain", "sitter"),
                          extra={"hands_won": [1, 0, 8], "scored_hands": 9,
                                 "game_winner": None})
    context = advance(game, context, Result("knock", (P1,), (10, 0, 0)), random.Random(0))
    assert context.totals == (105, 0, 60)
    end = outcome(game, context, 10)
    assert end.winner == P1
    assert end.final_totals == (105 + 10 + 2 * 25, 0, 60 + 8 * 25)  # no shutout: P3 won hands


# ----- the next game -----------------------------------------------------------------------------

def test_next_game_roles_redraw_draws_again_and_continue_keeps_the_rotation() -> None:
    """§7 next game: scores reset; ``redraw`` is a fresh role draw (§2.1), ``continue`` keeps
    the roles of the hand that follows the last one."""
    last = HandContext(dealer=P2, hand_number=7, totals=(10, 120, 30),
                       roles=("sitter", "box", "captain"), extra={"game": 0, "game_winner": 1})
    redraw = cardkit.load_game("gin-rummy")
    new = next_game_context(redraw, last, random.Random(4))
    assert new.roles == start(redraw, random.Random(4)).roles
    assert new.dealer == new.roles.index("box") and new.totals == (0, 0, 0)
    keep = cardkit.load_game("gin-rummy", next_game_roles="continue")
    new = next_game_context(keep, last, random.Random(4))
    assert new.roles == last.roles and new.dealer == P2 and new.totals == (0, 0, 0)
    assert new.extra["hands_won"] == [0, 0, 0] and new.extra["game_winner"] is None


def test_next_game_roles_option() -> None:
    for choice in ("redraw", "continue"):
        game = cardkit.load_game("gin-rummy", next_game_roles=choice)
        context = HandContext(dealer=P2, hand_number=9, totals=(10, 120, 30),
                              roles=("sitter", "box", "captain"),
                              extra={"game": 0, "game_winner": 1})
        new = next_game_context(game, context, random.Random(4))
        assert new.totals == (0, 0, 0) and new.extra["game"] == 1
        assert sorted(new.roles) == ["box", "captain", "sitter"]
        if choice == "continue":
            assert new.roles == context.roles
