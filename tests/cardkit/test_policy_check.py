"""Play-outs on the sampled world: a policy's ``choose_in`` reads the state directly under a
promise (the move ``choose`` of the seat's view makes, whatever the hidden cards), and the kit
(``check_policy``, ``Rollout(check=True)``) catches a policy that breaks it."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import cardkit
from cardkit.engine.agents import Agent, RandomAgent
from cardkit.engine.state import State
from cardkit.game import Agents, Evaluation
from cardkit.services.search.rollout import PolicyCheck, Rollout
from cardkit.services.testing import ConformanceError, _world_readers, check_game, check_policy
from cardkit.values.actions import Action
from cardkit.values.views import View
from testgames.knock_rummy import KNOCK_RUMMY

GAMES = [("tonk", 2), ("tonk", 3), ("gin-rummy", 2), ("gin-rummy", 3), ("tien-len", 4)]


class FirstMove(Agent):
    """Plays the first legal move, from a view or from the world alike."""

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        return legal_actions[0]


class Peeking(FirstMove):
    """Its ``choose_in`` picks a move by the cards of the next seat's hand: hidden cards."""

    def choose_in(self, state: State, seat: int, legal_actions: Sequence[Action]) -> Action:
        hidden = state.hands[(seat + 1) % state.players].mask  # type: ignore[attr-defined]
        return legal_actions[hidden % 7 % len(legal_actions)]


class Inconsistent(FirstMove):
    """Its ``choose_in`` reads only what the seat sees, but decides otherwise than ``choose``."""

    def choose_in(self, state: State, seat: int, legal_actions: Sequence[Action]) -> Action:
        return legal_actions[-1]


def evaluation_of(definition):
    """The game's referee evaluation (its ``Evaluation`` capability), or None."""
    declared = definition.capability(Evaluation)
    return declared.evaluate if declared is not None else None

def _with_agent(name: str, factory: type[Agent]) -> cardkit.Game:
    definition = KNOCK_RUMMY.variant(name=f"knock-rummy-{name}").with_capabilities(
        Agents({"greedy": lambda game, seat, seed: factory()}))
    return definition.configure(players=2)


def test_a_policy_that_peeks_at_hidden_cards_is_caught() -> None:
    with pytest.raises(ConformanceError, match="reads what the seat may not see"):
        check_policy(_with_agent("peeking", Peeking), "greedy", hands=3)
    # and the whole kit runs the check for every agent that reads worlds directly
    with pytest.raises(ConformanceError, match="may not see"):
        check_game(_with_agent("peeking", Peeking), hands=4)


def test_a_policy_whose_world_move_is_not_its_view_move_is_caught() -> None:
    with pytest.raises(ConformanceError, match="choose of its view chooses"):
        check_policy(_with_agent("inconsistent", Inconsistent), "greedy", hands=3)


def test_a_checked_rollout_raises_on_a_peeking_policy() -> None:
    game = _with_agent("peeking", Peeking)
    rollout = Rollout([Peeking(), Peeking()], game.definition.max_actions, None, check=True)
    with pytest.raises(AssertionError, match="Peeking.choose_in chose"):
        for seed in range(5):
            rollout.play(game.new_hand(seed=seed), 0)


def test_the_kit_checks_only_the_agents_that_read_worlds() -> None:
    game = cardkit.load_game("gin-rummy", players=2)
    assert _world_readers(game) == ["random", "normal"]  # not easy (a view agent), not hard
    assert _world_readers(KNOCK_RUMMY.configure(players=2)) == ["random"]
    assert _world_readers(_with_agent("peeking", Peeking)) == ["random", "normal"]


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_greedy_policy_keeps_its_promise(name: str, players: int) -> None:
    game = cardkit.load_game(name, players=players)
    report = check_policy(game, "normal", hands=6, seed=players)
    assert report.hands == 6 and report.actions > 6


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_a_checked_rollout_plays_as_the_unchecked_one(name: str, players: int) -> None:
    game = cardkit.load_game(name, players=players)
    definition = game.definition
    for seed in range(4):
        state = game.new_hand(seed=seed)
        world = state.determinize(0, random.Random(seed))
        outcomes = []
        finals = []
        for check in (False, True):
            policies = [game.agent("normal", seat, seed) for seat in range(players)]
            rollout = Rollout(policies, definition.max_actions, evaluation_of(definition),
                              "payoff", check=check)
            trial = world.clone()
            outcomes.append(rollout.play(trial, 0))
            finals.append([str(action) for _, action in trial.history])
        assert outcomes[0] == outcomes[1]
        assert finals[0] == finals[1]


def test_one_policy_plays_world_after_world_as_fresh_copies_would() -> None:
    # a search plays the same policy objects in world after world, each from the root: the
    # memory they keep of one world must not leak into the next
    for name, players in GAMES:
        game = cardkit.load_game(name, players=players)
        state = game.new_hand(seed=11)
        for _ in range(6):
            if state.is_over:
                break
            seat = state.current_player
            state.apply_unchecked(game.agent("normal", seat, 0).choose(
                state.view(seat), state.legal_actions()))
        shared = [game.agent("normal", seat, 0) for seat in range(players)]
        shared_rollout = Rollout(shared, game.definition.max_actions,
                                 evaluation_of(game.definition))
        for seed in range(5):
            world = state.determinize(0, random.Random(seed))
            fresh = Rollout([game.agent("normal", seat, 0) for seat in range(players)],
                            game.definition.max_actions, evaluation_of(game.definition))
            first, second = world.clone(), world.clone()
            assert shared_rollout.play(first, 0) == fresh.play(second, 0), (name, seed)
            assert first.history == second.history


def test_the_random_agent_draws_the_same_from_the_world_as_from_the_view() -> None:
    game = cardkit.load_game("tonk", players=2)
    state = game.new_hand(seed=3)
    legal = state.legal_actions()
    by_view, by_world = RandomAgent(5), RandomAgent(5)
    for _ in range(20):
        assert by_view.choose(state.view(0), legal) == by_world.choose_in(state, 0, legal)
    assert PolicyCheck(RandomAgent(1))(state, state.seat_to_play, legal) in legal


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_a_quiet_play_out_ends_as_the_same_hand_played_aloud(name: str, players: int) -> None:
    # a play-out's state is quiet: its result may come without words, never with other numbers
    game = cardkit.load_game(name, players=players)
    definition = game.definition
    endings = set()
    for seed in range(12):
        world = game.new_hand(seed=seed).determinize(0, random.Random(seed))
        quiet, loud = world.clone(), world.clone()
        rollout = Rollout([game.agent("normal", seat, seed) for seat in range(players)],
                          definition.max_actions, evaluation_of(definition), "payoff")
        rollout.play(quiet, 0)
        assert quiet.quiet and not loud.quiet
        agents = [game.agent("normal", seat, seed) for seat in range(players)]
        while loud.result is None and len(loud.history) < len(quiet.history):
            seat = loud.current_player
            loud.apply(agents[seat].choose(loud.view(seat), loud.legal_actions()))
        assert loud.history == quiet.history
        if quiet.result is None:
            continue
        for field in ("ending", "winners", "payoffs", "transfers"):
            assert getattr(quiet.result, field) == getattr(loud.result, field), field
        assert loud.result.summary
        endings.add(quiet.result.ending)
    assert endings
