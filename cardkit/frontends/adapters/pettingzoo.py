"""Every installed game as a PettingZoo AEC environment, after PettingZoo's classic games.

>>> from cardkit.adapters.pettingzoo import env
>>> table = env("gin-rummy", players=2)
>>> table.reset(seed=1)
>>> observation, reward, termination, truncation, info = table.last()
>>> sorted(observation), table.agent_selection
(['action_mask', 'observation'], 'player_0')

Conventions (those of ``pettingzoo.classic``): agents ``player_0`` … ``player_{n-1}`` are
seats 0 … n-1; an observation is ``{"observation": float32 vector, "action_mask": int8
vector}`` (the mask is all zero for an agent not to move); every agent has the same
``Discrete`` action space, the game's action catalogue for these options
(:mod:`cardkit.encoding`); the rewards come at the end of the hand: each seat's payoff, or its
margin over the rivals' mean, or its rank among them (``reward=``), divided by
``reward_scale``; the hand is truncated (never terminated) if it reaches the game's
``max_actions``. A hand over at the deal is dealt again (``decided="redeal"``, the default,
which ``pettingzoo.test.api_test`` needs: no agent may be terminated after ``reset``) or ends
the episode at once and pays through ``last()`` (``decided="pay"``).
``render_mode="ansi"`` returns the view of the agent to move as the play screen shows it.

An illegal action (outside the mask) raises :class:`cardkit.encoding.EncodingError` (a
``ValueError``) naming the action and the legal ones, and changes nothing: it does not follow
PettingZoo classic's convention of ending the game with a penalty, which hides bugs in a
learner.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cardkit.engine.game import Game
from cardkit.engine.state import State
from cardkit.frontends.adapters.arrays import action_mask, observation_array
from cardkit.frontends.adapters.common import (
    LegalOnce,
    check_reward,
    configured,
    reward_of,
    view_text,
)
from cardkit.services.encoding import encoding_for
from cardkit.values.actions import Action
from cardkit.values.deck import derive_seed

__all__ = ["REDEAL_LIMIT", "CardkitAEC", "env"]

#: ``decided="redeal"`` gives up after this many hands in a row over at the deal.
REDEAL_LIMIT = 1000


def env(game: str | Game, players: int | None = None, render_mode: str | None = None, *,
        reward: str = "payoff", reward_scale: float = 1.0, decided: str = "redeal",
        **options: Any) -> CardkitAEC:
    """The AEC environment of ``game`` (a name, with ``players`` and rule ``options``, or a
    configured :class:`~cardkit.game.Game`). ``reward`` is ``payoff``, ``margin`` or
    ``rank``, divided by ``reward_scale``; ``decided`` says what happens to a hand over at the
    deal (``redeal`` or ``pay``). ``ValueError`` for a bad name, count or option."""
    return CardkitAEC(configured(game, players, options), render_mode, reward=reward,
                      reward_scale=reward_scale, decided=decided)


class CardkitAEC(LegalOnce, AECEnv):
    """One hand of a cardkit game per episode, seats as PettingZoo agents."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "cardkit",
                                          "is_parallelizable": False}

    def __init__(self, game: Game, render_mode: str | None = None, *, reward: str = "payoff",
                 reward_scale: float = 1.0, decided: str = "redeal") -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        check_reward(reward, reward_scale, decided)
        self.reward = reward
        self.reward_scale = reward_scale
        self.decided = decided
        self.game = game
        self.render_mode = render_mode
        self.encoding = encoding_for(game)
        self.possible_agents = [f"player_{seat}" for seat in range(game.players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._limit = game.definition.max_actions
        self._over = False
        self.agents = self.possible_agents[:]
        size = self.encoding.actions.size
        space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.encoding.observation.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (size,), np.int8),
        })
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._seeds = random.Random(random.SystemRandom().randrange(1 << 63))
        self.state: State | None = None
        self._steps = 0
        # index -> move for the legal moves of the decision now, worked out once a decision
        # (the mask and the step share it); None after every move and deal
        self._legal: dict[int, Action] | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        """The same ``Dict`` space for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The game's ``Discrete`` action catalogue."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Deal a new hand; ``seed`` makes this and the following hands reproducible.

        A hand over at the deal (a win dealt, such as Tonk's 49 or 50) is set aside and the
        next one dealt (``decided="redeal"``; their results are in every agent's
        ``infos[agent]["redealt"]``), or, with ``decided="pay"``, the episode ends at once:
        every agent terminated, and ``last()`` gives each its reward."""
        if seed is not None:
            self._seeds = random.Random(derive_seed(seed, "pettingzoo"))
        redealt = []
        while True:
            self.state = self.game.new_hand(seed=self._seeds.randrange(1 << 63))
            if not self.state.is_over or self.decided == "pay":
                break
            redealt.append(self.state.result)
            if len(redealt) >= REDEAL_LIMIT:
                raise ValueError(f"{REDEAL_LIMIT} hands in a row were over at the deal: "
                                 "use decided='pay'")
        self._legal = None
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {
            agent: {"redealt": list(redealt)} if redealt else {} for agent in self.agents}
        self._over = False
        self._settle()
        if self._over:  # over at the deal (decided="pay"): last() pays every agent
            self._accumulate_rewards()

    def _settle(self) -> None:
        """Point ``agent_selection`` at the seat to move, or end the episode."""
        state = self.state
        assert state is not None
        if state.is_over or self._steps >= self._limit:
            self._over = True
            payoffs = state.result.payoffs if state.result is not None else (0,) * len(
                self.possible_agents)
            for index, agent in enumerate(self.possible_agents):
                self.rewards[agent] = reward_of(payoffs, index, self.reward, self.reward_scale)
                if state.is_over:
                    self.terminations[agent] = True
                else:
                    self.truncations[agent] = True
                self.infos[agent] = {**self.infos.get(agent, {}), "result": state.result}
            if self.agent_selection_is_unset():
                self.agent_selection = self.possible_agents[0]
        else:
            seat = state.current_player
            assert seat is not None
            self.agent_selection = self.possible_agents[seat]

    def agent_selection_is_unset(self) -> bool:
        """True before the first move of an episode that ends at the deal."""
        return getattr(self, "agent_selection", None) not in self.possible_agents

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation: its view encoded, and its action mask."""
        state = self.state
        assert state is not None
        seat = self._seat_of[agent]
        to_move = state.current_player == seat and not self._over
        return {"observation": observation_array(self.encoding, state.view(seat)),
                "action_mask": action_mask(self.encoding, self._legal_now() if to_move else {})}

    def step(self, action: int | None) -> None:
        """Play ``action`` (an index of the catalogue) for the agent to move."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None
        if action is None:
            raise ValueError(f"{agent} must choose an action, not None")
        move = self._legal_now().get(int(action))
        if move is None:  # the catalogue's error names the action and the legal ones
            self.encoding.actions.decode(int(action), state.legal_actions())
        assert move is not None
        state.apply_unchecked(move)
        self._legal = None
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        self._settle()
        if self._over:  # the rewards are all zero before the end
            self._accumulate_rewards()
        if self.render_mode == "ansi":
            pass  # rendering is on demand: render() returns the text

    def render(self) -> str | None:
        """The view of the agent to move (``render_mode="ansi"``), as text."""
        if self.render_mode is None:
            return None
        state = self.state
        if state is None:
            return "no hand dealt yet: call reset()"
        seat = self.possible_agents.index(self.agent_selection)
        legal = state.legal_actions() if state.current_player == seat else ()
        return view_text(state.view(seat), self.encoding.actions.legal(legal))

    def close(self) -> None:
        """Nothing to release."""
