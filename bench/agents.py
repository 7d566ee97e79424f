"""The strength ladder played against itself on duplicate deals, with 95 % intervals.

Every deal is played once per seat the tested agent takes, the other seats by the opponent
agent, so each deal's luck is met by both sides and cancels (duplicate format): two-player games
play each deal twice with the seats exchanged, three-hand gin puts the tested agent in the box
and then as captain, four-player Tiến Lên seats it at each of the four places against three
opponents. Each process uses one core; ``--workers`` (at most 2) processes share the deals.

    python -m bench.agents --games gin2,tonk2,tienlen4,gin3 --deals 100 \\
        --agent expert --opponent normal --iterations gin2=600,tonk2=2000

The headline of every row is the tested agent's **points (gin, Tiến Lên) or stakes (Tonk) per
hand against its best rival**, with its 95 % interval over deals (the duplicate unit); the share
of hands won (or first places) stands beside it, then the seat's own payoff, and the tested
agent's time per decision (median and worst, over decisions with a choice; the CPU time of the
process, so that other work on a shared machine does not inflate it).

``--matches N`` plays N duplicate *matches* instead (each to the game's own end: gin's
``target_score`` of 100, Tiến Lên's 21 ...; each match is played once per tested seat from the
same seed) and reports the share of matches won with its interval, next to the points per hand
over every hand of those matches.

``--records FILE`` appends every hand's record (deal, seat, points against the best rival, how
it ended) to FILE as JSON lines, as each deal finishes: two runs on the same deals (say
``expert`` and then ``hard`` against ``normal``) can then be compared deal by deal with
``--compare FILE FILE`` (the same as ``python -m bench.compare FILE FILE``), which prints the
mean per-deal difference of the points a hand with its 95 % interval (the same deals and the
same opponents, so only the two agents' different decisions remain in it).

``--iterations`` fixes the search budget per game in play-outs (reproducible, and fair on a
shared machine: calibrate it with ``--calibrate``, which prints play-outs per second and
decisions per second on this machine), ``--scale 0.1`` runs at a tenth of it; with
``--iterations none`` the search agents think ``--think`` seconds per decision. The budget goes
to whichever of the two agents takes it (``expert``, ``search``, and ``hard`` where the game's
``hard`` is still the search).
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

import cardkit
from bench.compare import ROLES, compare, interval, role_seats
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

#: What one hand's "points against the best rival" are called in each game.
UNITS = {"gin2": "points", "gin3": "points", "tonk2": "stakes", "tienlen4": "points"}

#: Play-outs per decision that take about one second on a quiet core (see ``--calibrate``).
CALIBRATED_ITERATIONS = {"gin2": 600, "tonk2": 7000, "tienlen4": 2400, "gin3": 600}

#: A match stops after this many hands whatever its own end (a guard, never reached in play).
MATCH_HAND_LIMIT = 400


def _agent(game: cardkit.Game, name: str, seat: int, seed: int, params: dict[str, Any]) -> Any:
    """The agent ``name``, given those of ``params`` its factory takes (a search budget goes to
    the searching agents only)."""
    accepted = agent_parameters(game.definition.agent_factory(name))
    return game.agent(name, seat, seed, **{k: v for k, v in params.items() if k in accepted})


def _takes_budget(name: str, game_name: str, players: int) -> bool:
    """True when agent ``name`` of that game takes a search budget (``iterations``)."""
    game = cardkit.load_game(game_name, players=players)
    try:
        return "iterations" in agent_parameters(game.definition.agent_factory(name))
    except ValueError:
        return False


def _play_hand(state: cardkit.State, agents: Sequence[Any], seat: int,
               times: list[float]) -> None:
    """Play ``state`` to its end; the tested ``seat``'s decision times (moves with a choice)
    are appended to ``times``."""
    while not state.is_over:
        current = state.current_player
        assert current is not None
        choice = len(state.legal_actions()) > 1
        # CPU time of this process: other work on a shared machine does not inflate it
        start = time.process_time()
        action, _ = choose_action(agents[current], state, current)
        if current == seat and choice:
            times.append(time.process_time() - start)
        state.apply_unchecked(action)


def play_deal(job: tuple[str, int, str, str, dict[str, Any]],
              seats: tuple[int, ...] | None = None) -> list[dict[str, Any]]:
    """Play one deal once per tested seat (the setup's, or only ``seats``); one record per
    hand."""
    setup, deal, tested, opponent, params = job
    name, players, every_seat, _ = SETUPS[setup]
    seats = every_seat if seats is None else seats
    game = cardkit.load_game(name, players=players)
    records = []
    for seat in seats:
        seed = derive_seed(2026, setup, deal)
        agents = [_agent(game, opponent, s, derive_seed(seed, "seat", s), params)
                  for s in range(players)]
        agents[seat] = _agent(game, tested, seat, derive_seed(seed, "tested"), params)
        state = game.new_hand(seed=seed)
        times: list[float] = []
        _play_hand(state, agents, seat, times)
        result = state.result
        assert result is not None
        records.append({"deal": deal, "seat": seat, "payoff": float(result.payoffs[seat]),
                        "net": relative_score(result.payoffs, seat),
                        "won": seat in result.winners, "decided": bool(result.winners),
                        "ending": ending_name(result, seat), "times": times})
    return records


def ending_name(result: cardkit.Result, seat: int) -> str:
    """How a hand ended for the tested ``seat``: the game's name of the ending (gin's
    ``knock``, ``undercut``, ``gin`` ...) and whether the seat won it."""
    if not result.winners:
        return result.ending
    return f"{result.ending}, {'won' if seat in result.winners else 'lost'}"


def report_endings(setup: str, records: list[dict[str, Any]]) -> str:
    """The hands by how they ended (:func:`ending_name`): how many, their mean points against
    the best rival, and what they add to the points a hand."""
    kinds: dict[str, list[float]] = {}
    for r in records:
        kinds.setdefault(r["ending"], []).append(r["net"])
    lines = [f"|   | {setup} endings | hands | share | mean {UNITS[setup]} | "
             f"{UNITS[setup]} a hand from it |"]
    for kind, nets in sorted(kinds.items(), key=lambda item: -len(item[1])):
        lines.append(f"|   | {kind} | {len(nets)} | {len(nets) / len(records):.1%} | "
                     f"{sum(nets) / len(nets):+.2f} | {sum(nets) / len(records):+.2f} |")
    return "\n".join(lines)


def match_seats(setup: str) -> tuple[int, ...]:
    """The seats the tested agent takes in duplicate matches: every seat (in three-hand gin the
    roles rotate within a match, so each seat meets every role)."""
    return tuple(range(SETUPS[setup][1]))


def play_match(job: tuple[str, int, str, str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Play one match (from one seed) once per tested seat; one record per match, holding the
    per-hand points of its hands too."""
    setup, number, tested, opponent, params = job
    name, players, _, _ = SETUPS[setup]
    game = cardkit.load_game(name, players=players)
    records = []
    for seat in match_seats(setup):
        seed = derive_seed(2026, setup, "match", number)
        agents = [_agent(game, opponent, s, derive_seed(seed, "seat", s), params)
                  for s in range(players)]
        agents[seat] = _agent(game, tested, seat, derive_seed(seed, "tested"), params)
        match = game.new_match(seed=seed, hands=MATCH_HAND_LIMIT)
        times: list[float] = []
        nets: list[float] = []
        while not match.is_over:
            state = match.current
            _play_hand(state, agents, seat, times)
            assert state.result is not None
            nets.append(relative_score(state.result.payoffs, seat))
            match.next_hand()
        records.append({"deal": number, "seat": seat, "won": match.winner == seat,
                        "hands": len(nets), "nets": nets, "times": times})
    return records


