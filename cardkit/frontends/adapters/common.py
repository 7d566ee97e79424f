"""What the adapters and the evaluation share: configuring a game from a name, naming agents by
strength, seating opponents given as names, agents, factories or policies, the rewards a hand
pays, and drawing a seat's view as text."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from cardkit.engine.agents import Agent
from cardkit.engine.game import Game
from cardkit.engine.registry import load_game
from cardkit.values.actions import Action
from cardkit.values.cards import format_cards
from cardkit.values.lazy import resolve
from cardkit.values.views import View, seat_name

if TYPE_CHECKING:
    from cardkit.engine.state import State
    from cardkit.services.encoding import GameEncoding

__all__ = ["DECIDED", "LADDER", "REWARDS", "LegalOnce", "Opponent", "OpponentSpec", "configured",
           "ladder_agent", "opponent_agents", "reward_of", "seat_agent", "view_text"]

#: The strengths offered to players, and the agent each falls back to when a game has no agent
#: of that name (every house game has its own ``easy``, ``normal``, ``hard`` and ``expert``).
LADDER = {"easy": ("random",), "normal": ("greedy", "random"), "hard": ("hard", "search")}

#: The rewards an environment can pay at the end of a hand, for the seat ``s``:
#: ``payoff`` the game's own payoff (Tonk's stakes, gin's points to the scorer only, Tiến Lên's
#: place points); ``margin`` the payoff minus the rivals' mean (zero-sum in every game);
#: ``rank`` the rivals it beat minus the rivals that beat it, over their number (-1 .. 1).
REWARDS = ("payoff", "margin", "rank")

#: What an environment does with a hand that ends before the learning seat's first move (a win
#: at the deal, or the others ending it): ``redeal`` deals the next hand instead (the skipped
#: hands' results are in ``info``/``infos`` under ``"redealt"``), ``pay`` ends the episode
#: there and delivers the payoff.
DECIDED = ("redeal", "pay")

#: An opponent: a cardkit agent, or a factory ``(game, seat, seed) -> Agent``, or a policy
#: over the encoding (anything with ``act(observation, mask)``, see
#: :mod:`cardkit.adapters.policy`), or the name of one of the game's agents or ladder strengths.
Opponent: TypeAlias = "str | Agent | Callable[[Game, int, int], Agent] | Any"

#: One opponent for every other seat, or one per seat (a sequence over the seats, or a mapping
#: from seat to opponent).
OpponentSpec: TypeAlias = "Opponent | Sequence[Opponent] | Mapping[int, Opponent]"


class LegalOnce:
    """An environment's legal moves of the decision now, index -> move, worked out once a
    decision: the action mask and the step share them (the environment sets ``_legal`` to
    None after every move and at every deal)."""

    state: State | None
    encoding: GameEncoding
    _legal: dict[int, Action] | None

    def _legal_now(self) -> dict[int, Action]:
        legal = self._legal
        if legal is None:
            state = self.state
            assert state is not None
            legal = self._legal = self.encoding.actions.legal(state.legal_actions())
        return legal


def configured(game: str | Game, players: int | None, options: dict[str, Any]) -> Game:
    """A configured game from a name (``ValueError`` for a bad name, count or option) or a
    :class:`Game` as it is (then ``players`` and ``options`` must be unset)."""
    if isinstance(game, Game):
        if (players is not None and players != game.players) or options:
            raise ValueError("pass players and options to load_game, not with a Game")
        return game
    return load_game(game, players=players, **options)


def ladder_agent(game: Game, name: str, seat: int, seed: int,
                 params: Mapping[str, Any] | None = None) -> Agent:
    """The agent called ``name`` (one of the game's agents, or a ladder strength), given those
    of ``params`` (a search budget such as ``iterations``) its factory takes."""
    offered = game.definition.agent_names
    for candidate in (name, *LADDER.get(name, ())):
        if candidate in offered:
            accepted = _parameters(game.definition.agent_factory(candidate))
            given = {k: v for k, v in (params or {}).items() if k in accepted}
            return game.agent(candidate, seat=seat, seed=seed, **given)
        if candidate == name and name not in LADDER:
            break
    choices = ", ".join([*offered, *(n for n in LADDER if n not in offered)])
    raise ValueError(f"{game.name} has no agent {name!r}; agents: {choices}")


def _parameters(factory: Callable[..., Agent]) -> list[str]:
    parameters = list(inspect.signature(factory).parameters.values())[3:]
    return [p.name for p in parameters
            if p.kind in (inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)]


def seat_agent(game: Game, opponent: Opponent, seat: int, seed: int,
               params: Mapping[str, Any] | None = None) -> Agent:
    """The agent that plays ``seat`` for ``opponent`` (see :data:`Opponent`): a name through
    :func:`ladder_agent` with ``params``, a factory called with ``(game, seat, seed)``, an
    agent as it is, a policy wrapped in a :class:`~cardkit.adapters.policy.PolicyAgent`."""
    if isinstance(opponent, str):
        return ladder_agent(game, opponent, seat, seed, params)
    if isinstance(opponent, Agent):
        return opponent
    if hasattr(opponent, "act"):  # a policy: numpy's side of the adapters, loaded when met
        agent: Agent = resolve("cardkit.frontends.adapters.policy:PolicyAgent")(opponent, game)
        return agent
    if callable(opponent):
        made = opponent(game, seat, seed)
        if not hasattr(made, "choose"):
            raise TypeError(f"the factory {opponent!r} returned {made!r}, not an agent")
        return made
    raise TypeError(f"an opponent is an agent name, an Agent, a factory (game, seat, seed) or "
                    f"a policy with act(observation, mask), not {opponent!r}")


def opponent_agents(game: Game, opponents: OpponentSpec, seats: Sequence[int], seed: int,
                    params: Mapping[str, Any] | None = None) -> dict[int, Agent]:
    """The agent of every seat of ``seats``, from one opponent for all or one per seat (a
    sequence indexed by seat, or a mapping seat -> opponent). Each agent is seeded from
    ``seed``; an :class:`~cardkit.agents.Agent` object is shared, so give a factory where
    several seats need their own memory."""
    chosen: dict[int, Agent] = {}
    for seat in seats:
        if isinstance(opponents, Mapping):
            if seat not in opponents:
                raise ValueError(f"no opponent given for seat {seat}")
            spec = opponents[seat]
        elif isinstance(opponents, Sequence) and not isinstance(opponents, str):
            if len(opponents) != game.players:
                raise ValueError(f"a list of opponents has one entry per seat "
                                 f"({game.players}), not {len(opponents)}")
            spec = opponents[seat]
        else:
            spec = opponents
        chosen[seat] = seat_agent(game, spec, seat, seed, params)
    return chosen


def reward_of(payoffs: Sequence[float], seat: int, reward: str = "payoff",
              scale: float = 1.0) -> float:
    """What a finished hand pays ``seat`` under ``reward`` (one of :data:`REWARDS`), divided
    by ``scale``."""
    own = float(payoffs[seat])
    rivals = [float(p) for s, p in enumerate(payoffs) if s != seat]
    if reward == "payoff" or not rivals:
        value = own
    elif reward == "margin":
        value = own - sum(rivals) / len(rivals)
    elif reward == "rank":
        value = (sum(own > r for r in rivals) - sum(own < r for r in rivals)) / len(rivals)
    else:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    return value / scale


def check_reward(reward: str, scale: float, decided: str) -> None:
    """``ValueError`` for a reward, scale or ``decided`` an environment does not offer."""
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    if not scale > 0:
        raise ValueError(f"reward_scale must be a positive number, not {scale!r}")
    if decided not in DECIDED:
        raise ValueError(f"decided must be one of {', '.join(DECIDED)}, not {decided!r}")


def view_text(view: View, moves: Mapping[int, Action] | None = None) -> str:
    """What the play screen shows a seat, as plain text: scores, the table, the discard top,
    hand sizes and the stock, the last moves, the seat's hand, and its legal ``moves`` (by
    their index in the action catalogue)."""
    lines = [f"{view.game} - {seat_name(view.seat)}, phase {view.phase}"]
    if view.scores:
        lines.append("scores: " + ", ".join(f"{seat_name(s)} {v:g}"
                                            for s, v in enumerate(view.scores)))
    for number, entry in enumerate(view.table, 1):
        lines.append(f"table {number}: {_entry_text(entry)}")
    if view.discard_top is not None:
        lines.append(f"discard pile: {view.discard_top.text}")
    sizes = ", ".join(f"{seat_name(s)} {n}" for s, n in enumerate(view.hand_sizes))
    lines.append(f"cards held: {sizes}; stock {view.stock_size}")
    for move in view.history[-6:]:
        seat = move.seat
        lines.append(f"  {'' if seat is None else seat_name(seat) + ': '}{move}")
    for seat, cards in sorted(view.revealed.items()):
        lines.append(f"{seat_name(seat)} shows: {format_cards(cards)}")
    lines.append(f"your hand: {format_cards(view.hand)}")
    if view.result is not None:
        lines.append(f"hand over: {getattr(view.result, 'summary', view.result)}")
    elif view.current_player == view.seat and moves:
        lines.append("moves: " + " | ".join(f"{index} {action}"
                                            for index, action in moves.items()))
    else:
        turn = view.current_player
        lines.append(f"waiting for {seat_name(turn)}" if turn is not None else "")
    return "\n".join(lines)


def _entry_text(entry: Any) -> str:
    if isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], int):
        return f"{_entry_text(entry[1])} ({seat_name(entry[0])})"
    if hasattr(entry, "cards"):
        return format_cards(entry.cards)
    if isinstance(entry, tuple | list):
        return format_cards(entry)
    return str(entry)
