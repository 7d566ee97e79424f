"""Rummy 500's rule options (RULES.md §7), declared once; the disputed points are options."""

from __future__ import annotations

from cardkit.options import Option, OptionSet, Preset

HOYLE = "Hoyle's Rules of Games, '500 Rum' (as printed by the U.S. Playing Card Co.)"
PAGAT = "pagat.com, '500 Rummy'"
HSW = "howstuffworks.com, 'How to Play 500 Rum'"
WEB = "bufton.org 'Rummy 500' (after Hoyle)"

OPTIONS = OptionSet(
    [
        Option("target", "int", 500, "Points that win the game: the first to reach them "
               "(several at once: the highest) (§6)", HOYLE, minimum=50, maximum=10_000),
        Option("two_player_hand", "choice", 13, "Cards dealt to each player in a two-player "
               "game (three or four players: 7) (§2)", f"{HOYLE} (13); {HSW} (10)",
               choices=(13, 10)),
        Option("top_card_free", "bool", True,
               "Taking only the top card of the pile carries no duty to meld it (§3.2); "
               "false: every card taken from the pile must be melded that turn",
               f"{WEB} (true); {PAGAT} (false)"),
        Option("lay_off_anywhere", "bool", True,
               "A player may lay off on any player's melds (§4); false: on their own only",
               f"{HOYLE} (true); house rule (false)"),
        Option("stock_out", "choice", "pile",
               "When the stock is out: pile (play goes on while each player takes from the pile "
               "and melds the card taken; a player who passes ends the hand) or end (the hand "
               "ends at once) (§5)", f"{HOYLE} (pile); {WEB} (end)", choices=("pile", "end")),
        Option("discard_to_go_out", "bool", False,
               "A player goes out only by discarding the last card, never by melding it (§5)",
               f"{HOYLE} (false); house rule (true)"),
        Option("low_ace", "choice", 1, "What an ace counts at the low end of a run A-2-3 "
               "(elsewhere 15) (§6)", f"{HOYLE}; {PAGAT} (1); house rule (15)",
               choices=(1, 15)),
    ],
    [
        Preset("strict", {"top_card_free": False, "discard_to_go_out": True},
               "Every card taken from the pile is melded at once; going out needs a discard"),
        Preset("short", {"target": 250}, "A shorter game, to 250 points"),
    ],
)
