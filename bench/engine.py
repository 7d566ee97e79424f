"""Per-action overhead of the engine, measured on the knock-rummy test game.

Prints microseconds per action for: the game's own work (legal actions + apply_unchecked), the
checked ``apply(action)`` (legality by set membership), ``apply(text)`` (parsing too), and
building a view. Run: ``python -m bench.engine``.
"""

from __future__ import annotations

import random
import time

from testgames.knock_rummy import KNOCK_RUMMY


def play(mode: str, hands: int, seed: int = 1) -> tuple[int, float]:
    """Play random hands applying actions in ``mode``; returns (actions, seconds)."""
    game = KNOCK_RUMMY.configure(players=2)
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for index in range(hands):
        state = game.new_hand(seed=seed * 1_000_003 + index)
        while not state.is_over:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if mode == "unchecked":
                state.apply_unchecked(action)
            elif mode == "checked":
                state.apply(action)
            elif mode == "text":
                state.apply(str(action))
            else:  # view
                state.view(state.current_player)
                state.apply_unchecked(action)
            actions += 1
    return actions, time.perf_counter() - start


def main() -> None:
    """Print the per-action figures."""
    hands = 300
    baseline_actions, baseline = play("unchecked", hands)
    per_action = baseline / baseline_actions * 1e6
    print(f"knock-rummy, 2 players, {hands} random hands, {baseline_actions} actions")
    print(f"  game work (legal_actions + apply_unchecked): {per_action:7.2f} us/action")
    for mode, label in (("checked", "apply(action): + legality check"),
                        ("text", "apply(text): + parsing"),
                        ("view", "view(seat) per action")):
        actions, seconds = play(mode, hands)
        extra = (seconds - baseline) / actions * 1e6
        print(f"  {label:40s} {seconds / actions * 1e6:7.2f} us/action ({extra:+.2f} us)")


if __name__ == "__main__":
    main()
