"""The search agent and the ladder: fair (plans on re-deals, never on the true hidden cards),
validated, deterministic for a number of iterations, and generic over any plugin."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.engine.state import State
from cardkit.services.search import MistakenAgent, Sampler, SearchAgent
from cardkit.services.search.choose import choose_action
from cardkit.services.search.racing import MoveStats, Race
from cardkit.services.search.rollout import relative_score
from cardkit.services.testing import ConformanceError, check_game
from cardkit.values.actions import Action
from testgames.knock_rummy import KNOCK_RUMMY, KnockRummyState

SEARCHING_GAMES = [("knock-rummy", 2), ("tonk", 2), ("gin-rummy", 2), ("gin-rummy", 3),
                   ("tien-len", 4), ("oklahoma-gin", 2)]


def load(name: str, players: int) -> cardkit.Game:
    if name == "knock-rummy":
        return KNOCK_RUMMY.configure(players=players)
    if name not in cardkit.available_games():
        pytest.skip(f"{name} is not installed")
    return cardkit.load_game(name, players=players)


def decision_point(game: cardkit.Game, seed: int, skip: int = 3) -> cardkit.State:
    """A hand played by greedy agents up to the ``skip``-th later decision with a choice (the
    next seeds are tried if a hand ends sooner)."""
    for attempt in range(seed, seed + 20):
        state = game.new_hand(seed=attempt)
        agents = [game.agent("normal", s, attempt) for s in range(game.players)]
        left = skip
        while not state.is_over:
            seat = state.current_player
            if len(state.legal_actions()) > 1:
                if left == 0:
                    return state
                left -= 1
            state.apply_unchecked(agents[seat].choose(state.view(seat), state.legal_actions()))
    raise AssertionError("no decision point found")


def test_games_that_sample_hidden_cards_offer_the_ladder(knock_rummy):
    assert KNOCK_RUMMY.samples_hidden_cards
    names = KNOCK_RUMMY.agent_names
    assert names[:4] == ["random", "easy", "normal", "hard"] and "search" in names
    game = cardkit.load_game("knock-rummy")
    assert game.agent("hard").name == "hard" and game.agent("search").name == "hard"
    assert game.agent("normal").name == "greedy" and game.agent("easy").name == "easy"


@pytest.mark.parametrize(("name", "players"), SEARCHING_GAMES)
def test_the_move_does_not_depend_on_the_hidden_cards(name, players):
    """Two states that differ only in the cards hidden from the seat to play: the same seed and
    iterations give the same move and the same reason."""
    game = load(name, players)
    for seed in (1, 2):
        state = decision_point(game, seed)
        seat = state.current_player
        twin = state.determinize(seat, random.Random(seed + 50))
        assert twin.view(seat) == state.view(seat)
        moves = []
        for world in (state, twin):
            agent = game.agent("search", seat, seed=9, iterations=40)
            moves.append(choose_action(agent, world, seat, explain=True))
        assert moves[0] == moves[1]
        assert moves[0][0] in state.legal_actions()


@pytest.mark.parametrize(("name", "players"), SEARCHING_GAMES)
def test_iterations_make_the_search_deterministic(name, players):
    game = load(name, players)
    state = decision_point(game, 4, skip=2)
    seat = state.current_player
    first, second = (choose_action(game.agent("search", seat, seed=3, iterations=30), state, seat)
                     for _ in range(2))
    assert first == second


def test_hard_plays_whole_hands_of_every_plugin_that_samples(knock_rummy):
    for name, players in SEARCHING_GAMES:
        if name == "tien-len":
            continue  # covered by the decisions above; its hands are long
        game = load(name, players)
        state = game.new_hand(seed=5)
        agents = [game.agent("search", s, 5, iterations=6, width=3) for s in range(players)]
        while not state.is_over:
            seat = state.current_player
            action, _ = choose_action(agents[seat], state, seat)
            state.apply(action)  # legal, or this raises
        assert state.result is not None


def test_a_plugin_without_determinize_gets_easy_and_normal_but_no_hard():
    """Conquian declares its zones (so it re-deals and has hard); a copy whose state keeps the
    engine's determinize offers no search, but still the generic greedy ladder."""
    if "conquian" not in cardkit.available_games():
        pytest.skip("the conquian example is not installed")
    conquian = cardkit.registry.game_definition("conquian")
    assert "hard" in conquian.agent_names
    no_redeal = type("NoRedeal", (conquian.state_class,), {"determinize": State.determinize})
    game = conquian.variant(name="conquian-no-redeal", state_class=no_redeal).configure()
    assert "hard" not in game.definition.agent_names
    assert {"easy", "normal"} <= set(game.definition.agent_names)
    with pytest.raises(ValueError, match="agents: random, easy, normal"):
        game.agent("hard")
    state = game.new_hand(seed=1)
    agents = [game.agent("easy", s, 1) for s in range(game.players)]
    while not state.is_over:
        seat = state.current_player
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))


