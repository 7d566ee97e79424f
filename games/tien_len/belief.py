"""What ``hard``'s look-ahead believes of the hidden cards in Tiến Lên: worlds kept through the
game and weighed by how well the others' plays and passes fit a sound player's.

A uniform re-deal of the hidden cards ignores everything the others' play tells: a player who
passed on a single 9 with nobody close to going out seldom holds a lone 10, J, Q, K or A; a
player who followed with a pair of 6s held no pair between the top and 6s it could spare. Those
inferences are worth much (played with the true cards, the look-ahead makes 45 % first places
against three ``normal``, with uniform re-deals 32 %), and the cheap model of a sound player the
play-outs already use for the others (``normal``, the greedy agent) states them exactly: in a
world, each of the others' decisions either is or is not the one that player would make.

So :class:`Particles` keeps :data:`PARTICLES` worlds (*particles*) through the game, each
first drawn from the runner's sampler (a uniform re-deal consistent with the view), and at each
of the seat's decisions plays the public moves made since into every particle: before a move of
another player, the particle's hand for that player is given the cards the move shows (exchanged
with hidden cards of the hand that held them), and the particle's weight is multiplied by
:data:`MISFIT` when the sound player would have chosen otherwise there. When the weights have
gathered on a few particles (an effective count under a third of them) the particles are drawn
again by weight, each copy after the first exchanging two hidden cards between two other hands,
so the population keeps its variety. The look-ahead's worlds are then drawn by weight.

Everything is read from the view (its public history and the seat's hand) and drawn from the
agent's own generator: the particles depend on what the seat saw and the seed, never on where
the hidden cards really are. A :data:`MISFIT` above 0 keeps the belief soft: against players
who play otherwise, a world is made less likely by a misfit, never impossible.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from cardkit_games.tien_len.agents import GreedyAgent
from cardkit_games.tien_len.state import TienLenState

from cardkit.values.actions import Action, parse_action
from cardkit.values.cards import CardSet, card_mask, cards_of_mask
from cardkit.values.views import View

if TYPE_CHECKING:
    from cardkit.engine.game import Game
    from cardkit.engine.state import State
    from cardkit.services.search.sampler import Sampler

__all__ = ["MISFIT", "PARTICLES", "Particles"]

#: Worlds kept through a game.
PARTICLES = 32
#: A particle's weight is multiplied by this where another player's move is not the one the
#: sound player would make in it.
MISFIT = 0.2
#: Draw the particles again when their effective number falls under this share of them.
RESAMPLE_BELOW = 1 / 3


class Particles:
    """The weighed worlds of one seat (see the module docstring). ``count`` particles;
    ``misfit`` the weight factor of a move that does not fit; ``rng`` the agent's generator."""

    def __init__(self, game: Game, seat: int, rng: random.Random, *, count: int = PARTICLES,
                 misfit: float = MISFIT) -> None:
        self.seat = seat
        self.rng = rng
        self.count = count
        self.misfit = misfit
        #: the sound player's move in a particle, for each other seat
        self.models: list[Callable[[State, int, Sequence[Action]], Action]] = [
            GreedyAgent(game, other, 0).choose_in for other in range(game.players)]
        self.key: tuple[object, ...] = ()
        self.read = 0
        self.worlds: list[TienLenState] = []
        self.weights: list[float] = []
        self._draws: list[TienLenState] = []

    def update(self, view: View, sampler: Sampler) -> None:
        """Bring the particles to ``view``: drawn afresh from ``sampler`` for a new game (or a
        view they cannot follow), else the public moves since the last update played into each
        and weighed."""
        self._draws = []
        history = view.history
        key = (view.dealer, view.scores, history[:1])
        if key != self.key or len(history) < self.read or not self.worlds:
            self._restart(view, sampler)
            return
        moves = [(player, text) for player, text in history[self.read:]
                 if player is not None]
        self.read = len(history)
        if not moves:
            return
        alive_worlds: list[TienLenState] = []
        alive_weights: list[float] = []
        for world, weight in zip(self.worlds, self.weights, strict=True):
            weight = self._follow(world, weight, moves)
            if weight > 0.0:
                alive_worlds.append(world)
                alive_weights.append(weight)
        if not alive_worlds:  # nothing could follow the moves: start again from the view
            self._restart(view, sampler)
            return
        self.worlds, self.weights = alive_worlds, alive_weights
        total = sum(alive_weights)
        effective = total * total / sum(w * w for w in alive_weights)
        if effective < RESAMPLE_BELOW * self.count or len(alive_worlds) < self.count:
            self._resample()

    def sample(self) -> State:
        """The next world of a weighed draw of them all (systematic, in a random order, so a
        look-ahead's worlds repeat only as often as the weights ask; it copies each before
        playing in it)."""
        if not self._draws:
            self._draws = [self.worlds[index] for index in self._systematic()]
            self.rng.shuffle(self._draws)
        return self._draws.pop()

    def _systematic(self) -> list[int]:
        """``count`` indices of the particles drawn by weight, systematically."""
        total = sum(self.weights)
        step = total / self.count
        point = self.rng.random() * step
        chosen: list[int] = []
        cumulative = 0.0
        for index, weight in enumerate(self.weights):
            cumulative += weight
            while point < cumulative and len(chosen) < self.count:
                chosen.append(index)
                point += step
        while len(chosen) < self.count:  # rounding at the very end
            chosen.append(len(self.weights) - 1)
        return chosen

    def _restart(self, view: View, sampler: Sampler) -> None:
        self.key = (view.dealer, view.scores, view.history[:1])
        self.read = len(view.history)
        self.worlds = []
        for _ in range(self.count):
            world = sampler.sample()
            assert isinstance(world, TienLenState)
            self.worlds.append(world)
        self.weights = [1.0] * self.count

    def _follow(self, world: TienLenState, weight: float,
                moves: Sequence[tuple[int, str]]) -> float:
        """Play ``moves`` into ``world`` (in place), weighing the others' against the sound
        player's choice there: the new weight, 0 when the world cannot follow them."""
        seat = self.seat
        for player, text in moves:
            if world.result is not None or world.current_player != player:
                return 0.0
            try:
                action = parse_action(text)
            except ValueError:
                return 0.0
            if player != seat and action.kind == "play":
                self._give(world, player, card_mask(action.cards))
            legal = world.legal_actions()
            if action not in legal:
                return 0.0
            if player != seat and len(legal) > 1 and \
                    self.models[player](world, player, legal) != action:
                weight *= self.misfit
            world.apply_unchecked(legal[legal.index(action)])
        return weight

    def _give(self, world: TienLenState, player: int, shown: int) -> None:
        """Give ``player``'s hand in ``world`` the ``shown`` cards it plays, each exchanged
        with a card of that hand the seat cannot place (not one it shows) from the hand that
        held it."""
        hands = world.hands
        missing = shown & ~hands[player].mask
        if not missing:
            return
        masks = [hand.mask for hand in hands]
        rest = world.out_of_play.mask  # the cards nobody holds (fewer than four players)
        for card in cards_of_mask(missing):
            holder = next((other for other, mask in enumerate(masks)
                           if mask & card.mask), None)
            spare = masks[player] & ~shown
            if holder == self.seat or not spare or (holder is None and not rest & card.mask):
                continue  # (never: the view shows the seat's cards, and every card is placed)
            given = self.rng.choice(cards_of_mask(spare)).mask
            masks[player] = masks[player] & ~given | card.mask
            if holder is None:
                rest = rest & ~card.mask | given
            else:
                masks[holder] = masks[holder] & ~card.mask | given
        world.hands = [CardSet.from_mask(mask) for mask in masks]
        if rest != world.out_of_play.mask:
            world.out_of_play = CardSet.from_mask(rest)
        world.forget_legal_actions()

    def _resample(self) -> None:
        """Draw ``count`` particles by weight (systematic); every copy after a particle's first
        exchanges two hidden cards between two other hands, so copies drift apart."""
        chosen: list[TienLenState] = []
        seen: set[int] = set()
        for index in self._systematic():
            world = self.worlds[index]
            if index in seen:
                world = world.clone()
                self._jitter(world)
            seen.add(index)
            chosen.append(world)
        self.worlds = chosen
        self.weights = [1.0] * self.count

    def _jitter(self, world: TienLenState) -> None:
        """Exchange a random card between two of the other hands that hold cards."""
        others = [other for other, hand in enumerate(world.hands)
                  if other != self.seat and hand.mask]
        if len(others) < 2:
            return
        first, second = self.rng.sample(others, 2)
        masks = [hand.mask for hand in world.hands]
        a = self.rng.choice(cards_of_mask(masks[first])).mask
        b = self.rng.choice(cards_of_mask(masks[second])).mask
        masks[first] = masks[first] & ~a | b
        masks[second] = masks[second] & ~b | a
        world.hands = [CardSet.from_mask(mask) for mask in masks]
        world.forget_legal_actions()
