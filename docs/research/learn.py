"""A small learning run through the Gymnasium adapter: a linear softmax policy trained by
REINFORCE (policy gradient, numpy only) for seat 0 of two-player Tonk against random
opponents, then compared with uniformly random play on the same deals (mean payoff a hand with
its 95 % interval).

    python docs/research/learn.py                 # about a minute and a half on one core
    python docs/research/learn.py --hands 200 --evaluate 200    # a quick check

The policy scores each legal action by a linear function of the observation (one weight
vector per action of the catalogue) and samples from the softmax over the legal actions
(the action mask). After each hand every choice's log-probability is pushed up in proportion
to the hand's payoff minus a running mean of payoffs.
"""

from __future__ import annotations

import argparse
import math
import random
import time

import numpy as np

from cardkit.adapters.gymnasium import make_env
from cardkit.agents import choose_action


class LinearPolicy:
    """Softmax over the legal actions of ``weights[action] . observation``."""

    def __init__(self, observation_size: int, actions: int, rng: np.random.Generator) -> None:
        self.weights = np.zeros((actions, observation_size), dtype=np.float64)
        self.rng = rng

    def probabilities(self, observation: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """The policy's distribution over the ``legal`` action indices."""
        logits = self.weights[legal] @ observation
        logits -= logits.max()
        exp = np.exp(logits)
        return exp / exp.sum()

    def sample(self, observation: np.ndarray, legal: np.ndarray) -> tuple[int, np.ndarray]:
        """An action drawn from the policy, and the distribution it was drawn from."""
        probabilities = self.probabilities(observation, legal)
        return int(self.rng.choice(len(legal), p=probabilities)), probabilities

    def best(self, observation: np.ndarray, legal: np.ndarray) -> int:
        """The most probable legal action."""
        return int(legal[int(np.argmax(self.weights[legal] @ observation))])


def train(hands: int, seed: int, learning_rate: float) -> LinearPolicy:
    """REINFORCE for ``hands`` hands."""
    env = make_env("tonk", seat=0, opponents="random", players=2)
    policy = LinearPolicy(env.encoding.observation.size, env.encoding.actions.size,
                          np.random.default_rng(seed))
    baseline = 0.0
    observation, _ = env.reset(seed=seed)
    for hand in range(hands):
        if hand:
            observation, _ = env.reset()
        steps: list[tuple[np.ndarray, np.ndarray, int, np.ndarray]] = []
        payoff, over = 0.0, False
        while not over:
            vector = observation["observation"].astype(np.float64)
            legal = np.flatnonzero(observation["action_mask"])
            choice, probabilities = policy.sample(vector, legal)
            steps.append((vector, legal, choice, probabilities))
            observation, payoff, terminated, truncated, _ = env.step(int(legal[choice]))
            over = terminated or truncated
        advantage = payoff - baseline
        baseline += 0.01 * (payoff - baseline)
        for vector, legal, choice, probabilities in steps:
            gradient = -probabilities
            gradient[choice] += 1.0
            policy.weights[legal] += learning_rate * advantage * np.outer(gradient, vector)
    return policy


def evaluate(policy: LinearPolicy | str | None, hands: int,
             seed: int) -> tuple[float, float]:
    """Mean payoff of seat 0 and its 95 % half-width over ``hands`` deals (the same deals for
    every policy, those decided at the deal included: ``decided="pay"``); ``None`` plays
    uniformly at random, a name plays that cardkit agent."""
    env = make_env("tonk", seat=0, opponents="random", players=2, decided="pay")
    rng = random.Random(seed)
    agent = env.game.agent(policy, seat=0, seed=seed) if isinstance(policy, str) else None
    payoffs = []
    for hand in range(hands):
        observation, _ = env.reset(seed=seed * 100_003 + hand)
        payoff, over = 0.0, False
        while not over:
            legal = np.flatnonzero(observation["action_mask"])
            if len(legal) == 0:  # over before this seat's turn (a win at the deal): paid now
                action = 0
            elif policy is None:
                action = int(legal[rng.randrange(len(legal))])
            elif agent is not None:  # a cardkit agent sees the seat's view, as in play
                assert env.state is not None
                move, _ = choose_action(agent, env.state, 0)
                action = env.encoding.actions.encode(move)
            else:
                assert isinstance(policy, LinearPolicy)
                action = policy.best(observation["observation"].astype(np.float64), legal)
            observation, payoff, terminated, truncated, _ = env.step(action)
            over = terminated or truncated
        payoffs.append(payoff)
    mean = sum(payoffs) / hands
    spread = math.sqrt(sum((p - mean) ** 2 for p in payoffs) / (hands - 1))
    return mean, 1.96 * spread / math.sqrt(hands)


def main() -> None:
    """Train, then compare with random play on the same deals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=6000, help="training hands")
    parser.add_argument("--evaluate", type=int, default=2000, help="evaluation hands")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--learning-rate", type=float, default=0.02)
    arguments = parser.parse_args()
    started = time.perf_counter()
    policy = train(arguments.hands, arguments.seed, arguments.learning_rate)
    trained = time.perf_counter() - started
    random_mean, random_error = evaluate(None, arguments.evaluate, arguments.seed + 1)
    learned_mean, learned_error = evaluate(policy, arguments.evaluate, arguments.seed + 1)
    greedy_mean, greedy_error = evaluate("greedy", arguments.evaluate, arguments.seed + 1)
    print(f"trained on {arguments.hands} hands in {trained:.1f}s; "
          f"total {time.perf_counter() - started:.1f}s")
    print(f"random play : {random_mean:+.3f} ± {random_error:.3f} per hand")
    print(f"learned     : {learned_mean:+.3f} ± {learned_error:.3f} per hand")
    print(f"greedy agent: {greedy_mean:+.3f} ± {greedy_error:.3f} per hand (for reference)")


if __name__ == "__main__":
    main()
