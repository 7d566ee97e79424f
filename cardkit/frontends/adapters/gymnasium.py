"""Every installed game as a single-agent Gymnasium environment: one seat learns, the other
seats are cardkit agents.

>>> import gymnasium
>>> import cardkit.adapters.gymnasium  # registers cardkit/<game>-v0
>>> table = gymnasium.make("cardkit/tonk-v0", players=2, opponents="random")
>>> observation, info = table.reset(seed=3)
>>> sorted(observation)
['action_mask', 'observation']

The observation and action spaces are those of :mod:`cardkit.adapters.pettingzoo` (the
game's encoding); the reward comes when the hand ends, 0 before: the seat's payoff, or its
margin over the rivals' mean, or its rank among them (``reward=``), divided by
``reward_scale``; the hand is truncated at the game's ``max_actions``. ``opponents`` are the
other seats: a name (one of the game's agents or a strength of the ladder), an agent, a factory
``(game, seat, seed) -> Agent`` or a policy over the encoding (:mod:`cardkit.adapters.policy`),
for every other seat or one per seat; ``reset(options={"opponents": ...})`` changes them.

A hand over before the seat's first move (a win at the deal, or the others ending it) is dealt
again by default (``decided="redeal"``; the skipped results are in ``info["redealt"]``), so
``reset`` always returns a hand the seat can move in; ``decided="pay"`` returns it instead,
with an all-zero mask and ``info["decided"]``, and the next step pays it.

An action outside the mask changes nothing in the hand: the step returns the same observation,
reward ``illegal_reward`` (default -1), and ``info["illegal"]`` naming the action and the legal
ones (Gymnasium's own checker plays unmasked random actions, so a refusal must not raise).
Refused steps count toward the truncation at ``max_actions``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from cardkit.engine.game import Game
from cardkit.engine.registry import available_games
from cardkit.engine.state import State
from cardkit.frontends.adapters.arrays import action_mask, observation_array
from cardkit.frontends.adapters.common import (
    LegalOnce,
    OpponentSpec,
    check_reward,
    configured,
    opponent_agents,
    reward_of,
    view_text,
)
from cardkit.services.encoding import EncodingError, encoding_for
from cardkit.services.search.choose import choose_action
from cardkit.values.actions import Action
from cardkit.values.deck import derive_seed

__all__ = ["REDEAL_LIMIT", "CardkitEnv", "make_env", "register_all"]

#: ``decided="redeal"`` gives up after this many hands in a row over before the seat's move.
REDEAL_LIMIT = 1000


def make_env(game: str | Game, seat: int = 0, opponents: OpponentSpec = "normal",
             players: int | None = None, render_mode: str | None = None,
             illegal_reward: float = -1.0, *, reward: str = "payoff", reward_scale: float = 1.0,
             decided: str = "redeal", opponent_params: Mapping[str, Any] | None = None,
             **options: Any) -> CardkitEnv:
    """The environment in which ``seat`` of ``game`` (a name with ``players`` and rule
    ``options``, or a configured game) plays against ``opponents``: a name, an agent, a factory
    ``(game, seat, seed) -> Agent`` or a policy, for every other seat or one per seat.
    ``opponent_params`` go to named agents that take them (a search budget, ``iterations``).
    ``reward`` is ``payoff``, ``margin`` or ``rank``, divided by ``reward_scale``; ``decided``
    says what happens to a hand over before the seat's first move (``redeal`` or ``pay``)."""
    return CardkitEnv(configured(game, players, options), seat, opponents, render_mode,
                      illegal_reward, reward=reward, reward_scale=reward_scale, decided=decided,
                      opponent_params=opponent_params)


