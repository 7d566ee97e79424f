"""The research adapters: encodings, PettingZoo, Gymnasium and OpenSpiel, on every built-in
game and both example plugins at every player count."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.game import Encoding, HandAnalysis
from cardkit.services.encoding import EncodingError, encoding_for, fallback_encoding

GAMES = [(name, players) for name in ("gin-rummy", "tonk", "tien-len", "conquian",
                                      "oklahoma-gin")
         for players in cardkit.registry.game_definition(name).player_counts]
BUILT_IN = ["gin-rummy", "tonk", "tien-len"]


@pytest.mark.parametrize(("name", "players"), GAMES)
@settings(max_examples=6)
@given(seed=st.integers(0, 2**32))
def test_encoding_round_trips_on_random_play(name: str, players: int, seed: int) -> None:
    """Every legal action of a random hand encodes to an index that decodes back to it."""
    game = cardkit.load_game(name, players=players)
    encoding = encoding_for(game)
    state, rng = game.new_hand(seed=seed), random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions()
        indices = encoding.actions.legal(legal)
        assert set(indices.values()) <= set(legal)
        for index, action in indices.items():
            assert encoding.actions.encode(action) == index
            assert encoding.actions.decode(index, legal) is action
            assert encoding.actions.describe(index) == str(encoding.actions.key_of(action))
            assert 0 <= index < encoding.actions.size
        if encoding.actions.prefer is None:  # exact catalogues: a bijection
            assert len(indices) == len(legal)
        state.apply_unchecked(rng.choice(list(indices.values())))


def test_tonk_with_jokers_has_every_wild_move_listed() -> None:
    game = cardkit.load_game("tonk", players=2, jokers=2)
    encoding = encoding_for(game)
    listed = len(encoding.actions.keys)
    for seed in range(30):
        state, rng = game.new_hand(seed=seed), random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            assert len(encoding.actions.legal(legal)) == len(legal)
            state.apply_unchecked(rng.choice(legal))
    assert encoding.actions.overflow == 0 and len(encoding.actions.keys) == listed


def test_tien_len_abstraction_plays_the_weakest_other_cards() -> None:
    game = cardkit.load_game("tien-len", players=4)
    catalogue = encoding_for(game).actions
    state = game.new_hand(seed=1)
    legal = state.legal_actions()
    for index, action in catalogue.legal(legal).items():
        same = [a for a in legal if catalogue.encode(a) == index]
        assert action == min(same, key=catalogue.prefer)
        rules = game.definition.capability(HandAnalysis).climbing_rules(game.options)
        assert catalogue.describe(index).split()[-1] == max(action.cards,
                                                            key=rules.strength).text


def test_fallback_covers_a_plugin_that_declares_nothing() -> None:
    game = cardkit.load_game("conquian")
    encoding = fallback_encoding(game)
    assert encoding.actions.overflow > 0
    listed = len(encoding.actions.keys)
    state, rng = game.new_hand(seed=4), random.Random(4)
    while not state.is_over:
        legal = state.legal_actions()
        encoding.actions.legal(legal)
        state.apply_unchecked(rng.choice(legal))
    assert len(encoding.actions.keys) == listed  # every move was derived, none overflowed


def test_ladder_names_fall_back_to_what_a_game_offers() -> None:
    from cardkit.frontends.adapters.common import ladder_agent
    from cardkit.services.search import SearchAgent

    tonk = cardkit.load_game("tonk")
    assert type(ladder_agent(tonk, "normal", 0, 1)) is type(tonk.agent("greedy"))
    hard = ladder_agent(tonk, "hard", 0, 1)
    if "hard" not in tonk.definition.agent_names:
        assert isinstance(hard, SearchAgent)
    with pytest.raises(ValueError, match="agents: random"):
        ladder_agent(tonk, "grandmaster", 0, 1)


def test_overflow_is_bounded_with_a_clear_error() -> None:
    from cardkit.services.encoding import ActionCatalogue
    from cardkit.values.actions import parse_action

    catalogue = ActionCatalogue(["pass"], overflow=1)
    assert catalogue.encode(parse_action("draw stock")) == 1
    with pytest.raises(EncodingError, match="outside this game's action catalogue"):
        catalogue.encode(parse_action("draw discard"))


@pytest.mark.parametrize("name", [*BUILT_IN, "conquian"])
def test_observations_hold_no_hidden_card(name: str) -> None:
    game = cardkit.load_game(name)
    encoding = encoding_for(game).observation
    width = len(encoding.deck)
    planes = len(encoding.plane_names)
    for seed in range(3):
        state, rng = game.new_hand(seed=seed), random.Random(seed)
        while not state.is_over:
            for seat in range(game.players):
                vector = encoding.encode(state.view(seat))
                hidden = {card.index for card in state.hidden_cards(seat)}
                for plane in range(planes):
                    for spot, card in enumerate(encoding.deck):
                        if vector[plane * width + spot]:
                            assert card.index not in hidden, (encoding.plane_names[plane], card)
            state.apply_unchecked(rng.choice(state.legal_actions()))


pettingzoo = pytest.importorskip("pettingzoo")


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_pettingzoo_api(name: str, players: int) -> None:
    from pettingzoo.test import api_test

    from cardkit.frontends.adapters.pettingzoo import env

    api_test(env(name, players=players), num_cycles=60)


def test_tonk_all_house_rules_catalogue_lists_each_spread_once() -> None:
    """With the ace high or low and jokers, a whole-suit run is one spread (A-K and 2-K-A
    are the same cards): the catalogue builds, and the PettingZoo API test passes on it."""
    from pettingzoo.test import api_test

    from cardkit.frontends.adapters.pettingzoo import env

    game = cardkit.load_game("tonk", preset="all_house_rules")
    keys = encoding_for(game).actions.keys
    assert len(keys) == len(set(keys))
    assert "spread AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC" in keys
    api_test(env("tonk", preset="all_house_rules"), num_cycles=20)


def test_pettingzoo_illegal_action_is_refused_without_change() -> None:
    from cardkit.frontends.adapters.pettingzoo import env

    table = env("gin-rummy", players=2, render_mode="ansi")
    table.reset(seed=5)
    observation = table.observe(table.agent_selection)
    before = table.state.snapshot()
    illegal = int(observation["action_mask"].argmin())
    with pytest.raises(EncodingError, match="is not legal now; legal: 0"):
        table.step(illegal)
    assert table.state.snapshot() == before
    assert "your hand:" in table.render()


def test_pettingzoo_rewards_are_the_payoffs() -> None:
    from cardkit.frontends.adapters.pettingzoo import env

    table = env("tonk", players=3)
    table.reset(seed=2)
    rng = random.Random(2)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] += reward
        if termination or truncation:
            table.step(None)
            continue
        legal = [i for i, bit in enumerate(observation["action_mask"]) if bit]
        table.step(rng.choice(legal))
    assert list(totals.values()) == list(table.state.result.payoffs)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_gymnasium_check_env(name: str, players: int) -> None:
    from gymnasium.utils.env_checker import check_env

    from cardkit.frontends.adapters.gymnasium import make_env

    check_env(make_env(name, seat=players - 1, opponents="random", players=players),
              skip_render_check=True)


def test_gymnasium_ids_and_refusals() -> None:
    import gymnasium

    import cardkit.frontends.adapters.gymnasium

    table = gymnasium.make("cardkit/gin-rummy-v0", players=2, opponents="easy")
    observation, _ = table.reset(seed=1)
    before = table.unwrapped.state.snapshot()
    illegal = int(observation["action_mask"].argmin())
    again, reward, terminated, _, info = table.step(illegal)
    assert reward == -1 and not terminated and "is not legal now" in info["illegal"]
    assert table.unwrapped.state.snapshot() == before
    assert (again["observation"] == observation["observation"]).all()
    with pytest.raises(ValueError, match="no agent 'nobody'"):
        cardkit.frontends.adapters.gymnasium.make_env("tonk", opponents="nobody")


pyspiel = pytest.importorskip("pyspiel")


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_openspiel_random_sim(name: str, players: int) -> None:
    from cardkit.frontends.adapters.openspiel import load_game

    pyspiel.random_sim_test(load_game(name, players=players), num_sims=1, serialize=True,
                            verbose=False)


def test_openspiel_strings_and_resampling() -> None:
    from cardkit.frontends.adapters.openspiel import load_game

    game = load_game("gin-rummy", players=2, knock_limit=5)
    assert pyspiel.load_game(str(game)).get_parameters() == game.get_parameters()
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
    for _ in range(6):
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    copy = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert copy.information_state_string(seat) == state.information_state_string(seat)
    assert copy.observation_string(seat) == state.observation_string(seat)
    assert copy.legal_actions() == state.legal_actions()
    assert len(state.observation_tensor(seat)) == game.observation_tensor_size()


#: Every built-in game at the player counts that exercise it.
RESAMPLED = [("gin-rummy", 2), ("gin-rummy", 3), ("tonk", 2), ("tonk", 3), ("tien-len", 4)]


def _random_hand_states(game, seed: int, every: int = 3):
    """The states of a random hand of the OpenSpiel ``game``, after the deal, every few moves."""
    state, rng = game.new_initial_state(), random.Random(seed)
    step = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
            continue
        if step % every == 0:
            yield state
        state.apply_action(rng.choice(state.legal_actions()))
        step += 1


@pytest.mark.parametrize(("name", "players"), RESAMPLED)
def test_a_resampled_world_is_a_state_built_afresh_from_its_deal_and_moves(name, players):
    """After ``resample_from_infostate(p)``, every seat's information state and observation
    are those of a state built from the world's own history (nothing is copied from the real
    state), and seat ``p``'s are exactly the real ones."""
    import pyspiel

    from cardkit.frontends.adapters.openspiel import load_game

    game = load_game(name, players=players)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    others_changed = 0
    for state in _random_hand_states(game, seed=players):
        seat = state.current_player()
        world = state.resample_from_infostate(seat, sampler)
        fresh = game.new_initial_state()  # the world's deal, then its moves by their text
        for action in world.history()[:len(game.deck)]:
            fresh.apply_action(action)
        for _, move in world.hand.history:
            fresh.apply_move(str(move))
        for other in range(players):
            assert world.information_state_string(other) == \
                fresh.information_state_string(other)
            assert world.observation_string(other) == fresh.observation_string(other)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.observation_string(seat) == state.observation_string(seat)
        assert world.legal_actions() == state.legal_actions()
        others_changed += any(world.information_state_string(other) !=
                              state.information_state_string(other)
                              for other in range(players) if other != seat)
    assert others_changed  # a re-dealt seat remembers its new hand, not the real one


