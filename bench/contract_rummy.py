"""Contract rummy's targets (issue 33), ``python -m bench.contract_rummy [--deals N]
[--agent NAME] [--rival NAME] [--no-duplicate]``:

- (a) over N deals of three players of one agent (``normal`` by default), the share that end by
  someone going out rather than by the stock (target: at least 70 % over 500 deals), with its
  95 % (Wilson) interval, and the CPU time a move;
- (b) duplicate deals: each deal is played again three times, the ``rival`` (``random`` by
  default) in one seat and the agent in the other two, the seat rotated. The rival's points in
  hand (what it pays, §6) are set against the agent's in the same seat of the same deal with
  the same others (the all-agent deal of (a)): the rival's points less the agent's, averaged
  over the three seats, is the deal's unit, and its mean has a 95 % interval over deals (the
  target: ``normal`` scores fewer points than ``random``, the interval clear of 0). Beside it,
  the rival's points less the mean of the two agents at its table.

Deals cycle through the seven contracts (deal k plays contract k mod 7, dealer k mod 3); deal
k is dealt from seed k and each seat's agent is seeded by k, so a run is deterministic. One
process (the machine is shared); a deal of (a) and (b) together takes four games.
"""

from __future__ import annotations

import argparse
import time

import cardkit
from cardkit.engine.context import HandContext
from cardkit.evaluation import interval
from cardkit.frontends.lab.stats import wilson_interval
from cardkit.results import Result

PLAYERS = 3


def play(game: cardkit.Game, deal: int, names: list[str]) -> tuple[Result, int]:
    """Deal ``deal`` with ``names[seat]`` in each seat: its result and the moves played."""
    context = HandContext(dealer=deal % PLAYERS, hand_number=deal % 7, totals=(0,) * PLAYERS)
    state = game.new_hand(seed=deal, context=context)
    agents = [game.agent(name, seat, deal) for seat, name in enumerate(names)]
    moves = 0
    while not state.is_over:
        seat = state.current_player
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
        moves += 1
    assert state.result is not None
    return state.result, moves


def points(result: Result) -> list[float]:
    """What each seat pays for its hand (the deal's payoffs are these as losses)."""
    return [-payoff for payoff in result.payoffs]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--agent", default="normal")
    parser.add_argument("--rival", default="random")
    parser.add_argument("--no-duplicate", action="store_true",
                        help="only (a): the deals of three agents")
    args = parser.parse_args()
    game = cardkit.load_game("contract-rummy", players=PLAYERS)
    out = moves = 0
    by_contract = [[0, 0] for _ in range(7)]
    against_agent: list[float] = []  # the rival's points less the agent's in its seat
    against_table: list[float] = []  # the rival's points less its two rivals' mean
    rival_points: list[float] = []
    agent_points: list[float] = []
    spent = 0.0
    started_all = time.process_time()
    for deal in range(args.deals):
        started = time.process_time()
        result, played = play(game, deal, [args.agent] * PLAYERS)
        spent += time.process_time() - started
        moves += played
        went_out = result.ending == "went_out"
        out += went_out
        by_contract[deal % 7][0] += went_out
        by_contract[deal % 7][1] += 1
        if args.no_duplicate:
            continue
        base = points(result)
        gaps, tables = [], []
        for seat in range(PLAYERS):
            names = [args.agent] * PLAYERS
            names[seat] = args.rival
            paid = points(play(game, deal, names)[0])
            gaps.append(paid[seat] - base[seat])
            tables.append(paid[seat] - sum(paid[s] for s in range(PLAYERS) if s != seat) / 2)
            rival_points.append(paid[seat])
            agent_points.append(base[seat])
        against_agent.append(sum(gaps) / PLAYERS)
        against_table.append(sum(tables) / PLAYERS)
    low, high = wilson_interval(out, args.deals)
    print(f"(a) {args.agent} x{PLAYERS}, {args.deals} deals: {out / args.deals:.1%} end by "
          f"going out (95 % {low:.1%}-{high:.1%}); {1000 * spent / moves:.2f} ms CPU a move "
          f"({moves} moves)")
    for number, (done, total) in enumerate(by_contract, 1):
        if total:
            print(f"  contract {number}: {done}/{total} out")
    if not args.no_duplicate:
        mean, half = interval(against_agent)
        table, table_half = interval(against_table)
        print(f"(b) {args.rival} in each seat against two {args.agent}, {args.deals} duplicate "
              f"deals ({PLAYERS * args.deals} hands): {args.rival} pays "
              f"{sum(rival_points) / len(rival_points):.1f} points a deal, {args.agent} in its "
              f"seat {sum(agent_points) / len(agent_points):.1f}; {args.rival} less "
              f"{args.agent}: {mean:+.1f} ± {half:.1f} points a deal (95 %); less the two at "
              f"its table: {table:+.1f} ± {table_half:.1f}")
    print(f"total CPU {time.process_time() - started_all:.0f} s")


if __name__ == "__main__":
    main()
