"""The generic search agent: it plans on re-deals of the hidden cards, never on the true ones."""

import random

import cardkit
from cardkit.agents import choose_action
from cardkit.search import Sampler, SearchAgent
from cardkit.testing import ConformanceError, check_game
from tests.cardkit.knock_rummy import KNOCK_RUMMY, KnockRummyState


def test_games_that_sample_hidden_cards_offer_the_search_agent(knock_rummy):
    assert KNOCK_RUMMY.samples_hidden_cards
    assert "search" in KNOCK_RUMMY.agent_names
    assert cardkit.load_game("knock-rummy").agent("search").name == "search"


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


def test_search_beats_random_and_explains_itself():
    """Knock rummy with a generous knock limit: searching for the best discard wins."""
    game = KNOCK_RUMMY.configure(players=2, knock_limit=25)
    search_wins = 0
    for hand in range(10):
        state = game.new_hand(seed=100 + hand)
        agents = [SearchAgent(game, 0, hand, samples=4), game.agent("random", 1, hand)]
        while not state.is_over:
            seat = state.current_player
            action, reason = choose_action(agents[seat], state, seat, explain=True)
            if seat == 0 and len(state.legal_actions()) > 1:
                assert "random deals of the cards I cannot see" in reason
            state.apply(action)
        search_wins += state.result.winners == (0,)
    assert search_wins >= 7


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
