"""Rules audit: one test per rule of the Tonk rules file (§2-§9) that no §10 example or option test
pinned down, each through the public contract (``load_game``, ``new_hand(deck=...)``, ``apply``,
the result). Seat names as in test_examples: with the default stand-alone dealer (the last seat),
2 players: A = seat 0 plays first; 3 players: B = 0, C = 1, A = 2 (dealer)."""

from __future__ import annotations

import random

import pytest
from cardkit_games.tonk.match import cut_for_deal

from cardkit import IllegalAction, load_game, parse_cards
from cardkit.engine.match import HandContext
from cardkit.values.cards import STANDARD_CARDS
from tests.games.tonk.helpers import draw_and_discard, stack


def legal(state) -> set[str]:
    """The legal actions as texts."""
    return {str(a) for a in state.legal_actions()}


def full_deck(hands: list[str], upcard: str, last_stock: str) -> list:
    """A whole stacked deck: the hands, the up-card, then every other card, with ``last_stock``
    the last cards of the stock (drawn last)."""
    deck = stack(hands, upcard)
    tail = parse_cards(last_stock)
    used = {c.index for c in deck} | {c.index for c in tail}
    return deck + [c for c in STANDARD_CARDS if c.index not in used] + tail


def to_last_stock_card(state) -> None:
    """Everybody draws from the stock and discards the card drawn, until one card is left."""
    while len(state.stock) > 1:
        draw_and_discard(state)


# §5 E3: 49 in turn ------------------------------------------------------------------------------

B20 = "2C 3C 4D 5H 6S"
C49 = "JS JH JD 10D 9D"
A49 = "KS KH KD 10C 9S"


def test_e3_two_49s_the_first_in_turn_order_wins():
    """E3: C and A both hold 49 (nobody 50): C's first turn comes first, C wins."""
    game = load_game("tonk", players=3, initial_tonk_mode="50_auto_49_in_turn")
    state = game.new_hand(seed=1, deck=stack([B20, C49, A49]))
    assert not state.is_over
    draw_and_discard(state)  # B
    assert state.result.ending == "initial_win" and state.result.winners == (1,)
    assert state.result.payoffs == (-2, 4, -2)


def test_e3_the_first_player_with_49_wins_before_acting():
    """E3: the first player's first turn starts right after the deal; in the default mode the
    same two 49s void the deal (E2)."""
    hands = [A49, C49, B20]
    game = load_game("tonk", players=3, initial_tonk_mode="50_auto_49_in_turn")
    state = game.new_hand(seed=2, deck=stack(hands))
    assert state.result.ending == "initial_win" and state.result.payoffs == (4, -2, -2)
    assert "E3" in state.result.details["explanation"] and state.history == []
    state = load_game("tonk", players=3).new_hand(seed=2, deck=stack(hands))
    assert state.result.ending == "void_deal"


def test_e3_a_50_at_the_deal_ends_the_hand_before_a_49_matters():
    """§9.5: in 50_auto_49_in_turn a dealt 50 wins at the deal (E1); two 50s void it."""
    game = load_game("tonk", players=3, initial_tonk_mode="50_auto_49_in_turn")
    state = game.new_hand(seed=3, deck=stack([A49, "QS QH QD JC 10S", B20]))
    assert state.result.ending == "initial_win" and state.result.payoffs == (-2, 4, -2)
    state = game.new_hand(seed=3, deck=stack([B20, "QS QH QD JC 10S", "KS KH KD JH 10C"]))
    assert state.result.ending == "void_deal" and state.result.transfers == ()


def test_e3_a_tonk_by_an_earlier_player_ends_the_hand_first():
    """E3: the 49 is ignored when an earlier player tonks before the 49's first turn."""
    game = load_game("tonk", players=3, initial_tonk_mode="50_auto_49_in_turn")
    hands = ["5H 6H 9C 9D 9S", "JS JH JD 10D 9H", "2C 3D 4S KC QD"]  # C holds 49
    state = game.new_hand(seed=4, deck=stack(hands, "AH", "7H"))
    state.apply("draw stock")
    state.apply("spread 5H 6H 7H")
    state.apply("spread 9C 9D 9S")
    assert state.result.ending == "tonk" and state.result.payoffs == (4, -2, -2)


