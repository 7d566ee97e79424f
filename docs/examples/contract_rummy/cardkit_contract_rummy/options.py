"""Contract rummy's rule options (RULES.md §7), declared once; the common variants are options."""

from __future__ import annotations

from cardkit.options import Option, OptionSet, Preset

PAGAT = "pagat.com, 'Contract Rummy'"
HOYLE = "Hoyle's Rules of Games, 'Contract Rummy' (Liverpool, Shanghai)"
HOUSE = "common house rule"


def decks_for(players: int) -> int:
    """§1: two decks for three or four players, three for five or six."""
    return 2 if players <= 4 else 3


OPTIONS = OptionSet(
    [
        Option("decks", "int", decks_for, "Standard decks shuffled together, each with two "
               "jokers (§1)", f"{PAGAT}; {HOYLE}", minimum=2, maximum=3,
               default_text="2 for 3-4 players, 3 for 5-6"),
        Option("deals", "int", 7, "Deals in the game, the contracts in order (§2); fewer plays "
               "the first ones only", PAGAT, minimum=1, maximum=7),
        Option("hand_size", "choice", "10/12", "Cards dealt: 10 in deals 1-4 and 12 in deals "
               "5-7, or 11 in every deal (§2)", f"{PAGAT} (10/12); {HOYLE} (11)",
               choices=("10/12", "11")),
        Option("buys", "int", 3, "Buys each player may make in a deal (§3.2)", PAGAT,
               minimum=0, maximum=10),
        Option("penalty", "int", 1, "Penalty cards a buyer takes from the stock with the "
               "discard (§3.2)", f"{PAGAT} (1); {HOUSE} (2)", minimum=0, maximum=2),
        Option("buy_when_down", "bool", False, "A player who has gone down may still buy "
               "(§3.2)", f"{PAGAT} (false); {HOUSE} (true)"),
        Option("lay_off_same_turn", "bool", False, "Lay-offs already in the turn of going "
               "down (§4)", f"{PAGAT} (false); {HOYLE} (true)"),
        Option("reshuffles", "int", 1, "Times a deal the discard pile, but its top card, is "
               "shuffled into a new stock when the stock is out (§5)", PAGAT,
               minimum=0, maximum=3),
        Option("low_cards", "choice", "five", "What a 2-9 left in hand costs: 5 points, or its "
               "face value (§6)", f"{PAGAT} (five); {HOYLE} (face)", choices=("five", "face")),
        Option("ace_points", "choice", 15, "What an ace left in hand costs (§6)",
               f"{PAGAT} (15); {HOUSE} (20)", choices=(15, 20)),
        Option("joker_points", "choice", 50, "What a joker left in hand costs (§6)",
               f"{PAGAT} (50); {HOUSE} (25)", choices=(50, 25)),
    ],
    [
        Preset("liverpool", {"lay_off_same_turn": True, "low_cards": "face",
                             "hand_size": "11"}, "Hoyle's Liverpool-style scoring and deal"),
        Preset("short", {"deals": 3}, "The first three contracts only"),
    ],
)
