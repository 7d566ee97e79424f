"""Tiến Lên's rule options (rules §8), declared once, and the presets.

``num_players`` (§8) and the engine's player count are one setting: ``num_players`` defaults to
the player count (``load_game("tien-len", players=3)`` gives ``num_players = 3``), and an
explicit ``num_players`` that differs from the player count is a ``ValueError`` (choose the
count with ``players=``; ``num_players`` is accepted for rules-file fidelity and records).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardkit.options import Option, OptionSet, Preset

__all__ = [
    "INSTANT_WIN_KINDS",
    "OPTIONS",
    "check_options",
    "default_num_players",
    "default_placement_points",
]

INSTANT_WIN_KINDS = ("four_twos", "dragon", "six_pairs", "five_consecutive_pairs")


def default_num_players(players: int) -> int:
    """§8: ``num_players`` is the player count (a module-level function, so that the options
    pickle by value)."""
    return players


def default_placement_points(players: int) -> list[int]:
    """§6: ``[n−1, …, 1, 0]`` (4 players ``[3, 2, 1, 0]``)."""
    return list(range(players - 1, -1, -1))


OPTIONS = OptionSet(
    [
        Option("num_players", "int", default_num_players,
               "Number of players; 13 cards each, undealt cards out of play (must equal the "
               "player count)", "S002 (4); R-WIKI (2-3)", minimum=2, maximum=4,
               default_text="the player count (4)"),
        Option("play_direction", "choice", "clockwise", "Deal and turn order",
               "S002 / R-BGA (Vietnam)", choices=("clockwise", "counterclockwise")),
        Option("dealer_rule", "choice", "loser_deals",
               "Who deals later games: the last-placed player, or the next player in turn",
               "R-WIKI", choices=("loser_deals", "rotate")),
        Option("twos_in_sequences", "choice", "never",
               "Whether a 2 may stand in a sequence (only as its highest card)",
               "S002 / some rule sets", choices=("never", "as_top_only")),
        Option("bombs", "bool", True,
               "Quads and double sequences are bombs that chop 2s (§4.4); false = no bombs: "
               "they are ordinary combinations, and only higher 2s beat 2s",
               "S002 (true); house rule (false: to measure what the bombs do)"),
        Option("quad_beats_pair_of_twos", "bool", False,
               "A four of a kind may also be played on a pair of 2s", "R-MISC"),
        Option("longer_double_sequence_beats_shorter", "bool", False,
               "On a double-sequence bomb, one with more pairs also beats",
               "ambiguity in S002"),
        Option("cross_bomb_beating", "bool", False,
               "A quad beats a 3-pair double sequence; a double sequence of 4+ pairs beats a quad",
               "R-MISC (Vietnamese practice)"),
        Option("bombs_ignore_pass_lock", "bool", False,
               "A player who passed may still bomb 2s (or a bomb played on 2s)", "R-BGA, R-MISC"),
        Option("instant_wins", "choice_set", ["four_twos", "dragon"],
               "Dealt hands that win at once", "S002 / R-MISC", choices=INSTANT_WIN_KINDS),
        Option("lead_after_instant_win", "choice", "instant_winner",
               "Who leads after an instant win (lowest_card = the 3S rule again)",
               "S002 / R-BGA", choices=("instant_winner", "lowest_card")),
        Option("placement_points", "int_list", default_placement_points,
               "Points by finishing place, one per place", "S002",
               default_text="[n-1, ..., 1, 0] (4 players: 3,2,1,0)"),
        Option("target_score", "int", 21, "Match ends when someone reaches this total",
               "S002 (agreed amount)", minimum=1),
    ],
    [
        Preset(
            "everything",
            {
                "play_direction": "counterclockwise",
                "dealer_rule": "rotate",
                "twos_in_sequences": "as_top_only",
                "quad_beats_pair_of_twos": True,
                "longer_double_sequence_beats_shorter": True,
                "cross_bomb_beating": True,
                "bombs_ignore_pass_lock": True,
                "instant_wins": list(INSTANT_WIN_KINDS),
                "lead_after_instant_win": "lowest_card",
                "target_score": 11,
            },
            "Every option changed from its default but bombs, whose removal would silence the "
            "other bomb options (for testing and the rule lab)",
        ),
        Preset(
            "southern",
            {"bombs_ignore_pass_lock": True, "quad_beats_pair_of_twos": True,
             "cross_bomb_beating": True, "play_direction": "counterclockwise"},
            "Common Vietnamese house rules: counter-clockwise play, bombs after passing, "
            "quads on pairs of 2s, cross-bomb beating",
        ),
    ],
)


def check_options(players: int, options: Mapping[str, Any]) -> None:
    """Cross-option checks (``ValueError``): ``num_players`` must equal the player count;
    ``placement_points`` needs one value per place."""
    if options["num_players"] != players:
        raise ValueError(
            f"tien-len: num_players={options['num_players']} conflicts with players={players}; "
            f"choose the player count with players= (num_players follows it)"
        )
    points = options["placement_points"]
    if len(points) != players:
        raise ValueError(
            f"tien-len: placement_points needs {players} values (one per place), got {points}"
        )
