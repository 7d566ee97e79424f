"""Options, views, hooks, agents, the match and the conformance kit for gin rummy."""

from __future__ import annotations

import random

import attrs
import pytest
from cardkit_games.gin_rummy.match import advance, final_totals, next_game_context, rotate_roles
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit import HandContext, IllegalAction, Result
from cardkit.services.records import MatchRecord, parse_record
from cardkit.services.testing import check_game, view_cards
from cardkit.values.cards import CardSet, parse_cards
from tests.games.gin_rummy.helpers import BOX_P1, P1, P2, P3, both_decline, hand, texts

CAPTAIN = "2C 4C 6C 8C 10C 2S 4S 6S 8S 10S"
BOX = "3D 5D 7D KC 3H 5H 7H 9H JH KH"


def test_registered_and_option_defaults_depend_on_player_count() -> None:
    assert "gin-rummy" in cardkit.available_games()
    three = cardkit.load_game("gin-rummy").options
    two = cardkit.load_game("gin-rummy", players=2).options
    assert (three["undercut_bonus"], three["game_bonus"], three["line_bonus"],
            three["shutout_doubles"]) == (10, 0, 0, False)
    assert (two["undercut_bonus"], two["game_bonus"], two["line_bonus"],
            two["shutout_doubles"]) == (25, 100, 25, True)
    with pytest.raises(ValueError, match="knock_limit"):
        cardkit.load_game("gin-rummy", knock_limit=-1)
    with pytest.raises(ValueError, match="valid options"):
        cardkit.load_game("gin-rummy", nonsense=1)


def test_sitter_never_acts_and_sees_the_captain_hand() -> None:
    state = hand(CAPTAIN, BOX, "9D")
    rng = random.Random(1)
    while not state.is_over:
        assert state.current_player in (P1, P2)
        view = state.view(P3)
        assert view.revealed == {P2: tuple(state.view(P2).hand)}
        hidden = state.hidden_cards(P3)
        assert not hidden & CardSet(state.view(P2).hand)
        assert CardSet(state.view(P1).hand) - CardSet.from_mask(state.public) <= hidden
        state.apply(rng.choice(state.legal_actions()))


def test_sitter_sees_nothing_without_the_option() -> None:
    state = hand(CAPTAIN, BOX, "9D", sitter_sees_captain_hand=False)
    assert state.view(P3).revealed == {}
    assert CardSet(state.view(P2).hand) <= state.hidden_cards(P3)
    assert not view_cards(state.view(P3)) & set(state.hidden_cards(P3))


def test_sitter_advice_option() -> None:
    state = hand(CAPTAIN, BOX, "9D")
    state.advise(P3, "take it")
    assert state.view(P2).info["advice"] == ("take it",)
    assert "advice" not in state.view(P1).info
    with pytest.raises(IllegalAction):
        state.advise(P1, "no")
    quiet = hand(CAPTAIN, BOX, "9D", sitter_may_advise=False)
    with pytest.raises(IllegalAction, match="sitter_may_advise"):
        quiet.advise(P3, "take it")
    assert "advice" not in quiet.view(P2).info and "advice" not in quiet.view(P3).info
    assert state.view(P1).info["first_upcard"] == cardkit.parse_cards("9D")[0]


def test_big_gin_option() -> None:
    captain = "AC 2C 3C 4C 7H 7D 7S 10S JS QS"
    box = "2D 4D 6D 8D 10D 2S 4S 6S 8S 3H"
    plain = hand(captain, box, "JC", stock="KS")
    both_decline(plain)
    plain.apply("draw stock")
    assert "big gin" not in texts(plain)
    big = hand(captain, box, "JC", stock="KS", big_gin_bonus=31)
    both_decline(big)
    big.apply("draw stock")
    assert "big gin" in texts(big)
    big.apply("big gin")
    assert big.result.ending == "big_gin"
    deadwood = big.result.details["defender_deadwood"]
    assert big.result.payoffs == (0, 31 + deadwood, 0)


def test_draw_stock_remaining_option() -> None:
    for remaining in (2, 4):
        state = cardkit.load_game("gin-rummy", draw_stock_remaining=remaining).new_hand(seed=5)
        both_decline(state)
        while not state.is_over:
            seat = state.current_player
            before = set(state.view(seat).hand)
            state.apply("draw stock")
            (drawn,) = set(state.view(seat).hand) - before
            state.apply(f"discard {drawn}")
        assert state.result.ending == "draw" and len(state.stock) == remaining


def test_target_score_option() -> None:
    for target, over in ((100, False), (20, True)):
        game = cardkit.load_game("gin-rummy", target_score=target)
        context = advance(game, BOX_P1, Result("knock", (P1,), (26, 0, 0)), random.Random(0))
        assert (context.extra["game_winner"] == P1) is over


