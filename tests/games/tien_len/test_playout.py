"""Tiến Lên's play-outs by strength masks (``playout.play_out``) play exactly the hand the
move-by-move play-out plays: the same moves, events, result and state left behind, stopped
anywhere, under every option, with the greedy policies and with ``hard``'s model at a seat; its
pieces (the greedy tail of a mask, the lead and beating masks) equal the slow path's."""

from __future__ import annotations

import random

from cardkit_games.tien_len.bots.agents import GreedyAgent
from cardkit_games.tien_len.bots.lookahead import Lookahead, share_sequences
from cardkit_games.tien_len.bots.playout import _shape, mask_tail, play_out
from cardkit_games.tien_len.bots.policy import (
    MOVE_FEATURES,
    BaseAgent,
    HardAgent,
    hard_agent,
    untrained_weights,
    weights_for,
)
from cardkit_games.tien_len.rules import climbing_rules
from cardkit_games.tien_len.state import TienLenState
from cardkit_games.tien_len.tracker import beating_play_masks, combination_of_play, legal_plays
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.engine.capabilities import Playouts
from cardkit.libraries.climbing import all_combinations
from cardkit.services.search.rollout import Rollout, policy_chooser
from cardkit.values.actions import Action
from cardkit.values.cards import STANDARD_CARDS, CardSet

OPTIONS = st.fixed_dictionaries({
    "twos_in_sequences": st.sampled_from(["never", "as_top_only"]),
    "bombs": st.booleans(),
    "quad_beats_pair_of_twos": st.booleans(),
    "longer_double_sequence_beats_shorter": st.booleans(),
    "cross_bomb_beating": st.booleans(),
    "bombs_ignore_pass_lock": st.booleans(),
    "play_direction": st.sampled_from(["clockwise", "counterclockwise"]),
})
HANDS = st.lists(st.sampled_from(STANDARD_CARDS), min_size=1, max_size=13, unique=True)


class SlowGreedy(GreedyAgent):
    """Greedy, under a class the play-out loop does not know: played move by move."""


class SlowBase(BaseAgent):
    """The base agent, under a class the play-out loop does not know."""


class SlowHard(HardAgent):
    """``hard``'s model, under a class the play-out loop does not know."""


def _mid_hand(game: cardkit.Game, seed: int, moves: int) -> TienLenState | None:
    """The hand of ``seed`` after ``moves`` greedy moves (None if it is over by then)."""
    state = game.new_hand(seed=seed)
    agents = [game.agent("normal", seat, seed) for seat in range(game.players)]
    for _ in range(moves):
        if state.is_over:
            return None
        seat = state.current_player
        state.apply_unchecked(agents[seat].choose(state.view(seat), state.legal_actions()))
    assert isinstance(state, TienLenState)
    return None if state.is_over else state


def _policies(game: cardkit.Game, slow: bool, base_seat: int | None) -> list[GreedyAgent]:
    greedy, base = (SlowGreedy, SlowBase) if slow else (GreedyAgent, BaseAgent)
    return [base(game, seat, 0) if seat == base_seat else greedy(game, seat, 0)
            for seat in range(game.players)]


def _with_model(game: cardkit.Game, slow: bool, seat: int,
                weights: dict[str, tuple[float, ...]]) -> list:
    """Greedy policies, and ``hard``'s model with ``weights`` at ``seat``."""
    policies: list = _policies(game, slow, None)
    policies[seat] = (SlowHard if slow else HardAgent)(game, seat, 0, weights=weights)
    return policies


def _slow_moves(state: TienLenState, policies: list, limit: int,
                until_out: int | None = None) -> int:
    """The move-by-move loop (the look-ahead's, with its stop)."""
    steps = 0
    while state.result is None and steps < limit and (
            until_out is None or until_out not in state.places):
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        state.apply_unchecked(legal[0] if len(legal) == 1
                              else policies[seat].choose_in(state, seat, legal))
        steps += 1
    return steps


def _picture(state: TienLenState) -> dict[str, object]:
    """Everything a state is, its caches aside (the tracker is checked to follow the hands)."""
    for seat, plays in enumerate(state.plays.seats):
        if plays.hand_mask == state.hands[seat].mask:
            assert plays.smask == state.rules.strength_mask(state.hands[seat])
    return {
        "history": [(seat, str(action)) for seat, action in state.history],
        "hands": [hand.mask for hand in state.hands],
        "trick": list(state.trick), "trick_mask": state.trick_mask,
        "set_aside": state.set_aside.mask, "top": state.top, "last": state.last_player,
        "passed": state.passed, "bomb_fight": state.bomb_fight, "places": list(state.places),
        "must_include": state.must_include, "current": state.current_player,
        "phase": state.phase, "events": dict(state.event_counts), "result": state.result,
    }


@settings(max_examples=40, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]),
       moves=st.integers(0, 30), limit=st.sampled_from([1, 3, 10, 2000]),
       base_seat=st.sampled_from([None, 0, 1]))
