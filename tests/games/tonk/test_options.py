"""One test per §8 option showing its effect (options already covered by a §10 example test are
named there: hand_size 12, jokers 1/9, ace_in_runs 16, caught_settlement 9, tonk_double_condition
11/13, initial_tonk_mode 4, initial_count_ace_value 5, low_initial_* 18, hit_penalty_counting 14,
hit_targets 13, must_spread 17, stock_exhaustion 15, double_double* 19, spades_* 20)."""

from __future__ import annotations

import random

import pytest

import cardkit
from cardkit import IllegalAction, load_game
from tests.games.tonk.helpers import draw_and_discard, stack

LOW_HIGH = ["AC 2D 3H 4S 2C", "KS QS 5S 3S 2S"]  # seat 0 count 12, seat 1 count 30


def test_base_stake_scales_every_payment():
    state = load_game("tonk", players=2, base_stake=5).new_hand(seed=1, deck=stack(LOW_HIGH))
    state.apply("drop")
    assert state.result.payoffs == (5, -5)


def test_hand_size_deals_that_many():
    for size in (5, 7, 9):
        state = load_game("tonk", players=4, hand_size=size, initial_tonk_mode="off").new_hand(
            seed=2)
        assert state.view(0).hand_sizes == (size,) * 4
        assert state.view(0).stock_size == 52 - 4 * size - 1


def test_jokers_and_joker_hand_value():
    game = load_game("tonk", players=2, jokers=2, joker_hand_value=15)
    assert game.deck_spec.size == 54
    state = game.new_hand(seed=3, deck=stack(["X1 2S 5H QC 3D", "2C 2D 4H 4S 6C"]))
    state.apply("drop")
    assert state.result.details["counts"][0] == 15 + 2 + 5 + 10 + 3


def test_joker_spread_and_hit_with_declared_identity():
    game = load_game("tonk", players=2, jokers=2)
    state = game.new_hand(seed=4, deck=stack(["5H 7H X1 X2 KC", "2C 2D 4S 9S 6C"], "JD", "QS"))
    state.apply("draw stock")
    state.apply("spread 5H X1=6H 7H")
    state.apply("hit X2=8H 1")
    assert [c.text for c in state.view(1).table[0][1].represents] == ["5H", "6H", "7H", "8H"]
    with pytest.raises(IllegalAction):
        state.apply("spread KC QS X1=JS")  # X1 is on the table already


def test_initial_discard_off_means_no_upcard():
    state = load_game("tonk", players=2, initial_discard=False).new_hand(seed=5)
    assert state.view(0).discard_top is None
    assert {str(a) for a in state.legal_actions()} <= {"drop", "draw stock"}
    assert state.view(0).stock_size == 42


def test_drop_timing():
    deck = stack(LOW_HIGH, "KD", "JC")
    state = load_game("tonk", players=2).new_hand(seed=6, deck=deck)
    state.apply("draw stock")
    with pytest.raises(IllegalAction, match="start of your turn"):
        state.apply("drop")
    game = load_game("tonk", players=2, drop_timing="any_time_in_own_turn")
    state = game.new_hand(seed=6, deck=deck)
    state.apply("draw stock")
    state.apply("drop")
    assert state.result.details["counts"][0] == 22  # shown with hand_size + 1 cards


@pytest.mark.parametrize(("option", "value", "payoffs"), [
    ("drop_win_multiplier", 3, (3, -3)),
])
def test_drop_win_multiplier(option, value, payoffs):
    state = load_game("tonk", players=2, **{option: value}).new_hand(seed=7, deck=stack(LOW_HIGH))
    state.apply("drop")
    assert state.result.payoffs == payoffs


TONK_DECK = stack(["5H 6H 9C 9D 9S", "2C 3D 4S KC QD"], "JH", "7H")


