"""Tiến Lên agents: ``greedy`` (``random`` comes from the engine).

The greedy agent values a hand by its number of *units*: the plays it would take to shed it if
nobody interfered — sequences taken where they absorb otherwise-single cards, then one unit per
remaining rank (a pair, triple or quad is one unit). It:

- goes out when it can;
- leads and follows with the play that leaves the fewest units, then the one that uses no 2 and
  no bomb, then the one that sheds more cards, then the weakest (lowest key);
- keeps 2s and bombs for when they matter: a bomb chops 2s; 2s and bombs are otherwise used only
  when an opponent is close to going out or they finish the hand off (≤ 2 units left);
- does not break up a sequence, pair or triple to follow (a play that does not lower its units)
  unless an opponent is close to going out.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardkit_games.tien_len.rules import TWO_POSITION, climbing_rules, combination_of, is_bomb

from cardkit.actions import Action
from cardkit.agents import Agent
from cardkit.game import Game
from cardkit.views import View

__all__ = ["GreedyAgent", "greedy_agent", "hand_units"]

_UNITS: dict[int, int] = {}


def hand_units(smask: int) -> int:
    """The number of plays a hand (as a strength mask) needs by the greedy plan above."""
    cached = _UNITS.get(smask)
    if cached is not None:
        return cached
    counts = [(smask >> 4 * p & 0xF).bit_count() for p in range(13)]
    sequences = 0
    while True:
        best_gain, best = 0, None
        for start in range(TWO_POSITION):
            if not counts[start]:
                continue
            singles = 0
            for end in range(start, TWO_POSITION):
                count = counts[end]
                if not count:
                    break
                singles += count == 1
                if end - start >= 2 and singles - 1 > best_gain:
                    best_gain, best = singles - 1, (start, end)
        if best is None:
            break
        for p in range(best[0], best[1] + 1):
            counts[p] -= 1
        sequences += 1
    units = sequences + sum(1 for count in counts if count)
    if len(_UNITS) > 200_000:
        _UNITS.clear()
    _UNITS[smask] = units
    return units


class GreedyAgent(Agent):
    """The greedy heuristic described in the module docstring."""

    name = "greedy"

    def __init__(self, game: Game, seat: int, seed: int = 0) -> None:
        self.rules = climbing_rules(game.options)
        self.seat = seat

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """The greedy choice."""
        return self.choose_with_reason(view, legal_actions)[0]

    def choose_with_reason(self, view: View, legal_actions: Sequence[Action]
                           ) -> tuple[Action, str]:
        """The greedy choice and why."""
        rules = self.rules
        hand_size = len(view.hand)
        plays = [a for a in legal_actions if a.kind == "play"]
        can_pass = len(plays) < len(legal_actions)
        if not plays:
            return legal_actions[0], "nothing beats the top"
        for action in plays:
            if len(action.cards) == hand_size:
                return action, "plays its last cards and goes out"
        smask = rules.strength_mask(view.hand)
        units_now = hand_units(smask)
        best_cost, best, best_combo = None, None, None
        for action in plays:
            play_mask = rules.strength_mask(action.cards)
            combo = combination_of(action.cards, rules)
            strong = is_bomb(combo) or combo.key_strength >> 2 == TWO_POSITION
            cost = (hand_units(smask & ~play_mask), strong, -len(action.cards),
                    combo.key_strength)
            if best_cost is None or cost < best_cost:
                best_cost, best, best_combo = cost, action, combo
        assert best is not None and best_combo is not None and best_cost is not None
        if not can_pass:
            return best, f"leads its weakest useful play ({best_combo.type.value})"
        others = [size for seat, size in enumerate(view.hand_sizes)
                  if seat != view.seat and size]
        urgent = bool(others) and min(others) <= 2
        units_after, strong = best_cost[0], best_cost[1]
        top = view.info.get("top") or {}
        top_is_twos = (top.get("type") in ("single", "pair", "triple")
                       and top.get("cards", [""])[-1].startswith("2"))
        if is_bomb(best_combo) and (top_is_twos or view.info.get("bomb_fight")):
            return best, "chops the 2s with a bomb"
        if strong and not (urgent or units_after <= 2):
            return legal_actions[-1], "keeps its 2s and bombs for later"
        if units_after >= units_now and not urgent:
            return legal_actions[-1], "would have to break up a combination; passes"
        why = "an opponent is close to going out" if urgent else "sheds a whole unit"
        return best, f"follows with its weakest sufficient play ({why})"


def greedy_agent(game: Game, seat: int, seed: int) -> Agent:
    """The ``greedy`` agent factory."""
    return GreedyAgent(game, seat, seed)