@pytest.mark.parametrize(("name", "players"), RESAMPLED)
def test_ismcts_plays_a_full_hand(name: str, players: int) -> None:
    """OpenSpiel's ISMCTS (its Python port: see test_cpp_ismcts_on_python_games) plays seat 0
    of a whole hand with consistent action sets: worlds sharing an information state share
    their legal moves."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from cardkit.frontends.adapters.openspiel import load_game

    game = load_game(name, players=players)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
                           2.0, 8, random_state=np.random.RandomState(1))
    state, rng = game.new_initial_state(), random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.returns()) == players


#: The C++ ISMCTS configurations: every built-in game, gin at both of its player counts.
CPP_ISMCTS_GAMES = [("gin-rummy", 2), ("gin-rummy", 3), ("tonk", 2), ("tien-len", 4)]

#: Run in a child process (a crash in OpenSpiel's C++ must not take pytest down): pyspiel's C++
#: ISMCTSBot plays seat 0 of a whole hand of each game named on the command line, then of
#: OpenSpiel's own python_kuhn_poker; one line per game, "ok" with the returns or "error" with
#: OpenSpiel's message. The bot is driven through step_with_policy: pyspiel binds ``step`` with
#: the GIL released, and a Python game called without the GIL crashes the process.
CPP_ISMCTS = """
import random, sys
import pyspiel
from open_spiel.python.games import kuhn_poker  # registers python_kuhn_poker
from cardkit.frontends.adapters.openspiel import load_game
from cardkit.game import Encoding, HandAnalysis

