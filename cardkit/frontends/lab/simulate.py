"""The simulation loop: play a chunk of hands (or matches) and keep only what the metrics need.

Every unit's randomness comes from ``(seed, unit index)`` through
:func:`cardkit.deck.derive_seed`: hand ``i`` is dealt from ``derive_seed(seed, "hand", i)`` and
its agents are seeded from ``derive_seed(seed, "agents", i)``. A chunk is therefore a pure
function of its description, so the results are the same whatever the chunking, the number of
workers or the backend, and every variant plays the same deals (common random numbers).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence, Sized
from functools import lru_cache
from typing import Any

import attrs

from cardkit.engine.agents import Agent, AgentFactory
from cardkit.engine.capabilities import Evaluation
from cardkit.engine.game import Game
from cardkit.engine.registry import load_game
from cardkit.engine.state import State
from cardkit.frontends.lab.budget import budgeted_factory
from cardkit.services.search.choose import choose_action
from cardkit.values.deck import derive_seed

__all__ = [
    "UNFINISHED",
    "Chunk",
    "ChunkResult",
    "Plan",
    "fewest_cards_evaluation",
    "play_duplicate",
    "play_hand",
    "play_unit",
    "run_chunk",
    "trace_kind",
]

#: The ending recorded for a hand stopped by the game's ``max_actions`` guard.
UNFINISHED = "(unfinished)"

Evaluate = Callable[[State], Sequence[float]]

#: One play of a duplicate deal: (the stronger agent's seat, winners, payoffs).
Play = tuple[int, tuple[int, ...], tuple[float, ...]]


def trace_kind(weak: str, strong: str) -> str:
    """The result kind of one skill-trace step's chunks, e.g. ``trace random>greedy``."""
    return f"trace {weak}>{strong}"


@attrs.frozen
class Plan:
    """One variant's run, as plain picklable data.

    ``mode`` is ``"hands"`` or ``"matches"``; ``bots`` names the agent of each seat; ``lead``
    turns the lead-change evaluation on; ``max_match_hands`` stops a match that has not ended
    by itself (a guard for games whose matches never end); ``think`` (seconds) and
    ``playouts`` are the budget of every agent that searches (:mod:`~cardkit.frontends.lab.budget`).
    """

    game: str
    players: int
    options: tuple[tuple[str, Any], ...]
    preset: str | None
    seed: int
    mode: str = "hands"
    bots: tuple[str, ...] = ()
    lead: bool = True
    max_match_hands: int = 200
    think: float | None = None
    playouts: int | None = None


@attrs.frozen
class Chunk:
    """Units ``start`` to ``stop - 1`` of a plan. ``kind`` is ``"play"`` (the plan's bots),
    ``"skill"`` (``skill_agent`` in seat ``i % players`` for unit ``i``, random agents in the
    other seats) or ``"trace"`` (one step of the skill trace: deal ``i`` played once with
    ``skill_agent`` in each seat, ``weak_agent`` in the others; see :func:`play_duplicate`)."""

    plan: Plan
    variant: int
    kind: str
    start: int
    stop: int
    skill_agent: str = "greedy"
    weak_agent: str = "random"

    @property
    def result_kind(self) -> str:
        """The kind its :class:`ChunkResult` carries: ``kind``, or for a trace step
        ``"trace WEAK>STRONG"`` (so the steps' results merge apart)."""
        if self.kind == "trace":
            return trace_kind(self.weak_agent, self.skill_agent)
        return self.kind


@attrs.define
class ChunkResult:
    """Columns, one entry per unit, in index order.

    For hands: ``endings``, ``winners`` (tuples of seats), ``payoffs`` (tuples), ``turns``,
    ``lead_changes`` (None when not evaluated). For matches: ``hands`` (hands played),
    ``winners`` (one-seat tuples, or empty), ``payoffs`` (final totals), ``turns`` (all turns),
    ``trailed`` (the eventual winner was behind after some hand). For skill chunks ``seats``
    holds the skilled agent's seat; trace chunks hold one entry per play, ``players`` plays
    per deal in seat order (``seats`` is the stronger agent's; no ``endings``). ``events``
    holds each unit's event counts (the hand's :attr:`~cardkit.engine.state.State.event_counts`;
    a match's summed over its hands); trace chunks keep none. ``actions`` counts every action
    applied.
    """

    variant: int
    kind: str
    start: int
    endings: list[str] = attrs.field(factory=list)
    winners: list[tuple[int, ...]] = attrs.field(factory=list)
    payoffs: list[tuple[float, ...]] = attrs.field(factory=list)
    turns: list[int] = attrs.field(factory=list)
    lead_changes: list[int | None] = attrs.field(factory=list)
    hands: list[int] = attrs.field(factory=list)
    trailed: list[bool] = attrs.field(factory=list)
    seats: list[int] = attrs.field(factory=list)
    events: list[dict[str, int]] = attrs.field(factory=list)
    actions: int = 0