def _tonk(**options):
    state = load_game("tonk", players=2, **options).new_hand(seed=8, deck=TONK_DECK)
    state.apply("draw stock")
    state.apply("spread 5H 6H 7H")
    state.apply("spread 9C 9D 9S")
    return state.result


def test_tonk_multiplier():
    assert _tonk(tonk_multiplier=5).payoffs == (5, -5)


def test_out_by_discard_multiplier_pays_the_non_qualifying_tonk():
    # the player took the up-card, so this is not a whole-hand-in-one-turn tonk? It is: the
    # hand began with 5 cards. A second-turn tonk is single:
    game = load_game("tonk", players=2, tonk_double_condition="whole_hand_one_turn",
                     out_by_discard_multiplier=3)
    state = game.new_hand(seed=9, deck=stack(["5H 6H 9C 9D KS", "2C 3D 4S KC QD"], "JH",
                                             "9S 10D 7H"))
    state.apply("draw stock")  # 9S
    state.apply("spread 9C 9D 9S")
    state.apply("discard KS")
    draw_and_discard(state)
    state.apply("draw stock")  # 7H
    state.apply("spread 5H 6H 7H")
    assert state.result.ending == "tonk" and state.result.payoffs == (3, -3)


def test_initial_multipliers():
    deck50 = stack(["KS QH JD 10C 10S", "2C 3D 9H 8S 9D"])
    deck49 = stack(["KS QH JD 10C 9S", "2C 3D 9H 8S 9D"])
    game = load_game("tonk", players=2, initial_50_multiplier=5, initial_49_multiplier=4)
    assert game.new_hand(seed=1, deck=deck50).result.payoffs == (5, -5)
    assert game.new_hand(seed=1, deck=deck49).result.payoffs == (4, -4)
    off = load_game("tonk", players=2, initial_tonk_mode="off")
    assert not off.new_hand(seed=1, deck=deck50).is_over


def test_hit_penalty_turns():
    for turns, locked in ((0, False), (3, True)):
        game = load_game("tonk", players=2, hit_penalty_turns=turns)
        state = game.new_hand(seed=10, deck=stack(["5H 6H 7H 2C 3C", "8H KD QS JC 9S"], "4D",
                                                  "KS 10D 10C"))
        state.apply("draw stock")
        state.apply("spread 5H 6H 7H")
        state.apply("discard KS")
        state.apply("draw stock")
        state.apply("hit 8H 1")
        state.apply("discard 10D")
        assert state.view(0).info["drop_locks"][0] == (2 if locked else 0)  # one consumed
        assert ("drop" not in {str(a) for a in state.legal_actions()}) == locked


def test_max_hits_per_turn():
    game = load_game("tonk", players=2, max_hits_per_turn=1)
    state = game.new_hand(seed=11, deck=stack(["5H 6H 7H 2C 3C", "8H 9H QS JC 9S"], "4D",
                                              "KS 10D"))
    state.apply("draw stock")
    state.apply("spread 5H 6H 7H")
    state.apply("discard KS")
    state.apply("draw stock")
    state.apply("hit 8H 1")
    with pytest.raises(IllegalAction, match="at most 1 hit"):
        state.apply("hit 9H 1")


def test_completed_book_to_discard():
    game = load_game("tonk", players=2, completed_book_to_discard=True)
    state = game.new_hand(seed=12, deck=stack(["9C 9D 9H 9S 2C", "3D 4S KC QD 7C"], "JH",
                                              "5D"))
    state.apply("draw stock")
    state.apply("spread 9C 9D 9H 9S")
    assert state.view(0).table == ()
    assert state.view(0).discard_top.text == "JH"  # the book went under the pile
    assert [c.text for c in state.discards[:4]] == ["9C", "9D", "9H", "9S"]