@pytest.mark.parametrize(("params", "needle"), [
    ({"iteration": 5}, "no parameter 'iteration'; it takes iterations, time_limit, width"),
    ({"iterations": 0}, "iterations must be a whole number of at least 1"),
    ({"iterations": 2.5}, "iterations must be a whole number"),
    ({"iterations": True}, "iterations must be a whole number"),
    ({"time_limit": -1}, "time_limit must be a number of seconds above 0"),
    ({"time_limit": "1"}, "time_limit must be a number of seconds"),
    ({"width": 1}, "width must be a whole number of at least 2"),
    ({"margin": -0.5}, "margin must be a number of at least 0"),
    ({"z": 0}, "z must be a number above 0"),
    ({"policy": "hard"}, "policy must be one of random, greedy"),
    ({"objective": "glory"}, "objective must be one of payoff, wins"),
    ({"belief": "yes"}, "belief must be True or False"),
])
def test_search_parameters_are_validated(knock_rummy, params, needle):
    game = cardkit.load_game("knock-rummy")
    with pytest.raises(ValueError, match=needle.replace("(", r"\(")):
        game.agent("hard", 0, 0, **params)


def test_agents_without_parameters_refuse_them_by_name(knock_rummy):
    game = cardkit.load_game("knock-rummy")
    with pytest.raises(ValueError, match="agent 'greedy' of knock-rummy has no parameter "
                                         "'iterations'; it takes no parameters"):
        game.agent("greedy", 0, 0, iterations=3)
    with pytest.raises(ValueError, match="mistakes must be a share between 0 and 1"):
        game.agent("easy", 0, 0, mistakes=2)
    assert game.agent("easy", 0, 0, mistakes=0.5).mistakes == 0.5


def test_a_forced_move_costs_no_search(knock_rummy):
    """With one legal move a runner asks no search and builds no sampler (no re-deal)."""
    game = KNOCK_RUMMY.configure(players=2)
    real = game.new_hand(seed=3)
    only = Action("draw", "stock")

    class Forced:
        """A state with a single legal move whose hidden cards may not be sampled."""

        def view(self, seat):
            return real.view(seat)

        def legal_actions(self):
            return [only]

        def determinize(self, seat, rng):
            raise AssertionError("sampled the hidden cards for a forced move")

    class NoSearch(SearchAgent):
        def choose_with_samples(self, view, legal, sampler):
            raise AssertionError("searched a forced move")

    agent = NoSearch(game, 0, 0, iterations=5)
    assert choose_action(agent, Forced(), 0) == (only, "the only legal move")
    assert SearchAgent(game, 0, 0, iterations=5).choose_with_samples(
        real.view(0), [only], None) == (only, "the only legal move")


