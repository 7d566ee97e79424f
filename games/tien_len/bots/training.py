"""Fitting the move model of Tiến Lên's ``hard`` agent (:mod:`cardkit_games.tien_len.bots.policy`)
by play-outs, in rounds of policy iteration.

The trainer is the referee: it deals the games and values moves on the true state; the model
reads only the features of the seat's view, so what it learns is the mean value given what the
seat could see. In each round the agent with the current weights plays against greedy opponents
(its seat rotating from game to game). At each of its decisions with a choice (and no play that
goes out), it takes the base agent's move, the pass when it may pass and up to ``candidates`` others
drawn at random, and plays each out to the end of the game on the true cards (the play-out is
deterministic: no card is left to chance), the seat with the current policy (``rollout`` =
``"current"``) or the base agent (greedy leading from the bottom), the others greedy. A
move's value is the seat's place points. Least squares (a small ridge) fits each move's value
less its decision's mean to the move's features.

The fitted model then plays the base agent's games of other deals (:func:`deviations`): where
its favourite move is not the base agent's, both are played out, and the *margin* is the
advantage the model must see before it leaves the base move that gained most there
(:func:`best_margin`). A linear model's favourite among many moves is the one it overrates
most, so without a margin it trades many sound base moves for small predicted gains.

Everything is seeded from ``seed``, so a run is reproducible. numpy is imported here only.
Run it with ``python -m cardkit_games.tien_len.bots.training`` (one process, one core; the full
budget, 4 players, about 7 minutes: well within the hour the project allows a training run); it
writes :mod:`cardkit_games.tien_len.bots.weights`::

    python -m cardkit_games.tien_len.bots.training                 # 4 players, the full budget
    python -m cardkit_games.tien_len.bots.training --players 4 --games 300 --margin-games 100 \\
        --dry-run
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

from cardkit_games.tien_len.bots.agents import GreedyAgent
from cardkit_games.tien_len.bots.policy import MOVE_FEATURES, HardAgent, untrained_weights
from cardkit_games.tien_len.bots.weights import TABLES

from cardkit.agents import Agent, choose_action
from cardkit.deck import derive_seed
from cardkit.game import Game
from cardkit.registry import load_game
from cardkit.search import duplicate_gain as generic_duplicate_gain
from cardkit.search import play_to_end, ridge_solve, write_tables

__all__ = ["Budget", "best_margin", "decision_gain", "default_budget", "deviations",
           "duplicate_gain", "main", "policy_round", "train", "write_weights"]

Weights = dict[str, tuple[float, ...]]
RIDGE = 1.0


class Budget:
    """How much one run plays: ``rounds`` rounds of ``games`` games each, with up to
    ``candidates`` moves besides the base agent's and the pass valued at each decision;
    ``rollout`` says who plays the seat in the play-outs: the ``"current"`` weights or the
    ``"base"`` agent (:class:`~.policy.BaseAgent`); the margin is fitted on
    the :func:`deviations` of ``margin_games`` further games (0: no margin)."""

    def __init__(self, rounds: int = 2, games: int = 2_000, candidates: int = 5,
                 rollout: str = "base", margin_games: int = 0) -> None:
        self.rounds = rounds
        self.games = games
        self.candidates = candidates
        self.rollout = rollout
        self.margin_games = margin_games


def default_budget(players: int) -> Budget:
    """The full run's budget for ``players`` (about 7 minutes of a shared core for four)."""
    return Budget(rounds=1, games=4_000, candidates=6, margin_games=2_000)