def full_hand(game):
    bot = pyspiel.ISMCTSBot(1, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, 3, -1,
                            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, True)
    state, rng = game.new_initial_state(), random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        elif state.current_player() == 0:
            policy, action = bot.step_with_policy(state)
            assert action in state.legal_actions(), (action, state.legal_actions())
            state.apply_action(action)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state.returns()

games = [(f"{name}/{players}", lambda n=name, p=players: load_game(n, players=int(p)))
         for name, players in (entry.split("/") for entry in sys.argv[1:])]
games.append(("python_kuhn_poker", lambda: pyspiel.load_game("python_kuhn_poker")))
for label, make in games:
    try:
        print("ok", label, full_hand(make()), flush=True)
    except pyspiel.SpielError as error:
        print("error", label, str(error).strip(), flush=True)
"""

#: OpenSpiel's message when a state has no C++ ResampleFromInfostate.
NOT_FORWARDED = "ResampleFromInfostate() not implemented."


def test_cpp_ismcts_on_python_games() -> None:
    """pyspiel's C++ ISMCTSBot plays seat 0 of a full hand of every built-in game through the
    adapter. This OpenSpiel (2.0) cannot: its C++ bridge to Python states does not forward
    ``ResampleFromInfostate`` to ``resample_from_infostate`` (and ``ISMCTSBot.set_resampler`` is
    not bound), so the bot stops at its first re-deal, on OpenSpiel's own python_kuhn_poker
    too. The test expects that failure only when Kuhn fails the same way, and passes by itself
    on an OpenSpiel that forwards the call; a crash or any other error fails it."""
    import subprocess
    import sys

    labels = [f"{name}/{players}" for name, players in CPP_ISMCTS_GAMES]
    child = subprocess.run([sys.executable, "-c", CPP_ISMCTS, *labels], capture_output=True,
                           text=True, timeout=600)
    how = (f"was killed by signal {-child.returncode}" if child.returncode < 0
           else f"exited with status {child.returncode}")
    assert child.returncode == 0, (
        f"the process running pyspiel's C++ ISMCTSBot {how} after:\n"
        f"{child.stdout}{child.stderr[-2000:]}")
    outcomes = {}
    for line in child.stdout.splitlines():
        status, label, detail = line.split(" ", 2)
        outcomes[label] = (status, detail)
    assert set(outcomes) == {*labels, "python_kuhn_poker"}, child.stdout
    failed = {label: detail for label, (status, detail) in outcomes.items()
              if status != "ok" and label in labels}
    if not failed:
        for name, players in CPP_ISMCTS_GAMES:
            assert len(outcomes[f"{name}/{players}"][1].split(",")) == players
        return
    assert set(failed.values()) == {NOT_FORWARDED}, failed
    assert outcomes["python_kuhn_poker"] == ("error", NOT_FORWARDED), outcomes
    pytest.xfail("this OpenSpiel's C++ ISMCTSBot cannot re-deal any Python game: its bridge "
                 "does not forward ResampleFromInfostate (python_kuhn_poker fails the same way)")


def _plane(encoding, view, name: str) -> set[str]:
    """The cards set in the plane called ``name`` of ``view``'s observation."""
    observation = encoding.observation
    width = len(observation.deck)
    start = observation.plane_names.index(name) * width
    vector = observation.encode(view)
    return {card.text for spot, card in enumerate(observation.deck) if vector[start + spot]}