def test_a_searching_agent_is_known_by_its_class_and_asked_with_samples(knock_rummy):
    """``searches`` tells a searching agent (one whose class has ``choose_with_samples``, a
    subclass of ``Agent`` or not) from one that is not; ``choose_action`` hands it a sampler
    drawn from its own generator, and asks it among the moves offered."""
    from cardkit.agents import RandomAgent, searches

    game = KNOCK_RUMMY.configure(players=2)
    state = game.new_hand(seed=3)

    class DuckSearch:
        """Not an Agent: a rng, uses_belief and choose_with_samples are all it has."""

        def __init__(self):
            self.rng = random.Random(5)
            self.uses_belief = False
            self.asked = None

        def choose(self, view, legal):
            raise AssertionError("asked without samples")

        def choose_with_samples(self, view, legal, sampler):
            self.asked = (list(legal), sampler.sample())
            return legal[-1], "sampled"

    duck = DuckSearch()
    assert searches(duck) and searches(SearchAgent(game, 0, 0, iterations=5))
    assert not searches(RandomAgent(1)) and not searches(game.agent("greedy", 0, 0))
    legal = state.legal_actions()
    assert choose_action(duck, state, 0, legal=legal[:1] * 2) == (legal[0], "sampled")
    offered, world = duck.asked
    assert offered == legal[:1] * 2 and world is not state and world.hands[0] == state.hands[0]


def test_easy_makes_mistakes_but_is_not_random(knock_rummy):
    game = KNOCK_RUMMY.configure(players=2)
    greedy = game.agent("greedy", 0, 0)
    never = MistakenAgent(greedy, 0.0, 1)
    always = MistakenAgent(greedy, 1.0, 1)
    differ = same = 0
    for seed in range(6):
        state = decision_point(game, seed, skip=1)
        view, legal = state.view(state.current_player), state.legal_actions()
        assert never.choose(view, legal) == greedy.choose(view, legal)
        picks = {always.choose(view, legal) for _ in range(12)}
        differ += len(picks) > 1
        same += picks == {greedy.choose(view, legal)}
    assert differ >= 4 and same < 6


def test_search_beats_random_and_explains_itself():
    """Knock rummy with a generous knock limit: the search wins most hands against random."""
    game = KNOCK_RUMMY.configure(players=2, knock_limit=25)
    search_wins = 0
    for hand in range(8):
        state = game.new_hand(seed=100 + hand)
        agents = [SearchAgent(game, 0, hand, iterations=40), game.agent("random", 1, hand)]
        while not state.is_over:
            seat = state.current_player
            action, reason = choose_action(agents[seat], state, seat, explain=True)
            if seat == 0 and len(state.legal_actions()) > 1:
                assert "sampled deals" in reason
            state.apply(action)
        search_wins += state.result.winners == (0,)
    assert search_wins >= 6


def test_the_wins_objective_scores_only_who_won(knock_rummy):
    game = KNOCK_RUMMY.configure(players=2)
    state = decision_point(game, 6)
    seat = state.current_player
    wins = game.agent("hard", seat, 1, iterations=30, objective="wins")
    action, reason = choose_action(wins, state, seat, explain=True)
    assert action in state.legal_actions() and "sampled deals" in reason
    assert wins.rollout.objective == "wins"
    world = state.clone()
    score, won = wins.rollout.play(world, seat)
    assert score == (1.0 if won else -1.0 if world.result.winners else 0.0)


def test_relative_score_is_against_the_best_rival():
    assert relative_score([5, -2, 1], 0) == 4
    assert relative_score([0, 0, 21], 0) == -21
    assert relative_score([-1, 1], 1) == 2


def stats(action_text, diffs):
    move = MoveStats(cardkit.parse_action(action_text))
    for diff in diffs:
        move.add(diff, diff > 0, 0.0)
    return move


def test_the_race_drops_clearly_worse_moves_and_keeps_the_default_on_noise():
    default = stats("draw stock", [])
    better = stats("discard 5h", [3, 4, 3, 5, 4, 3])
    worse = stats("discard 6h", [-6, -5, -7, -6, -5, -6])
    noisy = stats("discard 7h", [5, -4, 6, -5, 3, -4])
    race = Race(default, [better, worse, noisy], width=4, z=2.0, min_worlds=3)
    race.eliminate()
    assert worse not in race.running and better in race.running
    assert race.best(margin=1.0) is better
    tied = Race(stats("draw stock", []), [noisy], width=4, z=2.0, min_worlds=3)
    assert tied.best(margin=1.0) is tied.default