def test_play_out_plays_the_move_by_move_hand(options: dict, seed: int, players: int,
                                               moves: int, limit: int,
                                               base_seat: int | None) -> None:
    """From any position, cut off anywhere: the same moves, events, result and state; and the
    state left behind plays on move by move as the move-by-move one does."""
    game = cardkit.load_game("tien-len", players=players, **options)
    state = _mid_hand(game, seed, moves)
    if state is None:
        return
    for world_seed in range(2):
        world = state.determinize(state.current_player, random.Random(seed + world_seed))
        fast, slow = world.clone(), world.clone()
        done = play_out(fast, _policies(game, False, base_seat), limit)
        assert done == _slow_moves(slow, _policies(game, True, base_seat), limit)
        assert _picture(fast) == _picture(slow)
        assert fast.legal_actions() == slow.legal_actions()
        _slow_moves(fast, _policies(game, True, base_seat), 2000)
        _slow_moves(slow, _policies(game, True, base_seat), 2000)
        assert _picture(fast) == _picture(slow)


#: A move model's weights: the shipped ones, or any (with no margin), so that the model leaves
#: the base agent's move often and its every feature and tie counts.
WEIGHTS = st.one_of(
    st.just("shipped"),
    st.tuples(st.lists(st.floats(-2, 2) | st.sampled_from([0.0, 0.5, -1.0]),
                       min_size=len(MOVE_FEATURES), max_size=len(MOVE_FEATURES)),
              st.sampled_from([0.0, 0.05])))


@settings(max_examples=60, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]),
       moves=st.integers(0, 30), limit=st.sampled_from([3, 2000]), seat=st.integers(0, 3),
       weights=WEIGHTS, until_out=st.booleans())
def test_the_model_chooses_on_masks_as_it_does_move_by_move(
        options: dict, seed: int, players: int, moves: int, limit: int, seat: int,
        weights: object, until_out: bool) -> None:
    """``hard``'s model at a seat of the play-out (the look-ahead's ``rollout="model"``): from
    any position, in two re-deals of it, the loop on masks plays the moves its ``choose_in``
    plays move by move (the same history, so every one of the seat's choices), and leaves the
    same state."""
    game = cardkit.load_game("tien-len", players=players, **options)
    seat %= players
    table = weights_for(players) if weights == "shipped" else {
        "move": tuple(weights[0]), "margin": (weights[1],)}  # type: ignore[index]
    state = _mid_hand(game, seed, moves)
    if state is None:
        return
    stop = seat if until_out else None
    for world_seed in range(2):
        world = state.determinize(state.current_player, random.Random(seed + world_seed))
        fast, slow = world.clone(), world.clone()
        done = play_out(fast, _with_model(game, False, seat, table), limit, until_out=stop)
        assert done == _slow_moves(slow, _with_model(game, True, seat, table), limit, stop)
        assert _picture(fast) == _picture(slow)


def test_the_model_on_masks_leaves_the_base_moves_where_move_by_move_it_does():
    """Seeded, over many positions and re-deals: the model seat played on masks differs from
    the base agent in that seat (so the comparison above is not of base moves alone), and
    equals the model played move by move every time; an untrained model plays the base
    agent's moves."""
    game = cardkit.load_game("tien-len", players=4)
    changed = compared = 0
    for seed in range(40):
        state = _mid_hand(game, 1000 + seed, seed % 25)
        if state is None:
            continue
        seat = seed % 4
        world = state.determinize(state.current_player, random.Random(seed))
        runs = {}
        for name, policies in (
                ("fast", _with_model(game, False, seat, weights_for(4))),
                ("slow", _with_model(game, True, seat, weights_for(4))),
                ("base", _policies(game, True, seat)),
                ("untrained", _with_model(game, False, seat, untrained_weights()))):
            copy = world.clone()
            if name in ("fast", "untrained"):
                assert play_out(copy, policies, 2000) is not None
            else:
                _slow_moves(copy, policies, 2000)
            runs[name] = _picture(copy)
        assert runs["fast"] == runs["slow"]
        assert runs["untrained"] == runs["base"]
        compared += 1
        changed += runs["fast"]["history"] != runs["base"]["history"]
    assert compared > 30 and changed > 5


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 30), seat=st.integers(0, 3))
def test_play_out_stops_where_the_lookahead_stops(seed: int, moves: int, seat: int) -> None:
    """``until_out``: the play-out stops once that seat has gone out, in the state the
    look-ahead's own loop leaves."""
    game = cardkit.load_game("tien-len", players=4)
    state = _mid_hand(game, seed, moves)
    if state is None:
        return
    world = state.determinize(state.current_player, random.Random(seed))
    fast, slow = world.clone(), world.clone()
    done = play_out(fast, _policies(game, False, seat), 2000, until_out=seat)
    assert done == _slow_moves(slow, _policies(game, True, seat), 2000, until_out=seat)
    assert _picture(fast) == _picture(slow)


@settings(max_examples=30, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**32), moves=st.integers(0, 30),
       fast=st.booleans())
