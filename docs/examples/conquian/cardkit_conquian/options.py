"""Conquian's rule options (RULES.md §7), declared once; the disputed points are options."""

from __future__ import annotations

from cardkit.options import Option, OptionSet, Preset

FOSTER = "Foster's Complete Hoyle (1897/1909), 'Conquian'"
BICYCLE = "bicyclecards.com, 'Conquian'"
WEB = "gamevelvet.com / rummy-games.com 'Conquian' pages"

OPTIONS = OptionSet(
    [
        Option("forcing", "bool", True,
               "A card the opponent declined that fits one of their own melds may be forced "
               "onto that meld; they must then discard (§5)", f"{FOSTER}; {BICYCLE}"),
        Option("meld_from_hand", "bool", True,
               "After using the offered card a player may spread or lay off more cards from "
               "the hand before discarding (§4.3); false: only the offered card is used",
               f"{BICYCLE} (true); {FOSTER} reads as false"),
        Option("layoff_on_opponent", "bool", False,
               "A player may lay cards off on the opponent's melds too (§4.2)",
               f"{WEB} (true); {FOSTER} (false)"),
        Option("stock_out", "choice", "tableau",
               "When the stock runs out: tableau (a tie) or most_melded (the player with more "
               "cards melded wins; equal is a tableau) (§6)",
               f"{FOSTER} (tableau); {WEB} (most_melded)",
               choices=("tableau", "most_melded")),
        Option("scoring", "choice", "stake",
               "stake: the loser pays the stake (plus the tableau pool); points: the loser pays "
               "the value of the cards left in hand (A=1, 2-7 face value, J Q K 10) (§6)",
               f"{FOSTER} (stake); Wikipedia 'Conquian' (points)",
               choices=("stake", "points")),
        Option("stake", "int", 1, "Counters the loser of a hand pays (§6)", FOSTER, minimum=1),
        Option("carry_tableau", "bool", True,
               "After a tableau the next hand's loser also pays one stake per tableau in a row "
               "(Foster's pool, settled between the two players) (§6)", FOSTER),
        Option("match_hands", "int", 0,
               "Hands in a match (0: no fixed end)", "cardkit", minimum=0),
    ],
    [
        Preset("foster", {"meld_from_hand": False},
               "Foster's reading: only the offered card is used on a turn"),
        Preset("friendly", {"forcing": False, "layoff_on_opponent": True,
                            "stock_out": "most_melded"},
               "No forcing, lay-offs anywhere, no ties at the end of the stock"),
    ],
)