def test_the_race_widens_as_moves_leave():
    default = stats("draw stock", [])
    movers = [stats(f"discard {rank}h", []) for rank in "2345"]
    for prior, move in enumerate(movers):
        move.prior = prior
    race = Race(default, movers, width=3, z=2.0, min_worlds=3)
    assert race.running == [movers[3], movers[2]]  # the best priors race first
    for _ in range(4):
        movers[3].add(-9, False, 0.0)
        movers[2].add(1, True, 0.0)
    race.eliminate()
    assert race.running == [movers[2], movers[1]]


@settings(max_examples=25, deadline=None)
@given(game_index=st.sampled_from([("tonk", 2), ("gin-rummy", 3), ("tien-len", 4)]),
       seed=st.integers(0, 10_000), steps=st.integers(0, 40))
def test_a_clone_is_independent_and_equal(game_index, seed, steps):
    name, players = game_index
    if name not in cardkit.available_games():
        return
    game = cardkit.load_game(name, players=players)
    state = game.new_hand(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply_unchecked(legal[rng.randrange(len(legal))])
    before = state.snapshot()
    twin = state.clone()
    assert twin.snapshot() == before and type(twin) is type(state)
    while not twin.is_over:
        legal = twin.legal_actions()
        twin.apply_unchecked(legal[rng.randrange(len(legal))])
    assert state.snapshot() == before


def test_a_sampler_holds_none_of_the_true_hidden_cards():
    game = KNOCK_RUMMY.configure(players=2)
    state = game.new_hand(seed=4)
    sampler = Sampler(state, 0, random.Random(1))
    world = sampler._world
    assert world.seed == 0 and world.stacked is None
    assert list(world.deck) == sorted(world.deck, key=lambda card: card.index)
    assert world.view(0) == state.view(0)
    # the twin state (same view, other hidden cards) gives exactly the same samples
    twin = state.determinize(0, random.Random(99))
    twin_sampler = Sampler(twin, 0, random.Random(1))
    for _ in range(3):
        assert sampler.sample().snapshot() == twin_sampler.sample().snapshot()


def test_samples_move_the_hidden_cards_and_keep_the_rest():
    state = KNOCK_RUMMY.configure(players=3).new_hand(seed=8)
    sampler = Sampler(state, 1, random.Random(2))
    opponents = {frozenset(sampler.sample().hands[0]) for _ in range(5)}
    assert len(opponents) > 1
    assert all(sampler.sample().hands[1] == state.hands[1] for _ in range(3))


class PeekingState(KnockRummyState):
    """A determinize that deals the hidden cards in their true order: the kit must notice."""

    def determinize(self, seat, rng):
        copy = self.clone()
        others = [o for o in range(self.players) if o != seat]
        order = [card for o in others for card in self.hands[o]] + list(self.stock)
        rng.shuffle(order)
        position = 0
        for other in others:
            size = len(self.hands[other])
            copy.hands[other] = cardkit.CardSet(order[position:position + size])
            position += size
        copy.stock = order[position:]
        return copy


def test_the_kit_refuses_a_re_deal_that_depends_on_the_true_cards():
    broken = KNOCK_RUMMY.variant(name="peeking", state_class=PeekingState)
    try:
        check_game(broken, players=[2], hands=2)
    except ConformanceError as error:
        assert "depends on where the hidden cards really are" in str(error)
    else:
        raise AssertionError("the kit accepted a re-deal that reads the true hidden cards")


def test_the_default_objective_follows_whether_the_game_is_zero_sum():
    assert cardkit.load_game("tonk").agent("search", 0, 1).objective == "payoff"
    assert cardkit.load_game("gin-rummy", players=2).agent("search", 0, 1).objective == "wins"
    assert cardkit.load_game("tien-len").agent("search", 0, 1).objective == "wins"
    assert cardkit.load_game("tonk").agent("search", 0, 1, objective="wins").objective == "wins"
