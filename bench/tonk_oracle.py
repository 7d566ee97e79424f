"""How much skill two-player Tonk's default rules leave: players that *see the opponent's hand*
against ``normal``, on duplicate deals.

A benchmark only: these oracles read the true state, so they are never agents, never offered to
play and never registered with the game. What they win bounds from below what knowing the hidden
hand is worth, and so shows how far a fair player (which must guess that hand) could get:

- ``drop``: ``hard``'s play, except that it drops exactly when its count is strictly below the
  opponent's true count (a drop that cannot be caught, never one that can), the decision that
  ends 93 % of greedy hands;
- ``search``: at every decision with a choice, every legal move played out ``--rollouts`` times
  on the true hands with only the stock shuffled again (``hard`` for the oracle's seat,
  ``normal`` for the opponent), the move of best mean stakes played; its drops as ``drop``'s.
  Only the order of the stock, which nobody can know, stays hidden.

    python -m bench.tonk_oracle --oracle drop --deals 6000
    python -m bench.tonk_oracle --oracle search --deals 300 --rollouts 24
    python -m bench.tonk_oracle --calibration 400

``--calibration N`` asks instead how well a fair player can know what the ``drop`` oracle
knows: at every start of ``hard`` (against ``normal``, N deals) where it may drop, the chance of
being strictly lowest as ``hard``'s count model gives it, as the share of 40 worlds sampled by
the game's belief, and as the share of 40 uniform re-deals, each scored against the truth
(Brier score and log loss; a constant at the base rate scores ``rate·(1 − rate)``).

Each deal is played with the oracle in each seat and, on the same deals, with ``hard`` in its
place: the rows give stakes a hand over ``normal`` (the seat's payoff; against the rival it is
twice that, Tonk being zero-sum between two players) with the 95 % interval over deals, the
share of hands won, and the paired difference from ``hard``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable, Sequence

import cardkit
from cardkit.agents import choose_action
from cardkit.engine.capabilities import Belief
from cardkit.services.search.sampler import Sampler
from cardkit.values.actions import Action
from cardkit.values.deck import derive_seed

#: (state, seat, legal) -> move, reading the true state
Oracle = Callable[[cardkit.State, int, Sequence[Action]], Action]


def _counts(state: cardkit.State) -> list[int]:
    return list(state.counts())  # type: ignore[attr-defined]


def drop_oracle(game: cardkit.Game, seat: int, seed: int, rollouts: int) -> Oracle:
    """``hard`` with drops by the true counts (see the module docstring)."""
    hard = game.agent("hard", seat, seed)

    def choose(state: cardkit.State, me: int, legal: Sequence[Action]) -> Action:
        drops = [a for a in legal if a.kind == "drop"]
        if drops:
            counts = _counts(state)
            if counts[me] < min(c for s, c in enumerate(counts) if s != me):
                return drops[0]
            legal = [a for a in legal if a.kind != "drop"]
            if len(legal) == 1:
                return legal[0]
        return hard.choose(state.view(me), legal)

    return choose


def search_oracle(game: cardkit.Game, seat: int, seed: int, rollouts: int) -> Oracle:
    """Play-outs on the true hands (see the module docstring)."""
    rng = random.Random(seed)
    drop = drop_oracle(game, seat, seed, rollouts)
    policies = [game.agent("hard" if s == seat else "normal", s, derive_seed(seed, "po", s))
                for s in range(game.players)]

    def value(state: cardkit.State, move: Action) -> float:
        total = 0.0
        for _ in range(rollouts):
            world = state.clone()
            rng.shuffle(world.stock)  # type: ignore[attr-defined]
            world.quiet = True
            world.apply_unchecked(move)
            while world.result is None:
                player = world.current_player
                assert player is not None
                options = world.legal_actions()
                world.apply_unchecked(options[0] if len(options) == 1 else
                                      policies[player].choose_in(world, player, options))
            total += world.result.payoffs[seat]
        return total / rollouts

    def choose(state: cardkit.State, me: int, legal: Sequence[Action]) -> Action:
        if any(a.kind == "drop" for a in legal):
            move = drop(state, me, legal)
            if move.kind == "drop":
                return move
            legal = [a for a in legal if a.kind != "drop"]
        if len(legal) == 1:
            return legal[0]
        return max(legal, key=lambda a: value(state, a))

    return choose


ORACLES = {"drop": drop_oracle, "search": search_oracle}


def play(game: cardkit.Game, deal: int, seat: int, tested: str, rollouts: int
         ) -> tuple[float, bool]:
    """One hand of ``deal`` with ``tested`` (an oracle's name or ``hard``) in ``seat``."""
    seed = derive_seed(2026, "tonk-oracle", deal)
    agents = [game.agent("normal", s, derive_seed(seed, "seat", s)) for s in range(2)]
    oracle = ORACLES[tested](game, seat, derive_seed(seed, "tested"), rollouts) \
        if tested in ORACLES else None
    hard = game.agent(tested, seat, derive_seed(seed, "tested")) if oracle is None else None
    state = game.new_hand(seed=seed)
    while state.result is None:
        current = state.current_player
        assert current is not None
        legal = state.legal_actions()
        if current == seat and len(legal) > 1:
            move = oracle(state, seat, legal) if oracle is not None else \
                choose_action(hard, state, seat)[0]  # type: ignore[arg-type]
        else:
            move = legal[0] if len(legal) == 1 else choose_action(agents[current], state,
                                                                  current)[0]
        state.apply_unchecked(move)
    return float(state.result.payoffs[seat]), seat in state.result.winners


def calibration(deals: int) -> str:
    """The ``--calibration`` table (see the module docstring)."""
    game = cardkit.load_game("tonk", players=2)
    capability = game.definition.capability(Belief)
    assert capability is not None
    rows: dict[str, list[tuple[float, bool]]] = {"count model": [], "belief": [], "uniform": []}
    for deal in range(deals):
        seed = derive_seed(2026, "tonk-calibration", deal)
        seat = deal % 2
        agents = [game.agent("hard" if s == seat else "normal", s, seed) for s in range(2)]
        state = game.new_hand(seed=seed)
        while state.result is None:
            current = state.current_player
            assert current is not None
            legal = state.legal_actions()
            if current == seat and state.phase == "start" and any(a.kind == "drop"
                                                                  for a in legal):
                counts = _counts(state)
                truth = counts[seat] < counts[1 - seat]
                view = state.view(seat)
                rows["count model"].append((agents[seat].start_base(view)[1], truth))
                rng = random.Random(deal)
                for name, build in (("belief", capability.build), ("uniform", None)):
                    sampler = Sampler(state, seat, rng, belief=build)
                    lower = 0
                    for _ in range(40):
                        world = _counts(sampler.sample())
                        lower += world[seat] < world[1 - seat]
                    rows[name].append((lower / 40, truth))
            state.apply_unchecked(choose_action(agents[current], state, current)[0])
    lines = ["| chance of being lowest from | starts | Brier | log loss | constant's Brier |",
             "|---|---|---|---|---|"]
    for name, found in rows.items():
        rate = sum(t for _, t in found) / len(found)
        brier = sum((p - t) ** 2 for p, t in found) / len(found)
        loss = -sum(math.log(max(1e-3, p if t else 1 - p)) for p, t in found) / len(found)
        lines.append(f"| {name} | {len(found)} | {brier:.4f} | {loss:.4f} | "
                     f"{rate * (1 - rate):.4f} |")
    return "\n".join(lines)


def _interval(values: Sequence[float]) -> tuple[float, float]:
    mean = sum(values) / len(values)
    variance = sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1)
    return mean, 1.96 * math.sqrt(variance / len(values))