# §5 deal check: low counts, void deals ----------------------------------------------------------

def test_low_count_doubles_alone_two_qualifiers_void_the_deal():
    """§5 table / E2: with only low_initial_double_max set, 9 and 13 both qualify (x2): void."""
    game = load_game("tonk", players=3, low_initial_double_max=13)
    state = game.new_hand(seed=5, deck=stack(["AS AH 2C 2D 3S", "AC 2S 3H 3D 4C",
                                               "KD QD JD 6H 5S"]))
    assert state.result.ending == "void_deal" and state.result.payoffs == (0, 0, 0)
    state = game.new_hand(seed=5, deck=stack(["AS AH 2C 2D 3S", "KC QC 9C 8D 7H",
                                               "KD QD JD 6H 5S"]))
    assert state.result.ending == "initial_win" and state.result.payoffs == (4, -2, -2)


def test_low_triple_and_a_50_void_the_deal():
    """E2: a low-count qualifier and a 50 are two qualifiers."""
    game = load_game("tonk", players=3, low_initial_triple_max=9)
    state = game.new_hand(seed=6, deck=stack(["AS AH 2C 2D 3S", "QS QH QD JC 10S",
                                               "KD 9D JD 6H 5S"]))
    assert state.result.ending == "void_deal" and state.result.transfers == ()


def test_low_counts_apply_in_every_mode_and_use_the_deal_ace_value():
    """§5: low counts qualify in any initial_tonk_mode (off included); aces count
    initial_count_ace_value on the deal (AS AH 2C 2D 3S = 27 with aces 10)."""
    hands = ["AS AH 2C 2D 3S", "KC QC 9C 8D 7H", "KD QD JD 6H 5S"]
    off = load_game("tonk", players=3, initial_tonk_mode="off", low_initial_triple_max=9)
    assert off.new_hand(seed=7, deck=stack(hands)).result.payoffs == (6, -3, -3)
    tens = load_game("tonk", players=3, low_initial_triple_max=9, initial_count_ace_value=10)
    state = tens.new_hand(seed=7, deck=stack(hands))
    assert not state.is_over and state.result is None


# E7: the three stock-exhaustion modes -----------------------------------------------------------

TONKER = ["5H 6H 9C 9D 9S", "2C 3D 4S KC QD"]


def test_end_after_last_draw_turn_the_last_drawer_may_tonk():
    """E7 end_after_last_draw_turn: the player drawing the last stock card may still tonk."""
    state = load_game("tonk", players=2).new_hand(seed=8, deck=full_deck(TONKER, "AH", "7H"))
    to_last_stock_card(state)
    assert state.current_player == 0
    state.apply("draw stock")
    assert state.view(0).stock_size == 0
    state.apply("spread 5H 6H 7H")
    state.apply("spread 9C 9D 9S")
    assert state.result.ending == "tonk" and state.result.payoffs == (2, -2)


def test_end_after_last_draw_turn_the_last_drawer_may_go_out_by_discard():
    """E7 end_after_last_draw_turn: going out by the discard takes precedence over E7."""
    deck = full_deck(["5H 6H 7H 8H 2C", "2D 3D 4S KC QD"], "AH", "9H")
    state = load_game("tonk", players=2).new_hand(seed=9, deck=deck)
    to_last_stock_card(state)
    state.apply("draw stock")
    state.apply("spread 5H 6H 7H 8H 9H")
    state.apply("discard 2C")
    assert state.result.ending == "out_by_discard" and state.result.payoffs == (1, -1)


def test_end_when_discard_declined_play_continues_and_the_taker_may_tonk():
    """E7 end_when_discard_declined: with the stock empty B takes A's discard and tonks."""
    game = load_game("tonk", players=2, stock_exhaustion="end_when_discard_declined")
    state = game.new_hand(seed=10, deck=full_deck(["2C 3D 4S KC QD", "5H 6H 9C 9D 9S"], "AH",
                                                  "7H"))
    to_last_stock_card(state)
    draw_and_discard(state)  # A draws the last card, 7H, and discards it
    assert not state.is_over and state.current_player == 1
    assert legal(state) == {"drop", "draw discard", "pass"}
    state.apply("draw discard")
    state.apply("spread 5H 6H 7H")
    state.apply("spread 9C 9D 9S")
    assert state.result.ending == "tonk" and state.result.payoffs == (-2, 2)


