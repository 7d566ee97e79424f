"""Train the weights of Tonk's ``hard`` agent and write ``games/tonk/weights.py``.

    python scripts/train_tonk.py                 # 2, 3 and 4 players, the full budget
    python scripts/train_tonk.py --players 2 --rounds 1 --start-hands 500 --dry-run

See :mod:`cardkit_games.tonk.training` for what is fitted and how. One process, one core; the
full run stays within the hour the project allows a training run.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cardkit_games.tonk import training
from cardkit_games.tonk.weights import TABLES

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments, train, measure against greedy, write the weights."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--count-hands", type=int, default=None)
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--start-hands", type=int, default=None)
    parser.add_argument("--discard-hands", type=int, default=None)
    parser.add_argument("--rollouts", type=int, default=None)
    parser.add_argument("--measure", type=int, default=1000, help="duplicate deals to measure")
    parser.add_argument("--dry-run", action="store_true", help="do not write the weights")
    args = parser.parse_args(argv)
    tables = dict(TABLES)
    for players in (int(p) for p in args.players.split(",")):
        budget = training.default_budget(players)
        for name in ("count_hands", "rounds", "start_hands", "discard_hands", "rollouts"):
            if getattr(args, name) is not None:
                setattr(budget, name, getattr(args, name))
        weights = training.train(players, args.seed, budget,
                                 log=lambda line: print(line, file=sys.stderr, flush=True))
        if args.measure:
            game = training.load_game("tonk", players=players)
            gain, half = training.duplicate_gain(game, weights, args.measure, args.seed + 1)
            print(f"{players} players: {gain:+.3f} ± {half:.3f} stakes a hand against greedy "
                  f"({args.measure} duplicate deals)", flush=True)
        tables[players] = weights
    if not args.dry_run:
        training.write_weights(tables, ROOT / "games" / "tonk" / "weights.py")


if __name__ == "__main__":
    main()
