"""Benchmark gin rummy: hands per second and greedy's strength.

Usage: ``python -m bench.gin [--seconds S] [--hands N] [--seed N]``.

Prints, for 2 and 3 players: random-vs-random hands per second (uniformly random legal actions,
knock and gin included, through ``legal_actions``/``apply_unchecked``), greedy-vs-greedy hands
per second (agents choosing from views), the mean cost of one showdown on random knocks, and
greedy's win rate against random (seats alternated; a draw is no win). When ``pyspiel``
(OpenSpiel's C++ gin_rummy, random legal actions driven from Python) or ``rlcard``
(``rlcard.make('gin-rummy')`` with random agents) is importable, their random-hand rates are
printed beside ours in the same run.
"""

from __future__ import annotations

import argparse
import math
import random
import time

import cardkit


def random_hands_per_second(players: int, seconds: float, seed: int) -> tuple[float, dict]:
    """Random-vs-random hands per second, and the endings seen."""
    game = cardkit.load_game("gin-rummy", players=players)
    rng = random.Random(seed)
    endings: dict[str, int] = {}
    hands = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new_hand(seed=seed + hands)
        while state.result is None:
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
        endings[state.result.ending] = endings.get(state.result.ending, 0) + 1
        hands += 1
    return hands / (time.perf_counter() - started), endings


def play(game, agents: dict, seed: int):
    """One hand with agents choosing from views; returns the final state."""
    state = game.new_hand(seed=seed)
    while state.result is None:
        seat = state.current_player
        state.apply_unchecked(agents[seat].choose(state.view(seat), state.legal_actions()))
    return state


def greedy_hands_per_second(players: int, seconds: float, seed: int) -> float:
    """Greedy-vs-greedy hands per second."""
    game = cardkit.load_game("gin-rummy", players=players)
    agents = {seat: game.agent("greedy", seat, seed) for seat in range(players)}
    hands = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        play(game, agents, seed + hands)
        hands += 1
    return hands / (time.perf_counter() - started)


def greedy_vs_random(players: int, hands: int, seed: int) -> tuple[float, float, float, float]:
    """Greedy's share of hands won and lost against random (greedy plays the non-dealer in
    even hands and the dealer in odd ones; in three-hand play, box vs captain), its mean points
    per hand, and the half-width of a 95% interval on the win share."""
    game = cardkit.load_game("gin-rummy", players=players)
    won = lost = points = 0
    for index in range(hands):
        context = game.first_context()
        state = game.new_hand(seed=seed + index, context=context)
        greedy_seat = state.non_dealer if index % 2 == 0 else state.dealer
        agents = {seat: game.agent("greedy" if seat == greedy_seat else "random", seat,
                                   seed + index) for seat in range(players)}
        state = play(game, agents, seed + index)
        if state.result.winners:
            if state.result.winners[0] == greedy_seat:
                won += 1
            else:
                lost += 1
        points += state.result.payoffs[greedy_seat] - state.result.payoffs[
            state.opponent(greedy_seat)]
    share = won / hands
    return share, lost / hands, points / hands, 1.96 * math.sqrt(share * (1 - share) / hands)


def showdown_milliseconds(players: int, count: int, seed: int) -> float:
    """Mean cost of one showdown (``hooks.showdown``: the knocker's arrangement, the defender's
    reply, the score) over ``count`` random knocks, one per random hand (the first position
    where a knock or gin is legal, a random one of them)."""
    game = cardkit.load_game("gin-rummy", players=players)
    rng = random.Random(seed)
    knocks = []
    index = 0
    while len(knocks) < count:
        state = game.new_hand(seed=seed + index)
        index += 1
        while state.result is None:
            legal = state.legal_actions()
            enders = [action for action in legal if action.kind in ("knock", "gin")]
            if enders:
                action = rng.choice(enders)
                knocker = state.current_player
                state.apply_unchecked(action)
                knocks.append((state, knocker, action.kind, action.cards[0]))
                break
            state.apply_unchecked(legal[rng.randrange(len(legal))])
    started = time.perf_counter()
    for state, knocker, kind, discard in knocks:
        game.hooks.showdown(state, knocker, kind, discard)
    return (time.perf_counter() - started) / count * 1000


def openspiel_random_hands_per_second(seconds: float, seed: int) -> float | None:
    """OpenSpiel's gin_rummy with uniformly random legal actions (None if not installed)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    hands = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        hands += 1
    return hands / (time.perf_counter() - started)


def rlcard_random_hands_per_second(seconds: float, seed: int) -> float | None:
    """RLCard's gin-rummy env with random agents (None if not installed)."""
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("gin-rummy", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    hands = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        env.run(is_training=False)
        hands += 1
    return hands / (time.perf_counter() - started)


def main() -> None:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per rate measurement")
    parser.add_argument("--hands", type=int, default=1000, help="hands for the win rate")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print("gin-rummy benchmark (one core)")
    for players in (2, 3):
        rate, endings = random_hands_per_second(players, args.seconds, args.seed)
        print(f"  {players} players  random vs random  {rate:8.0f} hands/s   endings {endings}")
        rate = greedy_hands_per_second(players, args.seconds, args.seed)
        print(f"  {players} players  greedy vs greedy  {rate:8.0f} hands/s")
        cost = showdown_milliseconds(players, 500, args.seed)
        print(f"  {players} players  showdown (random knocks)  {cost:.3f} ms each")
    for players in (2, 3):
        won, lost, points, half = greedy_vs_random(players, args.hands, args.seed)
        print(f"  {players} players  greedy vs random over {args.hands} hands: greedy wins "
              f"{won:.1%} ± {half:.1%}, random wins {lost:.1%}, greedy nets "
              f"{points:+.1f} points/hand")
    spiel = openspiel_random_hands_per_second(args.seconds, args.seed)
    print("  OpenSpiel gin_rummy random hands/s: "
          + (f"{spiel:.0f}" if spiel is not None else "not installed (pip install open_spiel)"))
    rl = rlcard_random_hands_per_second(args.seconds, args.seed)
    print("  RLCard gin-rummy random hands/s:    "
          + (f"{rl:.0f}" if rl is not None else "not installed (pip install rlcard)"))


if __name__ == "__main__":
    main()