@lru_cache(maxsize=32)
def _configured(game: str, players: int, options_json: str, preset: str | None) -> Game:
    return load_game(game, players=players, preset=preset, **json.loads(options_json))


def configured_game(plan: Plan) -> Game:
    """The plan's game (cached per process: workers configure each variant once)."""
    return _configured(plan.game, plan.players, json.dumps(dict(plan.options), sort_keys=True),
                       plan.preset)


def fewest_cards_evaluation(state: State) -> Sequence[float]:
    """The generic standing used when a game gives no ``evaluate``: minus the cards in each
    hand (fewest cards leads). Uses the state's ``hands`` list when it holds sized card
    collections or card bitmasks (cheap), else a view's ``hand_sizes``."""
    hands = getattr(state, "hands", None)
    if isinstance(hands, list | tuple) and len(hands) == state.players:
        if all(isinstance(hand, Sized) for hand in hands):
            return [-len(hand) for hand in hands]
        if all(type(hand) is int for hand in hands):  # card bitmasks (CardSet.mask)
            return [-hand.bit_count() for hand in hands]
    return [-size for size in state.view(0).hand_sizes]


def _leader(values: Sequence[float]) -> int | None:
    best = max(values)
    leader = None
    for seat, value in enumerate(values):
        if value == best:
            if leader is not None:
                return None
            leader = seat
    return leader


def play_hand(
    state: State, agents: Sequence[Agent], evaluate: Evaluate | None, max_actions: int
) -> tuple[int, int | None, int]:
    """Play ``state`` to its end (or ``max_actions``). Returns (completed turns, lead changes or
    None, actions). A turn ends when the seat whose turn it is (``state.turn_player``)
    changes -- seats answering a claim window out of turn take no turn; after each completed turn
    ``evaluate`` (if given) names the leader (the unique best seat; ties keep the last one),
    and a lead change is counted when a new leader differs from the last one."""
    turns = 0
    actions = 0
    changes = 0
    leader: int | None = None
    while state.result is None and actions < max_actions:
        seat = state.current_player
        assert seat is not None  # the hand goes on
        turn = state.turn_player
        action = choose_action(agents[seat], state, seat)[0]
        state.apply_unchecked(action)
        actions += 1
        if state.turn_player != turn:
            turns += 1
            if evaluate is not None and state.result is None:
                now = _leader(evaluate(state))
                if now is not None:
                    if leader is not None and now != leader:
                        changes += 1
                    leader = now
    return turns, (changes if evaluate is not None else None), actions


def play_duplicate(game: Game, strong: AgentFactory, weak: AgentFactory, deal_seed: int,
                   agent_seed: int, max_actions: int | None = None) -> list[Play]:
    """Play one deal ``game.players`` times, the ``strong`` agent in seat 0, then 1, ... (the
    ``weak`` one in the other seats), each time from ``deal_seed`` and with seat *s*'s agent
    seeded alike. Returns ``(strong seat, winners, payoffs)`` per play; a hand stopped by the
    ``max_actions`` guard has no winner and zero payoffs."""
    limit = game.definition.max_actions if max_actions is None else max_actions
    plays: list[Play] = []
    for strong_seat in range(game.players):
        agents = [(strong if seat == strong_seat else weak)(
            game, seat, derive_seed(agent_seed, "agent", seat)) for seat in range(game.players)]
        state = game.new_hand(seed=deal_seed)
        play_hand(state, agents, None, limit)
        result = state.result
        if result is None:
            plays.append((strong_seat, (), (0.0,) * game.players))
        else:
            plays.append((strong_seat, tuple(result.winners),
                           tuple(float(p) for p in result.payoffs)))
    return plays




def _agents(game: Game, names: Sequence[str], seed: int, plan: Plan) -> list[Agent]:
    definition = game.definition
    return [budgeted_factory(definition, name, plan.think, plan.playouts)(
        game, seat, derive_seed(seed, "agent", seat)) for seat, name in enumerate(names)]


def _seat_names(chunk: Chunk, index: int) -> tuple[tuple[str, ...], int | None]:
    plan = chunk.plan
    if chunk.kind == "skill":
        seat = index % plan.players
        names = tuple(chunk.skill_agent if s == seat else "random" for s in range(plan.players))
        return names, seat
    return plan.bots, None


