"""The ``expert`` rung: a search on top of the game's fast strong player ``hard``.

Generic over any game whose state implements ``determinize``. At each decision with a choice:

1. **The default move** is ``hard``'s own choice from the real view (the game's ``hard`` agent
   where it declares one, else its ``greedy`` agent, else ``random``): the search only leaves
   it for a move that does measurably better.
2. Each iteration samples a **world** (a re-deal of the hidden cards through the
   :class:`~cardkit.services.search.sampler.Sampler`, refined by the game's belief) and
   plays the default move and every move still in the race from it, **each seat choosing
   from its own view** of the world: the searching seat by its roll-out policy (``hard`` by
   default), the others by ``opponents`` (``normal`` by default: the cheap model of a sound
   player).
3. **Evaluation in place of full play-outs.** When the searching seat's roll-out policy can
   value a position (a method ``evaluate(view) -> float | None``: the expected points of the
   hand to come for the view's seat, or None where it cannot say), a play-out stops once the
   seat has made ``depth`` moves of its own after the root and another seat is to move, and
   scores the position by that value; a hand that ends first is scored by its result. Without
   such a method play-outs run to the end of the hand.
4. The score is in **points** (``objective="points"``: the seat's payoff minus its best
   rival's, what gin and Tiến Lên are played for and, in Tonk, twice the stakes won), its own
   ``payoff``, or ``wins`` (+1, -1, 0).
5. **Only close decisions are searched.** When the roll-out policy ranks the legal moves (a
   method ``rank(view, legal) -> [(action, points), ...]``, its own move first), only the moves
   it values within ``close`` points of its own move enter the race, with that value as their
   prior; where none does, its move is played at once. A clear decision costs the policy's
   time, and the budget goes to the candidates that could be better.
6. Moves are raced as in :mod:`cardkit.services.search.racing`: paired differences from the
   default in the same world (the luck of the deal cancels), at most ``width`` at once in
   prior order (the prior: the value one move ahead), clearly worse ones eliminated; when the
   budget is spent the best move is played if its mean gain over the default exceeds ``margin``
   standard errors.

Its reason (the in-game hint) says how sure it is in words that fit the number of sampled
deals (:mod:`~cardkit.services.search.confidence`), never as a bare percentage of a handful of
deals.
"""

from __future__ import annotations

import inspect
import math
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from cardkit.engine.agents import Agent, reasoned_choice
from cardkit.engine.capabilities import Evaluation, payoff_unit
from cardkit.services.search.agent import DEFAULT_TIME_LIMIT, check_parameters, default_width
from cardkit.services.search.budget import Budget
from cardkit.services.search.confidence import confidence_words, joined, race_reason
from cardkit.services.search.racing import MoveStats, Race
from cardkit.services.search.rollout import policy_chooser, relative_score
from cardkit.values.actions import Action
from cardkit.values.deck import derive_seed

if TYPE_CHECKING:
    from cardkit.engine.game import Game
    from cardkit.engine.state import State
    from cardkit.services.search.sampler import Sampler
    from cardkit.values.views import View

__all__ = ["EXPERT_OBJECTIVES", "ExpertAgent", "confidence_words", "expert_agent"]

#: What a play-out is worth to the searching seat (see the module docstring, step 4).
EXPERT_OBJECTIVES = ("points", "payoff", "wins")
#: Own moves after the root before a play-out may stop at the policy's evaluation. In gin
#: (evaluated after the seat's discard) one move means: a draw is scored after the discard
#: that follows it, a discard after the opponent's whole turn and the seat's next draw and
#: discard (the stop waits for another seat to be on move).
DEFAULT_DEPTH = 1
#: Points within which a ranked move of the policy is worth searching (step 5). In gin this
#: searches three in five discards and one in ten draws (hard's two best discards are within
#: a point of each other that often); 2 points search nine in ten discards, at about twice the
#: time a hand, for a gain per decision that 150 judged decisions could not tell apart from
#: this one's (bench/decisions.py: +0.28 ± 0.34 against +0.05 ± 0.28 points).
DEFAULT_CLOSE = 1.0


def _score(payoffs: Sequence[float], seat: int, winners: Sequence[int], objective: str) -> float:
    if objective == "payoff":
        return float(payoffs[seat])
    if objective == "wins":
        won = seat in winners if winners else relative_score(payoffs, seat) > 0
        return 1.0 if won else -1.0 if winners else 0.0
    return relative_score(payoffs, seat)


