"""Rules audit of gin rummy (rules file §1–§9 and the appendix): the rules the worked examples
and the option tests did not pin down, each through the public contract."""

from __future__ import annotations

import random
from itertools import combinations

import attrs
import pytest
from cardkit_games.gin_rummy.match import (
    advance,
    next_game_context,
    outcome,
    rank_seats_by_draw,
    roles_from_order,
    start,
)
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit import Card, HandContext, IllegalAction, Result, parse_cards
from tests.games.gin_rummy.helpers import BOX_P1, P1, P2, P3, both_decline, deck, hand, texts

# ----- an independent deadwood search (sets 3-4, runs 3+ ace low, A=1, faces 10) -------------


def _value(card: Card) -> int:
    return min(card.rank, 10)


def _melds(cards: list[Card]) -> list[frozenset[Card]]:
    melds = []
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(card.rank, []).append(card)
    for group in by_rank.values():
        for size in (3, 4):
            melds.extend(frozenset(c) for c in combinations(group, size))
    held = {(card.suit, card.rank): card for card in cards}
    for suit in {card.suit for card in cards}:
        for low in range(1, 12):
            run = []
            for rank in range(low, 14):
                if (suit, rank) not in held:
                    break
                run.append(held[suit, rank])
                if len(run) >= 3:
                    melds.append(frozenset(run))
    return melds


def _brute_deadwood(cards: list[Card]) -> int:
    melds = _melds(cards)
    total = sum(_value(card) for card in cards)

    def most_melded(start: int, used: frozenset[Card]) -> int:
        best = 0
        for i in range(start, len(melds)):
            if not melds[i] & used:
                best = max(best, sum(_value(c) for c in melds[i])
                           + most_melded(i + 1, used | melds[i]))
        return best

    return total - most_melded(0, frozenset())


# ----- §3.1 the up-card protocol ----------------------------------------------------------------

KNOCKER_10 = "AH 2H 3H 5C 5D 5S 9D 10D JD 7S"   # takes 10C: knock 7S leaves 10C (K = 10)
DEFENDER_10 = "KS KH KC 6H 7H 8H 4H QD 2C 3D"   # lays off 4H and QD: D = 5


def test_upcard_phase_accepts_only_take_or_decline() -> None:
    """§3.1.1/§3.1.3: the captain, then the box, only take or decline; no draw yet."""
    state = hand(KNOCKER_10, DEFENDER_10, "10C")
    assert state.current_player == P2 and texts(state) == {"take upcard", "decline upcard"}
    for move in ("draw stock", "draw discard", "discard 7S"):
        with pytest.raises(IllegalAction):
            state.apply(move)
    state.apply("decline upcard")
    assert state.current_player == P1 and texts(state) == {"take upcard", "decline upcard"}


def test_captain_takes_the_upcard_discards_then_box_plays_a_normal_turn() -> None:
    """§3.1.2: the captain takes the up-card and discards; then the box draws normally (either
    pile, the captain's discard on top)."""
    state = hand(KNOCKER_10, DEFENDER_10, "10C")
    state.apply("take upcard")
    assert "discard 10C" not in texts(state)  # §3.2: the taken up-card is barred
    state.apply("discard 7S")
    assert state.current_player == P1 and state.phase == "draw"
    assert texts(state) == {"draw stock", "draw discard"}
    assert state.view(P1).discard_top == Card.parse("7S")


def test_captain_knocks_on_the_first_turn_after_taking_the_upcard() -> None:
    """§3.1.2, §9.10: knock right after taking the up-card; the taken card may not be the knock
    discard (knock 10C would leave only 7S = 7, but is barred)."""
    state = hand(KNOCKER_10, DEFENDER_10, "10C")
    state.apply("take upcard")
    assert {t for t in texts(state) if not t.startswith("discard")} == {"knock 7S"}
    with pytest.raises(IllegalAction, match="took from the discard pile"):
        state.apply("knock 10C")
    state.apply("knock 7S")
    result = state.result
    assert result.details["knocker_deadwood"] == 10 and result.details["defender_deadwood"] == 5
    assert result.ending == "undercut" and result.payoffs == (15, 0, 0)