def test_end_when_discard_declined_ends_before_anything_else():
    """E7 end_when_discard_declined: declining ends the hand at once; nothing else may be done
    first (no spread from phase B), so the whole hand counts (§9.12)."""
    game = load_game("tonk", players=2, stock_exhaustion="end_when_discard_declined")
    state = game.new_hand(seed=11, deck=full_deck(["2C 3D 4S AC AD", "9C 9D 9S 2H AS"], "AH",
                                                  "KS"))
    to_last_stock_card(state)
    draw_and_discard(state)  # A discards KS
    with pytest.raises(IllegalAction):
        state.apply("spread 9C 9D 9S")
    state.apply("pass")
    assert state.result.ending == "stock_out"
    assert state.result.details["counts"] == [11, 30]
    assert state.result.payoffs == (1, -1)


def test_end_when_discard_declined_cannot_take_means_pass_or_drop():
    """E7 end_when_discard_declined with discard_pickup_must_meld: a discard that cannot be used
    cannot be taken; the player may still drop in phase A, or the hand ends."""
    game = load_game("tonk", players=2, stock_exhaustion="end_when_discard_declined",
                     discard_pickup_must_meld=True)
    state = game.new_hand(seed=12, deck=full_deck(["2C 3D 4S AC AD", "9C 9D 5S 2H AS"], "AH",
                                                  "KS"))
    to_last_stock_card(state)
    draw_and_discard(state)  # A discards KS
    assert legal(state) == {"drop", "pass"}


def test_reshuffle_keeps_the_top_discard():
    """E7 reshuffle (§9.10): every discard but the top card becomes the new stock; the top card
    stays."""
    game = load_game("tonk", players=2, stock_exhaustion="reshuffle")
    state = game.new_hand(seed=13, deck=full_deck(["2C 3D 4S KC QD", "5H 6H 9C 9D 8S"], "AH",
                                                  "JH"))
    to_last_stock_card(state)
    draw_and_discard(state)  # A draws and discards JH; the stock is empty
    view = state.view(1)
    assert not state.is_over and view.discard_top.text == "JH"
    assert view.stock_size == 52 - 10 - 1  # the up-card and 40 discards, the top one kept
    assert len(state.zones()["discard pile"]) == 1
    assert "JH" not in {c.text for c in state.zones()["stock"]}


# §3: drops --------------------------------------------------------------------------------------

def test_any_time_drop_after_spreading_counts_only_the_cards_in_hand():
    """§3 drop_timing any_time_in_own_turn: a phase C drop after laying a spread; the laid
    cards do not count (§0)."""
    game = load_game("tonk", players=2, drop_timing="any_time_in_own_turn")
    state = game.new_hand(seed=14, deck=stack(["5H 6H 7H 2C 3C", "KS QS 5S 3S 2S"], "4D",
                                              "KD"))
    state.apply("draw stock")
    state.apply("spread 5H 6H 7H")
    state.apply("drop")
    assert state.result.details["counts"] == [15, 30]
    assert state.result.ending == "drop" and state.result.payoffs == (1, -1)


def test_a_locked_player_cannot_drop_in_phase_c_either():
    """§3 A.2: a locked player cannot drop anywhere in the turn (any_time_in_own_turn)."""
    game = load_game("tonk", players=2, drop_timing="any_time_in_own_turn")
    state = game.new_hand(seed=15, deck=stack(["5H 6H 7H 2C 3C", "8H KD QS JC 9S"], "4D",
                                              "KS 10D 10C"))
    state.apply("draw stock")
    state.apply("spread 5H 6H 7H")
    state.apply("discard KS")
    state.apply("draw stock")
    state.apply("hit 8H 1")
    state.apply("discard 10D")
    assert "drop" not in legal(state)
    state.apply("draw stock")
    assert "drop" not in legal(state)
    with pytest.raises(IllegalAction, match="hit-locked"):
        state.apply("drop")


