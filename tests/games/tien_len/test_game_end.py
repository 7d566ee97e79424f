"""Tiến Lên rules §5, how a game ends: instant wins (5.1, ``instant_wins``, §9.5) and void deals
(5.2). The normal end (5.3) is tested with going out in test_tricks.py and its score in
test_scoring.py.

Seats: P1..P4 are seats 0..3; a stacked deal's dealer is the last seat unless a test says
otherwise."""

from __future__ import annotations

import random

import cardkit
from cardkit.engine.match import HandContext
from cardkit.game import HandAnalysis
from cardkit.values.cards import STANDARD_CARDS, parse_cards
from tests.games.tien_len.helpers import P1, P2, P3, P4, deal, later_game

# ----- §5.1 instant wins -------------------------------------------------------------------------

def test_instant_wins() -> None:
    """§5.1, §5.2: four 2s and a dragon win at once (+3); both together void the deal."""
    game = cardkit.load_game("tien-len")
    state = deal({P3: "2S 2C 2D 2H"}, game)
    assert state.is_over and state.result.ending == "instant_win"
    assert state.result.payoffs == (0, 0, 3, 0)
    assert state.result.details["instant_win"]["kind"] == "four_twos"
    context = game.definition.match.advance(game, state.context, state.result, random.Random(0))
    assert context.leader == P3 and context.dealer == state.context.dealer
    dragon = "3D 4S 5S 6H 7C 8D 9S 10C JH QD KS AC 5H"
    state = deal({P1: dragon}, game)
    assert state.result.ending == "instant_win" and state.result.payoffs == (3, 0, 0, 0)
    assert state.result.details["instant_win"]["kind"] == "dragon"
    state = deal({P1: dragon, P3: "2S 2C 2D 2H"}, game)
    assert state.result.ending == "void" and state.result.payoffs == (0, 0, 0, 0)
    context = game.definition.match.advance(game, state.context, state.result, random.Random(0))
    assert context.dealer == state.context.dealer and context.totals == (0, 0, 0, 0)


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
        analyse = definition.capability(HandAnalysis).analyse
        if not any(analyse(cards, {**options, "instant_wins": ALL_KINDS})["instant_win"]
                   for cards in hands.values()):
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


# ----- §5.2 void deal ----------------------------------------------------------------------------

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