def test_box_takes_the_declined_upcard_and_knocks_at_once() -> None:
    """§3.1.3, §9.10: the captain declines, the box takes the up-card and knocks on that turn."""
    state = hand(DEFENDER_10, KNOCKER_10, "10C")
    state.apply("decline upcard")
    state.apply("take upcard")
    state.apply("knock 7S")
    assert state.result.details["knocker"] == P1
    assert state.result.ending == "undercut" and state.result.payoffs == (0, 15, 0)
    assert state.result.winners == (P2,)


def test_knock_on_the_forced_first_stock_draw() -> None:
    """§3.1.4, §9.10: both decline; the captain's forced stock draw may be knocked with."""
    state = hand(KNOCKER_10, DEFENDER_10, "JC", stock="10C")
    both_decline(state)
    state.apply("draw stock")
    assert "knock 7S" in texts(state) and "knock 10C" in texts(state)


# ----- §3.2 the discard restriction on a normal turn --------------------------------------------

EX5_BOX = "3S 4S 5S 8H 8D 8C JD QD KD 4C"


@pytest.mark.parametrize("allowed", [False, True])
def test_card_taken_from_the_discard_pile_is_barred_for_discard_and_knock(allowed) -> None:
    """§3.2: the card just taken from the pile may be neither discarded nor knocked with that
    turn (here knock KC would leave 4 deadwood); a later turn it may go."""
    state = hand("2C 5H 6C 9C 10C 2S 6S 9S JS AH", EX5_BOX, "2D", stock="KC QH",
                 discard_taken_card_same_turn=allowed)
    both_decline(state)
    state.apply("draw stock")
    state.apply("discard KC")
    state.apply("draw discard")
    knocks = {t for t in texts(state) if t.startswith("knock")}
    if allowed:
        assert knocks == {"knock 4C", "knock KC"} and "discard KC" in texts(state)
        return
    assert knocks == {"knock 4C"} and "discard KC" not in texts(state)
    with pytest.raises(IllegalAction, match="took from the discard pile"):
        state.apply("knock KC")
    state.apply("discard JD")
    state.apply("draw stock")    # the captain takes QH
    state.apply("discard QH")
    state.apply("draw stock")
    assert "discard KC" in texts(state)  # a later turn: KC is an ordinary card again


# ----- §5.1 knock legality over every discard and arrangement -----------------------------------

@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([0, 5, 10, 25, 40]), st.booleans())
def test_knock_and_gin_offered_exactly_for_discards_within_the_limit(seed, limit, take) -> None:
    """§5.1/§5.2/§3.2: after the draw, ``knock c`` / ``gin c`` is offered exactly for the cards
    c (not the card just taken) whose removal leaves the ten within ``knock_limit`` (0: gin),
    checked against an independent exhaustive search."""
    game = cardkit.load_game("gin-rummy", knock_limit=limit)
    state = game.new_hand(seed=seed, context=BOX_P1)
    taken = None
    if take:
        taken = state.view(P2).discard_top
        state.apply("take upcard")
    else:
        both_decline(state)
        state.apply("draw stock")
    cards = list(state.view(P2).hand)
    expected = set()
    for card in cards:
        if card is taken:
            continue
        left = _brute_deadwood([c for c in cards if c is not card])
        if left <= limit:
            expected.add(f"{'gin' if left == 0 else 'knock'} {card}")
    assert {t for t in texts(state) if t.startswith(("knock", "gin"))} == expected


# ----- §5.3 the dead hand: exactly at draw_stock_remaining, after a non-knocking discard -------

def _throw_until(state, seat: int, stock: int) -> None:
    """Both decline; each player draws from the stock and throws the drawn card until ``seat``
    is to draw with ``stock`` cards left."""
    both_decline(state)
    while not (state.current_player == seat and len(state.view(seat).hand) == 10
               and state.view(seat).stock_size == stock):
        player = state.current_player
        before = set(state.view(player).hand)
        state.apply("draw stock")
        (drawn,) = set(state.view(player).hand) - before
        state.apply(f"discard {drawn}")