def policy_round(game: Game, weights: Weights, budget: Budget, seed: int,
                 data: list[tuple[list[list[float]], list[float]]] | None = None) -> Weights:
    """One round: play-outs of the current policy's decisions, and the refit model. ``data``
    (decisions as (features per move, values)) is extended and refit whole when given, so
    rounds can pool their play-outs."""
    players = game.players
    base = untrained_weights()
    pooled = data if data is not None else []
    rng = random.Random(derive_seed(seed, "candidates"))
    for number in range(budget.games):
        deal = derive_seed(seed, "game", number)
        me = number % players

        def make(me: int = me, deal: int = deal, current: bool = True) -> list[Agent]:
            return [HardAgent(game, s, deal, weights=weights if current else base)
                    if s == me else GreedyAgent(game, s, deal) for s in range(players)]

        agents = make()
        hard = agents[me]
        assert isinstance(hard, HardAgent)
        rollout_current = budget.rollout == "current"
        state = game.new_hand(seed=deal)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            if seat == me and len(legal) > 1:
                view = state.view(seat)
                if not any(a.kind == "play" and len(a.cards) == len(view.hand) for a in legal):
                    greedy = hard.greedy.choose(view, legal)
                    moves = [greedy] + [a for a in legal if a.kind == "pass" and a != greedy]
                    rest = [a for a in legal if a not in moves]
                    moves += rng.sample(rest, min(budget.candidates, len(rest)))
                    values = []
                    for move in moves:
                        copy = state.clone()
                        copy.apply_unchecked(move)
                        play_to_end(copy, make(current=rollout_current))
                        assert copy.result is not None
                        values.append(float(copy.result.payoffs[me]))
                    pooled.append((hard.options(view, moves), values))
            action, _ = choose_action(agents[seat], state, seat)
            state.apply_unchecked(action)
    rows: list[list[float]] = []
    targets: list[float] = []
    for features, values in pooled:
        mean_value = sum(values) / len(values)
        width = len(features[0])
        mean_row = [sum(row[i] for row in features) / len(features) for i in range(width)]
        for row, value in zip(features, values, strict=True):
            rows.append([x - m for x, m in zip(row, mean_row, strict=True)])
            targets.append(value - mean_value)
    new = dict(weights)
    if rows:
        new["move"] = ridge_solve(rows, targets, RIDGE)
    return new


def duplicate_gain(game: Game, weights: Weights, deals: int, seed: int
                   ) -> tuple[float, float, float]:
    """Against greedy opponents on ``deals`` duplicate deals (the agent at every seat in turn):
    the mean place points a game, its 95 % half-width and the share of first places."""
    return generic_duplicate_gain(
        game, lambda game, seat, seed: HardAgent(game, seat, seed, weights=weights),
        GreedyAgent, deals, seed)


def deviations(game: Game, weights: Weights, games: int, seed: int
               ) -> tuple[list[tuple[float, float]], int]:
    """Where the model would leave the base agent, and what that is worth: the base agent plays
    ``games`` games against greedy (its seat rotating); at each of its decisions with a choice
    where the model's favourite move (margin aside) is another, both moves are played out on
    the true cards (the seat by the base agent after it, the others greedy). Returns the
    (model's advantage, true gain in place points) of each such decision, and the number of
    decisions with a choice."""
    players = game.players
    base = untrained_weights()
    found: list[tuple[float, float]] = []
    decisions = 0
    for number in range(games):
        deal = derive_seed(seed, "decision", number)
        me = number % players

        def make(deal: int = deal, me: int = me) -> list[Agent]:
            return [HardAgent(game, s, deal, weights=base) if s == me
                    else GreedyAgent(game, s, deal) for s in range(players)]

        agents = make()
        tested = HardAgent(game, me, deal, weights=weights)
        state = game.new_hand(seed=deal)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            if seat == me and len(legal) > 1:
                decisions += 1
                view = state.view(seat)
                chosen, best, advantage = tested.advantage(view, legal)
                goes_out = any(a.kind == "play" and len(a.cards) == len(view.hand)
                               for a in legal)
                if best != chosen and not goes_out:
                    values = []
                    for move in (best, chosen):
                        copy = state.clone()
                        copy.apply_unchecked(move)
                        play_to_end(copy, make())
                        assert copy.result is not None
                        values.append(float(copy.result.payoffs[me]))
                    found.append((advantage, values[0] - values[1]))
            action, _ = choose_action(agents[seat], state, seat)
            state.apply_unchecked(action)
    return found, decisions


