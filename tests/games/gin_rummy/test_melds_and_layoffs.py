"""Gin rummy rules §4, melds and lay-offs (the ace low only, as in §1; chains of lay-offs), and the
defender's lay-offs of §5.1.2.

Seats as in the rules page's examples: P1 = seat 0 is the box (and deals), P2 = seat 1 the
captain, P3 = seat 2 the sitter, unless a test says otherwise."""

from __future__ import annotations

import pytest

from cardkit import parse_cards
from cardkit.libraries.melds import MeldRules, classify, deadwood_value
from tests.games.gin_rummy.helpers import both_decline, box_draws, hand, texts

# ----- §4 melds: the ace is low only -------------------------------------------------------------

def test_ace_is_low_only() -> None:
    rules = MeldRules()
    assert classify(parse_cards("AH 2H 3H"), rules) is not None
    assert classify(parse_cards("QH KH AH"), rules) is None
    assert deadwood_value(parse_cards("QH KH AH"), rules) == 21
    state = hand("2C 3C 4C 5D 6D 7D QH KH AH 9S", "2D 4D 8D 10D 2S 4S 6S 8S 10S 3H", "JC",
                 stock="9D")
    both_decline(state)
    state.apply("draw stock")
    assert not any(t.startswith(("knock", "gin")) for t in texts(state))  # QH KH AH not a meld


# ----- §4 lay-offs, §5.1.2 the defender's lay-offs -----------------------------------------------

def test_layoff_chain() -> None:
    state = hand("4H 8H 9H JC 10D 2S 5S 7S 3C QD", "5H 6H 7H KS KD KC 2D 3D 4D AC", "JH",
                 stock="QC QS")
    box_draws(state, "QC")
    state.apply("knock QS")
    details = state.result.details
    laid = [item["card"] for item in details["layoffs"]]
    assert set(laid) == {"4H", "8H", "9H"}
    assert laid.index("8H") < laid.index("9H")  # the chain: 8H, then 9H
    assert details["knocker_deadwood"] == 1 and details["defender_deadwood"] == 47
    assert state.result.payoffs == (46, 0, 0)


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
