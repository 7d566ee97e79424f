"""Train the weights of Tiến Lên's ``hard`` agent and write ``games/tien_len/weights.py``.

    python scripts/train_tien_len.py                 # 4 players, the full budget (7 min)
    python scripts/train_tien_len.py --players 4 --games 300 --margin-games 100 --dry-run

See :mod:`cardkit_games.tien_len.training` for what is fitted and how. One process, one core; the
full run stays well within the hour the project allows a training run.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cardkit_games.tien_len import training
from cardkit_games.tien_len.weights import TABLES

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments, train, measure against greedy, write the weights."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="4")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--candidates", type=int, default=None)
    parser.add_argument("--rollout", choices=("base", "current"), default=None)
    parser.add_argument("--margin-games", type=int, default=None)
    parser.add_argument("--measure", type=int, default=0,
                        help="duplicate deals to measure against greedy (0: none)")
    parser.add_argument("--dry-run", action="store_true", help="do not write the weights")
    args = parser.parse_args(argv)
    tables = dict(TABLES)
    for players in (int(p) for p in args.players.split(",")):
        budget = training.default_budget(players)
        for name in ("rounds", "games", "candidates", "rollout", "margin_games"):
            if getattr(args, name) is not None:
                setattr(budget, name, getattr(args, name))
        weights = training.train(players, args.seed, budget,
                                 log=lambda line: print(line, file=sys.stderr, flush=True))
        if args.measure:
            game = training.load_game("tien-len", players=players)
            gain, half, firsts = training.duplicate_gain(game, weights, args.measure,
                                                         args.seed + 1)
            print(f"{players} players: {gain:.3f} ± {half:.3f} place points a game against "
                  f"greedy, {firsts:.1%} first places ({args.measure} duplicate deals)",
                  flush=True)
        tables[players] = weights
    if not args.dry_run:
        training.write_weights(tables, ROOT / "games" / "tien_len" / "weights.py")


if __name__ == "__main__":
    main()