# §3: hit locks per victim, hit caps -------------------------------------------------------------

def _hits_on_two_victims(**options):
    """B hits C's run twice and A's run once in one turn; returns the state after the hits."""
    game = load_game("tonk", players=3, **options)
    hands = ["8H 9H 4S 2C 3D", "5H 6H 7H KC QD", "5S 6S 7S JC 10D"]
    state = game.new_hand(seed=16, deck=stack(hands, "AH", "KH QH JH 4D"))
    draw_and_discard(state)  # B
    state.apply("draw stock")  # C
    state.apply("spread 5H 6H 7H")
    state.apply("discard QH")
    state.apply("draw stock")  # A
    state.apply("spread 5S 6S 7S")
    state.apply("discard JH")
    state.apply("draw stock")  # B
    state.apply("hit 8H 1")
    state.apply("hit 9H 1")
    return state


@pytest.mark.parametrize(("counting", "locks"), [("per_card", [0, 2, 1]),
                                                  ("per_turn", [0, 1, 1])])
def test_hit_penalty_counting_per_victim(counting, locks):
    """§3: per_turn counts one lock per victim per hitting turn; per_card one per card."""
    state = _hits_on_two_victims(hit_penalty_counting=counting)
    state.apply("hit 4S 2")
    assert list(state.view(0).info["drop_locks"]) == locks


def test_max_hits_per_turn_counts_hits_on_every_spread_and_resets_each_turn():
    """§3 max_hits_per_turn: the cap counts all of the player's hits in the turn."""
    state = _hits_on_two_victims(max_hits_per_turn=2)
    assert not any(a.startswith("hit") for a in legal(state))
    with pytest.raises(IllegalAction, match="at most 2 hit"):
        state.apply("hit 4S 2")
    state.apply("discard 4D")
    state.apply("draw stock")  # C: a new turn, the count starts again
    assert state.view(1).info["hits_this_turn"] == 0


# §3 must_spread ---------------------------------------------------------------------------------

def test_must_spread_ace_exception_is_for_all_ace_books_only():
    """§3 must_spread: AH 2H 3H must be laid (a run with an ace is no exception); once only
    an all-ace book is left the player may discard."""
    game = load_game("tonk", players=2, must_spread=True)
    state = game.new_hand(seed=17, deck=stack(["AC AD AS AH 2H", "4C 5D 6S 8C 9S"], "JC", "3H"))
    state.apply("draw stock")
    assert not any(a.startswith("discard") for a in legal(state))
    state.apply("spread AC AD AS")
    assert not any(a.startswith("discard") for a in legal(state))  # AH 2H 3H still formable
    state = game.new_hand(seed=17, deck=stack(["AC AD AS AH 2H", "4C 5D 6S 8C 9S"], "JC", "3H"))
    state.apply("draw stock")
    state.apply("spread AH 2H 3H")
    state.apply("discard AC")  # AD AS: no spread left
    assert state.current_player == 1


# §4 completed_book_to_discard -------------------------------------------------------------------

def test_a_book_completed_by_a_hit_goes_under_the_pile():
    """§4: a 4th card hit onto a book sends it face down under the discard pile; the top card
    does not change."""
    game = load_game("tonk", players=2, completed_book_to_discard=True)
    state = game.new_hand(seed=18, deck=stack(["9C 9D 9H 2C 3C", "9S KD QS JC 4H"], "5D",
                                              "KS"))
    state.apply("draw stock")
    state.apply("spread 9C 9D 9H")
    state.apply("discard KS")
    state.apply("draw discard")  # B takes KS
    state.apply("hit 9S 1")
    view = state.view(1)
    assert view.table == () and view.discard_top.text == "5D"
    assert [c.text for c in state.zones()["discard pile"]][-1] == "5D"


