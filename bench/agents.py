"""The strength ladder played against itself on duplicate deals, with 95 % intervals.

Every deal is played once per seat the tested agent takes, the other seats by the opponent
agent, so each deal's luck is met by both sides and cancels (duplicate format): two-player games
play each deal twice with the seats exchanged, three-hand gin puts the tested agent in the box
and then as captain, four-player Tiến Lên seats it at each of the four places against three
opponents. Each process uses one core; ``--workers`` (at most 2) processes share the deals.

    python bench/agents.py --games gin2,tonk2,tienlen4,gin3 --deals 100 \\
        --agent hard --opponent normal --iterations gin2=600,tonk2=2000

``--iterations`` fixes the search budget per game in play-outs (reproducible, and fair on a
shared machine: calibrate it with ``--calibrate``, which prints play-outs per second and
decisions per second on this machine), ``--scale 0.1`` runs at a tenth of it; without
``--iterations`` the ``hard`` agent thinks ``--think`` seconds per decision.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from collections.abc import Sequence
from typing import Any

import cardkit
from cardkit.services.search.choose import choose_action
from cardkit.services.search.rollout import relative_score
from cardkit.services.search.roster import agent_parameters
from cardkit.values.deck import derive_seed

#: name -> (game, players, seats the tested agent takes on every deal, what the table reports)
SETUPS: dict[str, tuple[str, int, tuple[int, ...], str]] = {
    "gin2": ("gin-rummy", 2, (0, 1), "won of decided hands"),
    "tonk2": ("tonk", 2, (0, 1), "won of hands"),
    "tienlen4": ("tien-len", 4, (0, 1, 2, 3), "first places"),
    "gin3": ("gin-rummy", 3, (2, 0), "won of decided hands (box, then captain)"),
}

#: Play-outs per decision that take about one second on a quiet core (see ``--calibrate``).
CALIBRATED_ITERATIONS = {"gin2": 600, "tonk2": 7000, "tienlen4": 2400, "gin3": 600}


def _searches(game: cardkit.Game, name: str) -> bool:
    """Does agent ``name`` take a search budget? (A game's own ``hard`` may not search.)"""
    return "iterations" in agent_parameters(game.definition.agent_factory(name))


def _agent(game: cardkit.Game, name: str, seat: int, seed: int, params: dict[str, Any]) -> Any:
    if name in ("hard", "search") and _searches(game, name):
        return game.agent(name, seat, seed, **params)
    if name in ("hard", "search"):  # a game's own hard agent: only the parameters it takes
        factory = game.definition.agent_factory(name)
        return game.agent(name, seat, seed, **{key: value for key, value in params.items()
                                               if key in agent_parameters(factory)})
    return game.agent(name, seat, seed)


def play_deal(job: tuple[str, int, str, str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Play one deal once per tested seat; one record per hand."""
    setup, deal, tested, opponent, params = job
    name, players, seats, _ = SETUPS[setup]
    game = cardkit.load_game(name, players=players)
    records = []
    for seat in seats:
        seed = derive_seed(2026, setup, deal)
        agents = [_agent(game, opponent, s, derive_seed(seed, "seat", s), params)
                  for s in range(players)]
        agents[seat] = _agent(game, tested, seat, derive_seed(seed, "tested"), params)
        state = game.new_hand(seed=seed)
        decisions = 0
        thinking = 0.0
        while not state.is_over:
            current = state.current_player
            assert current is not None
            start = time.perf_counter()
            action, _ = choose_action(agents[current], state, current)
            if current == seat and len(state.legal_actions()) > 1:
                thinking += time.perf_counter() - start
                decisions += 1
            state.apply_unchecked(action)
        result = state.result
        assert result is not None
        records.append({"deal": deal, "seat": seat, "payoff": float(result.payoffs[seat]),
                        "net": relative_score(result.payoffs, seat),
                        "won": seat in result.winners, "decided": bool(result.winners),
                        "decisions": decisions, "thinking": thinking})
    return records


def interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and 95 % half-width (normal approximation)."""
    count = len(values)
    mean = sum(values) / count
    if count < 2:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in values) / (count - 1)
    return mean, 1.96 * math.sqrt(variance / count)


def report(setup: str, tested: str, opponent: str, records: list[dict[str, Any]],
           budget: str) -> str:
    """One table row: the tested agent's share, payoff and payoff against its best rival (the
    difference that matters in gin, which credits only the scorer), with 95 % intervals.

    The share's interval treats hands as independent; the duplicate pairs are negatively
    correlated (the same cards on both sides), so it is conservative. The payoff's interval is
    taken over deals (the mean over a deal's seatings), the duplicate unit."""
    what = SETUPS[setup][3]
    decided = [r for r in records if r["decided"]] if "decided" in what else records
    wins = [1.0 if r["won"] else 0.0 for r in decided]
    share, share_hw = interval(wins) if wins else (math.nan, math.nan)
    by_deal: dict[int, list[tuple[float, float]]] = {}
    for r in records:
        by_deal.setdefault(r["deal"], []).append((r["payoff"], r["net"]))
    payoff, payoff_hw = interval([sum(p for p, _ in v) / len(v) for v in by_deal.values()])
    net, net_hw = interval([sum(n for _, n in v) / len(v) for v in by_deal.values()])
    decisions = sum(r["decisions"] for r in records)
    thinking = sum(r["thinking"] for r in records)
    per = thinking / decisions if decisions else 0.0
    return (f"| {setup} | {tested} vs {opponent} | {budget} | {len(by_deal)} deals, "
            f"{len(records)} hands | {share:.1%} ± {share_hw:.1%} of {len(wins)} ({what}) | "
            f"{payoff:+.2f} ± {payoff_hw:.2f} | {net:+.2f} ± {net_hw:.2f} | {per:.2f} s |")


def calibrate(setup: str, iterations: int) -> str:
    """Play-outs and search decisions per second of ``hard`` at ``iterations``, on one core."""
    records = play_deal((setup, 0, "hard", "normal", {"iterations": iterations}))
    decisions = sum(r["decisions"] for r in records)
    thinking = sum(r["thinking"] for r in records)
    return (f"{setup}: {decisions / thinking:.2f} decisions/s at {iterations} play-outs "
            f"(≈ {iterations * decisions / thinking:.0f} play-outs/s)")


def main(argv: Sequence[str] | None = None) -> None:
    """Run the matches named on the command line and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(SETUPS))
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--agent", default="hard")
    parser.add_argument("--opponent", default="normal")
    parser.add_argument("--iterations", default="calibrated",
                        help="'calibrated', 'none' (use --think), or game=N,game=N")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--param", action="append", default=[],
                        help="extra search parameter, e.g. --param width=6")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--calibrate", action="store_true")
    args = parser.parse_args(argv)
    setups = args.games.split(",")
    unknown = [s for s in setups if s not in SETUPS]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; choose from {', '.join(SETUPS)}")
    iterations = dict(CALIBRATED_ITERATIONS)
    if args.iterations not in ("calibrated", "none"):
        for item in args.iterations.split(","):
            key, value = item.split("=")
            iterations[key] = int(value)
    extra: dict[str, Any] = {}
    for item in args.param:
        key, value = item.split("=")
        if value.lower() in ("true", "false"):
            extra[key] = value.lower() == "true"
        else:
            extra[key] = value if value.isalpha() else float(value) if "." in value else int(value)
    if args.calibrate:
        for setup in setups:
            print(calibrate(setup, max(1, round(iterations[setup] * args.scale))), flush=True)
        return
    workers = max(1, min(args.workers, 2))
    print("| game | match | budget | deals | share (95 %) | payoff/hand (95 %) "
          "| vs best rival/hand (95 %) | s/decision |")
    print("|---|---|---|---|---|---|---|---|")
    with multiprocessing.Pool(workers) as pool:
        for setup in setups:
            params = dict(extra)
            game = cardkit.load_game(SETUPS[setup][0], players=SETUPS[setup][1])
            searching = [name for name in (args.agent, args.opponent)
                         if name in ("hard", "search") and _searches(game, name)]
            if not searching:
                budget = "no search"
            elif args.iterations == "none":
                params["time_limit"] = args.think * args.scale
                budget = f"{params['time_limit']:g} s"
            else:
                params["iterations"] = max(1, round(iterations[setup] * args.scale))
                budget = f"{params['iterations']} play-outs"
            jobs = [(setup, deal, args.agent, args.opponent, params)
                    for deal in range(args.first_deal, args.first_deal + args.deals)]
            records: list[dict[str, Any]] = []
            for done, batch in enumerate(pool.imap_unordered(play_deal, jobs), start=1):
                records.extend(batch)
                if done % 10 == 0 and done < len(jobs):  # partial rows: a long run shows progress
                    print(f"  after {done} deals: "
                          + report(setup, args.agent, args.opponent, records, budget),
                          file=sys.stderr, flush=True)
            print(report(setup, args.agent, args.opponent, records, budget), flush=True)


if __name__ == "__main__":
    main()
