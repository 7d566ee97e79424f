"""Gin rummy rules §2, setup and deal: the role draw (2.1, §9.11), the dealer (2.2, §9.8) and the
deal (2.3, §9.12)."""

from __future__ import annotations

from cardkit_games.gin_rummy.match import rank_seats_by_draw, roles_from_order

from cardkit import Card, parse_cards
from tests.games.gin_rummy.helpers import BOX_P1, GAME3, P1, P2, P3

# ----- §2.1 roles for the first hand (§9.11) -----------------------------------------------------

def test_role_draw_and_redraw_of_ties() -> None:
    draws = iter([parse_cards("QS 7H 3C")])
    order = rank_seats_by_draw([P1, P2, P3], lambda seats: next(draws))
    assert roles_from_order(order) == ("box", "captain", "sitter")

    asked = []
    script = iter([parse_cards("QS 7H 7C"), parse_cards("2D 9S")])

    def draw(seats):
        asked.append(list(seats))
        return next(script)

    order = rank_seats_by_draw([P1, P2, P3], draw)
    assert asked == [[0, 1, 2], [1, 2]]  # only the tied players redraw
    assert roles_from_order(order) == ("box", "sitter", "captain")  # P1 stays box


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


# ----- §2.2 the dealer, §2.3 the deal ------------------------------------------------------------

def test_the_deal() -> None:
    cards = parse_cards("AC AD 2C 2D 3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 8C 8D 9C 9D 10C 10D JS")
    state = GAME3.new_hand(seed=3, deck=cards, context=BOX_P1)
    captain, box = state.view(P2), state.view(P1)
    assert set(captain.hand) == set(parse_cards("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"))
    assert set(box.hand) == set(parse_cards("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D"))
    assert captain.discard_top == Card.parse("JS")
    assert captain.stock_size == 31
    assert state.view(P3).hand == () and captain.hand_sizes == (10, 10, 0)
    assert state.current_player == P2 and state.phase == "upcard"
    assert captain.dealer == P1 and captain.roles == ("box", "captain", "sitter")
