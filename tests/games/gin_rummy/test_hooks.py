"""Gin rummy's hooks: a variant (Oklahoma gin) changes the knock limit and the score by hooks
alone."""

from __future__ import annotations

from tests.games.gin_rummy.helpers import BOX_P1, both_decline, texts


def test_hooks_allow_oklahoma_gin_without_copying() -> None:
    """A variant by hooks only: the up-card's value sets the knock limit, a spade up-card
    doubles the hand score."""
    from cardkit_games.gin_rummy.game import GAME

    def knock_limit(base, state):
        return min(10, state.upcard.rank)

    def hand_score(base, state, ending, k, d):
        side, points, name = base(state, ending, k, d)
        return side, points * (2 if state.upcard.suit == 3 else 1), name

    oklahoma = GAME.variant(name="oklahoma-gin",
                                 hooks=GAME.hooks.replace(knock_limit=knock_limit,
                                                               hand_score=hand_score))
    game = oklahoma.configure(players=3)
    captain = "AH 2H 3H 5C 5D 5S 9D 10D JD 7S"
    box = "KS KH KC 6H 7H 8H 4H QD 2C 3D"
    from tests.games.gin_rummy.helpers import deck

    low = game.new_hand(seed=1, deck=deck(captain, box, "3S", stock="10C"), context=BOX_P1)
    both_decline(low)
    low.apply("draw stock")
    assert not any(t.startswith("knock") for t in texts(low))  # 7 > 3
    high = game.new_hand(seed=1, deck=deck(captain, box, "9S", stock="10C"), context=BOX_P1)
    both_decline(high)
    high.apply("draw stock")
    high.apply("knock 10C")
    assert high.result.payoffs == (24, 0, 0)  # undercut 12, doubled by the spade