def test_taking_the_discard_with_three_left_does_not_end_the_hand() -> None:
    """§5.3: only a discard leaving exactly two in the stock ends the hand: a discard-pile draw at
    three continues play; the next stock draw (two left) and discard end it."""
    state = cardkit.load_game("gin-rummy").new_hand(seed=21, context=BOX_P1)
    _throw_until(state, P2, 3)
    state.apply("draw discard")
    taken = state.view(P2).info["taken"]
    throw = next(card for card in state.view(P2).hand if card is not taken)
    state.apply(f"discard {throw}")
    assert not state.is_over and state.current_player == P1 and state.view(P1).stock_size == 3
    before = set(state.view(P1).hand)
    state.apply("draw stock")
    (drawn,) = set(state.view(P1).hand) - before
    assert not state.is_over  # drawing to two does not end it: the discard does
    state.apply(f"discard {drawn}")
    assert state.result.ending == "draw" and state.result.winners == ()
    assert state.result.payoffs == (0, 0, 0) and state.view(P1).stock_size == 2


def test_draw_stock_remaining_zero_plays_the_stock_out() -> None:
    """§5.3/§8: with ``draw_stock_remaining = 0`` the last stock card is drawn and discarded."""
    state = cardkit.load_game("gin-rummy", draw_stock_remaining=0).new_hand(seed=4,
                                                                             context=BOX_P1)
    _throw_until(state, P2, 1)
    state.apply("draw stock")
    assert not state.is_over and state.view(P2).stock_size == 0
    state.apply("discard " + str(state.view(P2).hand[0]))
    assert state.result.ending == "draw"


# ----- §4/§5.1.2 the defender's lay-offs ---------------------------------------------------------

KNOCKER_RUN_SET = "5H 6H 7H 8C 8D 8S JC QC KC AD"   # K = 1 once 4C is the knock discard


@pytest.mark.parametrize(("defender", "layoffs", "own", "deadwood"), [
    # 8H fits the run (then 9H chains) or the set (then 9H is stuck): the run is better
    ("8H 9H 3D 4S 7C 9C KD 2S 10S QD", {"8H", "9H"}, [], 55),
    # 10H 10S 10C as a set plus 8H 9H laid off beats the run 8H 9H 10H
    ("8H 9H 10H 10S 10C 3D 4S 7C 2S QD", {"8H", "9H"}, [["10C", "10H", "10S"]], 26),
    # a chain at the low end: 4H, then 3H
    ("4H 3H 9C 10S 2S 3D 4S 7C KD QD", {"4H", "3H"}, [], 55),
])
def test_defender_chooses_the_best_mix_of_own_melds_and_layoffs(defender, layoffs, own,
                                                               deadwood) -> None:
    """§4, §5.1.2: lay-offs chain on both ends of a run and fill sets; the engine picks, card by
    card, own meld, lay-off or deadwood to minimise the defender's deadwood."""
    state = hand(defender, KNOCKER_RUN_SET, "JH", stock="QS 4C")
    both_decline(state)
    state.apply("draw stock")
    state.apply("discard QS")
    state.apply("draw stock")
    state.apply("knock 4C")
    details = state.result.details
    assert details["knocker_deadwood"] == 1
    assert {item["card"] for item in details["layoffs"]} == layoffs
    laid = [item["card"] for item in details["layoffs"]]
    if "3H" in laid:
        assert laid.index("4H") < laid.index("3H")
    assert [sorted(meld) for meld in details["defender_melds"]] == own
    assert details["defender_deadwood"] == deadwood
    assert state.result.payoffs == (deadwood - 1, 0, 0)


def test_big_gin_allows_no_layoffs() -> None:
    """§5.2: big gin, like gin, leaves the defender only own melds (9S would fit 10S–KS and 5C
    would fit AC–4C after a knock)."""
    captain = "AC 2C 3C 4C 7H 7D 7S 10S JS QS"
    box = "2D 4D 6D 8D 10D 2S 4S 9S 5C 3H"
    state = hand(captain, box, "JC", stock="KS", big_gin_bonus=31)
    both_decline(state)
    state.apply("draw stock")
    state.apply("big gin")
    details = state.result.details
    assert details["layoffs"] == [] and details["discard"] is None
    assert details["defender_deadwood"] == 53
    assert state.result.payoffs == (0, 31 + 53, 0)


