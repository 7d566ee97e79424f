"""Fitting the weights of Tonk's ``hard`` agent (:mod:`~cardkit_games.tonk.bots.policy`) by
play-outs.

The trainer is the referee: it deals the hands and reads the true state to make the *labels*;
the models it fits read only the features of the seat's view, so what they learn is the mean
label given what the seat could see.

1. **Count model.** In greedy self-play, at every start of a turn, each other hand's
   :func:`~cardkit_games.tonk.bots.policy.count_features` against its true count: least squares for
   the mean, and least squares of the squared residuals for the variance.
2. **Decisions, by policy iteration.** The agent with the current weights plays against greedy
   opponents. At each of its starts with a choice (drop, stock, the pile's top) and each discard
   with a choice, every move is valued on the true state: a drop by its settlement, every other
   move by ``rollouts`` play-outs to the end of the hand, the stock shuffled again for each (it is
   hidden from everybody, so a shuffle is another deal of the same situation), the seat playing on
   with the current weights and the others with greedy; the moves of one decision share their
   shuffles (paired). Least squares (a small ridge) then fits the drop's and the take's gain
   over a stock draw, and each discard's value less the decision's mean, to the features. The
   new weights play the next round's hands and play-outs.

Everything is seeded from ``seed`` (the deals, the shuffles), so a run is reproducible. numpy is
imported here only (the agent itself is pure Python). Run it, one process on one core (the full
run stays within the hour the project allows a training run), to write
:mod:`cardkit_games.tonk.bots.weights`::

    python -m cardkit_games.tonk.bots.training          # 2, 3 and 4 players, the full budget
    python -m cardkit_games.tonk.bots.training --players 2 --rounds 1 --start-hands 500 --dry-run
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from cardkit_games.tonk.bots.agents import GreedyAgent
from cardkit_games.tonk.bots.policy import (
    MODELS,
    HardAgent,
    HistoryReader,
    _pool_mean,
    count_features,
    untrained_weights,
)
from cardkit_games.tonk.bots.weights import TABLES

from cardkit.agents import Agent, choose_action
from cardkit.deck import derive_seed
from cardkit.game import Game
from cardkit.registry import load_game
from cardkit.search import duplicate_gain as generic_duplicate_gain
from cardkit.search import play_to_end, ridge_solve, write_tables
from cardkit.state import State

__all__ = ["Budget", "decision_gain", "default_budget", "duplicate_gain", "fit_counts",
           "main", "policy_round", "train", "write_weights"]

Weights = dict[str, tuple[float, ...]]
#: The ridge added to the normal equations (features are of order 1; this only steadies
#: directions the data hardly visits).
RIDGE = 1.0


class Budget:
    """How much one training run plays: ``count_hands`` self-play hands for the count model;
    ``rounds`` rounds of policy iteration, each on ``start_hands`` hands for the start
    decisions and ``discard_hands`` for the discards, with ``rollouts`` play-outs per move."""

    def __init__(self, count_hands: int = 20_000, rounds: int = 2, start_hands: int = 6_000,
                 discard_hands: int = 3_000, rollouts: int = 8) -> None:
        self.count_hands = count_hands
        self.rounds = rounds
        self.start_hands = start_hands
        self.discard_hands = discard_hands
        self.rollouts = rollouts


def default_budget(players: int) -> Budget:
    """The full run's budget for ``players``: two rounds heads-up (about 11 minutes of one
    core), one smaller round for three and four players (their hands are longer)."""
    if players == 2:
        return Budget()
    return Budget(count_hands=10_000, rounds=1, start_hands=2_500, discard_hands=1_500,
                  rollouts=6)


def _deck_mask(game: Game) -> int:
    mask = 0
    for card in game.deck_spec.cards:
        mask |= card.mask
    return mask


# ----- 1. the count model ------------------------------------------------------------------------

def fit_counts(game: Game, hands: int, seed: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The count model's mean and variance weights from ``hands`` greedy self-play hands."""
    deck = _deck_mask(game)
    rows: list[list[float]] = []
    counts: list[float] = []
    for hand in range(hands):
        deal = derive_seed(seed, "count", hand)
        agents = [GreedyAgent(game, seat, deal) for seat in range(game.players)]
        readers = [HistoryReader(game.options, agents[0].values, deck)
                   for _ in range(game.players)]
        state = game.new_hand(seed=deal)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            if view.phase == "start":
                reading = readers[seat].read_view(view)
                pool = _pool_mean(reading, deck, agents[0].values, readers[seat].sums)
                for other, record in enumerate(reading.seats):
                    if other != seat and view.hand_sizes[other]:
                        rows.append(count_features(record, pool, agents[0].values))
                        counts.append(state.count_of(state.hands[other]))  # type: ignore[attr-defined]
            action, _ = choose_action(agents[seat], state, seat)
            state.apply_unchecked(action)
    mean = ridge_solve(rows, counts, RIDGE)
    residuals = [(c - sum(w * x for w, x in zip(mean, row, strict=True))) ** 2
                 for row, c in zip(rows, counts, strict=True)]
    return mean, ridge_solve(rows, residuals, RIDGE)