def test_sequences_enumerated_in_the_world_change_no_move(options: dict, seed: int, moves: int,
                                                           fast: bool) -> None:
    """The look-ahead enumerates each seat's sequences in the sampled world, before the copies
    are played: the copies play exactly what a copy enumerating them when first needed plays
    (by masks or move by move)."""
    game = cardkit.load_game("tien-len", players=4, **options)
    state = _mid_hand(game, seed, moves)
    if state is None:
        return
    world = state.determinize(state.current_player, random.Random(seed))
    plain = world.clone()
    share_sequences(world)
    shared = world.clone()
    for copy in (plain, shared):
        if fast:
            play_out(copy, _policies(game, False, 0), 2000)
        else:
            _slow_moves(copy, _policies(game, True, 0), 2000)
    assert _picture(plain) == _picture(shared)


def test_the_search_and_hard_play_out_in_the_fast_loop() -> None:
    """The game declares the loop; the search's play-outs give the same result and history
    through it as move by move; ``hard``'s look-ahead hands it its agents."""
    game = cardkit.load_game("tien-len", players=4)
    assert game.definition.capability(Playouts) is not None
    state = _mid_hand(game, 5, 8)
    assert state is not None
    fast = Rollout(_policies(game, False, None), game.definition.max_actions, None)
    slow = Rollout(_policies(game, True, None), game.definition.max_actions, None)
    for world_seed in range(10):
        world = state.determinize(0, random.Random(world_seed))
        a, b = world.clone(), world.clone()
        assert fast.play(a, 0) == slow.play(b, 0)
        assert _picture(a) == _picture(b)
    hard = hard_agent(game, 0, 1)
    assert hard.lookahead is not None and hard.lookahead._agents is not None  # type: ignore[attr-defined]
    assert hard.lookahead._loop(state) is not None  # type: ignore[attr-defined]
    # choosers that are not an agent's own choose_in are played move by move
    other = Lookahead(0, [lambda s, seat, legal: legal[0]] * 4, [3, 2, 1, 0])
    assert other._loop(state) is None
    plain = Lookahead(0, [policy_chooser(p) for p in _policies(game, False, 0)], [3, 2, 1, 0])
    assert plain._loop(state) is not None


def test_play_out_leaves_what_it_does_not_know_to_the_caller() -> None:
    """Unknown policies, policies of other rules or a variant's state class: None, untouched."""
    game = cardkit.load_game("tien-len", players=4)
    state = _mid_hand(game, 3, 4)
    assert state is not None
    before = _picture(state)
    assert play_out(state, _policies(game, True, None), 100) is None
    other_rules = cardkit.load_game("tien-len", players=4, twos_in_sequences="as_top_only")
    assert play_out(state, _policies(other_rules, False, None), 100) is None
    assert play_out(state, _policies(game, False, None)[:3], 100) is None

    class Variant(TienLenState):
        pass

    twin = state.clone()
    twin.__class__ = Variant
    assert play_out(twin, _policies(game, False, None), 100) is None
    assert _picture(state) == before


@settings(max_examples=60, deadline=None)
@given(hand=HANDS, rules_name=st.sampled_from(["never", "as_top_only"]))
def test_a_masks_tail_is_the_greedy_weight_of_its_play(hand: list, rules_name: str) -> None:
    """For every combination of a hand: the tail ``mask_tail`` reads off the strength mask is
    the one the greedy agent weighs from the action, and the type and length ``_shape`` reads
    off it are the combination's."""
    rules = climbing_rules({"twos_in_sequences": rules_name})
    game = cardkit.load_game("tien-len", players=4, twos_in_sequences=rules_name)
    agent = GreedyAgent(game, 0)
    for combo in all_combinations(CardSet(hand), rules):
        action = Action("play", cards=combo.cards)
        smask, _ = combination_of_play(rules, combo.cards)
        assert mask_tail(smask) == agent._weigh(action)[5]
        assert _shape(smask) == (combo.type, combo.length)  # what the model reads of it


@settings(max_examples=25, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**32))
def test_the_mask_lists_are_the_legal_plays(options: dict, seed: int) -> None:
    """At every turn of a game: the lead and beating masks are the legal plays' strength
    masks, in their order (the lead's masks filtered from lead to lead as the actions are)."""
    game = cardkit.load_game("tien-len", players=4, **options)
    state = game.new_hand(seed=seed)
    assert isinstance(state, TienLenState)
    rng = random.Random(seed)
    twin = state.clone()  # its leads listed by masks alone, then asked for actions
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        plays = [combination_of_play(state.rules, action.cards)[0]
                 for action in legal if action.kind == "play"]
        tracker = twin.plays
        seat_plays = tracker.hand(seat, twin.hands[seat])
        if state.top is None:
            wanted = (0 if state.must_include is None
                      else tracker.strength_bits[state.must_include.index])
            assert seat_plays.lead_masks(wanted) == plays
            assert twin.legal_actions() == legal
        else:
            masks, _ = beating_play_masks(tracker, seat, state.top, state.bomb_fight,
                                          bool(state.passed >> seat & 1))
            assert masks == plays
            assert legal_plays(tracker, seat, twin.hands[seat], state.top, state.bomb_fight,
                               None, bool(state.passed >> seat & 1)) == legal[:-1]
        action = legal[rng.randrange(len(legal))]
        state.apply_unchecked(action)
        twin.apply_unchecked(action)