def test_gin_remembers_the_upcard_an_opponent_took() -> None:
    game = cardkit.load_game("gin-rummy", players=2)
    encoding = encoding_for(game)
    state = game.new_hand(seed=3)
    upcard = state.view(1).info["first_upcard"]
    plane = "taken from the discard pile, seat +1"
    assert _plane(encoding, state.view(1), plane) == set()
    state.apply("take upcard")
    assert _plane(encoding, state.view(1), plane) == {upcard.text}
    other = next(a for a in state.legal_actions() if a.kind == "discard")
    state.apply(other)  # the up-card may not go back the same turn: it stays known
    assert _plane(encoding, state.view(1), plane) == {upcard.text}
    assert _plane(encoding, state.view(0), "taken from the discard pile, seat +0") == {
        upcard.text}


@settings(max_examples=10)
@given(first=st.integers(0, 1000), second=st.integers(0, 1000), cut=st.integers(0, 40))
def test_observations_do_not_depend_on_what_was_encoded_before(
        first: int, second: int, cut: int) -> None:
    """The log planes read each log once and continue from there: interleaving two hands
    gives the same vectors as a fresh encoding."""
    from cardkit.services.encoding import ObservationEncoding

    game = cardkit.load_game("gin-rummy", players=2)
    shared = encoding_for(game).observation
    for seed in (first, second):
        state, rng = game.new_hand(seed=seed), random.Random(seed)
        for _ in range(cut if seed == first else cut // 2):
            if state.is_over:
                break
            state.apply_unchecked(rng.choice(state.legal_actions()))
        declared = game.definition.capability(Encoding).build(game)
        fresh = ObservationEncoding(shared.deck, shared.players, shared.phases,
                                    declared.observation.planes)
        for seat in range(2):
            assert shared.encode(state.view(seat)) == fresh.encode(state.view(seat))


def test_a_log_reader_follows_a_continued_log_and_rereads_another() -> None:
    """The reader catches up on a log that continues the one it read (its last move, the same
    object, in place) and reads afresh a log that does not, of the same length or not."""
    import attrs

    from cardkit.actions import parse_action
    from cardkit.services.encoding import NamedCards
    from cardkit.values.cards import Card
    from cardkit.values.views import Move

    game = cardkit.load_game("gin-rummy", players=2)
    view = game.new_hand(seed=1).view(0)
    first, second, other = (Move(0, parse_action(f"discard {card}")) for card in ("7H", "8S",
                                                                                 "9D"))
    reader = NamedCards()
    read = reader.read
    assert read(attrs.evolve(view, history=(first,))) == {0: [Card.parse("7H")]}
    assert read(attrs.evolve(view, history=(first, second)))[0] == [Card.parse("7H"),
                                                                    Card.parse("8S")]
    assert read(attrs.evolve(view, history=(other, second)))[0] == [Card.parse("9D"),
                                                                    Card.parse("8S")]
    assert read(attrs.evolve(view, history=(other,)))[0] == [Card.parse("9D")]
    assert reader.mask(attrs.evolve(view, history=(first, other)), 0) == (
        Card.parse("7H").mask | Card.parse("9D").mask)


def test_tonks_reading_is_of_the_view_alone() -> None:
    """Tonk's reading (the scalars after the planes) is the same from an encoding that has read
    other seats and hands before as from a fresh one, and its per-card numbers are set only
    for the cards in the seat's hand."""
    from cardkit_games.tonk.bots.reading import PER_CARD, SUMMARY

    game = cardkit.load_game("tonk", players=3)
    shared = encoding_for(game).observation
    (reading,) = shared.scalars
    start = shared.size - reading.size
    per_card = start + len(SUMMARY) + 2 * (game.players - 1)
    width = len(shared.deck)
    for seed in range(4):
        state, rng = game.new_hand(seed=seed), random.Random(seed)
        while not state.is_over:
            for seat in range(game.players):
                view = state.view(seat)
                fresh = game.definition.capability(Encoding).build(game).observation
                vector = shared.encode(view)
                assert vector == fresh.encode(view)
                hand = {card.index for card in view.hand}
                for k in range(len(PER_CARD)):
                    for spot, card in enumerate(shared.deck):
                        if vector[per_card + k * width + spot]:
                            assert card.index in hand, (PER_CARD[k], card)
            state.apply_unchecked(rng.choice(state.legal_actions()))
