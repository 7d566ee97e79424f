"""§5 initial qualification: who wins at the deal (E1), or whether the deal is void (E2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardkit_games.tonk.state import TonkState

__all__ = ["deal_check", "qualifiers"]


def qualifiers(options: Mapping[str, Any], counts: Sequence[int]) -> list[tuple[int, int, str]]:
    """The players who qualify at the deal under ``options``, as ``(seat, multiplier, why)``,
    from the dealt counts (aces counted ``initial_count_ace_value``). One qualifier: E1; two or
    more: E2.

    ``49_50_auto``: 50 and 49 qualify; ``50_auto_49_in_turn``: only 50 (a 49 waits for E3);
    ``off``: neither. In any mode a count <= ``low_initial_triple_max`` qualifies x3, else a count
    <= ``low_initial_double_max`` x2.
    """
    mode = options["initial_tonk_mode"]
    triple = options["low_initial_triple_max"]
    double = options["low_initial_double_max"]
    found = []
    for seat, count in enumerate(counts):
        if mode != "off" and count == 50:
            found.append((seat, options["initial_50_multiplier"], "50"))
        elif mode == "49_50_auto" and count == 49:
            found.append((seat, options["initial_49_multiplier"], "49"))
        elif triple is not None and count <= triple:
            found.append((seat, 3, f"a low count of {count}"))
        elif double is not None and count <= double:
            found.append((seat, 2, f"a low count of {count}"))
    return found


def deal_check(state: TonkState, counts: Sequence[int]) -> list[tuple[int, int, str]]:
    """The ``deal_check`` hook: who qualifies at the deal of this hand with the dealt
    ``counts`` (:func:`qualifiers` under the hand's options)."""
    return qualifiers(state.options, counts)
