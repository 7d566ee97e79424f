"""What knowing the hidden cards is worth to four-player Tiến Lên's ``hard``: its look-ahead
played in the *true* world instead of re-deals, against three ``normal``, on the same deals.

A benchmark only: the oracle reads the true state, so it is never an agent, never offered to
play and never registered with the game. ``hard``'s model and its choice of close moves are
unchanged; only where the look-ahead's worlds come from differs:

- ``uniform``: the runner's sampler (what ``hard`` plays);
- ``true``: the true state itself (every world is the real deal; the play-outs are then all
  alike, the roll-outs being deterministic);
- ``ranks``: uniform re-deals in which the cards of the ranks named by ``--ranks`` (``2`` by
  default) are moved back to the hands that really hold them.

    python -m bench.tien_len_oracle --worlds true --deals 100
    python -m bench.tien_len_oracle --worlds uniform --deals 100
    python -m bench.tien_len_oracle --worlds ranks --ranks 2 --deals 100

Each deal is played four times, the tested seat going round; it prints the share of first
places and the place points a game with their 95 % intervals over the deals.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from typing import cast

from cardkit_games.tien_len.bots.agents import GreedyAgent
from cardkit_games.tien_len.bots.policy import HardAgent
from cardkit_games.tien_len.state import TienLenState

import cardkit
from cardkit.engine.state import State
from cardkit.services.search.choose import choose_action
from cardkit.services.search.sampler import Sampler
from cardkit.values.cards import CardSet, cards_of_mask
from cardkit.values.deck import derive_seed


class TrueWorlds:
    """Every sample is the true state (the look-ahead copies it before playing)."""

    def __init__(self, state: State) -> None:
        self.state = state

    def sample(self) -> State:
        """The true state."""
        return self.state


class KnownRanks:
    """Uniform re-deals, then the cards of the ``known`` mask moved to their true holders
    (each exchanged with a card of the receiving hand outside the mask)."""

    def __init__(self, state: TienLenState, seat: int, rng: random.Random, known: int) -> None:
        self.state = state
        self.seat = seat
        self.rng = rng
        self.known = known
        self.sampler = Sampler(state, seat, rng)

    def sample(self) -> State:
        """A uniform re-deal with the known cards where they really are."""
        world = self.sampler.sample()
        assert isinstance(world, TienLenState)
        masks = [hand.mask for hand in world.hands]
        for holder, hand in enumerate(self.state.hands):
            if holder == self.seat:
                continue
            for card in cards_of_mask(hand.mask & self.known & ~masks[holder]):
                spare = masks[holder] & ~self.known
                placed = next((other for other, mask in enumerate(masks)
                               if mask & card.mask), None)
                if not spare or placed is None:
                    continue
                given = self.rng.choice(cards_of_mask(spare)).mask
                masks[holder] = masks[holder] & ~given | card.mask
                masks[placed] = masks[placed] & ~card.mask | given
        world.hands = [CardSet.from_mask(mask) for mask in masks]
        world.forget_legal_actions()
        return world


def measure(worlds: str, deals: int, ranks: Sequence[str], seed: int) -> str:
    """One line: first places and place points of ``hard`` with ``worlds``' worlds."""
    game = cardkit.load_game("tien-len", players=4)
    firsts: list[float] = []
    points: list[float] = []
    for deal in range(deals):
        deal_seed = derive_seed(seed, "deal", deal)
        deal_firsts = deal_points = 0.0
        for me in range(4):
            state = game.new_hand(seed=deal_seed)
            assert isinstance(state, TienLenState)
            known = sum(card.mask for hand in state.hands for card in hand
                        if card.text[:-1] in ranks)
            agents = [HardAgent(game, s, deal_seed, lookahead=True) if s == me
                      else GreedyAgent(game, s, deal_seed) for s in range(4)]
            hard = agents[me]
            assert isinstance(hard, HardAgent)
            while not state.is_over:
                seat = state.current_player
                assert seat is not None
                legal = state.legal_actions()
                if seat == me and len(legal) > 1 and worlds != "uniform":
                    source: TrueWorlds | KnownRanks = TrueWorlds(state) if worlds == "true" \
                        else KnownRanks(state, seat, hard.rng, known)
                    # the look-ahead only asks its sampler for worlds
                    action, _ = hard.choose_with_samples(state.view(seat), legal,
                                                         cast(Sampler, source))
                else:
                    action, _ = choose_action(agents[seat], state, seat)
                state.apply_unchecked(action)
            assert state.result is not None
            payoff = float(state.result.payoffs[me])
            deal_points += payoff
            deal_firsts += payoff == max(game.options["placement_points"])
        firsts.append(deal_firsts / 4)
        points.append(deal_points / 4)
    return (f"{worlds}: {deals} deals ({4 * deals} games): first places "
            f"{_mean(firsts):.1%} ± {_half(firsts):.1%}, place points "
            f"{_mean(points):.2f} ± {_half(points):.2f} a game")


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def _half(values: Sequence[float]) -> float:
    mean = _mean(values)
    variance = sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1)
    return 1.96 * math.sqrt(variance / len(values))


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the arguments and print the line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worlds", choices=("uniform", "true", "ranks"), default="true")
    parser.add_argument("--ranks", default="2", help="with --worlds ranks: e.g. 2 or 2,A")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=77)
    args = parser.parse_args(argv)
    print(measure(args.worlds, args.deals, args.ranks.split(","), args.seed), flush=True)


if __name__ == "__main__":
    main()
