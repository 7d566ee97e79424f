"""The events Tiến Lên's rules can cause, declared once (the
:class:`~cardkit.game.Events` capability): the game counts each where it happens
(:func:`count_play`, and the deal), the rule lab reports their rates. Sections are those of
``docs/games/tien-len.md``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit_games.tien_len.rules import TWO_POSITION

from cardkit.climbing import Combination, ComboType

if TYPE_CHECKING:
    from cardkit_games.tien_len.state import TienLenState

__all__ = ["EVENTS", "FAMILIES", "count_bomb"]

EVENTS = {
    "bomb_quad": "a four of a kind played as a bomb: on 2s, or on a bomb so played (§4.4)",
    "bomb_pairs_3": "a double sequence of three pairs played as a bomb (§4.4)",
    "bomb_pairs_4": "a double sequence of four pairs played as a bomb (§4.4)",
    "bomb_pairs_5": "a double sequence of five or more pairs played as a bomb (§4.4)",
    "chop": "2s chopped: a bomb played on a single, a pair or three 2s (§4.4)",
    "quad_on_pair_of_twos": "a four of a kind on a pair of 2s (quad_beats_pair_of_twos)",
    "bomb_on_bomb": "a bomb played on a bomb played as a bomb (§4.4, 9.2)",
    "cross_bomb": "a four of a kind on a double sequence, or a double sequence on a four of a "
                  "kind (cross_bomb_beating)",
    "longer_double_sequence": "a double sequence on a shorter one "
                              "(longer_double_sequence_beats_shorter)",
    "pass_lock_broken": "a player who had passed coming back into the trick to bomb "
                        "(bombs_ignore_pass_lock)",
    "twos_led": "a trick led with 2s (a single, a pair, three or four 2s)",
    "instant_win": "a dealt hand winning at once (§5.1, instant_wins)",
    "void_deal": "two or more instant wins at the deal: a void deal (§5.2)",
}

#: Events the lab also totals (:attr:`~cardkit.engine.capabilities.Events.families`): a bomb
#: is counted once, by its kind (a bomb on a bomb is counted by its kind too).
FAMILIES = {
    "any_bomb": ("bomb_quad", "bomb_pairs_3", "bomb_pairs_4", "bomb_pairs_5"),
}

_QUAD = ComboType.QUAD
_DOUBLE_SEQUENCE = ComboType.DOUBLE_SEQUENCE


def count_bomb(state: TienLenState, bomb: Combination, previous: Combination) -> None:
    """Count a bomb played as a bomb (``bomb``, on ``previous``): its kind, and what it did
    (chopped 2s, or beat a bomb: of the other kind, or shorter)."""
    if bomb.type is _QUAD:
        state.count_event("bomb_quad")
    else:
        state.count_event(f"bomb_pairs_{min(bomb.length, 5)}")
    if previous.type is not _QUAD and previous.type is not _DOUBLE_SEQUENCE:
        state.count_event("chop")  # the top was 2s (a bomb beats nothing else)
        if bomb.type is _QUAD and previous.type is ComboType.PAIR \
                and previous.key_strength >> 2 == TWO_POSITION:
            state.count_event("quad_on_pair_of_twos")
        return
    state.count_event("bomb_on_bomb")
    if bomb.type is not previous.type:
        state.count_event("cross_bomb")
    elif bomb.type is _DOUBLE_SEQUENCE and bomb.length > previous.length:
        state.count_event("longer_double_sequence")
