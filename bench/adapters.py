"""Benchmark the research adapters: environment steps per second.

Usage: ``python -m bench.adapters [--seconds S] [--seed N]``.

For every installed game at each player count, steps per second of the PettingZoo AEC
environment (``cardkit.adapters.pettingzoo.env``) driven the PettingZoo way: ``last()``
(observation and action mask of the agent to move), then ``step`` with a uniformly random
action from the mask, ``reset`` when the hand ends. Gin rummy is also timed beside
PettingZoo's own ``gin_rummy_v4`` (RLCard's engine) with the same loop in the same run, and
the ratio printed. Also the Gymnasium environment (against random opponents: one step is one
of our seat's moves, the opponents' moves included) and the OpenSpiel adapter (random moves
on the Python game, the deal's chance moves included).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

import cardkit
from cardkit.engine.registry import game_definition


def aec_steps_per_second(table: Any, seconds: float, seed: int) -> float:
    """Steps per second of an AEC environment with random legal actions."""
    rng = np.random.default_rng(seed)
    table.reset(seed=seed)
    for _ in table.agent_iter(max_iter=200):  # warm up: tables built on first use
        observation, _, termination, truncation, _ = table.last()
        legal = np.flatnonzero(observation["action_mask"])
        table.step(None if termination or truncation else int(legal[0]))
    table.reset(seed=seed)
    steps = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation:
            table.reset()
            continue
        legal = np.flatnonzero(observation["action_mask"])
        table.step(int(legal[rng.integers(len(legal))]))
        steps += 1
    return steps / (time.perf_counter() - started)


def gym_steps_per_second(name: str, players: int, seconds: float, seed: int) -> float:
    """Steps per second of the Gymnasium environment against random opponents."""
    from cardkit.frontends.adapters.gymnasium import make_env

    env = make_env(name, players=players, opponents="random")
    rng = np.random.default_rng(seed)
    observation, _ = env.reset(seed=seed)
    steps = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        legal = np.flatnonzero(observation["action_mask"])
        action = int(legal[rng.integers(len(legal))]) if len(legal) else 0
        observation, _, terminated, truncated, _ = env.step(action)
        steps += 1
        if terminated or truncated:
            observation, _ = env.reset()
    return steps / (time.perf_counter() - started)


def spiel_steps_per_second(name: str, players: int, seconds: float, seed: int) -> float:
    """Moves per second on the OpenSpiel adapter (chance moves included)."""
    from cardkit.frontends.adapters.openspiel import load_game

    game = load_game(name, players=players)
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps / (time.perf_counter() - started)


def optional(measure: Callable[[], float]) -> str:
    """A rate, or why it could not be measured."""
    try:
        return f"{measure():10.0f}"
    except ImportError as missing:
        return f"{'n/a':>10} ({missing.name} not installed)"


def main() -> None:
    """Print the rates."""
    parser = argparse.ArgumentParser(description="Environment steps per second.")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    seconds, seed = arguments.seconds, arguments.seed
    from cardkit.frontends.adapters.pettingzoo import env

    print(f"{'game':14} {'players':>7} {'PettingZoo':>10} {'Gymnasium':>10} {'OpenSpiel':>10}"
          "  (steps per second)")
    for name in cardkit.available_games():
        for players in game_definition(name).player_counts:
            aec = aec_steps_per_second(env(name, players=players), seconds, seed)
            gym = gym_steps_per_second(name, players, seconds, seed)
            spiel = optional(partial(spiel_steps_per_second, name, players, seconds, seed))
            print(f"{name:14} {players:7} {aec:10.0f} {gym:10.0f} {spiel}")
    ours = aec_steps_per_second(env("gin-rummy", players=2), seconds, seed)
    try:
        from pettingzoo.classic import gin_rummy_v4
    except ImportError:
        print("\ngin_rummy_v4: not importable (PettingZoo 1.25 dropped it; it needs rlcard and "
              "pygame). To compare: pip install --target DIR 'pettingzoo==1.24.3' pygame; "
              "PYTHONPATH=DIR python -m bench.adapters")
        return
    theirs = aec_steps_per_second(gin_rummy_v4.env(), seconds, seed)
    print(f"\ngin, 2 players, PettingZoo AEC steps/s: cardkit {ours:.0f}, "
          f"gin_rummy_v4 {theirs:.0f}; cardkit / gin_rummy_v4 = {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
