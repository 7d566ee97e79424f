"""Playing a sampled hand out with the game's own policy, and judging how it went for a seat."""

from __future__ import annotations

import copy
import gc
import pickle
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from cardkit.engine.capabilities import Playouts
from cardkit.engine.state import State

if TYPE_CHECKING:
    from cardkit.engine.agents import Agent
    from cardkit.values.actions import Action

__all__ = ["OBJECTIVES", "PolicyCheck", "Rollout", "collector_paused", "policy_chooser",
           "relative_score"]

#: What a play-out is worth to the searching seat: its payoff against its best rival's
#: (``payoff``), or only who won (``wins``: +1 if the seat won, -1 if another seat did).
OBJECTIVES = ("payoff", "wins")


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector held off for the block, and switched back on after it
    (unless something else had turned it off already).

    A play-out makes thousands of short-lived objects, freed as they go (no cycles): the
    collector's passes over them, and over the long-lived caches, find nothing, cost a tenth of
    a Tonk or gin play-out, and make a searched decision's worst case a full pass."""
    collecting = gc.isenabled()
    if collecting:
        gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def relative_score(values: Sequence[float], seat: int) -> float:
    """``seat``'s value minus the best of the others': a play-out is judged by how the seat did
    against its strongest rival, since gin credits only the scorer and Tiến Lên pays by place
    (neither is zero-sum), and a two-player game reduces to the difference."""
    others = [value for other, value in enumerate(values) if other != seat]
    return float(values[seat] - max(others)) if others else float(values[seat])


class Rollout:
    """Plays a state to its end (at most ``max_actions`` actions) with one policy agent per
    seat, each choosing what it would choose from its own view of the sampled world -- so the
    others play by what they could know there, never by the searching seat's knowledge. A hand
    cut off by the guard is scored by the game's ``evaluate`` when it has one (0 otherwise).
    ``objective`` (one of :data:`OBJECTIVES`) says what a finished hand is worth.

    Each move is the policy's :meth:`~cardkit.agents.Agent.choose_in` on the world itself: a
    policy that overrides it reads the world directly instead of a view built for every move
    (an agent without the method is asked :meth:`~cardkit.agents.Agent.choose` of the view).
    With ``check``, every such move is checked against the promise ``choose_in`` makes (see
    :class:`PolicyCheck`): slower, for tests and for a policy under development. Without it, a
    game that declares its own play-out loop (:class:`~cardkit.engine.capabilities.Playouts`)
    plays the hand in it when it knows the policies: the same moves, faster."""

    def __init__(self, policies: Sequence[Agent], max_actions: int,
                 evaluate: Callable[[State], Sequence[float]] | None,
                 objective: str = "wins", *, check: bool = False) -> None:
        self.policies = policies
        self.max_actions = max_actions
        self.evaluate = evaluate
        self.objective = objective
        self.check = check
        self._choosers: list[Callable[[State, int, Sequence[Action]], Action]] = [
            PolicyCheck(policy) if check else policy_chooser(policy) for policy in policies]
        # the game's own play-out loop (found on the first play-out, by game definition)
        self._loops: tuple[object, Callable[..., int | None] | None] = (None, None)

    def play(self, state: State, seat: int) -> tuple[float, bool]:
        """Play ``state`` out in place (marked ``quiet``: its result may come without words);
        ``seat``'s relative score and whether it won outright (sole best payoff, or among the
        winners of a game that names one winner)."""
        with collector_paused():
            return self._play(state, seat)

    def _play(self, state: State, seat: int) -> tuple[float, bool]:
        """:meth:`play`, the collector aside."""
        choosers = self._choosers
        state.quiet = True  # nobody reads this hand's words: a game may leave them out
        steps = 0
        limit = self.max_actions
        kind = type(state)
        definition = state.game.definition
        known, loop = self._loops
        if known is not definition:
            own = None if self.check else definition.capability(Playouts)
            loop = None if own is None else own.play_out
            self._loops = (definition, loop)
        if loop is not None and loop(state, self.policies, limit) is not None:
            pass  # the game's own loop played it (the same moves)
        elif kind.legal_actions is State.legal_actions \
                and kind.apply_unchecked is State.apply_unchecked:
            # the engine's legal_actions and apply_unchecked, inlined: two calls fewer a move
            while state.result is None and steps < limit:
                player = state.current_player
                assert player is not None
                legal = state._legal
                if legal is None:
                    handler = state._current.legal
                    legal = state._legal = (handler(state) if handler is not None
                                            else state._legal_actions())
                action = legal[0] if len(legal) == 1 else choosers[player](state, player, legal)
                state._legal = state._legal_set = None
                apply = state._current.apply
                if apply is not None:
                    apply(state, action)
                else:
                    state._apply(action)
                state.history.append((player, action))
                steps += 1
        else:
            while state.result is None and steps < limit:
                player = state.current_player
                assert player is not None
                legal = state.legal_actions()
                state.apply_unchecked(legal[0] if len(legal) == 1
                                      else choosers[player](state, player, legal))
                steps += 1
        result = state.result
        if result is None:
            if self.evaluate is None:
                return 0.0, False
            score = relative_score(self.evaluate(state), seat)
            return score, score > 0
        score = relative_score(result.payoffs, seat)
        won = seat in result.winners if result.winners else score > 0
        if self.objective == "wins":
            return (1.0 if won else -1.0 if result.winners else 0.0), won
        return score, won


