"""Gin rummy rules §3, a turn: the up-card decisions of the first turn (3.1.1-3.1.4, §9.10), a
normal turn (3.2: the draw, the discard and ``discard_taken_card_same_turn``, a knock that is
never compulsory, §9.13), and the sitter (``sitter_may_advise``, ``sitter_sees_captain_hand``).

Seats as in the rules page's examples: P1 = seat 0 is the box (and deals), P2 = seat 1 the
captain, P3 = seat 2 the sitter, unless a test says otherwise."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit import Card, IllegalAction
from cardkit.services.testing import view_cards
from cardkit.values.cards import CardSet
from tests.games.gin_rummy.helpers import EXAMPLE_1_BOX, P1, P2, P3, both_decline, hand, texts

# ----- §3.1 the first turn: the up-card (§9.10) --------------------------------------------------

def test_upcard_declined_then_taken() -> None:
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


def test_both_decline_forces_a_stock_draw() -> None:
    state = hand("2C 4C 6C 8C 10C 2S 4S 6S 8S 10S", "3D 5D 7D KC 3H 5H 7H 9H JH QC", "KH")
    both_decline(state)
    assert state.current_player == P2
    assert texts(state) == {"draw stock"}
    with pytest.raises(IllegalAction, match="declined the up-card"):
        state.apply("draw discard")
    state.apply("draw stock")
    assert state.phase == "discard"


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


# ----- §3.2 a normal turn: the discard -----------------------------------------------------------

@pytest.mark.parametrize("allowed", [False, True])
def test_discard_restriction(allowed) -> None:
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


@pytest.mark.parametrize("allowed", [False, True])
def test_card_taken_from_the_discard_pile_is_barred_for_discard_and_knock(allowed) -> None:
    """§3.2: the card just taken from the pile may be neither discarded nor knocked with that
    turn (here knock KC would leave 4 deadwood); a later turn it may go."""
    state = hand("2C 5H 6C 9C 10C 2S 6S 9S JS AH", EXAMPLE_1_BOX, "2D", stock="KC QH",
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


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.booleans(), st.sampled_from([-20, 0, 10, 25]))
def test_legal_moves_are_one_discard_per_held_card_and_the_knock_check(seed, same_turn,
                                                                       limit) -> None:
    """Over random play, at every discard: one ``discard`` per card held, in card order, but
    the card just taken (§3.2, option ``discard_taken_card_same_turn``); ``knock``/``gin``
    exactly for the discards that leave at most the knock limit (a limit below zero, from a
    variant's hook, allows neither); big gin exactly when all eleven cards meld (if played);
    the draw's moves do not change from one call to the next."""
    from cardkit_games.gin_rummy.rules import RULES

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


# ----- §3.2 the sitter ---------------------------------------------------------------------------

CAPTAIN = "2C 4C 6C 8C 10C 2S 4S 6S 8S 10S"
BOX = "3D 5D 7D KC 3H 5H 7H 9H JH KH"


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
