"""Where a search leaves ``hard``'s move, is it right? Judged decision by decision.

    python -m bench.decisions --game gin2 --positions 200 --param iterations=150

Positions come from hands of ``hard`` against ``normal`` (the seat to judge plays ``hard``).
At each decision with a choice the searching agent (``--agent``, ``expert`` by default) is
asked for its move from the seat's view, as in play. Where it differs from ``hard``'s, both
moves are judged by ``--rollouts`` play-outs from the *true* position (only the stock order
shuffled again, the same shuffles for both moves, so the luck cancels), the seat continuing
with ``hard`` and the others with ``normal``: the mean difference is what the deviation was
worth, in points against the best rival. This needs far fewer hands than playing whole
matches: a whole-hand duplicate result carries the noise of every other decision of the hand.

The report: how many decisions were searched, how often the search deviated, and the mean
gain per deviation and per decision with their 95 % intervals.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence
from typing import Any

import cardkit
from bench.agents import SETUPS, parse_params
from bench.compare import interval
from cardkit.services.search.choose import choose_action
from cardkit.services.search.rollout import relative_score
from cardkit.values.deck import derive_seed


def _shuffled_stock(state: cardkit.State, rng: random.Random) -> cardkit.State:
    """A copy of the true position with the stock (a list attribute ``stock``) reshuffled."""
    copy = state.clone()
    stock = list(copy.stock)  # type: ignore[attr-defined]
    rng.shuffle(stock)
    copy.stock = stock  # type: ignore[attr-defined]
    return copy


def judge(state: cardkit.State, seat: int, moves: Sequence[Any], rollouts: int,
          seed: int) -> list[float]:
    """Each move's mean points (seat against its best rival) over ``rollouts`` paired
    play-outs from the true position."""
    game = state.game
    totals = [0.0] * len(moves)
    for number in range(rollouts):
        base = _shuffled_stock(state, random.Random(derive_seed(seed, "stock", number)))
        for index, move in enumerate(moves):
            world = base.clone()
            world.apply_unchecked(move)
            agents = [game.agent("hard" if s == seat else "normal", s,
                                 derive_seed(seed, "play", number, s))
                      for s in range(game.players)]
            while world.result is None:
                player = world.current_player
                legal = world.legal_actions()
                action = legal[0] if len(legal) == 1 else agents[player].choose(
                    world.view(player), legal)
                world.apply_unchecked(action)
            totals[index] += relative_score(world.result.payoffs, seat)
    return [total / rollouts for total in totals]


def main(argv: Sequence[str] | None = None) -> None:
    """Judge the deviations and print the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="gin2", choices=sorted(SETUPS))
    parser.add_argument("--agent", default="expert")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--rollouts", type=int, default=40)
    parser.add_argument("--param", action="append", default=[])
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    params = parse_params(args.param)
    name, players, seats, _ = SETUPS[args.game]
    game = cardkit.load_game(name, players=players)
    searched = 0
    gains: list[float] = []
    by_phase: dict[str, list[float]] = {}
    deal = 0
    while searched < args.positions:
        seed = derive_seed(args.seed, "decisions", deal)
        seat = seats[deal % len(seats)]
        deal += 1
        state = game.new_hand(seed=seed)
        agents = [game.agent("normal", s, seed) for s in range(players)]
        agents[seat] = game.agent("hard", seat, seed)
        searcher = game.agent(args.agent, seat, seed, **params)
        while not state.is_over and searched < args.positions:
            player = state.current_player
            assert player is not None
            legal = state.legal_actions()
            if player == seat and len(legal) > 1:
                searched += 1
                usual, _ = choose_action(agents[seat], state, seat)
                found, _ = choose_action(searcher, state, seat)
                if found != usual:
                    theirs, ours = judge(state, seat, [usual, found], args.rollouts,
                                         derive_seed(seed, "judge", searched))
                    gains.append(ours - theirs)
                    by_phase.setdefault(f"{state.phase} ({found.kind})", []).append(
                        ours - theirs)
                action = usual
            else:
                action, _ = choose_action(agents[player], state, player)
            state.apply_unchecked(action)
        if searched and deal % 10 == 0:
            print(f"  {searched} decisions, {len(gains)} deviations", file=sys.stderr,
                  flush=True)
    per_deviation = interval(gains) if len(gains) > 1 else (math.nan, math.nan)
    per_decision = interval(gains + [0.0] * (searched - len(gains)))
    print(f"{args.agent} {params or ''} on {args.game}: {searched} decisions, {len(gains)} "
          f"deviations from hard ({len(gains) / searched:.1%}); gain per deviation "
          f"{per_deviation[0]:+.2f} ± {per_deviation[1]:.2f}, per decision "
          f"{per_decision[0]:+.3f} ± {per_decision[1]:.3f} points")
    for phase, values in sorted(by_phase.items()):
        mean, half = interval(values) if len(values) > 1 else (values[0], math.inf)
        print(f"  {phase}: {len(values)} deviations, {mean:+.2f} ± {half:.2f}")


if __name__ == "__main__":
    main()
