"""The heuristic agents against an earlier version of themselves, in the duplicate format, and
their decisions per second.

Run: ``python -m bench.heuristics GAME [--players N] [--deals N] [--baseline REV]``, e.g.
``python -m bench.heuristics gin-rummy --deals 400``. The baseline is the game's
``agents.py`` as it was at git revision ``REV`` (default ``5d163fa``, before issue 13's
heuristics), loaded from ``git show`` into its own module, so both versions play in one
process. Every deal is played once with today's ``greedy`` in each seat and the baseline's in
the others (``cardkit.lab.simulate.play_duplicate``), so the luck of the deal cancels. Reports
today's agent's gain per hand (its payoff minus the table's mean; its payoff in a zero-sum
game; t interval over deals), its share of the hands it wins and of the decided hands it
wins (Wilson intervals), and the decisions per second of both versions, timed on the same
decisions (the time spent inside ``choose`` only).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
import types
from pathlib import Path

import cardkit
from cardkit.engine.agents import AgentFactory
from cardkit.engine.capabilities import Agents
from cardkit.engine.game import Game
from cardkit.frontends.lab.metrics import mean, proportion
from cardkit.frontends.lab.simulate import play_duplicate
from cardkit.frontends.lab.skill import hand_gain
from cardkit.values.deck import derive_seed

ROOT = Path(__file__).resolve().parent.parent


def baseline_factory(game: Game, revision: str) -> AgentFactory:
    """The ``greedy`` factory of the game's ``agents.py`` at git ``revision``."""
    package = game.definition.capability(Agents).factories["greedy"].__module__.rsplit(".", 1)[0]
    folder = package.removeprefix("cardkit_games.")
    path = f"games/{folder}/agents.py"
    source = subprocess.run(["git", "show", f"{revision}:{path}"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    module = types.ModuleType(f"{package}.baseline_agents")
    module.__dict__["__file__"] = f"{revision}:{path}"
    sys.modules[module.__name__] = module
    exec(compile(source, f"{revision}:{path}", "exec"), module.__dict__)
    return module.greedy_agent


def duplicate(game: Game, new: AgentFactory, old: AgentFactory, deals: int, seed: int) -> None:
    """Play ``deals`` duplicate deals and print the new agent's figures."""
    gains: list[float] = []
    won = hands = decided = decided_won = 0
    for deal in range(deals):
        plays = play_duplicate(game, new, old, derive_seed(seed, "hand", deal),
                               derive_seed(seed, "agents", deal))
        gains.append(sum(hand_gain(payoffs, seat) for seat, _, payoffs in plays) / len(plays))
        for seat, winners, _ in plays:
            hands += 1
            won += seat in winners
            if winners:
                decided += 1
                decided_won += seat in winners
    gain = mean("gain", "gain", "", gains)
    wins = proportion("wins", "wins", "", won, hands)
    of_decided = proportion("decided", "decided", "", decided_won, decided)
    print(f"{game.name}, {game.players} players, {deals} deals x {game.players} seats "
          f"({hands} hands): new greedy vs baseline")
    print(f"  gain per hand {gain.value:+.3f} [{gain.low:+.3f}, {gain.high:+.3f}]")
    print(f"  wins {wins.value:.1%} [{wins.low:.1%}, {wins.high:.1%}] of hands "
          f"(fair {1 / game.players:.1%}); {of_decided.value:.1%} "
          f"[{of_decided.low:.1%}, {of_decided.high:.1%}] of {decided} decided hands")


def decisions_per_second(game: Game, new: AgentFactory, old: AgentFactory, hands: int,
                         seed: int) -> tuple[float, float]:
    """Decisions per second of both versions, timed on the same decisions: ``hands`` hands
    played by the new version in every seat, each decision also put to a baseline agent of
    that seat, the two timed in alternating order (so the machine's load falls on both)."""
    spent = [0.0, 0.0]
    decisions = 0
    clock = time.perf_counter
    for hand in range(hands):
        pairs = [(new(game, seat, derive_seed(seed, "speed", hand, seat)),
                  old(game, seat, derive_seed(seed, "speed", hand, seat)))
                 for seat in range(game.players)]
        state = game.new_hand(seed=derive_seed(seed, "speed", hand))
        guard = game.definition.max_actions
        while state.result is None and guard:
            seat = state.current_player
            view, legal = state.view(seat), state.legal_actions()
            order = (0, 1) if decisions % 2 else (1, 0)
            action = None
            for which in order:
                start = clock()
                chosen = pairs[seat][which].choose(view, legal)
                spent[which] += clock() - start
                if which == 0:
                    action = chosen
            decisions += 1
            guard -= 1
            state.apply_unchecked(action)
    return decisions / spent[0], decisions / spent[1]


def main() -> None:
    """Parse the arguments and print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--deals", type=int, default=300, help="duplicate deals (0 skips them)")
    parser.add_argument("--baseline", default="5d163fa", help="git revision of the baseline")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--speed-hands", type=int, default=200,
                        help="hands per speed measurement (0 skips it)")
    args = parser.parse_args()
    game = cardkit.load_game(args.game, players=args.players)
    new = game.definition.agent_factory("greedy")
    old = baseline_factory(game, args.baseline)
    if args.speed_hands:
        fast, slow = decisions_per_second(game, new, old, args.speed_hands, args.seed)
        print(f"decisions per second: new {fast:,.0f}, baseline {slow:,.0f} (new costs "
              f"{slow / fast:.2f}x the baseline per decision, timed on the same decisions)")
    if args.deals:
        duplicate(game, new, old, args.deals, args.seed)


if __name__ == "__main__":
    main()
