"""Oklahoma gin, built on the installed ``gin-rummy`` game without copying it.

Two house rules, each behind one of gin-rummy's hooks (RULES.md):

1. the up-card's value is the knock limit (an ace: gin only) — hook ``knock_limit(state)``;
2. a spade up-card doubles the hand's score — hook ``hand_score(state, ending, K, D)``.

Everything else (phases, melds, lay-offs, showdown, match) is gin-rummy's own.
"""

from __future__ import annotations

from collections.abc import Callable

from cardkit.cards import Suit
from cardkit.game import About
from cardkit.options import Option, Preset
from cardkit.registry import game_definition

GIN = game_definition("gin-rummy")
#: What the command line says of gin (its rules paragraph, its moves' help), extended below.
GIN_ABOUT = GIN.capability(About) or About()

#: What an up-card of each rank allows: A = 0 (gin only), 2-10 face value, J Q K = 10.
UPCARD_LIMIT = (0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def upcard_knock_limit(base: Callable[..., int], state) -> int:
    """Rule 1: the knock limit is the up-card's value; an ace allows only gin (with
    ``ace_upcard = one`` an ace allows 1)."""
    if not state.options["upcard_sets_limit"]:
        return base(state)
    rank = int(state.upcard.rank)
    if rank == 1 and state.options["ace_upcard"] == "one":
        return 1
    return UPCARD_LIMIT[rank - 1]


def spade_doubles(base: Callable[..., tuple[str, int, str]], state, ending: str,
                  knocker_deadwood: int, defender_deadwood: int) -> tuple[str, int, str]:
    """Rule 2: with a spade up-card the hand's score (whichever side scores) is doubled."""
    side, points, name = base(state, ending, knocker_deadwood, defender_deadwood)
    if state.options["spade_doubles"] and state.upcard.suit == Suit.SPADES:
        points *= 2
    return side, points, name


OPTIONS = GIN.options.extend(
    [
        Option("upcard_sets_limit", "bool", True,
               "The up-card's value is the knock limit (A 0, 2-10 face, J Q K 10); false: "
               "option knock_limit as in gin-rummy", "Oklahoma gin (Hoyle; pagat)"),
        Option("ace_upcard", "choice", "gin",
               "An ace up-card allows: gin only, or a knock with one point", "house rule",
               choices=("gin", "one")),
        Option("spade_doubles", "bool", True, "A spade up-card doubles the hand's score",
               "Oklahoma gin (Hoyle; pagat)"),
    ],
    [Preset("plain", {"upcard_sets_limit": False, "spade_doubles": False},
            "Plain gin-rummy scoring (for comparisons in the rule lab)")],
)

GAME = GIN.variant(
    name="oklahoma-gin",
    title="Oklahoma gin",
    summary="Gin rummy where the up-card sets the knock limit and a spade up-card doubles.",
    options=OPTIONS,
    hooks=GIN.hooks.replace(knock_limit=upcard_knock_limit, hand_score=spade_doubles),
).with_capabilities(About(
    rules_summary=GIN_ABOUT.rules_summary + " Oklahoma: the up-card's value is the knock limit "
                  "(an ace: gin only) and a spade up-card doubles the hand's score.",
    action_help=GIN_ABOUT.action_help,
))
