"""Every installed game as a single-agent Gymnasium environment: one seat learns, the other
seats are cardkit agents.

>>> import gymnasium
>>> import cardkit.adapters.gymnasium  # registers cardkit/<game>-v0
>>> table = gymnasium.make("cardkit/tonk-v0", players=2, opponents="random")
>>> observation, info = table.reset(seed=3)
>>> sorted(observation)
['action_mask', 'observation']

The observation and action spaces are those of :mod:`cardkit.adapters.pettingzoo` (the
game's encoding); the reward is the seat's payoff when the hand ends, 0 before; the hand is
truncated at the game's ``max_actions``. ``opponents`` names the other seats' agent: one of
the game's agents, or a strength of the ladder (``easy``, ``normal``, ``hard``).

An action outside the mask changes nothing in the hand: the step returns the same observation,
reward ``illegal_reward`` (default -1), and ``info["illegal"]`` naming the action and the legal
ones (Gymnasium's own checker plays unmasked random actions, so a refusal must not raise).
Refused steps count toward the truncation at ``max_actions``.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from cardkit.engine.game import Game
from cardkit.engine.registry import available_games
from cardkit.engine.state import State
from cardkit.frontends.adapters.arrays import action_mask, observation_array
from cardkit.frontends.adapters.common import configured, ladder_agent, view_text
from cardkit.services.encoding import EncodingError, encoding_for
from cardkit.services.search.choose import choose_action
from cardkit.values.deck import derive_seed

__all__ = ["CardkitEnv", "make_env", "register_all"]


def make_env(game: str | Game, seat: int = 0, opponents: str = "normal",
             players: int | None = None, render_mode: str | None = None,
             illegal_reward: float = -1.0, **options: Any) -> CardkitEnv:
    """The environment in which ``seat`` of ``game`` (a name with ``players`` and rule
    ``options``, or a configured game) plays against ``opponents``."""
    return CardkitEnv(configured(game, players, options), seat, opponents, render_mode,
                      illegal_reward)


class CardkitEnv(gymnasium.Env):
    """One hand per episode, seen from one seat."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (Env declares it)

    def __init__(self, game: Game, seat: int = 0, opponents: str = "normal",
                 render_mode: str | None = None, illegal_reward: float = -1.0) -> None:
        if not 0 <= seat < game.players:
            raise ValueError(f"seat must be 0..{game.players - 1}, not {seat}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = game
        self.seat = seat
        self.opponents = opponents
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.encoding = encoding_for(game)
        ladder_agent(game, opponents, 0, 0)  # a bad name fails now, not at the first reset
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

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict]:
        """Deal a hand and let the other seats play up to this seat's first turn."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(derive_seed(seed, "gymnasium"))
        hand_seed = self._seeds.randrange(1 << 63)
        self.state = self.game.new_hand(seed=hand_seed)
        self._agents = {other: ladder_agent(self.game, self.opponents, other, hand_seed)
                        for other in range(self.game.players) if other != self.seat}
        self._steps = 0
        self._paid = False
        self._others_play()
        return self._observation(), self._info()

    def _others_play(self) -> None:
        state = self.state
        assert state is not None
        limit = self.game.definition.max_actions
        while not state.is_over and state.current_player != self.seat and self._steps < limit:
            seat = state.current_player
            assert seat is not None
            action, _ = choose_action(self._agents[seat], state, seat)
            state.apply_unchecked(action)
            self._steps += 1

    def _observation(self) -> dict[str, np.ndarray]:
        state = self.state
        assert state is not None
        to_move = (state.current_player == self.seat
                   and self._steps < self.game.definition.max_actions)
        return {"observation": observation_array(self.encoding, state.view(self.seat)),
                "action_mask": action_mask(self.encoding,
                                           state.legal_actions() if to_move else ())}

    def _info(self) -> dict[str, Any]:
        state = self.state
        assert state is not None
        return {"result": state.result, "seat": self.seat}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict]:
        """Play ``action`` (an index of the catalogue), then the other seats up to this seat's
        next turn or the end of the hand."""
        state = self.state
        if state is None:
            raise ValueError("no hand dealt yet: call reset()")
        if state.is_over:  # it ended before this seat's turn (a win at the deal): pay once
            reward = 0.0 if self._paid else self._payoff()
            self._paid = True
            return self._observation(), reward, True, False, self._info()
        self._steps += 1
        try:
            move = self.encoding.actions.decode(int(action), state.legal_actions())
        except EncodingError as refusal:
            truncated = self._steps >= self.game.definition.max_actions
            return (self._observation(), self.illegal_reward, False, truncated,
                    {**self._info(), "illegal": str(refusal)})
        state.apply_unchecked(move)
        self._others_play()
        terminated = state.is_over
        truncated = not terminated and self._steps >= self.game.definition.max_actions
        reward = self._payoff() if terminated else 0.0
        self._paid = terminated
        return self._observation(), reward, terminated, truncated, self._info()

    def _payoff(self) -> float:
        state = self.state
        assert state is not None and state.result is not None
        return float(state.result.payoffs[self.seat])

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
