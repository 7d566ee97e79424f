"""Every worked example of the rules file §10, through the public contract."""

from __future__ import annotations

import random

import attrs
import pytest
from cardkit_games.gin_rummy.match import (
    advance,
    outcome,
    rank_seats_by_draw,
    roles_from_order,
)

import cardkit
from cardkit import Card, HandContext, IllegalAction, Result, parse_cards
from cardkit.libraries.melds import MeldRules, classify, deadwood_value
from tests.games.gin_rummy.helpers import BOX_P1, P1, P2, P3, both_decline, deck, hand, texts

GAME3 = cardkit.load_game("gin-rummy")


def _next_roles(state) -> tuple[str, ...]:
    return advance(state.game, state.context, state.result, random.Random(0)).roles


# ----- 1, 2: role draw and deal ------------------------------------------------------------------

def test_example_1_role_draw_and_redraw_of_ties() -> None:
    draws = iter([parse_cards("QS 7H 3C")])
    order = rank_seats_by_draw([P1, P2, P3], lambda seats: next(draws))
    assert roles_from_order(order) == ("box", "captain", "sitter")

    asked = []
    script = iter([parse_cards("QS 7H 7C"), parse_cards("2D 9S")])

    def draw(seats):
        asked.append(list(seats))
        return next(script)

    order = rank_seats_by_draw([P1, P2, P3], draw)
    assert asked == [[0, 1, 2], [1, 2]]  # only the tied players redraw
    assert roles_from_order(order) == ("box", "sitter", "captain")  # P1 stays box


def test_example_2_deal() -> None:
    cards = parse_cards("AC AD 2C 2D 3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 8C 8D 9C 9D 10C 10D JS")
    state = GAME3.new_hand(seed=3, deck=cards, context=BOX_P1)
    captain, box = state.view(P2), state.view(P1)
    assert set(captain.hand) == set(parse_cards("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"))
    assert set(box.hand) == set(parse_cards("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D"))
    assert captain.discard_top == Card.parse("JS")
    assert captain.stock_size == 31
    assert state.view(P3).hand == () and captain.hand_sizes == (10, 10, 0)
    assert state.current_player == P2 and state.phase == "upcard"
    assert captain.dealer == P1 and captain.roles == ("box", "captain", "sitter")


# ----- 3, 4: the up-card protocol -----------------------------------------------------------------

def test_example_3_upcard_declined_then_taken() -> None:
    state = hand("2C 4C 6C 8C 10C 2S 4S 6S 8S 10S", "3D 5D 7D KC 3H 5H 7H 9H JH KH", "9D")
    state.apply("decline upcard")
    assert state.current_player == P1
    state.apply("take upcard")
    with pytest.raises(IllegalAction, match="took from the discard pile"):
        state.apply("discard 9D")
    state.apply("discard KC")
    assert state.current_player == P2 and state.phase == "draw"
    assert {"draw discard", "draw stock"} <= texts(state)
    state.apply("draw discard")
    assert Card.parse("KC") in state.view(P2).hand


def test_example_4_both_decline_forces_a_stock_draw() -> None:
    state = hand("2C 4C 6C 8C 10C 2S 4S 6S 8S 10S", "3D 5D 7D KC 3H 5H 7H 9H JH QC", "KH")
    both_decline(state)
    assert state.current_player == P2
    assert texts(state) == {"draw stock"}
    with pytest.raises(IllegalAction, match="declined the up-card"):
        state.apply("draw discard")
    state.apply("draw stock")
    assert state.phase == "discard"


# ----- 5–9: knocks, undercuts, gin ---------------------------------------------------------------

def _box_draws(state, drawn_by_captain: str) -> None:
    """Both decline; the captain draws and throws the card; the box draws."""
    both_decline(state)
    state.apply("draw stock")
    state.apply(f"discard {drawn_by_captain}")
    state.apply("draw stock")


EX5_BOX = "3S 4S 5S 8H 8D 8C JD QD KD 4C"
EX5_CAPTAIN = "10H 10S 10C 6S 8S 2H 7C KH QC AD"


def test_example_5_knock_knocker_wins() -> None:
    state = hand(EX5_CAPTAIN, EX5_BOX, "2D", stock="3C 9H")
    _box_draws(state, "3C")
    state.apply("knock 9H")
    result = state.result
    assert result.ending == "knock"
    assert result.payoffs == (26, 0, 0)
    details = result.details
    assert details["knocker_deadwood"] == 4 and details["knocker_deadwood_cards"] == ["4C"]
    assert sorted(map(sorted, details["knocker_melds"])) == sorted(
        map(sorted, [["3S", "4S", "5S"], ["8C", "8D", "8H"], ["JD", "QD", "KD"]]))
    assert {item["card"] for item in details["layoffs"]} == {"6S", "8S"}
    assert details["defender_melds"] == [["10C", "10H", "10S"]]
    assert details["defender_deadwood"] == 30
    assert "26" in result.summary
    assert _next_roles(state) == ("box", "sitter", "captain")  # P1 box, P3 captain, P2 sitter


