"""Contract rummy's targets (issue 33), ``python -m bench.contract_rummy [--deals N]
[--duplicate M] [--agent NAME] [--rival NAME] [--every K]``:

- (a) over N deals of three players of one agent (``normal`` by default), the share that end by
  someone going out rather than by the stock (target: at least 70 % over 500 deals), with its
  95 % (Wilson) interval, and the CPU time a move;
- (b) on the first M of those deals (all N by default; 0: none), duplicate deals: each is
  played again three times, the ``rival`` (``random`` by
  default) in one seat and the agent in the other two, the seat rotated. The rival's points in
  hand (what it pays, §6) are set against the agent's in the same seat of the same deal with
  the same others (the all-agent deal of (a)): the rival's points less the agent's, averaged
  over the three seats, is the deal's unit, and its mean has a 95 % interval over deals (the
  target: ``normal`` scores fewer points than ``random``, the interval clear of 0). Beside it,
  the rival's points less the mean of the two agents at its table.

Deals cycle through the seven contracts (deal k plays contract k mod 7, dealer k mod 3); deal
k is dealt from seed k and each seat's agent is seeded by k, so a run is deterministic. One
process (the machine is shared); a deal of (a) and (b) together takes four games. Every K deals
(``--every``) the numbers so far are printed, so a run stopped early still reports. A deal
still going after the game's ``max_actions`` moves is stopped (the lab's guard), counted as not
gone out, every seat paying 0, and reported.
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
#: The ending of a deal stopped at the game's ``max_actions`` (the players never end it).
STALLED = "stalled"


def play(game: cardkit.Game, deal: int, names: list[str]) -> tuple[Result, int]:
    """Deal ``deal`` with ``names[seat]`` in each seat: its result and the moves played."""
    context = HandContext(dealer=deal % PLAYERS, hand_number=deal % 7, totals=(0,) * PLAYERS)
    state = game.new_hand(seed=deal, context=context)
    agents = [game.agent(name, seat, deal) for seat, name in enumerate(names)]
    moves = 0
    while not state.is_over:
        if moves == game.definition.max_actions:
            # the lab's guard: a deal that never ends counts as nobody's, every seat paying 0
            return Result(STALLED, (), (0.0,) * PLAYERS), moves
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
    parser.add_argument("--duplicate", type=int, default=None,
                        help="deals of (b), the first of (a)'s (default: all; 0: none)")
    parser.add_argument("--every", type=int, default=50, help="report every K deals")
    args = parser.parse_args()
    duplicate = args.deals if args.duplicate is None else min(args.duplicate, args.deals)
    game = cardkit.load_game("contract-rummy", players=PLAYERS)
    tally = Tally(args.agent, args.rival)
    started = time.process_time()
    for deal in range(args.deals):
        tally.deal(game, deal, duplicate=deal < duplicate)
        if args.every and (deal + 1) % args.every == 0 and deal + 1 < args.deals:
            tally.report(time.process_time() - started, final=False)
    tally.report(time.process_time() - started, final=True)


class Tally:
    """The numbers of a run so far."""

    def __init__(self, agent: str, rival: str) -> None:
        self.agent = agent
        self.rival = rival
        self.deals = self.out = self.moves = self.rival_moves = self.stalled = 0
        self.spent = self.rival_spent = 0.0
        self.by_contract = [[0, 0] for _ in range(7)]
        self.against_agent: list[float] = []  # the rival's points less the agent's in its seat
        self.against_table: list[float] = []  # the rival's points less its two rivals' mean
        self.rival_points: list[float] = []
        self.agent_points: list[float] = []

    def deal(self, game: cardkit.Game, deal: int, duplicate: bool) -> None:
        """Play deal ``deal`` with the agent in every seat, then (``duplicate``) the rival in
        each seat in turn."""
        started = time.process_time()
        result, played = play(game, deal, [self.agent] * PLAYERS)
        self.spent += time.process_time() - started
        self.moves += played
        self.deals += 1
        went_out = result.ending == "went_out"
        self.out += went_out
        self.stalled += result.ending == STALLED
        self.by_contract[deal % 7][0] += went_out
        self.by_contract[deal % 7][1] += 1
        if not duplicate:
            return
        base = points(result)
        gaps, tables = [], []
        for seat in range(PLAYERS):
            names = [self.agent] * PLAYERS
            names[seat] = self.rival
            started = time.process_time()
            rival_result, played = play(game, deal, names)
            self.stalled += rival_result.ending == STALLED
            self.rival_spent += time.process_time() - started
            self.rival_moves += played
            paid = points(rival_result)
            gaps.append(paid[seat] - base[seat])
            tables.append(paid[seat] - sum(paid[s] for s in range(PLAYERS) if s != seat) / 2)
            self.rival_points.append(paid[seat])
            self.agent_points.append(base[seat])
        self.against_agent.append(sum(gaps) / PLAYERS)
        self.against_table.append(sum(tables) / PLAYERS)

    def report(self, spent: float, final: bool) -> None:
        """Print the numbers so far (the going-out rate by contract at the end)."""
        low, high = wilson_interval(self.out, self.deals)
        print(f"(a) {self.agent} x{PLAYERS}, {self.deals} deals: {self.out / self.deals:.1%} "
              f"end by going out (95 % {low:.1%}-{high:.1%}); "
              f"{1000 * self.spent / self.moves:.2f} ms CPU a move ({self.moves} moves)")
        if final:
            for number, (done, total) in enumerate(self.by_contract, 1):
                if total:
                    print(f"  contract {number}: {done}/{total} out")
        if self.against_agent:
            count = len(self.against_agent)
            mean, half = interval(self.against_agent)
            table, table_half = interval(self.against_table)
            print(f"(b) {self.rival} in each seat against two {self.agent}, {count} duplicate "
                  f"deals ({PLAYERS * count} hands): {self.rival} pays "
                  f"{sum(self.rival_points) / len(self.rival_points):.1f} points a deal, "
                  f"{self.agent} in its seat "
                  f"{sum(self.agent_points) / len(self.agent_points):.1f}; {self.rival} less "
                  f"{self.agent}: {mean:+.1f} ± {half:.1f} points a deal (95 %); less the two "
                  f"at its table: {table:+.1f} ± {table_half:.1f}; "
                  f"{1000 * self.rival_spent / self.rival_moves:.2f} ms CPU a move "
                  f"({self.rival_moves} moves)")
        print(f"  deals stopped at max_actions (never ending): {self.stalled}; CPU so far "
              f"{spent:.0f} s", flush=True)


if __name__ == "__main__":
    main()
