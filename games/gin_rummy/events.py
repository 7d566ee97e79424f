"""The events gin rummy's rules can cause, declared once (the
:class:`~cardkit.game.Events` capability): the hand counts each where it
happens, the rule lab reports their rates. Sections are those of ``docs/games/gin-rummy.md``."""

from __future__ import annotations

__all__ = ["EVENTS", "FAMILIES"]

EVENTS = {
    "upcard_taken": "the first up-card taken by the captain or the dealer (§3.1)",
    "discard_drawn": "the top discard drawn instead of a stock card (§3.2)",
    "knock": "a knock: a discard with deadwood within the knock limit (§5.1)",
    "gin": "gin: a discard leaving all ten cards melded (§5.2)",
    "big_gin": "big gin: all eleven cards melded, no discard (§5.2, big_gin_bonus)",
    "undercut": "a knock undercut: the defender's deadwood no higher than the knocker's "
                "(§6.1, undercut_bonus)",
    "layoff": "a card the defender laid off on the knocker's melds (§5.1.2)",
    "dead_hand": "a dead hand: the stock down to draw_stock_remaining without a knock (§5.3)",
}

#: Events the lab also totals (:attr:`~cardkit.engine.capabilities.Events.families`): every
#: way a hand was ended by a player going down.
FAMILIES = {
    "any_going_down": ("knock", "gin", "big_gin"),
}