def test_stock_exhaustion_reshuffle_and_turn_cap():
    game = load_game("tonk", players=2, stock_exhaustion="reshuffle", turn_cap=100)
    state = game.new_hand(seed=13, deck=stack(["2C 3C 4D 2H 3H", "AS 2S 3S AD 2D"]))
    while not state.is_over:
        draw_and_discard(state)
    assert state.result.ending == "stock_out"
    assert state.turns == 101 and "turn cap" in state.result.details["explanation"]
    assert any("reshuffle" in e for e in state.result.details["events"])


def test_stock_end_multiplier_and_tie():
    def finish(**options):
        game = load_game("tonk", players=3, **options)
        state = game.new_hand(seed=14, deck=stack(["2C 3C AH 2H AC", "AS 2S 3S AD 2D",
                                                   "KC KD QH 10S 8C"]))
        while not state.is_over:
            draw_and_discard(state)
        return state.result

    assert finish().payoffs == (0, 0, 0)
    assert finish(stock_end_tie="all_tied_paid").payoffs == (1, 1, -2)
    game = load_game("tonk", players=2, stock_end_multiplier=4)
    state = game.new_hand(seed=14, deck=stack(["2C 3C 4D 2H 3H", "AS 2S 3S AD 2D"]))
    while not state.is_over:
        draw_and_discard(state)
    assert state.result.payoffs == (-4, 4)


def test_return_discard_allowed():
    deck = stack(["2C 3C 4D 2H 3H", "AS 2S 3S AD 2D"], "KH")
    state = load_game("tonk", players=2).new_hand(seed=15, deck=deck)
    state.apply("draw discard")
    with pytest.raises(IllegalAction, match="just took"):
        state.apply("discard KH")
    state = load_game("tonk", players=2, return_discard_allowed=True).new_hand(seed=15,
                                                                                deck=deck)
    state.apply("draw discard")
    state.apply("discard KH")


def test_discard_pickup_must_meld():
    game = load_game("tonk", players=2, discard_pickup_must_meld=True)
    useless = game.new_hand(seed=16, deck=stack(["2C 3C 4D 2H 3H", "AS 2S 3S AD 2D"], "KH"))
    assert "draw discard" not in {str(a) for a in useless.legal_actions()}
    useful = game.new_hand(seed=16, deck=stack(["2C 3C 4D 2H 3H", "AS 2S 3S AD 2D"], "4C"))
    useful.apply("draw discard")
    with pytest.raises(IllegalAction, match=r"must use the card you took \(4C\)"):
        useful.apply("discard 4D")
    useful.apply("spread 2C 3C 4C")


def test_payout_profile_texas_and_overrides():
    texas = load_game("tonk", players=2, preset="texas")
    for name, value in {"initial_49_multiplier": 1, "caught_settlement": "texas"}.items():
        assert texas.options[name] == value
    assert load_game("tonk", payout_profile="texas").options["initial_49_multiplier"] == 1
    overridden = load_game("tonk", payout_profile="texas", initial_49_multiplier=3)
    assert overridden.options["initial_49_multiplier"] == 3
    deck49 = stack(["KS QH JD 10C 9S", "2C 3D 9H 8S 9D"])
    assert texas.new_hand(seed=1, deck=deck49).result.payoffs == (1, -1)


def test_match_length_hands_and_running_balances():
    game = load_game("tonk", players=3, match_length_hands=4)
    match = game.new_match(seed=3)
    first_dealer = match.contexts[0].dealer
    rng = random.Random(0)
    balances = [0.0] * 3
    while not match.is_over:
        state = match.current
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        balances = [b + p for b, p in zip(balances, state.result.payoffs, strict=True)]
        match.next_hand()
    assert len(match.hands) == 4
    assert [c.dealer for c in match.contexts] == [(first_dealer + k) % 3 for k in range(4)]
    assert list(match.totals) == balances
    assert "cut" in match.contexts[0].extra


def test_unknown_option_is_a_clear_error():
    with pytest.raises(ValueError, match="valid options"):
        cardkit.load_game("tonk", hit_penalty=1)
