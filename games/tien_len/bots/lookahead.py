"""``hard``'s look-ahead in Tiến Lên: a few paired play-outs on the decisions where the move
model cannot tell its best moves apart.

The move model (:mod:`cardkit_games.tien_len.bots.policy`) ranks every legal move in place points.
Where another move comes within :data:`CLOSE` of its favourite, the model's ranking says little
(its errors are larger than that), but the play-outs of a search say much: the game is short,
and who keeps the lead is decided by the cards themselves. So on those decisions alone the
best few moves are each played in the same sampled worlds (re-deals of the hidden cards, the
luck of the deal shared by all the moves), every seat playing on by the cheap greedy policies,
and the move with the best mean place points replaces the model's when its paired gain is
clear by :data:`MARGIN` standard errors.

The budget is a number of play-outs (:data:`PLAYOUTS`) and a number of moves applied in them
(:data:`STEPS`), never a time, so a decision is the same on a loaded machine and a quiet one;
the steps bound the cost of a decision whatever the position (a play-out from the first trick
is several times longer than one near the end).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from cardkit_games.tien_len.state import TienLenState

from cardkit.actions import Action
from cardkit.game import Playouts
from cardkit.search import collector_paused

if TYPE_CHECKING:
    from cardkit.agents import Agent
    from cardkit.search import Sampler
    from cardkit.state import State

__all__ = ["CLOSE", "MARGIN", "MAX_MOVES", "MAX_PLAYOUTS", "MAX_STEPS", "PLAYOUTS", "STEPS",
           "Lookahead", "share_sequences"]

#: Place points (the model's unit) within which a move of the model's is searched.
CLOSE = 0.15
#: At most this many moves race (the model's favourite among them), best ranked first.
MAX_MOVES = 3
#: Play-outs a searched decision may spend (over all its moves).
PLAYOUTS = 40
#: Moves applied in those play-outs, at most (the cost bound of a decision).
STEPS = 900
#: The largest budget ``hard`` accepts (a search beyond it is ``expert``'s).
MAX_PLAYOUTS = 400
MAX_STEPS = 16_000
#: Standard errors by which a move's paired gain must beat the model's favourite.
MARGIN = 1.0
#: Worlds every racing move is played in before the race may stop for the steps.
MIN_WORLDS = 4

#: How a play-out asks a seat's policy for a move in the sampled world.
Chooser = Callable[["State", int, Sequence[Action]], Action]


def share_sequences(world: State) -> None:
    """Enumerate every seat's sequences in ``world`` itself, so that the copies each racing
    move is played in share them rather than each enumerating them again. The same moves
    follow: a seat's sequences enumerated from a larger hand are filtered against the cards
    still held wherever they are read, and the enumeration's order is one fixed order of the
    masks, so the filtered list is the list a later enumeration would give."""
    assert isinstance(world, TienLenState)
    for seat, plays in enumerate(world.plays.seats):
        hand = world.hands[seat].mask
        if hand:
            if plays.hand_mask != hand:
                plays.sync(hand)
            plays.sequence_groups()


class Lookahead:
    """The paired play-outs of one seat (see the module docstring). ``choosers`` ask each
    seat's roll-out policy for its move in a sampled world; ``points`` is the place points
    table (first place first)."""

    def __init__(self, seat: int, choosers: Sequence[Chooser], points: Sequence[int], *,
                 playouts: int = PLAYOUTS, steps: int = STEPS, margin: float = MARGIN,
                 max_actions: int = 1000) -> None:
        self.seat = seat
        self.choosers = list(choosers)
        self.points = [float(p) for p in points]
        self.playouts = playouts
        self.steps = steps
        self.margin = margin
        self.max_actions = max_actions
        # The agents behind the choosers when each is an agent's own choose_in: the game's
        # play-out loop (Playouts) may then play them itself, the same moves faster.
        agents = [getattr(chooser, "__self__", None) for chooser in self.choosers]
        self._agents: list[Agent] | None = agents if all(  # type: ignore[assignment]
            agent is not None and getattr(type(agent), "choose_in", None) is getattr(
                chooser, "__func__", None)
            for agent, chooser in zip(agents, self.choosers, strict=True)) else None
        self._loops: tuple[object, Callable[..., int | None] | None] = (None, None)

    def best(self, default: Action, others: Sequence[Action], sampler: Sampler
             ) -> tuple[Action, float, float, int]:
        """The move to play among ``default`` (the model's favourite) and ``others`` (in the
        model's order): the move with the best mean place points over the worlds when its paired
        gain over ``default`` exceeds the margin in standard errors, else ``default``. Returns
        it, its mean gain over ``default`` with its standard error, and the number of worlds
        played."""
        with collector_paused():
            return self._race([default, *others], sampler)

    def _race(self, moves: list[Action], sampler: Sampler
              ) -> tuple[Action, float, float, int]:
        """:meth:`best` over ``moves`` (the default first), the collector aside."""
        default = moves[0]
        totals = [0.0] * len(moves)
        squares = [0.0] * len(moves)  # of the paired differences from the default
        worlds = 0
        spent_playouts = spent_steps = 0
        while spent_playouts + len(moves) <= self.playouts and (
                spent_steps < self.steps or worlds < MIN_WORLDS):
            world = sampler.sample()
            if self._agents is not None:
                share_sequences(world)
            scores = []
            for move in moves:
                score, steps = self._play(world, move)
                scores.append(score)
                spent_steps += steps
            spent_playouts += len(moves)
            worlds += 1
            for index, score in enumerate(scores):
                totals[index] += score
                diff = score - scores[0]
                squares[index] += diff * diff
        chosen, gain, stderr = default, 0.0, 0.0
        if not worlds:  # a budget too small for one world of every move: nothing is known
            return chosen, gain, stderr, worlds
        for index in range(1, len(moves)):
            mean = (totals[index] - totals[0]) / worlds
            variance = max(squares[index] / worlds - mean * mean, 0.0)
            error = math.sqrt(variance / max(worlds - 1, 1))
            if mean > gain and mean > self.margin * error:
                chosen, gain, stderr = moves[index], mean, error
        return chosen, gain, stderr, worlds

    def _loop(self, state: State) -> Callable[..., int | None] | None:
        """The game's own play-out loop (:class:`~cardkit.game.Playouts`), when
        the choosers are agents it may play, else None."""
        if self._agents is None:
            return None
        definition = state.game.definition
        known, loop = self._loops
        if known is not definition:
            own = definition.capability(Playouts)
            loop = None if own is None else own.play_out
            self._loops = (definition, loop)
        return loop

    def _play(self, world: State, move: Action) -> tuple[float, int]:
        """``move`` in a copy of ``world``, played on until the seat's place is known: its
        place points and the moves applied."""
        state = world.clone()
        assert isinstance(state, TienLenState)
        state.quiet = True  # nobody reads this hand's words
        seat = self.seat
        choosers = self.choosers
        state.apply_unchecked(move)
        steps = 1
        loop = self._loop(state)
        if loop is not None:  # the game's own loop: the same moves, faster
            more = loop(state, self._agents, self.max_actions - 1, until_out=seat)
            if more is not None:
                steps += more
        while state.result is None and seat not in state.places and steps < self.max_actions:
            player = state.current_player
            assert player is not None
            legal = state.legal_actions()
            state.apply_unchecked(legal[0] if len(legal) == 1
                                  else choosers[player](state, player, legal))
            steps += 1
        if seat in state.places:
            return self.points[state.places.index(seat)], steps
        result = state.result
        if result is None:  # the guard: a hand this long does not happen in play
            return 0.0, steps
        return float(result.payoffs[seat]), steps  # an instant win, or a void deal

