"""Options (§8): each one's effect, validation, and the match (§7)."""

from __future__ import annotations

import pytest

import cardkit
from cardkit.engine.match import HandContext
from cardkit.values.errors import IllegalAction
from tests.games.tien_len.helpers import P1, P2, P3, P4, can_play, deal, later_game


def test_player_counts_and_num_players() -> None:
    """``num_players`` follows the player count; a conflicting value is a ValueError."""
    for players in (2, 3, 4):
        game = cardkit.load_game("tien-len", players=players)
        assert game.options["num_players"] == players
        assert game.options["placement_points"] == list(range(players - 1, -1, -1))
    assert cardkit.load_game("tien-len", players=3, num_players=3).players == 3
    with pytest.raises(ValueError, match="num_players"):
        cardkit.load_game("tien-len", num_players=3)
    with pytest.raises(ValueError):
        cardkit.load_game("tien-len", players=5)


def test_placement_points_validated_and_used() -> None:
    """``placement_points`` needs one value per place and scores the places."""
    with pytest.raises(ValueError, match="placement_points"):
        cardkit.load_game("tien-len", placement_points=[3, 2, 1])
    game = cardkit.load_game("tien-len", players=2, placement_points=[5, 0])
    state = deal({P1: "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2S 2C"}, game)
    state.apply("play 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    state.apply("pass")
    state.apply("play 2S 2C")
    assert state.result.payoffs == (5, 0)


def test_two_player_deal() -> None:
    """Two players: 26 cards dealt, 26 out of play."""
    state = cardkit.load_game("tien-len", players=2).new_hand(seed=3)
    assert [len(hand) for hand in state.hands] == [13, 13] and len(state.out_of_play) == 26


def test_play_direction_counterclockwise() -> None:
    """Counter-clockwise: the deal starts at the dealer's right and turns go right."""
    game = cardkit.load_game("tien-len", play_direction="counterclockwise")
    state = deal({P3: "3S 9C", P1: "9D"}, game)  # dealer P4; first card to P3
    assert state.deck[0] in state.hands[P3]
    state.apply("play 3S")
    assert state.current_player == P2
    state.apply("pass")
    assert state.current_player == P1


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


def test_instant_wins_options() -> None:
    """``six_pairs`` and ``five_consecutive_pairs`` win only when enabled; none when empty."""
    six_pairs = "3S 3C 5D 5H 7S 7C 9D 9H JS JC KD KH AS"
    five = "4S 4C 5D 5H 6S 6C 7D 7H 8S 8C JD QH AS"
    for hand, kind in ((six_pairs, "six_pairs"), (five, "five_consecutive_pairs")):
        others = {P2: "3D 10S 2S", P3: "4D 10C 2C", P4: "3H 10D 2D"}
        assert not deal({P1: hand, **others}).is_over
        state = deal({P1: hand, **others}, instant_wins=[kind])
        assert state.result.ending == "instant_win"
        assert state.result.details["instant_win"]["kind"] == kind
    state = deal({P3: "2S 2C 2D 2H"}, instant_wins=[])
    assert not state.is_over


def test_lead_after_instant_win() -> None:
    """The instant winner leads next, or (``lowest_card``) the 3S rule applies again."""
    for value, leader, first in (("instant_winner", P3, False), ("lowest_card", None, True)):
        game = cardkit.load_game("tien-len", lead_after_instant_win=value)
        state = deal({P3: "2S 2C 2D 2H"}, game)
        context = game.definition.match.advance(game, state.context, state.result, None)
        assert context.leader == leader and context.extra["first_game"] is first
        following = deal({P2: "3S"}, game, context=context)
        assert following.current_player == (P3 if leader is not None else P2)


def test_later_game_leader_leads_anything() -> None:
    """After the first game the previous winner leads, free of the 3S rule."""
    state = deal({P2: "3S", P4: "9H"}, context=later_game(P4))
    assert state.current_player == P4 and can_play(state, "9H")


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


def test_void_deal_redeals_with_same_dealer() -> None:
    """§5.2: a void deal keeps the dealer and the leader rule; nobody scores."""
    game = cardkit.load_game("tien-len")
    context = HandContext(dealer=P2, totals=(1, 2, 3, 4), extra={"first_game": True})
    state = deal({P1: "3D 4S 5S 6H 7C 8D 9S 10C JH QD KS AC 5H", P3: "2S 2C 2D 2H"}, game,
                 context=context)
    assert state.result.ending == "void"
    following = game.definition.match.advance(game, context, state.result, None)
    assert following.dealer == P2 and following.totals == (1, 2, 3, 4)
    assert following.extra["first_game"] is True


def test_view_info() -> None:
    """The view shows the top, who played it, who passed, places so far, and the trick."""
    state = deal({P1: "9C", P2: "JD"}, context=later_game(P1))
    state.apply("play 9C")
    state.apply("pass")
    info = state.view(P3).info
    assert info["top"] == {"type": "single", "length": 1, "cards": ["9C"]}
    assert info["top_player"] == P1 and info["passed_players"] == [P2]
    assert info["finished_players"] == []
    assert state.view(P3).table == ((P1, tuple(cardkit.parse_cards("9C"))),)
    assert state.phase == "follow" and state.view(P3).phase == "follow"


def test_the_phase_says_whether_you_lead_or_follow() -> None:
    """§3.1: the leader cannot pass, and the refusal says so; followers may."""
    state = deal({P1: "9C", P2: "JD"}, context=later_game(P1))
    assert state.phase == "lead" and "cannot pass" in state.prompt
    with pytest.raises(IllegalAction, match="the leader cannot pass"):
        state.apply("pass")
    state.apply("play 9C")
    assert state.phase == "follow" and "pass" in state.prompt


def test_hand_analysis_reports_instant_wins_for_the_cli():
    from cardkit.services.registry import game_definition
    from cardkit.values.cards import parse_cards

    definition = game_definition("tien-len")
    options = definition.configure().options
    dragon = parse_cards("3D 4S 5S 6H 7C 8D 9S 10C JH QD KS AC 5H")
    assert definition.analyse_hand(dragon, options) == {"instant_wins": ["dragon"],
                                                         "instant_win": True}
    plain = parse_cards("3D 4S 5S 6H 7C 8D 9S 10C JH QD KS 2C 5H")
    assert definition.analyse_hand(plain, options)["instant_win"] is False
    assert definition.climbing_rules(options).strength(parse_cards("2H")[0]) == 51


def test_play_direction_is_shown_only_when_counterclockwise() -> None:
    """The view mentions the direction only when it is not the usual clockwise (§8)."""
    clockwise = cardkit.load_game("tien-len").new_hand(seed=3)
    assert "play_direction" not in clockwise.view(0).info
    reverse = cardkit.load_game("tien-len", play_direction="counterclockwise").new_hand(seed=3)
    assert reverse.view(0).info["play_direction"] == "counterclockwise"