class ExpertAgent(Agent):
    """The ``expert`` search (see the module docstring).

    Parameters: ``iterations`` (play-outs per decision; alone, the agent is deterministic for
    its seed), ``time_limit`` (seconds;
    :data:`~cardkit.services.search.agent.DEFAULT_TIME_LIMIT` when neither is given),
    ``width``, ``margin``, ``z`` (as for ``hard``'s racing), ``policy``
    (the searching seat's roll-out agent, and the source of the default move; by default the
    game's ``hard``, else ``greedy``, else ``random``), ``opponents`` (the others' roll-out
    agent, ``normal`` by default where the game has it), ``depth`` (own moves before a
    play-out may stop at the policy's evaluation; 0 plays every hand out), ``objective``,
    ``belief``, ``close`` (points within which a move the policy ranks is searched; see the
    module docstring, step 5; ignored for a policy without ``rank``).
    """

    name = "expert"

    def __init__(self, game: Game, seat: int, seed: int, *, iterations: int | None = None,
                 time_limit: float | None = None, width: int | None = None,
                 margin: float = 1.0, z: float = 2.0, policy: str | None = None,
                 opponents: str | None = None, depth: int = DEFAULT_DEPTH,
                 objective: str = "points", belief: bool = True,
                 close: float = DEFAULT_CLOSE) -> None:
        definition = game.definition
        names = definition.agent_names
        # the game's own hard where it answers at once (a search would nest a search in every
        # play-out), else its greedy player -- its own or the roster's generic one
        quick = [name for name in ("hard", "greedy") if name in names
                 and not _searches(game, name)]
        policy = policy if policy is not None else (quick[0] if quick else "random")
        if opponents is None:
            opponents = "normal" if "normal" in names else policy
        check_expert_parameters(game, iterations=iterations, time_limit=time_limit,
                                width=width, margin=margin, z=z, policy=policy,
                                opponents=opponents, depth=depth, objective=objective,
                                belief=belief, close=close)
        if iterations is None and time_limit is None:
            time_limit = DEFAULT_TIME_LIMIT
        self.seat = seat
        self.rng = random.Random(seed)
        self.budget = Budget(iterations, time_limit)
        self.width = width if width is not None else default_width(iterations, time_limit)
        self.margin = margin
        self.z = z
        self.depth = depth
        self.close = close
        self.objective = objective
        #: what the hint's figures are counted in (the game's payoff unit)
        self.unit = payoff_unit(game)
        #: sample worlds by the game's belief (read by :func:`cardkit.agents.choose_action`)
        self.uses_belief = belief
        self.max_actions = definition.max_actions
        evaluation = definition.capability(Evaluation)
        self.evaluate_state = evaluation.evaluate if evaluation is not None else None
        self.policy_name = policy
        #: the default move's source, asked on the real view
        self.advisor = game.agent(policy, seat, derive_seed(seed, "advisor"))
        self.policies = [game.agent(policy if other == seat else opponents, other,
                                    derive_seed(seed, "rollout", other))
                         for other in range(game.players)]
        # each policy asked on the world itself where it keeps choose_in's promise
        self._choosers = [policy_chooser(agent) for agent in self.policies]
        evaluate = getattr(self.policies[seat], "evaluate", None)
        self.evaluator: Callable[[View], float | None] | None = (
            evaluate if callable(evaluate) and depth > 0 else None)
        rank = getattr(self.advisor, "rank", None)
        #: the policy's ranking of the moves in points, where it gives one (step 5)
        self.ranker: Callable[[View, Sequence[Action]], Sequence[tuple[Action, float]]] | None = (
            rank if callable(rank) else None)

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """Without samples (a runner that offers none) play as the policy."""
        return self.advisor.choose(view, legal_actions)

    def choose_with_reason(self, view: View, legal_actions: Sequence[Action]
                           ) -> tuple[Action, str]:
        """Without samples: the policy's move and its reason."""
        return reasoned_choice(self.advisor, view, legal_actions)

    def choose_with_samples(self, view: View, legal_actions: Sequence[Action],
                            sampler: Sampler) -> tuple[Action, str]:
        """The searched move and how sure the search is of it."""
        if len(legal_actions) == 1:
            return legal_actions[0], "the only legal move"
        default_action, default_why = reasoned_choice(self.advisor, view, legal_actions)
        default = MoveStats(default_action)
        budget = self.budget
        budget.start()
        if self.ranker is not None:
            ranked = self.ranker(view, legal_actions)
            best = next(value for action, value in ranked if action == default_action)
            others = [MoveStats(action, value) for action, value in ranked
                      if action != default_action and value >= best - self.close]
            if not others:
                return default_action, joined(default_why, "no other move is close")
            world = sampler.sample()
        else:
            world = sampler.sample()
            others = [MoveStats(action, self._prior(world, action))
                      for action in legal_actions if action != default_action]
        race = Race(default, others, self.width, self.z, min_worlds=3)
        while not budget.spent() and not race.settled:
            default_score = self._play(world, default_action)
            default.add(default_score, default_score > 0, default_score)
            budget.charge()
            for stats in list(race.running):
                if budget.spent():
                    break
                score = self._play(world, stats.action)
                stats.add(score, score > 0, default_score)
                budget.charge()
            race.eliminate()
            world = sampler.sample()
        chosen = race.best(self.margin)
        return chosen.action, self._reason(chosen, default, race, default_why)

    # ----- play-outs ------------------------------------------------------------------------

    def _play(self, world: State, action: Action) -> float:
        """The root ``action`` in ``world`` (a fresh copy), played on and scored."""
        state = world.clone()
        seat = self.seat
        state.apply_unchecked(action)
        choosers = self._choosers
        evaluator = self.evaluator
        own = 0
        steps = 0
        while state.result is None and steps < self.max_actions:
            player = state.current_player
            assert player is not None
            if evaluator is not None and own >= self.depth and player != seat:
                value = evaluator(state.view(seat))
                if value is not None:
                    return value if self.objective != "wins" else math.tanh(value / 10.0)
            legal = state.legal_actions()
            move = legal[0] if len(legal) == 1 else choosers[player](state, player, legal)
            state.apply_unchecked(move)
            if player == seat:
                own += 1
            steps += 1
        result = state.result
        if result is None:
            if self.evaluate_state is None:
                return 0.0
            return relative_score(self.evaluate_state(state), seat)
        return _score(result.payoffs, seat, result.winners, self.objective)

    def _prior(self, world: State, action: Action) -> float:
        """How promising a move looks one step ahead in a sampled world: the policy's value
        where it gives one, else the game's ``evaluate`` (the seat against its best rival),
        else minus the cards the seat still holds; a move that ends the hand by its result."""
        trial = world.clone()
        trial.apply_unchecked(action)
        if trial.result is not None:
            return _score(trial.result.payoffs, self.seat, trial.result.winners,
                          self.objective) * 1000.0
        if self.evaluator is not None and trial.current_player != self.seat:
            value = self.evaluator(trial.view(self.seat))
            if value is not None:
                return value
        if self.evaluate_state is not None:
            return relative_score(self.evaluate_state(trial), self.seat)
        return -float(len(trial.view(self.seat).hand))

    def _reason(self, chosen: MoveStats, default: MoveStats, race: Race,
                default_why: str) -> str:
        # a play-out scored by wins, or cut off by tanh of a value, has no unit to show
        unit = None if self.objective == "wins" else self.unit
        return race_reason(chosen, default, race, default_why, unit)


