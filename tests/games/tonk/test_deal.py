"""Tonk rules §2, setup and deal: the first dealer (2.1), the deal and ``hand_size`` (2.2), the
up-card and ``initial_discard`` (2.3, §9.11). The side bet of 2.5 is tested in
test_side_bet.py, the check of 2.6 in test_win_at_the_deal.py."""

from __future__ import annotations

import random

from cardkit_games.tonk.match import cut_for_deal

from cardkit import load_game, parse_cards

# ----- §2.1 first dealer -------------------------------------------------------------------------

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


# ----- §2.2 the deal -----------------------------------------------------------------------------

def test_hand_size_deals_that_many():
    for size in (5, 7, 9):
        state = load_game("tonk", players=4, hand_size=size, initial_tonk_mode="off").new_hand(
            seed=2)
        assert state.view(0).hand_sizes == (size,) * 4
        assert state.view(0).stock_size == 52 - 4 * size - 1


# ----- §2.3 the up-card, §9.11 -------------------------------------------------------------------

def test_initial_discard_off_means_no_upcard():
    state = load_game("tonk", players=2, initial_discard=False).new_hand(seed=5)
    assert state.view(0).discard_top is None
    assert {str(a) for a in state.legal_actions()} <= {"drop", "draw stock"}
    assert state.view(0).stock_size == 42
