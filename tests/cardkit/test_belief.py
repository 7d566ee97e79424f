"""Beliefs over the hidden cards: the exchange chain samples the weighted re-deal, a refined
world keeps everything the seat sees, and the games' beliefs read the public history only and
move re-deals toward the true hands."""

import math
import random
import statistics

import pytest
from cardkit_games.gin_rummy.bots import belief as gin_belief
from cardkit_games.gin_rummy.rules import RULES
from cardkit_games.tonk.bots import belief as tonk_belief
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.game import Belief
from cardkit.libraries.melds import deadwood_value
from cardkit.libraries.sampling import exchange_chain
from cardkit.services.search import Sampler
from cardkit.services.search.choose import choose_action
from cardkit.values.cards import ALL_CARDS, card_mask, parse_cards
from tests.cardkit.test_search import decision_point


def belief_of(game):
    """The game's declared belief (its ``Belief`` capability's ``build``)."""
    return game.definition.capability(Belief).build

def test_the_exchange_chain_samples_the_weighted_re_deal():
    """One hidden card among three with log-weights 0, 1, 2: the chain's visits follow
    exp(weight), not the uniform re-deal."""
    low, middle, high = parse_cards("2C 7D KH")
    log = {low.mask: 0.0, middle.mask: 1.0, high.mask: 2.0}
    rng = random.Random(5)
    counts = dict.fromkeys(log, 0)
    runs = 3000
    for _ in range(runs):
        start = rng.choice([low, middle, high])
        pool = [card for card in (low, middle, high) if card is not start]
        counts[exchange_chain(start.mask, start.mask, pool, log.__getitem__, 12, rng)] += 1
    total = sum(math.exp(value) for value in log.values())
    for mask, value in log.items():
        assert abs(counts[mask] / runs - math.exp(value) / total) < 0.04


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.integers(1, 8), fixed=st.integers(0, 8),
       steps=st.integers(0, 40))
def test_the_exchange_chain_conserves_cards_and_keeps_known_ones(seed, size, fixed, steps):
    rng = random.Random(seed)
    cards = rng.sample(ALL_CARDS[:52], size + 10)
    hand, pool = card_mask(cards[:size]), cards[size:]
    known = card_mask(cards[:min(fixed, size)])
    before = hand | card_mask(pool)
    new = exchange_chain(hand, hand & ~known, pool,
                         lambda mask: -float(mask.bit_length()), steps, rng)
    assert new.bit_count() == size and new & known == known
    assert new | card_mask(pool) == before and not new & card_mask(pool)
    assert len(pool) == 10


def decision(game, seed, turns):
    """Greedy play up to the ``turns``-th decision with a choice (later seeds if it ends)."""
    return decision_point(game, seed, skip=turns)


@pytest.mark.parametrize(("name", "players"), [("gin-rummy", 2), ("gin-rummy", 3), ("tonk", 2)])
def test_a_refined_world_keeps_what_the_seat_sees(name, players):
    game = cardkit.load_game(name, players=players)
    for seed in range(6):
        state = decision(game, seed, 8)
        if state is None:
            continue
        seat = state.current_player
        sampler = Sampler(state, seat, random.Random(seed), belief=belief_of(game))
        hidden = state.hidden_cards(seat).mask
        for _ in range(3):
            world = sampler.sample()
            assert world.view(seat) == state.view(seat)
            assert world.hidden_cards(seat).mask == hidden
            assert world.legal_actions() == state.legal_actions()


def test_the_belief_is_built_from_the_view_alone():
    """Two states differing only in the hidden cards give the same refined samples."""
    game = cardkit.load_game("gin-rummy", players=2)
    state = decision(game, 3, 10)
    seat = state.current_player
    twin = state.determinize(seat, random.Random(77))
    samples = []
    for world in (state, twin):
        sampler = Sampler(world, seat, random.Random(1), belief=belief_of(game))
        samples.append([sampler.sample().snapshot() for _ in range(3)])
    assert samples[0] == samples[1]


def test_gin_evidence_reads_passes_and_throws_from_the_history():
    game = cardkit.load_game("gin-rummy", players=2)
    state = decision(game, 2, 12)
    seat = state.current_player
    seen = gin_belief.evidence(state.view(seat))
    other = 1 - seat
    thrown = [text.split()[1] for who, text in
              ((move.seat, str(move)) for move in state.view(seat).history)
              if who == other and text.split()[0] in ("discard", "knock")]
    assert [card.text for card in seen[other].thrown] == thrown
    assert seen[other].turns == len(thrown)
    assert all(card.mask & ~state.hands[other].mask for card in seen[other].passed)


def test_gin_refined_worlds_give_the_opponent_hands_like_the_real_ones():
    """Late in greedy hands the opponent's deadwood is far below a random re-deal's; the
    belief's re-deals come close to the truth."""
    game = cardkit.load_game("gin-rummy", players=2)
    true, uniform, refined = [], [], []
    for seed in range(12):
        state = decision(game, seed, 12)
        if state is None:
            continue
        seat = state.current_player
        other = 1 - seat
        plain = Sampler(state, seat, random.Random(seed))
        weighed = Sampler(state, seat, random.Random(seed), belief=belief_of(game))
        true.append(deadwood_value(state.hands[other].mask, RULES))
        uniform.append(statistics.mean(deadwood_value(plain.sample().hands[other].mask, RULES)
                                       for _ in range(5)))
        refined.append(statistics.mean(
            deadwood_value(weighed.sample().hands[other].mask, RULES) for _ in range(5)))
    gap_before = statistics.mean(uniform) - statistics.mean(true)
    gap_after = abs(statistics.mean(refined) - statistics.mean(true))
    assert gap_before > 10 and gap_after < gap_before / 2


def test_tonk_keep_score_prefers_loose_high_cards():
    hand = card_mask(parse_cards("KS 9H 9D 4C 5C"))
    king, nine, four = parse_cards("KS 9H 4C")
    assert tonk_belief.keep_score(king, hand) == 10
    assert tonk_belief.keep_score(nine, hand) == 9 - 6
    assert tonk_belief.keep_score(four, hand) == 4 - 4


def test_tonk_evidence_counts_turns_and_throws():
    game = cardkit.load_game("tonk", players=2)
    state = decision(game, 1, 4)
    if state is None:
        pytest.skip("hand ended early")
    seat = state.current_player
    seen = tonk_belief.evidence(state.view(seat))
    for other, what in seen.items():
        thrown = [text.split()[1] for who, text in
              ((move.seat, str(move)) for move in state.view(seat).history)
                  if who == other and text.startswith("discard")]
        assert [card.text for card in what.thrown] == thrown


def test_the_hard_agent_can_sample_without_the_belief():
    game = cardkit.load_game("gin-rummy", players=2)
    state = decision(game, 5, 10)
    seat = state.current_player
    agent = game.agent("search", seat, seed=2, iterations=20, belief=False)
    assert not agent.uses_belief
    action, _ = choose_action(agent, state, seat)
    assert action in state.legal_actions()