def best_margin(found: Sequence[tuple[float, float]]) -> float:
    """The margin that gains most over ``found`` (:func:`deviations`): the model's move is
    played where its advantage exceeds the margin. When no margin gains anything, one above
    every advantage (the base agent's play)."""
    ordered = sorted(found, reverse=True)
    best_total, margin = 0.0, (ordered[0][0] + 1.0 if ordered else 0.0)
    total = 0.0
    for number, (advantage, gain) in enumerate(ordered):
        total += gain
        following = ordered[number + 1][0] if number + 1 < len(ordered) else advantage - 1.0
        if total > best_total and following < advantage:
            # halfway to the next advantage, so the margin does not sit on a sample
            best_total, margin = total, (advantage + following) / 2
    return round(margin, 6)


def decision_gain(game: Game, weights: Weights, games: int, seed: int
                  ) -> tuple[float, float, int]:
    """How much better ``weights`` choose than the untrained start (the base agent), decision by
    decision, on :func:`deviations`: the gain where the agent (margin included) plays another
    move than the base agent's, 0 where they agree. Returns the mean gain a decision, its 95 %
    half-width and the number of decisions where they differ."""
    found, decisions = deviations(game, weights, games, seed)
    margin = float(weights.get("margin", (0.0,))[0])
    changed = [gain for advantage, gain in found if advantage > margin]
    gains = changed + [0.0] * (decisions - len(changed))
    if not gains:
        return 0.0, 0.0, 0
    mean = sum(gains) / len(gains)
    variance = sum((g - mean) ** 2 for g in gains) / max(1, len(gains) - 1)
    return mean, 1.96 * math.sqrt(variance / len(gains)), len(changed)


def train(players: int = 4, seed: int = 2026, budget: Budget | None = None,
          log: Callable[[str], None] | None = None,
          options: Mapping[str, Any] | None = None) -> Weights:
    """A full run for ``players`` from ``seed``: ``budget.rounds`` rounds, pooling their
    play-outs. ``log`` receives a line per round."""
    budget = budget or Budget()
    game = load_game("tien-len", players=players, **dict(options or {}))
    say = log or (lambda line: None)
    started = time.perf_counter()
    weights = untrained_weights()
    data: list[tuple[list[list[float]], list[float]]] = []
    for number in range(budget.rounds):
        weights = policy_round(game, weights, budget, derive_seed(seed, "round", number), data)
        say(f"{players} players: round {number + 1} of {budget.rounds}, {len(data)} decisions "
            f"({time.perf_counter() - started:.0f} s)")
    weights["margin"] = (0.0,)
    if budget.margin_games:
        found, _ = deviations(game, weights, budget.margin_games, derive_seed(seed, "margin"))
        weights["margin"] = (best_margin(found),)
        say(f"{players} players: margin {weights['margin'][0]} from {len(found)} changed "
            f"decisions ({time.perf_counter() - started:.0f} s)")
    return weights


def write_weights(tables: Mapping[int, Weights], path: Path) -> None:
    """Write ``tables`` (players -> weights) as the source of
    :mod:`cardkit_games.tien_len.bots.weights`, keeping its docstring."""
    write_tables(tables, ("move", "margin"), path, "Tiến Lên hard weights.")


assert len(MOVE_FEATURES) == len(untrained_weights()["move"])


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments, train, measure against greedy, write the weights."""
    parser = argparse.ArgumentParser(description="Train the weights of Tiến Lên's hard agent.")
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
        budget = default_budget(players)
        for name in ("rounds", "games", "candidates", "rollout", "margin_games"):
            if getattr(args, name) is not None:
                setattr(budget, name, getattr(args, name))
        weights = train(players, args.seed, budget,
                        log=lambda line: print(line, file=sys.stderr, flush=True))
        if args.measure:
            game = load_game("tien-len", players=players)
            gain, half, firsts = duplicate_gain(game, weights, args.measure, args.seed + 1)
            print(f"{players} players: {gain:.3f} ± {half:.3f} place points a game against "
                  f"greedy, {firsts:.1%} first places ({args.measure} duplicate deals)",
                  flush=True)
        tables[players] = weights
    if not args.dry_run:
        write_weights(tables, Path(__file__).with_name("weights.py"))


if __name__ == "__main__":
    main()
