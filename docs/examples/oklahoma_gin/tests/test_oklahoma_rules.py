"""Oklahoma gin's two house rules, through the public contract."""

from __future__ import annotations

import pytest

import cardkit
from cardkit import parse_cards
from cardkit.cards import ALL_CARDS

CAPTAIN = "AH 2H 3H 4H 5S 6S 7S 9C 9D 9H"
BOX = "KC QD JS 10H 2C 4D 6C 3D 2S AC"  # no meld: 58 deadwood


def new_hand(upcard: str, game: str = "oklahoma-gin", stock: str = "",
             **options: object) -> cardkit.State:
    """Two players; seat 0 (non-dealer) gets CAPTAIN, seat 1 BOX, then the up-card and the
    stock (top first)."""
    first, second = parse_cards(CAPTAIN), parse_cards(BOX)
    up, top = parse_cards(upcard), parse_cards(stock)
    rest = [c for c in ALL_CARDS[:52] if c not in {*first, *second, *up, *top}]
    deck = [c for pair in zip(first, second, strict=True) for c in pair] + up + top + rest
    return cardkit.load_game(game, players=2, **options).new_hand(seed=1, deck=deck)


@pytest.mark.parametrize(("upcard", "limit"),
                         [("AD", 0), ("2D", 2), ("7D", 7), ("10C", 10), ("KD", 10)])
def test_knock_limit_follows_the_upcard(upcard: str, limit: int) -> None:
    """Rule 1: the up-card's value is the knock limit; an ace means gin only."""
    state = new_hand(upcard)
    assert state.game.hooks.knock_limit(state) == limit
    assert state.view(0).info["knock_limit"] == limit


@pytest.mark.parametrize(("upcard", "knocks"),
                         [("6D", {"knock AH", "knock 4H"}), ("5D", {"knock AH", "knock 4H"}),
                          ("4C", set()), ("AD", set())])
def test_knock_limit_decides_which_knocks_are_legal(upcard: str, knocks: set[str]) -> None:
    """Both decline the up-card; the captain draws 5C beside AH 2H 3H 4H, 5S 6S 7S, 9C 9D 9H.
    Discarding AH or 4H keeps 5C (5 points): a knock only if the up-card allows 5 or more.
    Discarding 5C is gin, whatever the up-card."""
    state = new_hand(upcard, stock="5C")
    for move in ("decline upcard", "decline upcard", "draw stock"):
        state.apply(move)
    legal = {str(action) for action in state.legal_actions()}
    assert {text for text in legal if text.startswith("knock")} == knocks
    assert "gin 5C" in legal


def test_ace_upcard_option() -> None:
    """Option ``ace_upcard = one``: an ace allows a knock with one point."""
    state = new_hand("AD", ace_upcard="one")
    assert state.game.hooks.knock_limit(state) == 1


def gin_score(game: str, upcard: str, **options: object) -> tuple[float, ...]:
    """The captain takes the up-card and goes gin discarding 4H."""
    state = new_hand(upcard, game, **options)
    state.apply("take upcard")
    state.apply("gin 4H")
    assert state.result.ending == "gin"
    return state.result.payoffs


def test_spade_upcard_doubles_the_score() -> None:
    """Rule 2: 8S up: gin scores twice what gin-rummy gives for the same hand."""
    plain = gin_score("gin-rummy", "8S")
    assert plain[0] > 0
    assert gin_score("oklahoma-gin", "8S") == tuple(2 * p for p in plain)
    assert gin_score("oklahoma-gin", "8S", spade_doubles=False) == plain


def test_plain_preset_is_gin_rummy() -> None:
    """The ``plain`` preset switches both house rules off."""
    state = cardkit.load_game("oklahoma-gin", players=2, preset="plain").new_hand(seed=3)
    assert state.game.hooks.knock_limit(state) == state.options["knock_limit"]