def test_shutout_and_bonuses() -> None:
    game = cardkit.load_game("gin-rummy", shutout_doubles=True, game_bonus=100, line_bonus=25)
    assert final_totals(game, (0, 104, 0), 1, [0, 4, 0], 4) == (0, 208 + 100 + 100, 0)
    assert final_totals(game, (10, 104, 0), 1, [1, 4, 0], 5) == (35, 104 + 100 + 100, 0)
    default = cardkit.load_game("gin-rummy")
    assert final_totals(default, (10, 104, 0), 1, [1, 4, 0], 5) == (10, 104, 0)


def test_team_credit_tie_goes_to_the_higher_total_then_the_captain() -> None:
    game = cardkit.load_game("gin-rummy", team_points_to="captain_and_sitter")
    context = HandContext(dealer=P1, totals=(0, 90, 95), roles=("box", "captain", "sitter"))
    nxt = advance(game, context, Result("knock", (P2,), (0, 20, 20)), random.Random(0))
    assert nxt.extra["game_winner"] == P3  # 115 beats 110
    context = attrs.evolve(context, totals=(0, 90, 90))
    nxt = advance(game, context, Result("knock", (P2,), (0, 20, 20)), random.Random(0))
    assert nxt.extra["game_winner"] == P2  # tied: the captain of that hand


def test_two_player_dealer_rules() -> None:
    roles = ("dealer", "non-dealer")
    assert rotate_roles(roles, 0, "alternate") == ("non-dealer", "dealer")
    assert rotate_roles(roles, 1, "winner_deals") == ("non-dealer", "dealer")
    assert rotate_roles(roles, 1, "loser_deals") == ("dealer", "non-dealer")
    assert rotate_roles(roles, None, "alternate") == roles  # a dead hand is redealt
    game = cardkit.load_game("gin-rummy", players=2, dealer_rule="winner_deals")
    context = HandContext(dealer=0, totals=(0, 0), roles=roles)
    nxt = advance(game, context, Result("knock", (1,), (0, 12)), random.Random(0))
    assert nxt.dealer == 1 and nxt.roles == ("non-dealer", "dealer")


def test_two_player_hand_and_match() -> None:
    game = cardkit.load_game("gin-rummy", players=2)
    match = game.new_match(seed=3)
    first = match.contexts[0]
    assert sorted(first.roles) == ["dealer", "non-dealer"]
    assert first.roles[first.dealer] == "dealer"
    state = match.current
    assert state.current_player == 1 - first.dealer and state.view(0).roles == first.roles


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


def test_hooks_allow_oklahoma_gin_without_copying() -> None:
    """A variant by hooks only: the up-card's value sets the knock limit, a spade up-card
    doubles the hand score."""
    from cardkit_games.gin_rummy.definition import GIN_RUMMY

    def knock_limit(base, state):
        return min(10, state.upcard.rank)

    def hand_score(base, state, ending, k, d):
        side, points, name = base(state, ending, k, d)
        return side, points * (2 if state.upcard.suit == 3 else 1), name

    oklahoma = GIN_RUMMY.variant(name="oklahoma-gin",
                                 hooks=GIN_RUMMY.hooks.replace(knock_limit=knock_limit,
                                                               hand_score=hand_score))
    game = oklahoma.configure(players=3)
    captain = "AH 2H 3H 5C 5D 5S 9D 10D JD 7S"
    box = "KS KH KC 6H 7H 8H 4H QD 2C 3D"
    from tests.games.gin_rummy.helpers import deck

    low = game.new_hand(seed=1, deck=deck(captain, box, "3S", stock="10C"), context=BOX_P1)
    both_decline(low)
    low.apply("draw stock")
    assert not any(t.startswith("knock") for t in texts(low))  # 7 > 3
    high = game.new_hand(seed=1, deck=deck(captain, box, "9S", stock="10C"), context=BOX_P1)
    both_decline(high)
    high.apply("draw stock")
    high.apply("knock 10C")
    assert high.result.payoffs == (24, 0, 0)  # undercut 12, doubled by the spade


def test_greedy_gives_reasons_and_beats_random() -> None:
    game = cardkit.load_game("gin-rummy", players=2)
    wins = {"greedy": 0, "random": 0}
    for index in range(60):
        greedy_seat = index % 2
        agents = {greedy_seat: game.agent("greedy", greedy_seat, seed=index),
                  1 - greedy_seat: game.agent("random", 1 - greedy_seat, seed=index)}
        state = game.new_hand(seed=index)
        while not state.is_over:
            seat = state.current_player
            action, reason = agents[seat].choose_with_reason(state.view(seat),
                                                             state.legal_actions())
            assert reason
            state.apply(action)
        if state.result.winners:
            winner = state.result.winners[0]
            wins["greedy" if winner == greedy_seat else "random"] += 1
    assert wins["greedy"] > 5 * max(1, wins["random"])