def warm_up() -> None:
    """Play one untimed greedy hand of every game in this process, so that tables built on
    first use (meld tables, legal-move caches) do not count as the tested agent's worst
    decision."""
    for name, players, _, _ in SETUPS.values():
        game = cardkit.load_game(name, players=players)
        agents = [game.agent("normal", s, 0) for s in range(players)]
        _play_hand(game.new_hand(seed=0), agents, -1, [])


def _timing(records: list[dict[str, Any]]) -> str:
    times = [t for r in records for t in r["times"]]
    if not times:
        return "no choice"
    return f"{statistics.median(times) * 1000:.2f} / {max(times) * 1000:.1f} ms"


def _per_deal(records: list[dict[str, Any]], key: str) -> list[float]:
    """The mean of ``key`` over each deal's seatings: one value per duplicate unit."""
    by_deal: dict[int, list[float]] = {}
    for r in records:
        by_deal.setdefault(r["deal"], []).append(r[key])
    return [sum(v) / len(v) for v in by_deal.values()]


def report(setup: str, tested: str, opponent: str, records: list[dict[str, Any]],
           budget: str) -> str:
    """One table row: the tested agent's points (stakes) per hand against its best rival --
    the headline, the difference that matters in gin, which credits only the scorer --, the
    share of hands it won, its own payoff, with 95 % intervals, and its time per decision.

    The share's interval treats hands as independent; the duplicate pairs are negatively
    correlated (the same cards on both sides), so it is conservative. The payoff's interval is
    taken over deals (the mean over a deal's seatings), the duplicate unit."""
    what = SETUPS[setup][3]
    decided = [r for r in records if r["decided"]] if "decided" in what else records
    wins = [1.0 if r["won"] else 0.0 for r in decided]
    share, share_hw = interval(wins) if wins else (math.nan, math.nan)
    deals = _per_deal(records, "net")
    net, net_hw = interval(deals)
    payoff, payoff_hw = interval(_per_deal(records, "payoff"))
    return (f"| {setup} | {tested} vs {opponent} | {budget} | {len(deals)} deals, "
            f"{len(records)} hands | **{net:+.2f} ± {net_hw:.2f} {UNITS[setup]}** | "
            f"{share:.1%} ± {share_hw:.1%} of {len(wins)} ({what}) | "
            f"{payoff:+.2f} ± {payoff_hw:.2f} | {_timing(records)} |")


