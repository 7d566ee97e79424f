"""Gin rummy's rule options (rules file §8 and the appendix), declared once, and the presets.

Defaults that differ between three-hand gin and classic two-player gin are functions of the
player count (appendix): ``undercut_bonus`` 10/25, ``game_bonus`` 0/100, ``line_bonus`` 0/25,
``shutout_doubles`` false/true.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from cardkit.options import Option, OptionSet, Preset

__all__ = ["OPTIONS"]

SEED = "S003"
REF = "R-GIN"


def _by_player_count(two: object, three: object, players: int) -> object:
    """``two`` for classic two-player gin, ``three`` otherwise."""
    return two if players == 2 else three


def _two_or_three(two: object, three: object) -> Callable[[int], object]:
    """A default that depends on the player count: ``two`` for classic gin, ``three`` otherwise.
    A partial of a module-level function, so that the options (and an in-memory variant of the
    game) pickle by value."""
    return functools.partial(_by_player_count, two, three)


OPTIONS = OptionSet(
    [
        Option("knock_limit", "int", 10, "Max deadwood after the discard to knock (§5.1)",
               f"{SEED}, {REF}", minimum=0),
        Option("gin_bonus", "int", 25, "Gin score = gin_bonus + defender deadwood (§6.1)",
               f"{SEED} (25; 'some say 20')"),
        Option("undercut_bonus", "int", _two_or_three(25, 10),
               "Undercut score = undercut_bonus + (K - D) (§6.1)", f"{SEED} (10); {REF} (25)",
               default_text="10 (three hands), 25 (two players)"),
        Option("big_gin_bonus", "optional_int", None,
               "null = no big gin; a number = big gin allowed, scores bonus + D (§5.2)",
               f"{REF} (31)"),
        Option("target_score", "int", 100, "A game ends when a player reaches it (§7)", SEED,
               minimum=1),
        Option("draw_stock_remaining", "int", 2,
               "Stock size at which a non-knocking discard voids the hand (§5.3)",
               f"{SEED}, {REF}", minimum=0, maximum=30),
        Option("discard_taken_card_same_turn", "bool", False,
               "May a card taken from the discard pile be discarded the same turn (§3.2)", REF),
        Option("team_points_to", "choice", "captain",
               "Who is credited when the captain's team scores (§6.2)",
               f"{SEED} / R-CHOUETTE", choices=("captain", "captain_and_sitter")),
        Option("sitter_may_advise", "bool", True, "The sitter can send suggestions (§3.2)", SEED),
        Option("sitter_sees_captain_hand", "bool", True,
               "The captain's hand is shown to the sitter (§3.2)",
               "implementation of S003 'advice'"),
        Option("game_bonus", "int", _two_or_three(100, 0),
               "Added to the game winner's final total (§7)", REF,
               default_text="0 (three hands), 100 (two players)"),
        Option("line_bonus", "int", _two_or_three(25, 0),
               "Per hand won, added to each player's final total (§7)", REF,
               default_text="0 (three hands), 25 (two players)"),
        Option("shutout_doubles", "bool", _two_or_three(True, False),
               "If the winner scored every scored hand, the winner's hand points double (§7)",
               REF, default_text="false (three hands), true (two players)"),
        Option("next_game_roles", "choice", "redraw",
               "Roles for a new game: draw again, or continue the rotation (§7)",
               "implementation choice", choices=("redraw", "continue")),
        Option("dealer_rule", "choice", "alternate",
               "Two players: who deals the next hand after a scored hand (appendix)", REF,
               choices=("alternate", "winner_deals", "loser_deals")),
        Option("knocker_arrangement", "choice", "best_result",
               "What the knocker shows: the valid arrangement (deadwood within the limit) that "
               "scores best, e.g. to block lay-offs, or the minimum-deadwood one (§5.1.1, §9.9)",
               "best_result (the default here): implementation choice, §9.9; "
               "minimum_deadwood: S003 §5.1.1 (the source's default)",
               choices=("best_result", "minimum_deadwood")),
    ],
    [
        Preset("classic-scoring", {
            "undercut_bonus": 25, "big_gin_bonus": 31, "game_bonus": 100, "line_bonus": 25,
            "shutout_doubles": True,
        }, "The common two-player gin scoring (R-GIN) at any player count"),
        Preset("every-option-changed", {
            "knock_limit": 7, "gin_bonus": 20, "undercut_bonus": 20, "big_gin_bonus": 31,
            "target_score": 150, "draw_stock_remaining": 4,
            "discard_taken_card_same_turn": True, "team_points_to": "captain_and_sitter",
            "sitter_may_advise": False, "sitter_sees_captain_hand": False, "game_bonus": 50,
            "line_bonus": 10, "shutout_doubles": True, "next_game_roles": "continue",
            "dealer_rule": "winner_deals", "knocker_arrangement": "minimum_deadwood",
        }, "Every option away from its three-hand default (a test configuration)"),
    ],
)