class CardkitEnv(LegalOnce, gymnasium.Env):
    """One hand per episode, seen from one seat."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (Env declares it)

    def __init__(self, game: Game, seat: int = 0, opponents: OpponentSpec = "normal",
                 render_mode: str | None = None, illegal_reward: float = -1.0, *,
                 reward: str = "payoff", reward_scale: float = 1.0, decided: str = "redeal",
                 opponent_params: Mapping[str, Any] | None = None) -> None:
        if not 0 <= seat < game.players:
            raise ValueError(f"seat must be 0..{game.players - 1}, not {seat}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        check_reward(reward, reward_scale, decided)
        self.game = game
        self.seat = seat
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.reward = reward
        self.reward_scale = reward_scale
        self.decided = decided
        self.opponent_params = dict(opponent_params or {})
        self.encoding = encoding_for(game)
        self.opponents = opponents
        self._check_opponents(opponents)  # a bad name fails now, not at the first reset
        size = self.encoding.actions.size
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.encoding.observation.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (size,), np.int8),
        })
        self.action_space = spaces.Discrete(size)
        self.state: State | None = None
        self._seeds = random.Random(random.SystemRandom().randrange(1 << 63))
        self._steps = 0
        self._paid = False
        self._redealt: list[Any] = []
        # index -> move for this seat's decision now, worked out once a decision (the mask
        # and the step share it); None after every move and deal
        self._legal: dict[int, Action] | None = None

    def _check_opponents(self, opponents: OpponentSpec) -> None:
        others = [s for s in range(self.game.players) if s != self.seat]
        opponent_agents(self.game, opponents, others, 0, self.opponent_params)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict]:
        """Deal a hand and let the other seats play up to this seat's first turn.

        ``options={"opponents": ...}`` changes the opponents from this hand on (a league, a
        new snapshot of the learner). With ``decided="redeal"`` a hand over before this seat's
        first move is set aside and the next one dealt (their results are in
        ``info["redealt"]``); with ``decided="pay"`` it is returned as it is, its mask all
        zero, and the next :meth:`step` (any action) pays it and ends the episode."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(derive_seed(seed, "gymnasium"))
        if options and "opponents" in options:
            self._check_opponents(options["opponents"])
            self.opponents = options["opponents"]
        self._redealt = []
        while True:
            self._deal()
            state = self.state
            assert state is not None
            if not state.is_over or self.decided == "pay":
                break
            self._redealt.append(state.result)
            if len(self._redealt) >= REDEAL_LIMIT:
                raise ValueError(f"{REDEAL_LIMIT} hands in a row were over before seat "
                                 f"{self.seat} could move: use decided='pay'")
        return self._observation(), self._info()

    def _deal(self) -> None:
        hand_seed = self._seeds.randrange(1 << 63)
        self.state = self.game.new_hand(seed=hand_seed)
        others = [s for s in range(self.game.players) if s != self.seat]
        self._agents = opponent_agents(self.game, self.opponents, others, hand_seed,
                                       self.opponent_params)
        self._steps = 0
        self._paid = False
        self._legal = None
        self._others_play()

    def _others_play(self) -> None:
        state = self.state
        assert state is not None
        limit = self.game.definition.max_actions
        while not state.is_over and state.current_player != self.seat and self._steps < limit:
            seat = state.current_player
            assert seat is not None
            action, _ = choose_action(self._agents[seat], state, seat)
            state.apply_unchecked(action)
            self._legal = None
            self._steps += 1

    def _observation(self) -> dict[str, np.ndarray]:
        state = self.state
        assert state is not None
        to_move = (state.current_player == self.seat
                   and self._steps < self.game.definition.max_actions)
        return {"observation": observation_array(self.encoding, state.view(self.seat)),
                "action_mask": action_mask(self.encoding, self._legal_now() if to_move else ())}

    def _info(self) -> dict[str, Any]:
        state = self.state
        assert state is not None
        info: dict[str, Any] = {"result": state.result, "seat": self.seat}
        if self._redealt:
            info["redealt"] = list(self._redealt)
        if state.is_over and not self._paid:
            info["decided"] = True  # over before this seat moved: the next step pays it
        return info

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict]:
        """Play ``action`` (an index of the catalogue), then the other seats up to this seat's
        next turn or the end of the hand."""
        state = self.state
        if state is None:
            raise ValueError("no hand dealt yet: call reset()")
        if state.is_over:  # over before this seat's turn (decided="pay"): pay once
            reward = 0.0 if self._paid else self._payoff()
            self._paid = True
            return self._observation(), reward, True, False, self._info()
        self._steps += 1
        try:
            move = self._legal_now().get(int(action))
            if move is None:  # the catalogue's refusal names the action and the legal ones
                move = self.encoding.actions.decode(int(action), state.legal_actions())
        except EncodingError as refusal:
            truncated = self._steps >= self.game.definition.max_actions
            return (self._observation(), self.illegal_reward, False, truncated,
                    {**self._info(), "illegal": str(refusal)})
        state.apply_unchecked(move)
        self._legal = None
        self._others_play()
        terminated = state.is_over
        truncated = not terminated and self._steps >= self.game.definition.max_actions
        reward = self._payoff() if terminated else 0.0
        self._paid = terminated
        return self._observation(), reward, terminated, truncated, self._info()

    def _payoff(self) -> float:
        state = self.state
        assert state is not None and state.result is not None
        return reward_of(state.result.payoffs, self.seat, self.reward, self.reward_scale)

    def render(self) -> str | None:
        """This seat's view as the play screen shows it (``render_mode="ansi"``)."""
        if self.render_mode is None or self.state is None:
            return None
        state = self.state
        legal = state.legal_actions() if state.current_player == self.seat else ()
        return view_text(state.view(self.seat), self.encoding.actions.legal(legal))


def _entry_point(**kwargs: Any) -> CardkitEnv:
    return make_env(**kwargs)


def register_all() -> list[str]:
    """Register ``cardkit/<game>-v0`` for every installed game (done on import); returns the
    ids. ``gymnasium.make("cardkit/tonk-v0", players=3, opponents="random")``."""
    ids = []
    for name in available_games():
        env_id = f"cardkit/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=_entry_point, kwargs={"game": name})
        ids.append(env_id)
    return ids


register_all()
