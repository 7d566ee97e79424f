"""The events Tonk's rules can cause, declared once (the :class:`~cardkit.game.Events`
capability): the hand counts each where it happens, the rule lab reports their rates.
Section numbers are those of ``docs/games/tonk.md``."""

from __future__ import annotations

__all__ = ["EVENTS", "FAMILIES"]

EVENTS = {
    "drop_won": "a drop with the lowest count, which wins (E6)",
    "drop_caught": "a drop caught by a count as low or lower (E6)",
    "hit": "a card hit onto a spread on the table (§3 C, and the double-double's hits)",
    "hit_penalty": "a hit that lengthened the spread owner's drop lock (hit_penalty_turns)",
    "locked_turn": "a turn begun under a hit lock, so without a drop (a hit penalty served)",
    "tonk": "a hand emptied by spreads and hits (E4)",
    "out_by_discard": "a hand emptied by its last discard (E5)",
    "initial_50": "a dealt count of 50 winning at once (E1)",
    "initial_49": "a dealt count of 49 winning at once or as its first turn starts (E1, E3)",
    "initial_low": "a low dealt count winning at once (low_initial_double_max, _triple_max)",
    "void_deal": "two or more players qualifying at the deal: a void deal (E2)",
    "stock_out": "the stock running out, or the turn cap reached: counts compared (E7)",
    "double_double": "every card hit onto the tonker's new run: a double-double (E8)",
    "spades_bet_joined": "a player joining the spades side bet (6.9)",
    "spades_bet_won": "a spades side pot won by the highest spade (6.9)",
    "reshuffle": "the discard pile shuffled into a new stock (stock_exhaustion = reshuffle)",
    "book_to_pile": "a completed book turned face down under the discard pile (§4)",
}

#: Events the lab also totals (:attr:`~cardkit.engine.capabilities.Events.families`).
FAMILIES = {
    "all_drops": ("drop_won", "drop_caught"),
    "dealt_wins": ("initial_50", "initial_49", "initial_low"),
}