def check_expert_parameters(game: Game, *, iterations: int | None, time_limit: float | None,
                            width: int | None, margin: float, z: float, policy: str,
                            opponents: str, depth: int, objective: str,
                            belief: bool, close: float = DEFAULT_CLOSE) -> None:
    """``ValueError`` with a one-line reason for a bad ``expert`` parameter."""
    check_parameters(game, iterations=iterations, time_limit=time_limit, width=width,
                     margin=margin, z=z, policy=None, objective="payoff", belief=belief)
    allowed = [name for name in game.definition.agent_names if name not in ("expert", "search")
               and not _searches(game, name)]
    for label, value in (("policy", policy), ("opponents", opponents)):
        if value not in allowed:
            raise ValueError(f"{label} must be one of {', '.join(allowed)}, not {value!r}")
    if not (isinstance(depth, int) and not isinstance(depth, bool) and depth >= 0):
        raise ValueError(f"depth must be a whole number of at least 0, not {depth!r}")
    if not (isinstance(close, int | float) and not isinstance(close, bool) and close >= 0):
        raise ValueError(f"close must be a number of points of at least 0, not {close!r}")
    if objective not in EXPERT_OBJECTIVES:
        raise ValueError(f"objective must be one of {', '.join(EXPERT_OBJECTIVES)}, "
                         f"not {objective!r}")


def _searches(game: Game, name: str) -> bool:
    """True for an agent that searches (it would nest a search in every play-out): its
    factory takes a play-out budget."""
    factory = game.definition.agent_factory(name)
    return "iterations" in inspect.signature(factory).parameters


def expert_agent(game: Game, seat: int, seed: int, *, iterations: int | None = None,
                 time_limit: float | None = None, width: int | None = None,
                 margin: float = 1.0, z: float = 2.0, policy: str | None = None,
                 opponents: str | None = None, depth: int = DEFAULT_DEPTH,
                 objective: str = "points", belief: bool = True,
                 close: float = DEFAULT_CLOSE) -> Agent:
    """The ``expert`` agent (see :class:`ExpertAgent` for the parameters)."""
    return ExpertAgent(game, seat, seed, iterations=iterations, time_limit=time_limit,
                       width=width, margin=margin, z=z, policy=policy, opponents=opponents,
                       depth=depth, objective=objective, belief=belief, close=close)