def policy_chooser(policy: Agent) -> Callable[[State, int, Sequence[Action]], Action]:
    """How a play-out asks ``policy`` for a move: its ``choose_in``, or (a duck-typed agent
    without one) its ``choose`` of the seat's view."""
    choose_in: Callable[[State, int, Sequence[Action]], Action] | None = getattr(
        policy, "choose_in", None)
    if choose_in is not None:
        return choose_in

    def by_view(state: State, seat: int, legal: Sequence[Action]) -> Action:
        return policy.choose(state.view(seat), legal)

    return by_view


def _copy_of(policy: Agent) -> Agent:
    """An independent copy of ``policy``: through pickle where it pickles (a ``random.Random``
    deep-copies its 625 words one by one, pickle in C), else ``copy.deepcopy``."""
    try:
        return pickle.loads(pickle.dumps(policy, protocol=pickle.HIGHEST_PROTOCOL))
    except (pickle.PicklingError, TypeError, AttributeError):
        return copy.deepcopy(policy)


class PolicyCheck:
    """Asks a policy's ``choose_in`` for each move while checking its promise: the move equals
    ``choose_in`` on a re-deal of the world for that seat (``state.determinize(seat, ...)``:
    the same view, other hidden cards), and equals the policy's ``choose`` of the seat's view.
    Each comparison runs on a copy of the policy taken before the move, so the policy's own
    memory moves once. A broken promise raises ``AssertionError`` naming the seat and moves."""

    def __init__(self, policy: Agent, seed: int = 0) -> None:
        self.policy = policy
        self.rng = random.Random(seed)

    def __call__(self, state: State, seat: int, legal: Sequence[Action]) -> Action:
        """The policy's move in ``state``, checked."""
        policy = self.policy
        name = type(policy).__name__
        by_view = _copy_of(policy)
        redealt = _copy_of(policy)
        move = policy_chooser(policy)(state, seat, legal)
        if getattr(state.game.definition, "samples_hidden_cards", False):
            world = state.determinize(seat, random.Random(self.rng.randrange(1 << 30)))
            other = policy_chooser(redealt)(world, seat, world.legal_actions())
            if other != move:
                raise AssertionError(
                    f"{name}.choose_in chose {move} for seat {seat}, but {other} once the "
                    f"cards the seat cannot see were dealt again: it reads what the seat may "
                    f"not see")
        expected = by_view.choose(state.view(seat), legal)
        if move != expected:
            raise AssertionError(f"{name}.choose_in chose {move} for seat {seat}, but choose "
                                 f"of its view chooses {expected}")
        return move
