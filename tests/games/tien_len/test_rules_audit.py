"""Rules audit (§2–§7): one public-contract test per rule that no other test pinned down."""

from __future__ import annotations

import random

import pytest

import cardkit
from cardkit.engine.match import HandContext
from cardkit.values.cards import STANDARD_CARDS, parse_cards
from tests.games.tien_len.helpers import (
    P1,
    P2,
    P3,
    P4,
    can_play,
    deal,
    later_game,
    play_types,
    plays,
)

# ----- §1 card order ------------------------------------------------------------------------------


def test_card_order_rank_then_suit() -> None:
    """§1: ranks 3 … K A 2, suits spades < clubs < diamonds < hearts; strength 3S = 0 … 2H = 51
    (the game's own rules, not a test copy)."""
    game = cardkit.load_game("tien-len")
    rules = game.definition.climbing_rules(game.options)
    ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    expected = [f"{rank}{suit}" for rank in ranks for suit in "SCDH"]
    assert sorted((card.text for card in STANDARD_CARDS),
                  key=lambda text: rules.strength(parse_cards(text)[0])) == expected
    state = deal({P1: "9C", P2: "9S 9D"}, context=later_game(P1))
    state.apply("play 9C")
    assert plays(state) >= {"play 9D"} and not can_play(state, "9S")


# ----- §2 deal and first lead ---------------------------------------------------------------------


@pytest.mark.parametrize(("direction", "order"), [("clockwise", (P3, P4, P1, P2)),
                                                  ("counterclockwise", (P1, P4, P3, P2))])
def test_deal_one_card_at_a_time_from_the_dealers_next_seat(direction: str, order: tuple) -> None:
    """§2.2/§8 play_direction: one card at a time, starting with the player after the dealer
    (here P2) in the play direction."""
    game = cardkit.load_game("tien-len", play_direction=direction, instant_wins=[])
    deck = list(STANDARD_CARDS)
    state = game.new_hand(deck=deck, context=HandContext(dealer=P2, totals=(0,) * 4))
    for position, card in enumerate(deck):
        assert card in state.hands[order[position % 4]]


def test_two_players_lowest_dealt_card_leads_and_is_included() -> None:
    """§2.4/§9.10 with 2 players: every 3 is out of play, so 4S (the lowest dealt card) leads and
    the first play must include it."""
    game = cardkit.load_game("tien-len", players=2)
    state = deal({P2: "4S 4C 9H"}, game, out_of_play="3S 3C 3D 3H")
    assert state.current_player == P2
    assert plays(state) and all("4S" in text for text in plays(state))
    assert not can_play(state, "9H") and not can_play(state, "4C")
    assert can_play(state, "4S 4C")


def test_first_dealer_is_chosen_at_random() -> None:
    """§2.1: the match's first dealer is random (not always the same seat)."""
    game = cardkit.load_game("tien-len")
    dealers = {game.new_match(seed=seed).contexts[0].dealer for seed in range(24)}
    assert len(dealers) > 1


# ----- §3 passing and the pass lock ---------------------------------------------------------------


def test_bombs_ignore_pass_lock_only_on_twos() -> None:
    """§3.2: under bombs_ignore_pass_lock a locked player is still skipped when the top is not
    2s (here AS): P2 passed and holds a quad, yet the trick ends at P4 without asking P2."""
    hands = {P1: "9C", P2: "6S 6C 6D 6H", P3: "KD", P4: "AS"}
    state = deal(hands, context=later_game(P1), bombs_ignore_pass_lock=True)
    for text in ("play 9C", "pass", "play KD", "play AS", "pass"):
        state.apply(text)
    assert state.current_player == P3  # P2 skipped: the lock is shut on an ace
    state.apply("pass")
    assert state.current_player == P4 and state.top is None


def test_bombs_ignore_pass_lock_not_on_a_led_quad() -> None:
    """§3.2: a bomb opens the lock only when it was played on 2s. On a led quad beaten by a
    higher quad (§4.3, ordinary combinations) the locked P2 is skipped."""
    hands = {P1: "5S 5C 5D 5H", P2: "9S 9C 9D 9H", P3: "7S 7C 7D 7H"}
    state = deal(hands, context=later_game(P1), bombs_ignore_pass_lock=True)
    for text in ("play 5S 5C 5D 5H", "pass", "play 7S 7C 7D 7H", "pass", "pass"):
        state.apply(text)
    assert state.current_player == P3 and state.top is None  # P2 never asked again