# ----- §6.3/§7 winners and the rotation ----------------------------------------------------------

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


def test_a_zero_point_score_still_wins_the_hand() -> None:
    """§6.1/§6.3/§7: with ``undercut_bonus = 0`` an undercut on equal counts scores 0 points,
    but the defender's side still scored, so it won the hand (line bonus, shutout, rotation)."""
    game = cardkit.load_game("gin-rummy", undercut_bonus=0, line_bonus=25)
    state = game.new_hand(seed=1, deck=deck("7C 8C 9C JH JS JD 4S 4H 4D 6S",
                                            "KH KC KD 5H 6H 7H AS AH AC 6D", "2S",
                                            stock="QC"), context=BOX_P1)
    both_decline(state)
    state.apply("draw stock")
    state.apply("knock QC")
    assert state.result.ending == "undercut" and state.result.payoffs == (0, 0, 0)
    assert state.result.winners == (P1,)
    context = advance(game, attrs.evolve(BOX_P1, extra={}), state.result, random.Random(0))
    assert context.extra["hands_won"] == [1, 0, 0] and context.extra["scored_hands"] == 1
    assert context.roles == ("box", "sitter", "captain")  # box won: captain and sitter swap


def test_team_credit_counts_a_won_hand_for_both_team_members() -> None:
    """§6.2 with ``team_points_to = captain_and_sitter``: both credited members won the hand."""
    game = cardkit.load_game("gin-rummy", team_points_to="captain_and_sitter")
    context = advance(game, attrs.evolve(BOX_P1, extra={}),
                      Result("knock", (P2,), (0, 26, 26)), random.Random(0))
    assert context.totals == (0, 26, 26) and context.extra["hands_won"] == [0, 1, 1]
    # a 0-point team score (undercut_bonus = 0, equal counts) is still won by both members
    zero = cardkit.load_game("gin-rummy", team_points_to="captain_and_sitter", undercut_bonus=0)
    context = advance(zero, attrs.evolve(BOX_P1, extra={}),
                      Result("undercut", (P2,), (0, 0, 0)), random.Random(0))
    assert context.extra["hands_won"] == [0, 1, 1]


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


# ----- §2.1/§9.11 the role draw ------------------------------------------------------------------

def test_role_draw_ties_at_the_top_and_among_all_three() -> None:
    """§2.1/§9.11: tied players redraw among themselves; suits never break a tie."""
    script = iter([parse_cards("QS QH 3C"), parse_cards("4D 9S")])
    order = rank_seats_by_draw([P1, P2, P3], lambda seats: next(script))
    assert roles_from_order(order) == ("captain", "box", "sitter")  # P3 stays sitter
    asked = []
    script = iter([parse_cards("7S 7H 7C"), parse_cards("5D 5S KC"), parse_cards("AD 2D")])

    def draw(seats):
        asked.append(list(seats))
        return next(script)

    order = rank_seats_by_draw([P1, P2, P3], draw)
    assert asked == [[0, 1, 2], [0, 1, 2], [0, 1]]
    assert roles_from_order(order) == ("sitter", "captain", "box")


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


# ----- appendix: two-player gin ------------------------------------------------------------------

def test_two_player_cut_upcard_protocol_and_scoring() -> None:
    """Appendix: high card deals; the non-dealer decides on the up-card first, then the dealer,
    then the non-dealer must draw from the stock; undercut defaults to 25, each player scores
    for themself."""
    assert roles_from_order([1, 0]) == ("non-dealer", "dealer")
    roles = ("non-dealer", "dealer")
    state = hand("7C 8C 9C JH JS JD 4S 4H 4D 6S", "KH KC KD 5H 6H 7H AS AH AC 6D", "2S",
                 stock="QC", players=2, context=HandContext(dealer=1, totals=(0, 0),
                                                            roles=roles))
    assert state.current_player == 0
    state.apply("decline upcard")
    assert state.current_player == 1
    state.apply("decline upcard")
    assert state.current_player == 0 and texts(state) == {"draw stock"}
    state.apply("draw stock")
    state.apply("knock QC")
    assert state.result.ending == "undercut" and state.result.payoffs == (0, 25)