def report_roles(setup: str, records: list[dict[str, Any]]) -> str:
    """The points per hand in each role the tested agent took (interval over its hands in
    that role), e.g. three-hand gin's box and captain."""
    parts = []
    for seat, role in ROLES.get(setup, {}).items():
        nets = [r["net"] for r in records if r["seat"] == seat]
        if nets:
            mean, half = interval(nets)
            parts.append(f"{role} {mean:+.2f} ± {half:.2f} ({len(nets)} hands)")
    return f"|   | by role: {'; '.join(parts)} |" if parts else ""


def report_matches(setup: str, tested: str, opponent: str, records: list[dict[str, Any]],
                   budget: str) -> str:
    """One table row for duplicate matches: the share of matches won (interval over matches,
    each duplicate pair's mean), the points per hand over all their hands (interval over
    matches: the hands of one match are not independent), hands per match, time per decision."""
    target = cardkit.load_game(SETUPS[setup][0], players=SETUPS[setup][1]).options.get(
        "target_score", "its end")
    for r in records:
        r["share"] = 1.0 if r["won"] else 0.0
        r["per_hand"] = sum(r["nets"]) / len(r["nets"])
    share, share_hw = interval(_per_deal(records, "share"))
    net, net_hw = interval(_per_deal(records, "per_hand"))
    hands = sum(r["hands"] for r in records) / len(records)
    return (f"| {setup} | {tested} vs {opponent} | {budget} | {len(records)} matches to "
            f"{target} ({hands:.1f} hands each) | **{share:.1%} ± {share_hw:.1%} of matches** "
            f"| {net:+.2f} ± {net_hw:.2f} {UNITS[setup]}/hand | {_timing(records)} |")


def calibrate(setup: str, agent: str, iterations: int) -> str:
    """Play-outs and search decisions per second of ``agent`` at ``iterations``, one core."""
    records = play_deal((setup, 0, agent, "normal", {"iterations": iterations}))
    times = [t for r in records for t in r["times"]]
    return (f"{setup}: {len(times) / sum(times):.2f} decisions/s at {iterations} play-outs "
            f"(≈ {iterations * len(times) / sum(times):.0f} play-outs/s)")


def parse_params(items: Sequence[str]) -> dict[str, Any]:
    """``key=value`` strings as agent parameters (booleans, numbers, else words)."""
    extra: dict[str, Any] = {}
    for item in items:
        key, value = item.split("=")
        if value.lower() in ("true", "false"):
            extra[key] = value.lower() == "true"
        else:
            extra[key] = value if value.isalpha() else float(value) if "." in value else int(value)
    return extra


