"""Every option of the Tonk rules file's §8, declared once, and the presets (§6.7 Texas Tonk).

Option names, types and defaults follow §8 exactly. One extra option, ``turn_cap``, is an engine
guard (not a rule of any source, §9.10): with ``stock_exhaustion = reshuffle`` a hand could in
principle go on for ever, so the rule lab can stop a hand after that many turns; it then ends as
a stock end (E7, settled by §6.6).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardkit.options import Option, OptionSet, Preset

__all__ = ["ALL_HOUSE_RULES", "OPTIONS", "TEXAS_VALUES"]

#: §6.7: what ``payout_profile = texas`` sets (explicit options still override).
TEXAS_VALUES: Mapping[str, Any] = {
    "initial_50_multiplier": 2,
    "initial_49_multiplier": 1,
    "initial_tonk_mode": "49_50_auto",
    "caught_settlement": "texas",
    "tonk_multiplier": 2,
    "drop_win_multiplier": 1,
}

#: Every house rule at once (jokers, ace high-or-low, runs-only hits, must-spread, double-double,
#: the spades side bet): the conformance kit's hardest configuration.
ALL_HOUSE_RULES: Mapping[str, Any] = {
    "jokers": 2,
    "ace_in_runs": "high_or_low",
    "hit_targets": "runs_only",
    "must_spread": True,
    "double_double": True,
    "spades_side_bet": True,
    "completed_book_to_discard": True,
    "drop_timing": "any_time_in_own_turn",
    "low_initial_double_max": 13,
    "low_initial_triple_max": 9,
    "discard_pickup_must_meld": True,
    "max_hits_per_turn": 2,
}

_OPTIONS = [
    Option("base_stake", "number", 1, "Value of S, the base stake", "S001", minimum=0.000001),
    Option("hand_size", "choice", 5, "Cards dealt to each player", "S001 (5); S000/S004 (5/7/9)",
           choices=(5, 7, 9)),
    Option("jokers", "choice", 0, "Adds two wild jokers (section 4)", "S004", choices=(0, 2)),
    Option("spread_min_natural", "choice", 2,
           "Fewest natural cards in a spread that holds a joker (section 4; with two jokers 0 "
           "and 1 play alike: a spread has at least 3 cards)",
           "implementation choice, as the Bicycle 'Tunk' rule (2); S004 'jokers are wild, as any "
           "card the player needs' (0)", choices=(0, 1, 2)),
    Option("joker_hand_value", "int", 0, "Count value of a joker held in hand",
           "implementation choice", minimum=0),
    Option("ace_in_runs", "choice", "low", "Ace placement in runs (section 4)",
           "S004, R-PAGAT / S000", choices=("low", "high_or_low")),
    Option("initial_discard", "bool", True,
           "false: no upcard; the first player must draw from the stock", "all seeds (variant)"),
    Option("drop_timing", "choice", "start_of_turn", "Where a drop is legal (section 3)",
           "S001, R-PAGAT / S000, S004", choices=("start_of_turn", "any_time_in_own_turn")),
    Option("caught_settlement", "choice", "standard", "Payments when a dropper is caught (6.5)",
           "S000/S004 / S001 / R-PAGAT / S000/S004 Texas",
           choices=("standard", "double_plus_base", "double_only", "texas")),
    Option("drop_win_multiplier", "int", 1, "Paid by each other player to a winning dropper",
           "all"),
    Option("tonk_multiplier", "int", 2, "Tonk payment per opponent", "all"),
    Option("out_by_discard_multiplier", "int", 1,
           "Out-by-discard payment per opponent; also the non-qualifying tonk", "all"),
    Option("tonk_double_condition", "choice", "any", "Which tonks pay double (6.3)",
           "S001 variant; S000/S004 six-card rule",
           choices=("any", "new_spread", "whole_hand_one_turn")),
    Option("initial_tonk_mode", "choice", "49_50_auto", "Automatic wins at the deal (section 5)",
           "S001; S000/S004", choices=("49_50_auto", "50_auto_49_in_turn", "off")),
    Option("initial_50_multiplier", "int", 2, "Payment per opponent for a dealt 50",
           "S001, Texas"),
    Option("initial_49_multiplier", "int", 2, "Payment per opponent for a dealt 49",
           "S001; Texas uses 1"),
    Option("initial_count_ace_value", "choice", 1, "Ace value used only for the deal check",
           "S004 ('ace counts 10 on the deal')", choices=(1, 10)),
    Option("low_initial_double_max", "optional_int", None,
           "A dealt count <= this value wins automatically, paid x2", "S000/S004 (13)",
           minimum=0),
    Option("low_initial_triple_max", "optional_int", None,
           "A dealt count <= this value wins automatically, paid x3", "S000/S004 (9)",
           minimum=0),
    Option("hit_penalty_turns", "int", 1, "Turns of drop lock per hit received (0 = off)",
           "S000/S004 (1); R-TUNK (3); S001 (none)", minimum=0),
    Option("hit_penalty_counting", "choice", "per_card",
           "Lock per card hit, or once per hitting turn per victim (section 3)",
           "implementation choice", choices=("per_card", "per_turn")),
    Option("hit_targets", "choice", "any", "runs_only: books cannot be hit",
           "S000/S004 (Speno)", choices=("any", "runs_only")),
    Option("max_hits_per_turn", "optional_int", None,
           "Cap on hits one player makes per turn (R-PAGAT 'one card per turn' = 1)", "R-PAGAT",
           minimum=0),
    Option("must_spread", "bool", False,
           "The hand may not keep a formable spread except an all-ace book", "S001"),
    Option("completed_book_to_discard", "bool", False, "4-card books go under the discard pile",
           "S000/S004"),
    Option("book_to_discard_trigger", "choice", "any_four_card_book",
           "With completed_book_to_discard: which books leave the table, any book of four "
           "(also one laid with four cards) or only one completed by a hit (section 4)",
           "implementation choice (any_four_card_book); S000/S004 'after it is hit' "
           "(hit_to_four)", choices=("any_four_card_book", "hit_to_four")),
    Option("stock_exhaustion", "choice", "end_after_last_draw_turn",
           "What happens when the stock runs out (E7)", "S000/S004 / S001 / generic rummy",
           choices=("end_after_last_draw_turn", "end_when_discard_declined", "reshuffle")),
    Option("stock_end_multiplier", "int", 1, "Stock-end payment per opponent",
           "S000, S001, S004"),
    Option("stock_end_tie", "choice", "draw", "Ties for lowest at a stock end (6.6)",
           "S000/S004", choices=("draw", "all_tied_paid")),
    Option("double_double", "bool", False, "Enables E8 (2 players only)", "S000/S004"),
    Option("double_double_winner", "choice", "responder", "Who collects the double-double",
           "ambiguity resolution", choices=("responder", "original_tonker")),
    Option("double_double_multiplier", "int", 4, "Double-double payment", "S000/S004"),
    Option("spades_side_bet", "bool", False, "The spades side bet (6.9)", "S000/S004"),
    Option("spades_side_bet_hands", "choice", "every_hand",
           "Hands that offer the spades side bet: every hand, or only the first hand of a match "
           "(6.9)", "implementation choice (every_hand); S000/S004 'in the first deal' "
           "(first_hand)", choices=("every_hand", "first_hand")),
    Option("spades_side_bet_stake", "number", 1, "Stake per joiner", "S000/S004",
           minimum=0.000001),
    Option("spades_bet_ace_high", "bool", False, "Ace of spades high for the side bet",
           "ambiguity resolution"),
    Option("return_discard_allowed", "bool", False,
           "May the card taken from the discard pile be discarded the same turn",
           "implementation choice (common rummy rule)"),
    Option("discard_pickup_must_meld", "bool", False,
           "The discard may be taken only if it can be used in a new spread or a hit later "
           "in the same turn (after other spreads or hits if need be); no discard until it is "
           "used", "R-PAGAT"),
    Option("payout_profile", "choice", "standard", "Preset, 6.7; explicit options override it",
           "S000/S004", choices=("standard", "texas"), implies={"texas": TEXAS_VALUES}),
    Option("match_length_hands", "int", 0, "Hands in a match; 0 = unlimited",
           "implementation choice", minimum=0),
    Option("turn_cap", "optional_int", None,
           "Engine guard for the rule lab: end a hand as a stock end (E7) after this many turns "
           "(null = no cap; meant for stock_exhaustion = reshuffle)", "implementation choice "
           "(section 9.10)", minimum=1),
]

_PRESETS = [
    Preset("texas", {"payout_profile": "texas"},
           "Texas Tonk (6.7): a 49 and a won drop pay single; tonk, caught drop and 50 pay "
           "double"),
    Preset("all_house_rules", dict(ALL_HOUSE_RULES),
           "Every house rule at once: jokers, ace high or low, runs-only hits, must-spread, "
           "double-double, spades side bet, books to the discard pile, drop any time, low-count "
           "deal wins, must-meld pickups, two hits per turn"),
    Preset("all_house_rules_declined", {**ALL_HOUSE_RULES,
                                        "stock_exhaustion": "end_when_discard_declined"},
           "all_house_rules with the S001 stock end (play on until the discard is declined)"),
    Preset("all_house_rules_reshuffle", {**ALL_HOUSE_RULES, "stock_exhaustion": "reshuffle",
                                         "turn_cap": 200},
           "all_house_rules with reshuffles of the discard pile, capped at 200 turns"),
]

OPTIONS = OptionSet(_OPTIONS, _PRESETS)