# ----- 2. the decisions --------------------------------------------------------------------------

def _values(state: State, seat: int, moves: Sequence[Any], make: Callable[[], list[Agent]],
            shuffles: Sequence[int]) -> list[float]:
    """Each move's mean payoff for ``seat`` over the paired play-outs (a drop is settled at
    once: no play-out needed)."""
    values = []
    for move in moves:
        if move.kind == "drop":
            copy = state.clone()
            copy.apply_unchecked(move)
            assert copy.result is not None
            values.append(float(copy.result.payoffs[seat]))
            continue
        total = 0.0
        for shuffle in shuffles:
            copy = state.clone()
            random.Random(shuffle).shuffle(copy.stock)  # type: ignore[attr-defined]
            copy.apply_unchecked(move)
            play_to_end(copy, make())
            assert copy.result is not None
            total += copy.result.payoffs[seat]
        values.append(total / len(shuffles))
    return values


def policy_round(game: Game, weights: Weights, budget: Budget, seed: int) -> Weights:
    """One round of policy iteration from ``weights``: the drop, take and discard models refit
    on play-outs of the current policy (the count model is kept)."""
    players = game.players
    drop_rows: list[list[float]] = []
    drop_gain: list[float] = []
    take_rows: list[list[float]] = []
    take_gain: list[float] = []
    discard_rows: list[list[float]] = []
    discard_value: list[float] = []
    rng = random.Random(derive_seed(seed, "shuffles"))
    for kind, hands in (("start", budget.start_hands), ("discard", budget.discard_hands)):
        for hand in range(hands):
            deal = derive_seed(seed, kind, hand)
            me = hand % players

            def make(me: int = me, deal: int = deal) -> list[Agent]:
                return [HardAgent(game, s, deal, weights=weights) if s == me
                        else GreedyAgent(game, s, deal) for s in range(players)]

            agents = make()
            hard = agents[me]
            assert isinstance(hard, HardAgent)
            state = game.new_hand(seed=deal)
            while not state.is_over:
                seat = state.current_player
                assert seat is not None
                legal = state.legal_actions()
                if seat == me and len(legal) > 1:
                    view = state.view(seat)
                    shuffles = [rng.getrandbits(32) for _ in range(budget.rollouts)]
                    if kind == "start" and view.phase == "start":
                        moves = [a for a in legal if a.kind in ("drop", "draw")]
                        stock = [a for a in moves if a.kind == "draw" and a.option == "stock"]
                        if len(moves) > 1 and stock:
                            values = _values(state, seat, moves, make, shuffles)
                            base_value = values[moves.index(stock[0])]
                            base = hard.start_base(view)
                            for move, value in zip(moves, values, strict=True):
                                if move.kind == "drop":
                                    drop_rows.append(base)
                                    drop_gain.append(value - base_value)
                                elif move.option == "discard" and view.discard_top is not None:
                                    take_rows.append(hard._take(view, base, view.discard_top))
                                    take_gain.append(value - base_value)
                    elif kind == "discard" and view.phase == "play":
                        greedy = hard.greedy.choose(view, legal)
                        moves = [a for a in legal if a.kind == "discard"
                                 and not a.cards[0].is_joker]
                        if greedy.kind == "discard" and len(moves) > 1:
                            values = _values(state, seat, moves, make, shuffles)
                            features = hard.discard_options(view, moves)
                            mean_value = sum(values) / len(values)
                            width = len(features[0])
                            mean_row = [sum(row[i] for row in features) / len(features)
                                        for i in range(width)]
                            for row, value in zip(features, values, strict=True):
                                discard_rows.append([x - m for x, m in
                                                     zip(row, mean_row, strict=True)])
                                discard_value.append(value - mean_value)
                action, _ = choose_action(agents[seat], state, seat)
                state.apply_unchecked(action)
    new = dict(weights)
    if drop_rows:
        new["drop"] = ridge_solve(drop_rows, drop_gain, RIDGE)
    if take_rows:
        new["take"] = ridge_solve(take_rows, take_gain, RIDGE)
    if discard_rows:
        new["discard"] = ridge_solve(discard_rows, discard_value, RIDGE)
    return new