@pytest.mark.parametrize(("rule", "scorer", "dealer"), [
    ("alternate", 0, 0), ("alternate", 1, 0), ("winner_deals", 0, 0), ("winner_deals", 1, 1),
    ("loser_deals", 0, 1), ("loser_deals", 1, 0), ("alternate", None, 1),
])
def test_two_player_dealer_rule_through_advance(rule, scorer, dealer) -> None:
    """Appendix ``dealer_rule`` (default alternate); a dead hand is redealt by the same dealer."""
    game = cardkit.load_game("gin-rummy", players=2, dealer_rule=rule)
    assert cardkit.load_game("gin-rummy", players=2).options["dealer_rule"] == "alternate"
    context = HandContext(dealer=1, totals=(0, 0), roles=("non-dealer", "dealer"))
    if scorer is None:
        result = Result("draw", (), (0, 0))
    else:
        result = Result("knock", (scorer,), tuple(20 if s == scorer else 0 for s in range(2)))
    nxt = advance(game, context, result, random.Random(0))
    assert nxt.dealer == dealer and nxt.roles[dealer] == "dealer"


def test_two_player_final_totals_with_default_bonuses() -> None:
    """Appendix defaults: game bonus 100, line bonus 25, shutout doubles the hand points."""
    game = cardkit.load_game("gin-rummy", players=2)
    context = HandContext(dealer=0, totals=(90, 0), roles=("dealer", "non-dealer"),
                          extra={"hands_won": [3, 0], "scored_hands": 3, "game_winner": None})
    context = advance(game, context, Result("gin", (0,), (30, 0)), random.Random(0))
    assert outcome(game, context, 4).final_totals == (120 * 2 + 100 + 25 * 4, 0)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([10, 25, 40]))
def test_every_showdown_scores_by_the_formulas(seed, limit) -> None:
    """§5.1/§5.2/§6.1/§6.2 as an invariant over random play: the knocker shows disjoint melds
    and deadwood worth K, at least the least deadwood and ≤ ``knock_limit`` (§5.1.1/§9.9: any
    valid arrangement may be shown); gin has K = 0 and no lay-offs; exactly one side scores
    D − K, ``undercut_bonus`` + (K − D) or ``gin_bonus`` + D; the sitter never scores."""
    game = cardkit.load_game("gin-rummy", knock_limit=limit)
    state = game.new_hand(seed=seed, context=BOX_P1)
    rng = random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions()
        enders = [a for a in legal if a.kind in ("knock", "gin")]
        state.apply(rng.choice(enders) if enders and rng.random() < 0.5 else rng.choice(legal))
    result = state.result
    assert result.payoffs[P3] == 0
    if result.ending == "draw":
        assert result.payoffs == (0, 0, 0) and result.winners == ()
        return
    details = result.details
    knocker, defender = details["knocker"], details["defender"]
    texts_shown = [card for meld in details["knocker_melds"] for card in meld]
    shown = parse_cards(" ".join([*texts_shown, *details["knocker_deadwood_cards"]]))
    k, d = details["knocker_deadwood"], details["defender_deadwood"]
    assert len(shown) == 10 and _brute_deadwood(shown) <= k <= limit
    deadwood = parse_cards(" ".join(details["knocker_deadwood_cards"]))
    assert k == sum(_value(card) for card in deadwood)
    assert all(frozenset(parse_cards(" ".join(meld))) in set(_melds(shown))
               for meld in details["knocker_melds"])
    if details["kind"] == "gin":
        assert k == 0 and details["layoffs"] == []
        expected = (knocker, 25 + d)
    elif k < d:
        expected = (knocker, d - k)
    else:
        expected = (defender, 10 + k - d)
    assert result.winners == (expected[0],)
    assert result.payoffs == tuple(expected[1] if s == expected[0] else 0 for s in range(3))
