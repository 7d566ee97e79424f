"""Rule hooks at the deal (rules §2.4, §5.1): who holds an instant win, who leads first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit_games.tien_len.rules import INSTANT_WINS

from cardkit.cards import Card

if TYPE_CHECKING:
    from cardkit_games.tien_len.state import TienLenState

__all__ = ["first_leader", "instant_wins", "lowest_card_rule_applies"]


def instant_wins(state: TienLenState) -> dict[int, list[str]]:
    """§5.1: seat -> the instant wins (of option ``instant_wins``) its dealt hand holds."""
    enabled = state.options["instant_wins"]
    if not enabled:
        return {}
    found = {}
    tracker = state.plays  # it keeps each hand's strength mask
    for seat, hand in enumerate(state.hands):
        smask = tracker.hand(seat, hand).smask
        kinds = [name for name in enabled if INSTANT_WINS[name](smask)]
        if kinds:
            found[seat] = kinds
    return found


def lowest_card_rule_applies(state: TienLenState) -> bool:
    """§2.4: the 3S (lowest card) rule applies in the first game of a match — context
    ``extra["first_game"]`` — and in a stand-alone hand (no ``leader`` in the context)."""
    context = state.context
    return bool(context.extra.get("first_game", context.leader is None))


def first_leader(state: TienLenState) -> tuple[int, Card | None]:
    """§2.4: (leading seat, card the first play must include or None). First game: the holder
    of 3S, or of the lowest dealt card with 2-3 players (§9.10), who must play it. Later games:
    the context's leader (the previous winner), free to lead anything."""
    if not lowest_card_rule_applies(state) and state.context.leader is not None:
        return state.context.leader, None
    rules = state.rules
    tracker = state.plays  # it keeps each hand's strength mask
    best: tuple[int, int, Card] | None = None
    for seat, hand in enumerate(state.hands):
        smask = tracker.hand(seat, hand).smask
        low = (smask & -smask).bit_length() - 1
        if best is None or low < best[0]:
            best = (low, seat, rules.card_of_strength(low))
    assert best is not None
    return best[1], best[2]