# ----- measuring and the whole run ---------------------------------------------------------------

def duplicate_gain(game: Game, weights: Weights, deals: int, seed: int) -> tuple[float, float]:
    """The agent's mean payoff a hand against greedy opponents on ``deals`` duplicate deals
    (each played once with the agent in every seat) and its 95 % half-width."""
    mean, half, _ = generic_duplicate_gain(
        game, lambda game, seat, seed: HardAgent(game, seat, seed, weights=weights),
        GreedyAgent, deals, seed)
    return mean, half


def decision_gain(game: Game, weights: Weights, hands: int, seed: int,
                  rollouts: int = 8) -> tuple[float, float, int]:
    """How much better ``weights`` choose than the untrained start (the greedy agent), decision
    by decision: greedy plays ``hands`` hands against greedy; at each start and discard of the
    tested seat with a choice, every legal move is valued by paired play-outs on the true state
    (as in training, all seats greedy after it), and the value of the move ``weights`` pick is
    compared with the value of greedy's. Returns the mean gain a decision, its 95 % half-width
    and the number of decisions where the two differ (the others gain 0)."""
    players = game.players
    rng = random.Random(derive_seed(seed, "decision shuffles"))
    gains: list[float] = []
    for hand in range(hands):
        deal = derive_seed(seed, "decision", hand)
        me = hand % players

        def make(deal: int = deal) -> list[Agent]:
            return [GreedyAgent(game, s, deal) for s in range(players)]

        agents = make()
        state = game.new_hand(seed=deal)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            if seat == me and len(legal) > 1 and state.view(seat).phase in ("start", "play"):
                view = state.view(seat)
                greedy = agents[seat].choose(view, legal)
                trained = HardAgent(game, seat, deal, weights=weights).choose(view, legal)
                gain = 0.0
                if trained != greedy:
                    shuffles = [rng.getrandbits(32) for _ in range(rollouts)]
                    values = _values(state, seat, [trained, greedy], make, shuffles)
                    gain = values[0] - values[1]
                gains.append(gain)
            action, _ = choose_action(agents[seat], state, seat)
            state.apply_unchecked(action)
    mean = sum(gains) / len(gains)
    variance = sum((g - mean) ** 2 for g in gains) / max(1, len(gains) - 1)
    return mean, 1.96 * math.sqrt(variance / len(gains)), sum(1 for g in gains if g)


def train(players: int = 2, seed: int = 2026, budget: Budget | None = None,
          log: Callable[[str], None] | None = None,
          options: Mapping[str, Any] | None = None) -> Weights:
    """A full training run for ``players`` from ``seed``: the count model, then the rounds of
    policy iteration. ``log`` receives a line per stage (with the time it took)."""
    budget = budget or Budget()
    game = load_game("tonk", players=players, **dict(options or {}))
    say = log or (lambda line: None)
    started = time.perf_counter()
    weights = untrained_weights()
    weights["count_mean"], weights["count_variance"] = fit_counts(
        game, budget.count_hands, derive_seed(seed, "counts"))
    say(f"{players} players: count model from {budget.count_hands} hands "
        f"({time.perf_counter() - started:.0f} s)")
    for round_number in range(budget.rounds):
        weights = policy_round(game, weights, budget, derive_seed(seed, "round", round_number))
        say(f"{players} players: round {round_number + 1} of {budget.rounds} "
            f"({time.perf_counter() - started:.0f} s)")
    return weights


def write_weights(tables: Mapping[int, Weights], path: Path) -> None:
    """Write ``tables`` (players -> weights) as the source of
    :mod:`cardkit_games.tonk.bots.weights`, keeping the module's docstring."""
    write_tables(tables, tuple(MODELS), path, "Tonk hard weights.")


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments, train, measure against greedy, write the weights (see the module's
    docstring)."""
    parser = argparse.ArgumentParser(description="Train the weights of Tonk's hard agent.")
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
        budget = default_budget(players)
        for name in ("count_hands", "rounds", "start_hands", "discard_hands", "rollouts"):
            if getattr(args, name) is not None:
                setattr(budget, name, getattr(args, name))
        weights = train(players, args.seed, budget,
                        log=lambda line: print(line, file=sys.stderr, flush=True))
        if args.measure:
            game = load_game("tonk", players=players)
            gain, half = duplicate_gain(game, weights, args.measure, args.seed + 1)
            print(f"{players} players: {gain:+.3f} ± {half:.3f} stakes a hand against greedy "
                  f"({args.measure} duplicate deals)", flush=True)
        tables[players] = weights
    if not args.dry_run:
        write_weights(tables, Path(__file__).with_name("weights.py"))


if __name__ == "__main__":
    main()