def test_books_under_the_pile_never_become_the_top_card():
    """§4 regression: once the only face-up card is taken, the face-down book under the pile is
    not the visible top and cannot be taken (it used to become both)."""
    game = load_game("tonk", players=2, completed_book_to_discard=True)
    state = game.new_hand(seed=19, deck=stack(["9C 9D 9H 9S 2C", "3D 4S KC QD 7C"], "JH", "5D"))
    state.apply("draw discard")  # JH: the pile holds no face-up card now
    state.apply("spread 9C 9D 9H 9S")
    assert state.view(1).discard_top is None
    state.apply("discard 2C")
    state.apply("draw discard")  # B takes 2C: only the book is left, face down
    assert state.view(1).discard_top is None
    state.apply("discard 7C")
    assert "draw discard" in legal(state) and state.view(0).discard_top.text == "7C"
    no_upcard = load_game("tonk", players=2, completed_book_to_discard=True,
                          initial_discard=False)
    state = no_upcard.new_hand(seed=19, deck=stack(["9C 9D 9H 9S 2C", "3D 4S KC QD 7C"], None,
                                                   "5D"))
    state.apply("draw stock")
    state.apply("spread 9C 9D 9H 9S")
    state.apply("discard 5D")
    assert state.view(1).discard_top.text == "5D"
    state.apply("draw discard")
    assert state.view(1).discard_top is None


# §4 jokers --------------------------------------------------------------------------------------

def test_jokers_need_two_natural_cards_and_books_stop_at_four():
    """§4 Jokers: a spread holds at least 2 natural cards; a book with jokers has at most 4."""
    game = load_game("tonk", players=2, jokers=2)
    state = game.new_hand(seed=20, deck=stack(["7C 7D X1 X2 5H", "2C 2D 4S 9S 6C"], "JD", "7S"))
    state.apply("draw stock")
    with pytest.raises(IllegalAction):
        state.apply("spread 5H X1=6H X2=7H")
    with pytest.raises(IllegalAction):
        state.apply("spread 7C X1=7D X2=7H")
    state.apply("spread 7C 7D X1=7H")
    state.apply("hit 7S 1")
    assert not any(a.startswith("hit") for a in legal(state))  # X2 cannot make a 5th
    assert len(state.view(0).table[0][1].cards) == 4


# §6.8 double-double -----------------------------------------------------------------------------

def test_double_double_only_onto_runs_laid_in_the_tonk_turn():
    """6.8: B may hit only the run(s) A laid in the out-turn, not A's older run; B cannot empty
    the hand, so the normal tonk is paid."""
    game = load_game("tonk", players=2, double_double=True)
    state = game.new_hand(seed=21, deck=stack(["2C 3C 4C 5H 6H", "5C 8H KD KS KH"], "AD",
                                              "JD 10S 7H"))
    state.apply("draw stock")  # A: JD
    state.apply("spread 2C 3C 4C")
    state.apply("discard JD")
    state.apply("draw stock")  # B: 10S
    state.apply("spread KD KH KS")
    state.apply("discard 10S")
    state.apply("draw stock")  # A: 7H
    state.apply("spread 5H 6H 7H")  # tonk, spread 3
    assert state.phase == "respond" and legal(state) == {"hit 8H 3", "pass"}
    with pytest.raises(IllegalAction, match="just laid"):
        state.apply("hit 5C 1")
    state.apply("hit 8H 3")
    assert state.result.ending == "tonk" and state.result.payoffs == (2, -2)


def test_double_double_needs_two_players():
    """6.8: with 3 players double_double has no effect; the tonk is paid at once."""
    game = load_game("tonk", players=3, double_double=True)
    state = game.new_hand(seed=22, deck=stack(["5H 6H 9C 9D 9S", "8H 2C 3D 4S KC",
                                               "KD QD JD 6C 5S"], "AH", "7H"))
    state.apply("draw stock")
    state.apply("spread 9C 9D 9S")
    state.apply("spread 5H 6H 7H")
    assert state.result.ending == "tonk" and state.result.payoffs == (4, -2, -2)


# 6.9 spades side bet ----------------------------------------------------------------------------