EX6_CAPTAIN = "AH 2H 3H 5C 5D 5S 9D 10D JD 7S"
EX6_BOX = "KS KH KC 6H 7H 8H 4H QD 2C 3D"


@pytest.mark.parametrize(("options", "points"), [({}, 12), ({"undercut_bonus": 25}, 27)])
def test_example_6_undercut(options, points) -> None:
    state = hand(EX6_CAPTAIN, EX6_BOX, "9C", stock="10C", **options)
    both_decline(state)
    state.apply("draw stock")
    state.apply("knock 10C")
    result = state.result
    assert result.ending == "undercut"
    assert result.payoffs == (points, 0, 0)
    assert result.details["knocker_deadwood"] == 7
    assert {item["card"] for item in result.details["layoffs"]} == {"4H", "QD"}
    assert result.details["defender_deadwood"] == 5
    assert _next_roles(state) == ("box", "sitter", "captain")


def test_example_7_equal_counts_is_an_undercut() -> None:
    state = hand("7C 8C 9C JH JS JD 4S 4H 4D 6S", "KH KC KD 5H 6H 7H AS AH AC 6D", "2S",
                 stock="QC")
    both_decline(state)
    state.apply("draw stock")
    state.apply("knock QC")
    assert state.result.details["layoffs"] == []
    assert state.result.details["knocker_deadwood"] == 6
    assert state.result.details["defender_deadwood"] == 6
    assert state.result.ending == "undercut" and state.result.payoffs == (10, 0, 0)


EX8_BOX = "AC 2C 3C 4C 7H 7D 7S 10S JS QS"


@pytest.mark.parametrize(("captain", "options", "points"), [
    ("KH KD KC 2H 3H 4H 5D 8H 6S 4D", {}, 48),
    ("KH KD KC 2H 3H 4H 5H 4D 5D 6D", {}, 25),     # defender all melded: still 25, P2 nothing
    ("KH KD KC 2H 3H 4H 5D 7C 6S 4D", {}, 25 + 22),  # 7C may not be laid off after gin
    ("KH KD KC 2H 3H 4H 5D 8H 6S 4D", {"gin_bonus": 20}, 43),
])
def test_example_8_gin(captain, options, points) -> None:
    state = hand(captain, EX8_BOX, "KS", stock="2S 9D", **options)
    _box_draws(state, "2S")
    with pytest.raises(IllegalAction, match="that is gin"):
        state.apply("knock 9D")
    state.apply("gin 9D")
    result = state.result
    assert result.ending == "gin"
    assert result.payoffs == (points, 0, 0)
    assert result.details["layoffs"] == []


def test_example_9_knock_not_allowed_at_eleven() -> None:
    state = hand("2C 3C 4C 5C 7C 7D 7H 7S KH AS", "2D 4D 6D 8D 10D 2S 4S 6S 8S 10S", "JC",
                 stock="QD")
    both_decline(state)
    state.apply("draw stock")
    assert not any(t.startswith(("knock", "gin")) for t in texts(state))
    with pytest.raises(IllegalAction, match="leaves 11"):
        state.apply("knock QD")
    # 10 is within the limit
    state = hand("2C 3C 4C 7D 7H 7S 9S 10S JS KH", "2D 4D 6D 8D 10D 2S 4S 6S 8S 3H", "JC",
                 stock="QD")
    both_decline(state)
    state.apply("draw stock")
    assert "knock QD" in texts(state)
    # and knock_limit changes it
    state = hand("2C 3C 4C 5C 7C 7D 7H 7S KH AS", "2D 4D 6D 8D 10D 2S 4S 6S 8S 10S", "JC",
                 stock="QD", knock_limit=11)
    both_decline(state)
    state.apply("draw stock")
    assert {"knock QD", "knock KH"} <= texts(state)


def test_example_10_ace_is_low_only() -> None:
    rules = MeldRules()
    assert classify(parse_cards("AH 2H 3H"), rules) is not None
    assert classify(parse_cards("QH KH AH"), rules) is None
    assert deadwood_value(parse_cards("QH KH AH"), rules) == 21
    state = hand("2C 3C 4C 5D 6D 7D QH KH AH 9S", "2D 4D 8D 10D 2S 4S 6S 8S 10S 3H", "JC",
                 stock="9D")
    both_decline(state)
    state.apply("draw stock")
    assert not any(t.startswith(("knock", "gin")) for t in texts(state))  # QH KH AH not a meld