def test_locked_bomber_stays_locked() -> None:
    """§3.2: a locked player who bombs the 2s is still in ``passed`` (shown in the view)."""
    hands = {P1: "9C", P2: "6S 6C 6D 6H", P3: "JD", P4: "2S"}
    state = deal(hands, context=later_game(P1), bombs_ignore_pass_lock=True)
    for text in ("play 9C", "pass", "play JD", "play 2S", "pass", "play 6S 6C 6D 6H"):
        state.apply(text)
    assert P2 in state.view(P3).info["passed_players"]
    assert state.view(P3).info["top_player"] == P2


def test_counterclockwise_trick_end_after_last_player_went_out() -> None:
    """§3.3/§9.6 counter-clockwise (P1 → P4 → P3 → P2): P1 goes out; after P4, P3, P2 pass the
    lead goes to P4, the first holder after P1 in the play direction."""
    game = cardkit.load_game("tien-len", play_direction="counterclockwise")
    hands = {P1: "3S 3C 3D 3H 4S 4C 4D 4H 5S 5C 5D 5H KS", P4: "AS", P3: "2S"}
    state = deal(hands, game, context=later_game(P1))
    for lead in ("3S 3C 3D 3H", "4S 4C 4D 4H", "5S 5C 5D 5H"):
        state.apply("play " + lead)
        for seat in (P4, P3, P2):
            assert state.current_player == seat
            state.apply("pass")
        assert state.current_player == P1 and state.top is None
    state.apply("play KS")
    assert state.places == [P1]
    for seat in (P4, P3, P2):
        assert state.current_player == seat
        state.apply("pass")
    assert state.current_player == P4 and state.top is None


def test_game_ends_mid_trick_when_one_player_is_left() -> None:
    """§3.4/§9.7, 3 players: P2 goes out first; P1 then sheds its last card (2S) on P2's KC, and
    the game ends at once although P3 could chop the 2 with a double sequence. §6: [2, 1, 0]."""
    game = cardkit.load_game("tien-len", players=3, instant_wins=[])
    hands = {P1: "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AD 2S",
             P2: "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH KC",
             P3: "3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 8C 8D 9C"}
    state = deal(hands, game, context=later_game(P1, players=3))
    for text in ("play 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AD",
                 "play 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "pass", "pass", "play KC",
                 "pass"):
        state.apply(text)
    assert state.current_player == P1
    state.apply("play 2S")
    assert state.is_over and state.result.ending == "normal"
    assert state.result.details["places"] == [P2, P1, P3]
    assert state.result.payoffs == (1, 2, 0)


def test_custom_placement_points_three_players() -> None:
    """§6/§8 placement_points: a custom list scores the places."""
    game = cardkit.load_game("tien-len", players=3, instant_wins=[], placement_points=[7, 3, -1])
    hands = {P1: "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AD 2S",
             P2: "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH KC"}
    state = deal(hands, game, context=later_game(P1, players=3))
    for text in ("play 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AD",
                 "play 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "pass", "pass", "play KC",
                 "pass", "play 2S"):
        state.apply(text)
    assert state.result.payoffs == (3, 7, -1)


# ----- §4.4 bombs ---------------------------------------------------------------------------------


def test_nothing_beats_four_twos() -> None:
    """§4.4: four 2s (led; instant wins off) cannot be beaten, with every bomb option on."""
    options = {"quad_beats_pair_of_twos": True, "longer_double_sequence_beats_shorter": True,
               "cross_bomb_beating": True, "bombs_ignore_pass_lock": True, "instant_wins": []}
    hands = {P1: "2S 2C 2D 2H", P2: "AS AC AD AH 3S 3C 4D 4H 5S 5C 6D 6H 7S",
             P3: "KS KC KD KH 8S 8C 9D 9H 10S 10C JD JH QS"}
    state = deal(hands, context=later_game(P1), **options)
    state.apply("play 2S 2C 2D 2H")
    for seat in (P2, P3, P4):
        assert state.current_player == seat and plays(state) == set()
        state.apply("pass")
    assert state.current_player == P1 and state.top is None


