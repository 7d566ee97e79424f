"""How much a game's belief knows of the hidden hands, and the fit of its weights.

A game's ``Belief`` capability (:class:`cardkit.game.Belief`) refines a search agent's
re-dealt worlds by a log-plausibility of each other hand, a weighted sum of features of the
hand given what its player was seen to do. A belief module that exposes ``evidence(view)``
(seat -> what that seat was seen doing), ``features(hand_mask, seen)`` and ``WEIGHTS`` can be
measured and fitted here:

    python -m bench.belief                       # every game with such a belief
    python -m bench.belief --fit gin-rummy       # refit its weights (prints them)

Data: greedy self-play; at a share of the decisions, the true other hands and ``--candidates``
uniform re-deals of them. The fit is a conditional logit (the true hand against the re-deals:
maximum likelihood by gradient ascent, numpy). The report gives, on fresh deals, the mean
probability the belief's weights put on the true hand among the candidates (uniform: one in
``candidates + 1``), and the mean of the first feature for true, uniform and refined hands.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
from collections.abc import Iterator, Sequence
from typing import Any

import cardkit
from cardkit.game import Belief
from cardkit.services.search import Sampler
from cardkit.services.search.choose import choose_action
from cardkit.values.cards import card_mask

GAMES = {"gin-rummy": 2, "tonk": 2, "tien-len": 4}


def _hand(state: Any, seat: int) -> int:
    return card_mask(state.zones()[f"hand {seat}"])


def decisions(game: cardkit.Game, games: int, seed: int,
              rng: random.Random) -> Iterator[tuple[Any, int]]:
    """``(state, seat)`` at about a third of the decisions with a choice in greedy
    self-play."""
    for number in range(games):
        state = game.new_hand(seed=seed * 100_000 + number)
        agents = [game.agent("greedy", s, seed + number + s) for s in range(game.players)]
        while not state.is_over:
            seat = state.current_player
            if len(state.legal_actions()) > 1 and rng.random() < 0.3:
                yield state, seat
            action, _ = choose_action(agents[seat], state, seat)
            state.apply_unchecked(action)


def collect(game_name: str, players: int, games: int, candidates: int, seed: int,
            module: Any) -> list[list[tuple[float, ...]]]:
    """Rows of feature vectors: the true hand first, then ``candidates`` re-deals."""
    game = cardkit.load_game(game_name, players=players)
    rng = random.Random(seed)
    rows = []
    for state, seat in decisions(game, games, seed, rng):
        for other, seen in module.evidence(state.view(seat)).items():
            row = [module.features(_hand(state, other), seen)]
            for _ in range(candidates):
                world = state.determinize(seat, rng)
                row.append(module.features(_hand(world, other), seen))
            rows.append(row)
    return rows


def fit(rows: list[list[tuple[float, ...]]], steps: int = 3000) -> list[float]:
    """Maximum-likelihood weights of the conditional logit (true hand = candidate 0)."""
    import numpy as np

    data = np.array(rows, dtype=float)
    weights = np.zeros(data.shape[2])
    for _ in range(steps):
        scores = data @ weights
        scores -= scores.max(axis=1, keepdims=True)
        chance = np.exp(scores)
        chance /= chance.sum(axis=1, keepdims=True)
        gradient = (data[:, 0, :] - (chance[:, :, None] * data).sum(axis=1)).mean(axis=0)
        weights += 0.01 * gradient
    return [round(float(w), 3) for w in weights]


def true_share(rows: list[list[tuple[float, ...]]], weights: Sequence[float]) -> float:
    """Mean probability the weights give the true hand among its candidates."""
    import numpy as np

    data = np.array(rows, dtype=float)
    scores = data @ np.array(weights)
    scores -= scores.max(axis=1, keepdims=True)
    chance = np.exp(scores)
    chance /= chance.sum(axis=1, keepdims=True)
    return float(chance[:, 0].mean())


def refined_first_feature(game_name: str, players: int, games: int, seed: int,
                          module: Any) -> tuple[float, float, float]:
    """Mean first feature of the true, uniformly re-dealt and belief-refined other hands."""
    game = cardkit.load_game(game_name, players=players)
    rng = random.Random(seed)
    true, uniform, refined = [], [], []
    for state, seat in decisions(game, games, seed, rng):
        evidence = module.evidence(state.view(seat))
        plain = Sampler(state, seat, random.Random(rng.random()))
        weighed = Sampler(state, seat, random.Random(rng.random()),
                          belief=game.definition.capability(Belief).build)
        a, b = plain.sample(), weighed.sample()
        for other, seen in evidence.items():
            true.append(module.features(_hand(state, other), seen)[0])
            uniform.append(module.features(_hand(a, other), seen)[0])
            refined.append(module.features(_hand(b, other), seen)[0])
    return statistics.mean(true), statistics.mean(uniform), statistics.mean(refined)


def main(argv: Sequence[str] | None = None) -> None:
    """Report (or refit) the beliefs of the games named."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fit", help="refit this game's weights")
    parser.add_argument("--games", type=int, default=150, help="self-play hands for data")
    parser.add_argument("--candidates", type=int, default=30)
    args = parser.parse_args(argv)
    names = [args.fit] if args.fit else list(GAMES)
    for name in names:
        players = GAMES.get(name, 2)
        declared = cardkit.load_game(name, players=players).definition.capability(Belief)
        belief = declared.build if declared is not None else None
        if belief is None:
            print(f"{name}: no belief")
            continue
        module = importlib.import_module(belief.__module__)
        if args.fit:
            rows = collect(name, players, args.games, args.candidates, 7, module)
            weights = fit(rows)
            test = collect(name, players, args.games // 2, args.candidates, 99, module)
            print(f"{name}: WEIGHTS = {tuple(weights)} (was {module.WEIGHTS}); on fresh "
                  f"deals the true hand gets {true_share(test, weights):.2f} of the "
                  f"weight among {args.candidates + 1} (uniform "
                  f"{1 / (args.candidates + 1):.2f})")
            continue
        test = collect(name, players, args.games // 2, args.candidates, 99, module)
        true, uniform, refined = refined_first_feature(name, players, args.games // 2, 99,
                                                       module)
        print(f"{name}: the true hand gets {true_share(test, module.WEIGHTS):.2f} of the "
              f"weight among {args.candidates + 1} candidates (uniform "
              f"{1 / (args.candidates + 1):.2f}); first feature, mean: true {true:.1f}, "
              f"uniform re-deal {uniform:.1f}, refined {refined:.1f}")


if __name__ == "__main__":
    main()