def _side_bet(hands: list[str], joins: list[bool], dealer: int = 2, **options):
    game = load_game("tonk", players=3, spades_side_bet=True, **options)
    state = game.new_hand(seed=23, deck=stack(hands, dealer=dealer),
                          context=HandContext(dealer=dealer, totals=(0, 0, 0)))
    for join in joins:
        state.apply("join bet" if join else "decline bet")
    return state


def _side_bet_net(result) -> list[float]:
    totals = [0.0] * len(result.payoffs)
    for t in result.transfers:
        if t.reason == "spades side bet":
            totals[t.payer] -= t.amount
            totals[t.payee] += t.amount
    return totals


def test_side_bet_joiners_reveal_in_deal_order_even_when_beaten():
    """6.9: deal order from the dealer's left (dealer seat 0: seats 1, 2, 0); every joiner
    reveals, a joiner without a spade reveals nothing."""
    state = _side_bet(["6C 7D 8H 9C 10D", "KS 2H 3C 4D 6H", "2S 2C 3D 4H 5C"], [True] * 3,
                      dealer=0)
    assert state.current_player == 1
    state.apply("drop")
    side = state.result.details["side_bet"]
    assert list(side["spades"]) == ["1", "2", "0"]
    assert side["spades"] == {"1": "KS", "2": "2S", "0": None} and side["winner"] == 1
    assert _side_bet_net(state.result) == [-1, 2, -1]


def test_side_bet_fewer_than_two_joiners_or_no_spade_returns_the_stakes():
    """6.9: one joiner: stakes returned, nothing revealed; joiners without spades: returned."""
    hands = ["6C 7D 8H 9C 10D", "KH 2H 3C 4D 6H", "KS 2C 3D 4H 5C"]
    state = _side_bet(hands, [True, False, False])
    state.apply("drop")
    assert state.result.details["side_bet"]["spades"] == {}
    assert _side_bet_net(state.result) == [0, 0, 0]
    state = _side_bet(hands, [True, True, False])
    state.apply("drop")
    assert state.result.details["side_bet"] == {"joiners": [0, 1], "spades": {"0": None,
                                                                              "1": None},
                                                "winner": None}
    assert _side_bet_net(state.result) == [0, 0, 0]


def test_side_bet_is_settled_with_an_initial_win_and_a_void_deal():
    """6.9: the side bet is independent of the hand: settled also when E1 or E2 ends it."""
    # E1: B dealt 50; C wins the bet with KS
    state = _side_bet(["KC QH JD 10C 10H", "KS 2H 3C 4D 6H", "9S 2C 3D 4H 5C"], [True] * 3)
    assert state.result.ending == "initial_win"
    assert _side_bet_net(state.result) == [-1, 2, -1]
    assert state.result.payoffs == (4 - 1, -2 + 2, -2 - 1)
    # E2: B 50, C 49: void deal, the side bet still paid
    state = _side_bet(["KC QH JD 10C 10H", "KS QD JH 10D 9D", "9S 2C 3D 4H 5C"], [True] * 3)
    assert state.result.ending == "void_deal"
    assert state.result.payoffs == (-1, 2, -1)


# §1 base_stake ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "options", "hands", "upcard", "stock", "moves", "payoffs"), [
    (2, {}, ["KS QH JD 10C 10S", "2C 3D 9H 8S 9D"], "AH", "", [], (2, -2)),  # E1
    (2, {}, TONKER, "AH", "7H", ["draw stock", "spread 5H 6H 7H", "spread 9C 9D 9S"],
     (2, -2)),  # E4
    (3, {}, ["5H 6H 7H 8H 2C", "2D 3D 4S KC QD", "KD QS JS 6C 5S"], "AH", "9H",
     ["draw stock", "spread 5H 6H 7H 8H 9H", "discard 2C"], (2, -1, -1)),  # E5
    (2, {}, ["AC 2D 3H 4S 2C", "KS QS 5S 3S 2S"], "KH", "", ["drop"], (1, -1)),  # E6 won
    (3, {}, ["AC 2D 3H 4S 2C", "KS QS 5S 3S 2S", "AD AH AS 2H 3D"], "KH", "", ["drop"],
     (-2, -1, 3)),  # E6 caught (example 7)
    (2, {"double_double": True}, ["5H 6H KC KD KH", "8H 9H 4C 4D 4S"], "2C", "JD QD 7H",
     ["draw stock", "spread KC KD KH", "discard JD", "draw stock", "spread 4C 4D 4S",
      "discard QD", "draw stock", "spread 5H 6H 7H", "hit 8H 3", "hit 9H 3"], (-4, 4)),  # E8
])
def test_base_stake_scales_every_settlement(players, options, hands, upcard, stock, moves,
                                            payoffs):
    """§1: every transfer is k·S; base_stake = 2.5 scales each ending's payments."""
    for stake in (1, 2.5):
        game = load_game("tonk", players=players, base_stake=stake, **options)
        state = game.new_hand(seed=24, deck=stack(hands, upcard, stock))
        for move in moves:
            state.apply(move)
        assert state.result.payoffs == tuple(p * stake for p in payoffs)


