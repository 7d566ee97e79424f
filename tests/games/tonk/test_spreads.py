"""Tonk rules §4, spreads: runs and the ace (``ace_in_runs``), jokers (``jokers``,
``spread_min_natural``, §9.14) and completed books (``completed_book_to_discard``,
``book_to_discard_trigger``)."""

from __future__ import annotations

import pytest

from cardkit import IllegalAction, load_game
from tests.games.tonk.helpers import legal, stack

# ----- runs and the ace --------------------------------------------------------------------------

ACES = ["AH 2H 3H QH KH", "4C 5D 6S 8C 9D"]


def test_aces_low():
    state = load_game("tonk", players=2).new_hand(seed=16, deck=stack(ACES, "JC", "KC"))
    state.apply("draw stock")
    legal = {str(a) for a in state.legal_actions()}
    assert "spread AH 2H 3H" in legal
    with pytest.raises(IllegalAction):
        state.apply("spread QH KH AH")
    with pytest.raises(IllegalAction):
        state.apply("spread KH AH 2H")


def test_aces_high_or_low():
    game = load_game("tonk", players=2, ace_in_runs="high_or_low")
    state = game.new_hand(seed=16, deck=stack(ACES, "JC", "KC"))
    state.apply("draw stock")
    with pytest.raises(IllegalAction):
        state.apply("spread KH AH 2H")
    state.apply("spread QH KH AH")
    assert state.view(0).table[0][1].represents[-1].text == "AH"


# ----- jokers (§9.14) ----------------------------------------------------------------------------

def test_joker_spread_and_hit_with_declared_identity():
    game = load_game("tonk", players=2, jokers=2)
    state = game.new_hand(seed=4, deck=stack(["5H 7H X1 X2 KC", "2C 2D 4S 9S 6C"], "JD", "QS"))
    state.apply("draw stock")
    state.apply("spread 5H X1=6H 7H")
    state.apply("hit X2=8H 1")
    assert [c.text for c in state.view(1).table[0][1].represents] == ["5H", "6H", "7H", "8H"]
    with pytest.raises(IllegalAction):
        state.apply("spread KC QS X1=JS")  # X1 is on the table already


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


def _jokers_hand(min_natural: int):
    game = load_game("tonk", players=2, jokers=2, spread_min_natural=min_natural)
    state = game.new_hand(deck=stack(["5H X1 X2 KC QD", "2C 3D 8S 9S JH"], "4C",
                                     stock="10C 10D"), seed=1)
    state.apply("draw stock")
    return state


@pytest.mark.parametrize("min_natural", [0, 1])
def test_a_spread_may_hold_one_natural_card_when_jokers_are_wild_as_any_card(min_natural):
    """S004 ('as any card the player needs'): one natural card and two jokers make a run or a
    book; 0 and 1 play alike (a spread has at least three cards, there are two jokers)."""
    state = _jokers_hand(min_natural)
    legal = {str(action) for action in state.legal_actions()}
    assert "spread 5H X1=6H X2=7H" in legal and "spread X1=5C X2=5D 5H" in legal
    state.apply("spread 5H X1=3H X2=4H")
    assert [str(meld) for _, meld in state.view(0).table] == ["X1=3H X2=4H 5H"]


def test_by_default_a_spread_with_jokers_needs_two_natural_cards():
    """The default reading (2, as the Bicycle 'Tunk' rule): one natural card is not enough."""
    state = _jokers_hand(2)
    spreads = [action for action in state.legal_actions() if action.kind == "spread"]
    assert spreads and all(sum(not card.is_joker for card in action.cards) >= 2
                           for action in spreads)
    with pytest.raises(IllegalAction):
        state.apply("spread 5H X1=6H X2=7H")


# ----- completed books ---------------------------------------------------------------------------

def test_completed_book_to_discard():
    game = load_game("tonk", players=2, completed_book_to_discard=True)
    state = game.new_hand(seed=12, deck=stack(["9C 9D 9H 9S 2C", "3D 4S KC QD 7C"], "JH",
                                              "5D"))
    state.apply("draw stock")
    state.apply("spread 9C 9D 9H 9S")
    assert state.view(0).table == ()
    assert state.view(0).discard_top.text == "JH"  # the book went under the pile
    assert [c.text for c in state.discards[:4]] == ["9C", "9D", "9H", "9S"]


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


def _books(trigger: str):
    game = load_game("tonk", players=2, completed_book_to_discard=True,
                     book_to_discard_trigger=trigger)
    return game.new_hand(deck=stack(["7C 7D 7H 7S 2D", "3C 4C 8H JS 9D"], "KD",
                                    stock="QC QH"), seed=1)


def test_any_four_card_book_leaves_the_table_by_default():
    """Default: a book laid with four cards goes under the discard pile at once."""
    state = _books("any_four_card_book")
    state.apply("draw stock")
    state.apply("spread 7C 7D 7H 7S")
    assert state.view(1).table == ()
    assert {card.text for card in state.zones()["discard pile"]} >= {"7C", "7D", "7H", "7S"}
    assert state.view(1).discard_top.text == "KD"


def test_only_a_book_hit_to_four_leaves_the_table_in_the_sources_reading():
    """S000/S004 'after it is hit': a book laid with four cards stays on the table..."""
    state = _books("hit_to_four")
    state.apply("draw stock")
    state.apply("spread 7C 7D 7H 7S")
    assert [str(meld) for _, meld in state.view(1).table] == ["7C 7D 7H 7S"]


def test_a_book_hit_to_four_leaves_the_table_in_both_readings():
    """... and a book completed by a hit leaves it in both readings."""
    for trigger in ("any_four_card_book", "hit_to_four"):
        game = load_game("tonk", players=2, completed_book_to_discard=True,
                         book_to_discard_trigger=trigger)
        state = game.new_hand(deck=stack(["7C 7D 7H 2D 9D", "7S 3C 4C 8H JS"], "KD",
                                         stock="QC QH"), seed=1)
        state.apply("draw stock")
        state.apply("spread 7C 7D 7H")
        state.apply("discard QC")
        state.apply("draw stock")
        state.apply("hit 7S 1")
        assert state.view(0).table == (), trigger
        assert "7S" in {card.text for card in state.zones()["discard pile"]}