def main(argv: Sequence[str] | None = None) -> None:
    """Run the matches named on the command line and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(SETUPS))
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--matches", type=int, default=0,
                        help="play this many duplicate matches to the game's end instead")
    parser.add_argument("--agent", default="expert")
    parser.add_argument("--opponent", default="normal")
    parser.add_argument("--iterations", default="calibrated",
                        help="'calibrated', 'none' (use --think), or game=N,game=N")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--param", action="append", default=[],
                        help="extra agent parameter, e.g. --param width=6")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--calibrate", action="store_true")
    parser.add_argument("--endings", action="store_true",
                        help="also print the hands by how they ended")
    parser.add_argument("--records", metavar="FILE",
                        help="append every hand's record to FILE (JSON lines)")
    parser.add_argument("--compare", nargs=2, metavar="FILE",
                        help="compare two --records files deal by deal, and stop")
    parser.add_argument("--roles", help="test only these roles, e.g. --roles box (three-hand "
                        "gin): a role's figure at the cost of its hands only")
    args = parser.parse_args(argv)
    if args.compare:
        print(compare(*args.compare))
        return
    setups = args.games.split(",")
    unknown = [s for s in setups if s not in SETUPS]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; choose from {', '.join(SETUPS)}")
    iterations = dict(CALIBRATED_ITERATIONS)
    if args.iterations not in ("calibrated", "none"):
        for item in args.iterations.split(","):
            key, value = item.split("=")
            iterations[key] = int(value)
    extra = parse_params(args.param)
    seats = role_seats(setups, args.roles) if args.roles else None
    if seats is not None and args.matches:
        parser.error("--roles plays single deals; a match rotates the roles")
    if args.calibrate:
        for setup in setups:
            print(calibrate(setup, args.agent, max(1, round(iterations[setup] * args.scale))),
                  flush=True)
        return
    workers = max(1, min(args.workers, 2))
    if args.matches:
        print("| game | match | budget | matches | matches won (95 %) "
              "| vs best rival/hand (95 %) | decision median / worst |")
        print("|---|---|---|---|---|---|---|")
    else:
        print("| game | match | budget | deals | vs best rival/hand (95 %) | share (95 %) "
              "| payoff/hand (95 %) | decision median / worst |")
        print("|---|---|---|---|---|---|---|---|")
    with multiprocessing.Pool(workers, initializer=warm_up) as pool:
        for setup in setups:
            name, players = SETUPS[setup][:2]
            params = dict(extra)
            searching = [a for a in (args.agent, args.opponent)
                         if _takes_budget(a, name, players)]
            if not searching:
                budget = "no search"
            elif args.iterations == "none":
                params["time_limit"] = args.think * args.scale
                budget = f"{params['time_limit']:g} s"
            else:
                params["iterations"] = max(1, round(iterations[setup] * args.scale))
                budget = f"{params['iterations']} play-outs"
            count = args.matches or args.deals
            jobs = [(setup, deal, args.agent, args.opponent, params)
                    for deal in range(args.first_deal, args.first_deal + count)]
            play, row = ((play_match, report_matches) if args.matches
                         else (functools.partial(play_deal, seats=seats), report))
            records: list[dict[str, Any]] = []
            for done, batch in enumerate(pool.imap_unordered(play, jobs), start=1):
                records.extend(batch)
                if args.records:
                    with open(args.records, "a", encoding="utf-8") as out:
                        for record in batch:
                            kept = {k: v for k, v in record.items() if k != "times"}
                            out.write(json.dumps({"setup": setup, **kept}) + "\n")
                if done % 10 == 0 and done < len(jobs):  # partial rows: a long run shows progress
                    print(f"  after {done}: " + row(setup, args.agent, args.opponent, records,
                                                    budget), file=sys.stderr, flush=True)
            print(row(setup, args.agent, args.opponent, records, budget), flush=True)
            if not args.matches and setup in ROLES:
                print(report_roles(setup, records), flush=True)
            if not args.matches and args.endings:
                print(report_endings(setup, records), flush=True)


if __name__ == "__main__":
    main()