def test_example_11_layoff_chain() -> None:
    state = hand("4H 8H 9H JC 10D 2S 5S 7S 3C QD", "5H 6H 7H KS KD KC 2D 3D 4D AC", "JH",
                 stock="QC QS")
    _box_draws(state, "QC")
    state.apply("knock QS")
    details = state.result.details
    laid = [item["card"] for item in details["layoffs"]]
    assert set(laid) == {"4H", "8H", "9H"}
    assert laid.index("8H") < laid.index("9H")  # the chain: 8H, then 9H
    assert details["knocker_deadwood"] == 1 and details["defender_deadwood"] == 47
    assert state.result.payoffs == (46, 0, 0)


# ----- 12, 13: the dead hand and a knock on the last playable card -------------------------------

def _draw_and_throw_until_three(state) -> None:
    both_decline(state)
    while True:
        seat = state.current_player
        if seat == P2 and state.view(seat).stock_size == 3:
            return
        before = set(state.view(seat).hand)
        state.apply("draw stock")
        (drawn,) = set(state.view(seat).hand) - before
        state.apply(f"discard {drawn}")


def test_example_12_dead_hand() -> None:
    state = GAME3.new_hand(seed=12, context=BOX_P1)
    _draw_and_throw_until_three(state)
    before = set(state.view(P2).hand)
    state.apply("draw stock")
    assert state.view(P2).stock_size == 2
    (drawn,) = set(state.view(P2).hand) - before
    state.apply(f"discard {drawn}")
    assert state.result.ending == "draw" and state.result.payoffs == (0, 0, 0)
    nxt = advance(state.game, state.context, state.result, random.Random(0))
    assert nxt.roles == BOX_P1.roles and nxt.dealer == P1  # P1 deals again


def test_example_13_knock_on_the_last_playable_card() -> None:
    captain = "2C 3C 4C 5D 6D 7D 9S 9H 9C 8H"
    box = "10S JS QS KS AH AD AC 10D 8C 2H"
    cards = deck(captain, box)
    rest = cards[21:]
    rest.remove(Card.parse("KC"))
    rest.insert(28, Card.parse("KC"))  # the captain's 15th stock draw
    state = GAME3.new_hand(seed=1, deck=cards[:21] + rest, context=BOX_P1)
    _draw_and_throw_until_three(state)
    state.apply("draw stock")
    assert state.view(P2).stock_size == 2
    state.apply("knock KC")
    result = state.result
    assert result.details["knocker_deadwood"] == 8
    assert result.details["defender_deadwood"] == 20
    assert result.ending == "knock" and result.payoffs == (0, 12, 0)
    assert _next_roles(state) == ("sitter", "box", "captain")  # P2 box, P3 captain, P1 sitter


# ----- 14, 15, 16: match examples ----------------------------------------------------------------

def _scored(scorer: int, points: int, players: int = 3, team: bool = False) -> Result:
    payoffs = [0] * players
    payoffs[scorer] = points
    if team:
        payoffs[(set(range(players)) - {scorer}).pop()] = points
    return Result("knock", (scorer,), tuple(payoffs))


DRAW = Result("draw", (), (0, 0, 0))


def test_example_14_sitter_and_rotation_over_three_hands() -> None:
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


@pytest.mark.parametrize("bonuses", [False, True])
def test_example_15_game_end(bonuses) -> None:
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


@pytest.mark.parametrize(("team", "payoffs"), [
    ("captain", (0, 26, 0)), ("captain_and_sitter", (0, 26, 26))])
def test_example_16_team_credit(team, payoffs) -> None:
    # example 5's hands with the captain knocking: 9H drawn, K = 4, D = 30 → the team scores 26
    state = hand(EX5_BOX, EX5_CAPTAIN, "2D", stock="9H", team_points_to=team)
    both_decline(state)
    state.apply("draw stock")
    state.apply("knock 9H")
    assert state.result.payoffs == payoffs
    context = advance(state.game, attrs.evolve(BOX_P1, extra={}), state.result,
                      random.Random(0))
    assert context.totals == payoffs


# ----- 17: the discard restriction ---------------------------------------------------------------

@pytest.mark.parametrize("allowed", [False, True])
def test_example_17_discard_restriction(allowed) -> None:
    state = hand("2C 4C 6C 8C 10C 2S 4S 6S 8S 10S", "5D 5S 7D KC 3H 5H 7H 9H JH KH", "5C",
                 discard_taken_card_same_turn=allowed)
    state.apply("decline upcard")
    state.apply("take upcard")
    if allowed:
        state.apply("discard 5C")
        assert state.view(P2).discard_top == Card.parse("5C")
    else:
        with pytest.raises(IllegalAction, match="took from the discard pile"):
            state.apply("discard 5C")
        assert "discard 5C" not in texts(state)