def main(argv: Sequence[str] | None = None) -> None:
    """Play the deals and print the rows."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--oracle", choices=sorted(ORACLES), default="drop")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--rollouts", type=int, default=24)
    parser.add_argument("--calibration", type=int, default=0, metavar="DEALS")
    args = parser.parse_args(argv)
    if args.calibration:
        print(calibration(args.calibration))
        return
    game = cardkit.load_game("tonk", players=2)
    per_deal: dict[str, list[float]] = {args.oracle: [], "hard": []}
    won = {args.oracle: 0, "hard": 0}
    for deal in range(args.deals):
        for name in per_deal:
            total = 0.0
            for seat in (0, 1):
                payoff, win = play(game, deal, seat, name, args.rollouts)
                total += payoff
                won[name] += win
            per_deal[name].append(total / 2)
        if (deal + 1) % max(1, args.deals // 10) == 0:
            mean, half = _interval(per_deal[args.oracle])
            print(f"  after {deal + 1}: {args.oracle} {mean:+.3f} ± {half:.3f}", file=sys.stderr,
                  flush=True)
    hands = 2 * args.deals
    print("| player | deals | stakes a hand over normal (95 %) | share won | minus hard |")
    print("|---|---|---|---|---|")
    for name, values in per_deal.items():
        mean, half = _interval(values)
        diff = [a - b for a, b in zip(values, per_deal["hard"], strict=True)]
        dmean, dhalf = _interval(diff)
        share = won[name] / hands
        print(f"| {name} | {args.deals} | {mean:+.3f} ± {half:.3f} | {share:.1%} ± "
              f"{1.96 * math.sqrt(share * (1 - share) / hands):.1%} | "
              f"{'' if name == 'hard' else f'{dmean:+.3f} ± {dhalf:.3f}'} |")


if __name__ == "__main__":
    main()
