"""Hashes of the moves the greedy and hard agents make, per game, to check that a speed-up
changes no move: run it with two commits' interpreters and compare the lines.

For each game (Tonk with 2 and 3 players, gin with 2 and 3, Tiến Lên with 4) it prints three
hashes: of the histories and payoffs of ``HANDS`` seeded hands (150 unless given) of greedy
self-play and of ``hard`` at seat 0 against greedy; of play-outs (results and histories) from
worlds re-dealt from mid-hand states; and of ``search`` decisions at 60 play-outs.
Run: ``python -m bench.moves_hash [HANDS]``. It imports through the paths the start commit had
too, so it runs against it.
"""

from __future__ import annotations

import hashlib
import random
import sys

import cardkit
from cardkit.agents import choose_action
from cardkit.game import Evaluation

try:
    from cardkit.services.search.rollout import Rollout
except ImportError:  # a commit before the layer folders (the start of a comparison)
    from cardkit.search.rollout import Rollout  # type: ignore[import-not-found,no-redef]

GAMES = (("tonk", 2), ("tonk", 3), ("gin-rummy", 2), ("gin-rummy", 3), ("tien-len", 4))


def _history(state: cardkit.State) -> bytes:
    return repr([(seat, str(action)) for seat, action in state.history]).encode()


def hands_hash(game: cardkit.Game, hands: int) -> str:
    """Greedy self-play, then ``hard`` at seat 0 against greedy, on the same seeds."""
    digest = hashlib.sha256()
    for seed in range(hands):
        for lineup in ("normal", "hard"):
            state = game.new_hand(seed=seed)
            agents = [game.agent("normal", seat, seed) for seat in range(game.players)]
            if lineup == "hard":
                agents[0] = game.agent("hard", 0, seed)
            while not state.is_over:
                seat = state.current_player
                state.apply_unchecked(agents[seat].choose(state.view(seat),
                                                          state.legal_actions()))
            assert state.result is not None
            digest.update(_history(state) + repr(state.result.payoffs).encode())
    return digest.hexdigest()[:16]


def playouts_hash(game: cardkit.Game, hands: int) -> str:
    """Five play-outs from worlds re-dealt from each of a third as many mid-hand states."""
    digest = hashlib.sha256()
    for seed in range(hands // 3):
        state = game.new_hand(seed=seed)
        agents = [game.agent("normal", seat, seed) for seat in range(game.players)]
        for _ in range(6):
            if state.is_over:
                break
            seat = state.current_player
            state.apply_unchecked(agents[seat].choose(state.view(seat), state.legal_actions()))
        if state.is_over:
            continue
        policies = [game.agent("normal", seat, 0) for seat in range(game.players)]
        evaluation = game.definition.capability(Evaluation)
        rollout = Rollout(policies, game.definition.max_actions,
                      evaluation and evaluation.evaluate)
        for world_seed in range(5):
            world = state.determinize(state.current_player,
                                      random.Random(seed * 10 + world_seed))
            digest.update(repr(rollout.play(world, 0)).encode() + _history(world))
    return digest.hexdigest()[:16]


def search_hash(game: cardkit.Game) -> str:
    """The first 12 ``search`` decisions at 60 play-outs of seat 0, in 3 seeded hands."""
    digest = hashlib.sha256()
    for seed in range(3):
        state = game.new_hand(seed=seed)
        agent = game.agent("search", 0, seed, iterations=60)
        others = [game.agent("normal", seat, seed) for seat in range(game.players)]
        decisions = 0
        while not state.is_over and decisions < 12:
            seat = state.current_player
            if seat == 0:
                action, _ = choose_action(agent, state, 0)
                decisions += 1
            else:
                action = others[seat].choose(state.view(seat), state.legal_actions())
            digest.update(str(action).encode())
            state.apply_unchecked(action)
    return digest.hexdigest()[:16]


def main() -> None:
    """Print the three hashes of every game."""
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    for name, players in GAMES:
        game = cardkit.load_game(name, players=players)
        print(name, players, hands_hash(game, hands), playouts_hash(game, hands),
              search_hash(game), flush=True)


if __name__ == "__main__":
    main()
