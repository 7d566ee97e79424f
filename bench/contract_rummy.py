"""Contract rummy's targets (``python bench/contract_rummy.py [--deals N] [--agent NAME]``): over
N deals of three players of one agent (``normal`` by default), the share that end by someone
going out rather than by the stock (target: at least 70 % over 500 deals), and the CPU time a
move. Deals cycle through the seven contracts (deal k plays contract k mod 7); each deal is
seeded by its number."""

from __future__ import annotations

import argparse
import time

import cardkit
from cardkit.engine.context import HandContext


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--agent", default="normal")
    args = parser.parse_args()
    game = cardkit.load_game("contract-rummy", players=3)
    out = moves = 0
    by_contract = [[0, 0] for _ in range(7)]
    started = time.process_time()
    for deal in range(args.deals):
        context = HandContext(dealer=deal % 3, hand_number=deal % 7, totals=(0, 0, 0))
        state = game.new_hand(seed=deal, context=context)
        agents = [game.agent(args.agent, seat, deal) for seat in range(3)]
        while not state.is_over:
            seat = state.current_player
            state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
            moves += 1
        went_out = state.result.ending == "went_out"
        out += went_out
        by_contract[deal % 7][0] += went_out
        by_contract[deal % 7][1] += 1
    spent = time.process_time() - started
    print(f"{args.agent} x3, {args.deals} deals: {out / args.deals:.1%} end by going out; "
          f"{1000 * spent / moves:.2f} ms CPU a move ({moves} moves)")
    for number, (done, total) in enumerate(by_contract, 1):
        if total:
            print(f"  contract {number}: {done}/{total} out")


if __name__ == "__main__":
    main()
