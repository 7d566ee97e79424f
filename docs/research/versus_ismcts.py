"""cardkit's strong search agent against OpenSpiel's ISMCTS, at equal time per move.

    python docs/research/versus_ismcts.py                  # every built-in game, 3 deals
    python docs/research/versus_ismcts.py --games tonk --deals 10

Each deal of each two-player game is played twice, the seats swapped, so both sides hold the
same cards once (duplicate format). cardkit plays with its ``hard`` agent where the game offers
one, else its ``search`` agent (determinized Monte Carlo), through ``choose_action``: it sees
only its view and samples hidden cards through ``determinize``. OpenSpiel plays with its
information-set MCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``: pyspiel's C++ bot
cannot resample a Python game's state) through the OpenSpiel adapter, resampling through the
same ``determinize``. Before each ISMCTS move its simulation count is set so that its expected
time equals the cardkit agent's mean time per move so far; the measured means are printed.
The cardkit agent's moves go through the action catalogue (in Tiến Lên its choice of lower
suits is replaced by the abstraction's).
"""

from __future__ import annotations

import argparse
import math
import random
import time

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

import cardkit
from cardkit.adapters.openspiel import CardkitSpielState, load_game
from cardkit.agents import Agent, choose_action
from cardkit.game import Game

BUILT_IN = ("gin-rummy", "tonk", "tien-len")
MIN_SIMULATIONS = 4


def strong_agent(game: Game, seat: int, seed: int) -> tuple[str, Agent]:
    """``hard`` where the game offers it, else ``search``."""
    name = "hard" if "hard" in game.definition.agent_names else "search"
    return name, game.agent(name, seat=seat, seed=seed)


class Clock:
    """Running mean seconds per move of each side, and ISMCTS's seconds per simulation."""

    def __init__(self) -> None:
        self.cardkit: list[float] = []
        self.ismcts: list[float] = []
        self.per_simulation = 0.01

    def budget(self) -> float:
        """The cardkit agent's mean time per move so far."""
        return sum(self.cardkit) / len(self.cardkit) if self.cardkit else 0.5


def play(game_name: str, deal: int, cardkit_seat: int, clock: Clock) -> tuple[str, float]:
    """One hand; the agent's name and the cardkit seat's payoff minus ISMCTS's."""
    spiel = load_game(game_name, players=2)
    game = spiel.cardkit_game
    name, agent = strong_agent(game, cardkit_seat, deal)
    bot = ismcts.ISMCTSBot(spiel, mcts.RandomRolloutEvaluator(1, np.random.RandomState(deal)),
                           2.0, 10, random_state=np.random.RandomState(deal),
                           allow_inconsistent_action_sets=True)
    deck_order = random.Random(deal)
    state: CardkitSpielState = spiel.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [outcome for outcome, _ in state.chance_outcomes()]
            state.apply_action(deck_order.choice(outcomes))
            continue
        seat = state.current_player()
        started = time.perf_counter()
        if seat == cardkit_seat:
            hand = state.hand
            assert hand is not None
            move, _ = choose_action(agent, hand, seat)
            state.apply_action(spiel.encoding.actions.encode(move))
            clock.cardkit.append(time.perf_counter() - started)
        else:
            # at least a few simulations: with fewer ISMCTS may end with no visited move
            simulations = max(MIN_SIMULATIONS, round(clock.budget() / clock.per_simulation))
            bot._max_simulations = simulations
            state.apply_action(bot.step(state))
            elapsed = time.perf_counter() - started
            clock.ismcts.append(elapsed)
            clock.per_simulation = 0.8 * clock.per_simulation + 0.2 * elapsed / simulations
    returns = state.returns()
    return name, returns[cardkit_seat] - returns[1 - cardkit_seat]


def main() -> None:
    """Play the deals and print one line per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(BUILT_IN))
    parser.add_argument("--deals", type=int, default=3)
    arguments = parser.parse_args()
    print(f"{'game':10} {'cardkit agent':14} {'hands':>5} {'s/move cardkit':>15} "
          f"{'s/move ISMCTS':>14} {'cardkit - ISMCTS per hand':>26}")
    for game_name in arguments.games:
        cardkit.load_game(game_name, players=2)  # a bad name fails before any play
        clock = Clock()
        differences = []
        name = ""
        for deal in range(arguments.deals):
            for seat in (0, 1):
                name, difference = play(game_name, deal, seat, clock)
                differences.append(difference)
        mean = sum(differences) / len(differences)
        spread = math.sqrt(sum((d - mean) ** 2 for d in differences)
                           / max(1, len(differences) - 1))
        cardkit_time = sum(clock.cardkit) / len(clock.cardkit)
        ismcts_time = sum(clock.ismcts) / len(clock.ismcts)
        print(f"{game_name:10} {name:14} {len(differences):5} {cardkit_time:15.3f} "
              f"{ismcts_time:14.3f} {mean:+17.2f} ± {spread / math.sqrt(len(differences)):.2f}")


if __name__ == "__main__":
    main()