def run_chunk(chunk: Chunk) -> ChunkResult:
    """Play the chunk's units and return their columns (the function workers run)."""
    plan = chunk.plan
    game = configured_game(plan)
    definition = game.definition
    evaluate: Evaluate | None = None
    if plan.lead and chunk.kind == "play" and plan.mode == "hands":
        evaluation = definition.capability(Evaluation)
        evaluate = evaluation.evaluate if evaluation is not None else fewest_cards_evaluation
    max_actions = definition.max_actions
    out = ChunkResult(chunk.variant, chunk.result_kind, chunk.start)
    if chunk.kind == "trace":
        _run_trace(game, chunk, out)
        return out
    stream = "skill" if chunk.kind == "skill" else "play"
    for index in range(chunk.start, chunk.stop):
        names, skilled = _seat_names(chunk, index)
        if skilled is not None:
            out.seats.append(skilled)
        agents = _agents(game, names, derive_seed(plan.seed, stream, "agents", index), plan)
        if plan.mode == "matches":
            _play_match(game, plan, agents, derive_seed(plan.seed, stream, "match", index), out)
            continue
        state = game.new_hand(seed=derive_seed(plan.seed, "hand", index))
        turns, changes, actions = play_hand(state, agents, evaluate, max_actions)
        out.actions += actions
        out.events.append(state.event_counts)
        result = state.result
        if result is None:
            out.endings.append(UNFINISHED)
            out.winners.append(())
            out.payoffs.append((0.0,) * game.players)
        else:
            out.endings.append(result.ending)
            out.winners.append(tuple(result.winners))
            out.payoffs.append(tuple(result.payoffs))
        out.turns.append(turns)
        out.lead_changes.append(changes)
    return out


def play_unit(plan: Plan, index: int) -> State:
    """Hand ``index`` of the plan's main run (``"play"``), played again exactly as
    :func:`run_chunk` plays it (same deal, same agents, same seeds), and its final state: the
    lab writes such hands as records (``--examples``). Agents that think by the clock may
    choose differently the second time; a play-out budget makes them replay exactly."""
    game = configured_game(plan)
    agents = _agents(game, plan.bots, derive_seed(plan.seed, "play", "agents", index), plan)
    state = game.new_hand(seed=derive_seed(plan.seed, "hand", index))
    play_hand(state, agents, None, game.definition.max_actions)
    return state


def _run_trace(game: Game, chunk: Chunk, out: ChunkResult) -> None:
    definition = game.definition
    plan = chunk.plan
    strong = budgeted_factory(definition, chunk.skill_agent, plan.think, plan.playouts)
    weak = budgeted_factory(definition, chunk.weak_agent, plan.think, plan.playouts)
    seed = plan.seed
    for index in range(chunk.start, chunk.stop):
        plays = play_duplicate(game, strong, weak, derive_seed(seed, "hand", index),
                               derive_seed(seed, "trace", "agents", index))
        for seat, winners, payoffs in plays:
            out.seats.append(seat)
            out.winners.append(winners)
            out.payoffs.append(payoffs)


def _play_match(game: Game, plan: Plan, agents: Sequence[Agent], seed: int,
                out: ChunkResult) -> None:
    match = game.new_match(seed=seed, hands=plan.max_match_hands)
    behind = [False] * game.players
    turns = 0
    max_actions = game.definition.max_actions
    events: dict[str, int] = {}
    out.events.append(events)
    while True:
        state = match.current
        hand_turns, _, actions = play_hand(state, agents, None, max_actions)
        turns += hand_turns
        out.actions += actions
        for name, count in state.event_counts.items():
            events[name] = events.get(name, 0) + count
        if state.result is None:  # a hand stopped by the guard ends the match undecided
            out.hands.append(len(match.hands))
            out.winners.append(())
            out.payoffs.append(tuple(match.totals))
            out.turns.append(turns)
            out.trailed.append(False)
            out.endings.append(UNFINISHED)
            return
        if match.next_hand() is None:
            break
        totals = match.totals
        best = max(totals)
        for seat, total in enumerate(totals):
            if total < best:
                behind[seat] = True
    winner = match.winner
    out.hands.append(len(match.hands))
    out.winners.append(() if winner is None else (winner,))
    out.payoffs.append(tuple(match.outcome.final_totals if match.outcome else match.totals))
    out.turns.append(turns)
    out.trailed.append(winner is not None and behind[winner])
    out.endings.append("match")