@pytest.mark.parametrize("cross", [False, True])
def test_cross_bomb_quad_on_three_pair_double_sequence(cross: bool) -> None:
    """§4.4 cross_bomb_beating: on a 3-pair double sequence that chopped a 2, a quad beats only
    with the option; on a 4-pair double sequence a quad never beats."""
    hands = {P1: "2D 2H", P2: "3S 3C 4D 4H 5S 5C", P3: "9S 9C 9D 9H",
             P4: "6S 6C 7D 7H 8S 8C 10S 10C 10D 10H"}
    state = deal(hands, context=later_game(P1), cross_bomb_beating=cross)
    state.apply("play 2D")
    state.apply("play 3S 3C 4D 4H 5S 5C")
    assert can_play(state, "9S 9C 9D 9H") is cross
    state = deal({P1: "2D", P2: "3S 3C 4D 4H 5S 5C 6D 6H", P3: "9S 9C 9D 9H"},
                 context=later_game(P1), cross_bomb_beating=cross)
    state.apply("play 2D")
    state.apply("play 3S 3C 4D 4H 5S 5C 6D 6H")
    assert not can_play(state, "9S 9C 9D 9H")


def test_bomb_options_do_not_apply_to_led_bombs() -> None:
    """§4.4: a led quad or double sequence is an ordinary combination: with every bomb option on,
    a 4-pair double sequence cannot beat a led quad, nor a led 3-pair double sequence; a quad
    cannot beat a led 3-pair double sequence."""
    options = {"longer_double_sequence_beats_shorter": True, "cross_bomb_beating": True}
    state = deal({P1: "5S 5C 5D 5H", P2: "9S 9C 10D 10H JS JC QD QH"},
                 context=later_game(P1), **options)
    state.apply("play 5S 5C 5D 5H")
    assert plays(state) == set()
    state = deal({P1: "3S 3C 4D 4H 5S 5C", P2: "9S 9C 10D 10H JS JC QD QH 7S 7C 7D 7H"},
                 context=later_game(P1), **options)
    state.apply("play 3S 3C 4D 4H 5S 5C")
    assert play_types(state) == {("double_sequence", 3)}  # only by §4.3


def test_bomb_on_single_two_with_a_two_pair_not_allowed() -> None:
    """§4.4: a pair of 2s does not beat a single 2 (different type); a triple neither."""
    state = deal({P1: "2S", P2: "2C 2D 2H"}, context=later_game(P1))
    state.apply("play 2S")
    assert {t for t, _ in play_types(state)} <= {"single", "quad", "double_sequence"}
    assert not can_play(state, "2C 2D") and not can_play(state, "2C 2D 2H")


# ----- §5.1 instant wins --------------------------------------------------------------------------

ALL_KINDS = ["four_twos", "dragon", "six_pairs", "five_consecutive_pairs"]


def _plain_others(p1: str) -> dict[int, str]:
    """P2, P3, P4: the cards P1 does not hold, shuffled (fixed seed) until no hand holds any
    instant win of any kind, so only P1's hand can end the game at once."""
    definition = cardkit.load_game("tien-len").definition
    options = definition.configure().options
    taken = set(parse_cards(p1))
    rest = [c for c in STANDARD_CARDS if c not in taken]
    rng = random.Random(0)
    while True:
        rng.shuffle(rest)
        hands = {seat: rest[13 * i:13 * i + 13] for i, seat in enumerate((P2, P3, P4))}
        if not any(definition.analyse_hand(cards, {**options, "instant_wins": ALL_KINDS})
                   ["instant_win"] for cards in hands.values()):
            return {seat: " ".join(c.text for c in cards) for seat, cards in hands.items()}