def test_base_stake_scales_stock_ends_and_tied_stock_ends():
    """§1 and 6.6: the stock-end payment and the all_tied_paid payment are k·S too."""
    game = load_game("tonk", players=3, base_stake=2.5, stock_end_tie="all_tied_paid")
    state = game.new_hand(seed=25, deck=stack(["2C 3C AH 2H AC", "AS 2S 3S AD 2D",
                                               "KC KD QH 10S 8C"]))
    while not state.is_over:
        draw_and_discard(state)
    assert state.result.ending == "stock_out" and state.result.payoffs == (2.5, 2.5, -5)


# §7 match; §2.1 first dealer --------------------------------------------------------------------

def test_void_deals_count_as_hands_and_pass_the_deal():
    """§7: the deal passes left after every hand, void deals included; match_length_hands
    counts them."""
    game = load_game("tonk", players=3, match_length_hands=3, low_initial_double_max=45)
    match = game.new_match(seed=26)
    endings = []
    while not match.is_over:
        state = match.current
        while not state.is_over:
            state.apply(state.legal_actions()[0])
        endings.append(state.result.ending)
        match.next_hand()
    assert "void_deal" in endings and len(match.hands) == 3
    first = match.contexts[0].dealer
    assert [c.dealer for c in match.contexts] == [(first + k) % 3 for k in range(3)]


class _StackedShuffle(random.Random):
    """An rng whose shuffle puts the given cards where the cut takes them (from the end)."""

    def __init__(self, cut_order: str) -> None:
        super().__init__(0)
        self.cut_order = parse_cards(cut_order)

    def shuffle(self, deck) -> None:  # type: ignore[override]
        wanted = [c.index for c in self.cut_order]
        rest = [c for c in deck if c.index not in wanted]
        deck[:] = rest + list(reversed(self.cut_order))


def test_first_dealer_cut_ties_cut_again():
    """§2.1: highest rank deals, suits do not break ties; tied players cut again."""
    dealer, rounds = cut_for_deal(3, _StackedShuffle("KS KH 5D 3C 9C"))
    assert rounds == [["KS", "KH", "5D"], ["3C", "9C", ""]]
    assert dealer == 1


def test_reshuffle_takes_the_face_down_books_too():
    """E7 reshuffle with completed_book_to_discard: the books under the pile are discards and
    join the new stock; the visible top card stays (§4, §9.10)."""
    game = load_game("tonk", players=2, stock_exhaustion="reshuffle",
                     completed_book_to_discard=True)
    state = game.new_hand(seed=27, deck=full_deck(["9C 9D 9H 9S 2C", "5H 6H 3C 3D 8S"], "AH",
                                                  "JH"))
    state.apply("draw stock")
    drawn = next(c for c in state.view(0).hand if c.text not in {"9C", "9D", "9H", "9S", "2C"})
    state.apply("spread 9C 9D 9H 9S")
    state.apply(f"discard {drawn}")
    to_last_stock_card(state)
    draw_and_discard(state)  # the last stock card, JH, is discarded
    view = state.view(state.current_player)
    assert view.discard_top.text == "JH" and view.stock_size == 41 + 4
    assert {"9C", "9D", "9H", "9S"} <= {c.text for c in state.zones()["stock"]}