@pytest.mark.parametrize("players", [2, 3])
def test_conformance(players) -> None:
    check_game("gin-rummy", players=[players], presets=[None, "every-option-changed"], hands=4)
    # random play rarely knocks: a generous knock limit exercises every showdown path
    game = cardkit.load_game("gin-rummy", players=players, knock_limit=40, big_gin_bonus=31)
    report = check_game(game, hands=6, seed=1)
    assert set(report.endings) - {"draw"}


def test_knocker_shows_the_arrangement_that_blocks_layoffs() -> None:
    """Among the minimum-deadwood arrangements the engine shows the knocker's best: here
    {3C 3D 3H} + {AS 2S 3S} (the defender's 4H has nowhere to go), not {3C 3D 3S} + {AH 2H 3H}."""
    state = hand("3C 3D 3H 3S AH 2H AS 2S KC QD", "4H 9C 7D 10S 6C JH 8S 2D KH 5S", "9H",
                 stock="JC", knock_limit=25)
    both_decline(state)
    state.apply("draw stock")
    state.apply("knock JC")
    details = state.result.details
    assert ["AS", "2S", "3S"] in details["knocker_melds"]
    assert details["layoffs"] == []
    assert details["knocker_deadwood"] == 23 and details["defender_deadwood"] == 71
    assert state.result.payoffs == (0, 48, 0)


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


def test_greedy_players_do_not_pass_the_same_cards_round_for_ever() -> None:
    """Found by the test above: three greedy players each took the discard the next one threw,
    cycling 4S, 2D and 3H through the pile with the stock never shrinking. A greedy player no
    longer takes back a card it threw itself."""
    game = cardkit.load_game("gin-rummy", team_points_to="captain_and_sitter")
    match = game.new_match(seed=945215, hands=8)
    agents = {seat: game.agent("greedy", seat, 945215) for seat in range(3)}
    while not match.is_over:
        state = match.current
        while not state.is_over:
            seat = state.current_player
            state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
            assert len(state.history) < 400
        match.next_hand()


def test_hand_analysis_reports_the_knock_check():
    """`cardkit hand` adds gin's knock check to the generic arrangement (§5.1, example 9)."""
    from cardkit.services.registry import game_definition

    definition = game_definition("gin-rummy")
    options = definition.configure().options
    analyse = definition.analyse_hand
    eleven = parse_cards("3S 4S 5S 8H 8D 8C JD QD KD 4C 9H")
    assert analyse(eleven, options) == {"knock_limit": 10, "can_knock": True, "gin": False}
    ten = parse_cards("3S 4S 5S 8H 8D 8C JD QD KH AS")
    assert analyse(ten, options)["can_knock"] is False
    gin = parse_cards("AC 2C 3C 4C 7H 7D 7S 10S JS QS 9D")
    assert analyse(gin, options)["gin"] is True


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.booleans(), st.sampled_from([-20, 0, 10, 25]))
def test_legal_moves_are_one_discard_per_held_card_and_the_knock_check(seed, same_turn,
                                                                       limit) -> None:
    """Over random play, at every discard: one ``discard`` per card held, in card order, but
    the card just taken (§3.2, option ``discard_taken_card_same_turn``); ``knock``/``gin``
    exactly for the discards that leave at most the knock limit (a limit below zero, from a
    variant's hook, allows neither); big gin exactly when all eleven cards meld (if played);
    the draw's moves do not change from one call to the next."""
    from cardkit_games.gin_rummy.meld_rules import RULES

    from cardkit.libraries.melds import deadwood_value

    definition = cardkit.registry.game_definition("gin-rummy")
    if limit < 0:
        definition = definition.variant(name="gin-below-zero", hooks=definition.hooks.replace(
            knock_limit=lambda base, state: limit))
    game = definition.configure(players=2, discard_taken_card_same_turn=same_turn,
                                knock_limit=max(limit, 0))
    big_gin = game.options["big_gin_bonus"] is not None
    state = game.new_hand(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions()
        if state.phase == "draw":
            assert [str(a) for a in legal] == [str(a) for a in state.legal_actions()]
        if state.phase == "discard":
            held = list(state.hands[state.current_player])
            barred = None if same_turn else state.taken
            assert [a.cards[0] for a in legal if a.kind == "discard"] == [
                card for card in held if card is not barred]
            enders = {}
            for card in held:
                left = deadwood_value(CardSet(held).remove(card), RULES)
                if card is not barred and left <= limit:
                    enders[card] = "gin" if left == 0 else "knock"
            assert {a.cards[0]: a.kind for a in legal if a.kind in ("knock", "gin")} == enders
            assert any(a.kind == "big" for a in legal) == (
                big_gin and deadwood_value(CardSet(held), RULES) == 0)
        state.apply_unchecked(rng.choice(legal))
