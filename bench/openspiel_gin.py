"""A cardkit agent against OpenSpiel's simple gin rummy bot, OpenSpiel refereeing.

    python -m bench.openspiel_gin --agent normal --deals 200
    python -m bench.openspiel_gin --agent expert --deals 60 --param iterations=600

Every deal is played twice through :class:`cardkit_games.gin_rummy.openspiel_bridge.Bridge`
(its docstring says how the two engines are matched), the cardkit agent first as OpenSpiel's
player 0 (the non-dealer, who acts first) and then as player 1 (duplicate format). The table
gives the agent's points per hand (OpenSpiel's return: the hand's score, plus for the scorer,
minus for the other) with its 95 % interval over deals, the share of decided hands it won, its
time per decision and how often the bridge had to step in (the wall overrides).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Sequence
from typing import Any

from cardkit_games.gin_rummy.openspiel_bridge import Bridge

from bench.agents import parse_params
from bench.compare import interval


def endings(records: Sequence[dict[str, Any]]) -> str:
    """A table of the hands by how they ended: how many, their mean points for the agent,
    and what they add to its points a hand."""
    lines = ["| ending | hands | share | mean points | points a hand from it | agent's turns |",
             "|---|---|---|---|---|---|"]
    kinds: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        kinds.setdefault(r["kind"], []).append(r)
    for kind, rows in sorted(kinds.items(), key=lambda item: -len(item[1])):
        total = sum(r["points"] for r in rows)
        lines.append(f"| {kind} | {len(rows)} | {len(rows) / len(records):.1%} | "
                     f"{total / len(rows):+.2f} | {total / len(records):+.2f} | "
                     f"{statistics.mean(r['turns'] for r in rows):.1f} |")
    return "\n".join(lines)


def report(agent: str, records: list[dict[str, Any]], times: list[float], overrides: int,
           budget: str) -> str:
    """The table row: points per hand (95 % over deals), share of decided hands won, time."""
    by_deal: dict[int, list[float]] = {}
    for r in records:
        by_deal.setdefault(r["deal"], []).append(r["points"])
    points, half = interval([sum(v) / len(v) for v in by_deal.values()])
    decided = [r for r in records if r["decided"]]
    share, share_half = interval([1.0 if r["won"] else 0.0 for r in decided]) if decided \
        else (math.nan, math.nan)
    timing = (f"{statistics.median(times) * 1000:.2f} / {max(times) * 1000:.1f} ms"
              if times else "no choice")
    return (f"| {agent} vs OpenSpiel simple bot | {budget} | {len(by_deal)} deals, "
            f"{len(records)} hands | **{points:+.2f} ± {half:.2f} points** | "
            f"{share:.1%} ± {share_half:.1%} of {len(decided)} decided | {timing} | "
            f"{overrides} |")


def _job(job: tuple[int, str, dict[str, Any]]) -> tuple[list[dict[str, Any]], list[float], int]:
    deal, agent, params = job
    bridge = Bridge(agent, params)
    records = [bridge.play(deal, seat) for seat in (0, 1)]
    return records, bridge.times, bridge.overrides


def main(argv: Sequence[str] | None = None) -> None:
    """Play the deals named on the command line and print a Markdown row."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="normal")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--param", action="append", default=[],
                        help="agent parameter, e.g. --param iterations=600")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--endings", action="store_true",
                        help="also print the hands by how they ended")
    parser.add_argument("--records", metavar="FILE",
                        help="append every hand's result to FILE (JSON lines, the format "
                             "python -m bench.compare reads)")
    args = parser.parse_args(argv)
    params = parse_params(args.param)
    budget = ", ".join(f"{k}={v}" for k, v in params.items()) or "defaults"
    jobs = [(deal, args.agent, params)
            for deal in range(args.first_deal, args.first_deal + args.deals)]
    records: list[dict[str, Any]] = []
    times: list[float] = []
    overrides = 0
    print("| match | budget | deals | points/hand (95 %) | share | decision median / worst "
          "| wall overrides |")
    print("|---|---|---|---|---|---|---|")
    if args.workers > 1:
        import multiprocessing

        pool = multiprocessing.Pool(min(args.workers, 2))
        results = pool.imap_unordered(_job, jobs)
    else:
        results = map(_job, jobs)
    for done, (batch, batch_times, batch_overrides) in enumerate(results, start=1):
        records += batch
        if args.records:
            with open(args.records, "a", encoding="utf-8") as out:
                for record in batch:
                    out.write(json.dumps({"setup": "openspiel_gin", "net": record["points"],
                                          **record}) + "\n")
        times += batch_times
        overrides += batch_overrides
        if done % 20 == 0 and done < len(jobs):
            print("  after " + report(args.agent, records, times, overrides, budget),
                  file=sys.stderr, flush=True)
    print(report(args.agent, records, times, overrides, budget), flush=True)
    if args.endings:
        print()
        print(endings(records), flush=True)


if __name__ == "__main__":
    main()