def _ending(p1: str, **options: object) -> tuple[str | None, dict]:
    """Deal P1 this hand (others plain); the ending and details if the game ended at once."""
    state = deal({P1: p1, **_plain_others(p1)}, context=later_game(P1), **options)
    if not state.is_over:
        return None, {}
    return state.result.ending, state.result.details


def test_dragon_with_a_two_as_thirteenth_card() -> None:
    """§5.1: a dragon is one card of each rank 3 … A; the 13th card may be anything, a 2 too.
    Twelve ranks with one missing (two 2s instead) is no dragon."""
    ending, details = _ending("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S")
    assert ending == "instant_win" and details["instant_win"]["kind"] == "dragon"
    assert details["instant_win"]["seat"] == P1
    assert _ending("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2S 2C")[0] is None


def test_six_pairs_counts_a_quad_as_two_pairs() -> None:
    """§5.1 six_pairs: a quad counts as two pairs (quad + four pairs + one card wins; quad +
    three pairs does not)."""
    ending, details = _ending("3S 3C 3D 3H 4S 4C 6S 6C 8S 8C 10S 10C QS",
                              instant_wins=["six_pairs"])
    assert ending == "instant_win" and details["instant_win"]["kind"] == "six_pairs"
    assert _ending("3S 3C 3D 3H 4S 4C 6S 6C 8S 8C 10S JC QS", instant_wins=["six_pairs"])[0] \
        is None


def test_five_consecutive_pairs_only_within_three_to_ace() -> None:
    """§5.1 five_consecutive_pairs: pairs of five consecutive ranks within 3 … A (10 … A yes;
    J … 2 no: 2 is not in sequences)."""
    ending, details = _ending("10S 10C JS JC QS QC KS KC AS AC 3S 5S 7S",
                              instant_wins=["five_consecutive_pairs"])
    assert ending == "instant_win"
    assert details["instant_win"]["kind"] == "five_consecutive_pairs"
    assert _ending("JS JC QS QC KS KC AS AC 2S 2C 3S 5S 7S",
                   instant_wins=["five_consecutive_pairs"])[0] is None


def test_instant_win_scores_the_first_custom_place() -> None:
    """§6: the instant winner scores placement_points[0] (a custom list too), others 0."""
    state = deal({P3: "2S 2C 2D 2H"}, placement_points=[10, 5, 2, 0])
    assert state.result.ending == "instant_win" and state.result.payoffs == (0, 0, 10, 0)


# ----- §7 dealer and match ------------------------------------------------------------------------


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


def test_void_deal_with_three_instant_wins() -> None:
    """§5.2: three holders (four 2s, a dragon, six pairs) void the deal; nobody scores; the
    summary names all three (it used to say "both")."""
    hands = {P1: "2S 2C 2D 2H 3S 3C 4S 4C 5S 5C 6S 6C 7S",
             P2: "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 8S",
             P3: "8C 8H 9S 9C 10S 10C JS JC QS QC KS KC 3H",
             P4: "4H 5H 6H 7C 7H 9H 10H JH QH KH AS AC AH"}
    state = deal(hands, instant_wins=["four_twos", "dragon", "six_pairs"])
    assert state.result.ending == "void" and state.result.payoffs == (0, 0, 0, 0)
    assert [w["seat"] for w in state.result.details["instant_wins"]] == [P1, P2, P3]
    assert "all hold" in state.result.summary and "both" not in state.result.summary


def test_match_summary_after_one_game() -> None:
    """§7: a match won in its first game says "after 1 game"."""
    game = cardkit.load_game("tien-len", target_score=3)
    outcome = game.definition.match.outcome(
        game, HandContext(dealer=P4, totals=(3, 0, 0, 0)), 1)
    assert outcome is not None and outcome.winner == P1
    assert outcome.summary.endswith("after 1 game")


def test_two_player_default_points() -> None:
    """§6: two players score [1, 0] by default; the game ends as soon as one player is out."""
    game = cardkit.load_game("tien-len", players=2)
    state = deal({P2: "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2S 2C"}, game,
                 context=later_game(P2, players=2))
    state.apply("play 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    state.apply("pass")
    state.apply("play 2S 2C")
    assert state.result.details["places"] == [P2, P1] and state.result.payoffs == (0, 1)
