"""Tonk's greedy agent: drops only when its inference says it is probably lowest, gives a
reason for every move, and beats random play."""

from __future__ import annotations

import random

from cardkit_games.tonk.bots.agents import (
    GreedyAgent,
    chance_lowest,
    estimate_counts,
    forms_spread,
)
from cardkit_games.tonk.state import card_values
from hypothesis import given
from hypothesis import strategies as st

import cardkit
from cardkit import load_game
from cardkit.values.actions import Action
from cardkit.values.cards import ALL_CARDS, STANDARD_CARDS, Card, card_mask, parse_cards
from cardkit.values.views import View
from cardkit.views import Move

GAME = cardkit.load_game("tonk", players=2)
VALUES = card_values(1, 0)
START = [Action("drop"), Action("draw", option="stock"), Action("draw", option="discard")]


def _view(history: tuple[tuple[int, str], ...], opponent_cards: int,
          hand: str = "AS 2C") -> View:
    return View(game="tonk", seat=0, players=2, phase="start", current_player=0,
                hand=tuple(parse_cards(hand)), hand_sizes=(2, opponent_cards), stock_size=20,
                discard_top=parse_cards("QS")[0],
                history=tuple(Move.parse(seat, text) for seat, text in history), dealer=1,
                scores=(0, 0))


# the opponent took AH and AD from the pile and laid three clubs: it holds the two aces (count 2)
LOW = ((0, "draw stock"), (0, "discard AH"), (1, "draw discard"), (1, "discard KS"),
       (0, "draw stock"), (0, "discard AD"), (1, "draw discard"),
       (1, "spread 9C 10C JC"), (1, "discard QS"))


def test_the_cards_seen_taken_count_in_full() -> None:
    (mean, variance), = estimate_counts(_view(LOW, 2), VALUES, STANDARD_CARDS).values()
    assert (mean, variance) == (2, 0)
    (mean, variance), = estimate_counts(_view((), 5), VALUES, STANDARD_CARDS).values()
    assert mean > 20 and variance > 0


def test_greedy_drops_a_count_of_3_against_five_unknown_cards() -> None:
    action, reason = GreedyAgent(GAME, 0, 1).choose_with_reason(_view((), 5), START)
    assert action.kind == "drop" and "likely lowest" in reason


def test_greedy_does_not_drop_against_an_opponent_known_to_be_lower() -> None:
    action = GreedyAgent(GAME, 0, 1).choose(_view(LOW, 2), START)
    assert action.kind == "draw"


def test_greedy_does_not_drop_a_high_count() -> None:
    action = GreedyAgent(GAME, 0, 1).choose(_view((), 5, hand="KS QH JD 9C 8C"), START)
    assert action.kind == "draw"


@given(st.integers(0, 60), st.lists(st.tuples(st.floats(0, 60), st.floats(0, 200)),
                                    min_size=1, max_size=3))
def test_a_higher_count_is_never_likelier_to_be_lowest(count, estimates) -> None:
    table = dict(enumerate(estimates))
    assert 0 <= chance_lowest(count + 1, table) <= chance_lowest(count, table) <= 1


def test_the_remembering_agent_chooses_as_a_fresh_one_would() -> None:
    for players in (2, 4):
        game = cardkit.load_game("tonk", players=players)
        for seed in range(6):
            state = game.new_hand(seed=seed)
            agents = [game.agent("greedy", seat, seed) for seat in range(players)]
            while not state.is_over:
                seat = state.current_player
                view, legal = state.view(seat), state.legal_actions()
                action = agents[seat].choose(view, legal)
                assert action == GreedyAgent(game, seat, 0).choose(view, legal)
                state.apply(action)


def test_greedy_beats_random():
    game = load_game("tonk", players=2)
    rng = random.Random(5)
    total = 0.0
    hands = 300
    for hand in range(hands):
        greedy_seat = hand % 2
        agents = [game.agent("greedy" if s == greedy_seat else "random", s, rng.randrange(1 << 30))
                  for s in range(2)]
        state = game.new_hand(seed=rng.randrange(1 << 62))
        while not state.is_over:
            seat = state.current_player
            state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
        total += state.result.payoffs[greedy_seat]
    assert total / hands > 0.5


def test_greedy_gives_reasons():
    game = load_game("tonk", players=3, preset="all_house_rules")
    agent = game.agent("greedy", 0, 1)
    for seed in range(20):
        state = game.new_hand(seed=seed)
        while not state.is_over:
            seat = state.current_player
            view = state.view(seat)
            action, reason = game.agent("greedy", seat, seed).choose_with_reason(
                view, state.legal_actions())
            assert reason and action in state.legal_actions()
            state.apply(action)
    assert agent.name == "greedy"


def _forms_spread_by_ranks(card: Card, hand: list[Card]) -> bool:
    """The rule as the greedy agent states it, on ranks (jokers count as anything): the card
    makes a book with two of its rank (or one and a joker), or a run with two cards of its
    suit (the ace low or high), or with one card a rank or two away and a joker."""
    if card.is_joker:
        return len(hand) >= 2
    jokers = sum(1 for c in hand if c.is_joker)
    same_rank = sum(1 for c in hand if c.rank == card.rank)
    if same_rank >= 2 or (same_rank >= 1 and jokers > 0):
        return True
    ranks = {c.index % 13 + 1 for c in hand if not c.is_joker and c.suit == card.suit}
    if 1 in ranks:
        ranks.add(14)
    r = card.index % 13 + 1
    near = [(r - 2, r - 1), (r - 1, r + 1), (r + 1, r + 2)] + ([(12, 13)] if r == 1 else [])
    return any(a in ranks and b in ranks for a, b in near) or (
        jokers > 0 and any(r + d in ranks for d in (-2, -1, 1, 2)))


@given(st.sampled_from(ALL_CARDS), st.sets(st.sampled_from(ALL_CARDS), max_size=10),
       st.sampled_from(range(4)), st.sets(st.integers(0, 12), max_size=6))
def test_forms_spread_on_masks_follows_the_rule_on_ranks(card, hand, suit, ranks) -> None:
    # a hand dense in one suit too, where runs and the ace high come up
    cards = sorted({*hand, *(ALL_CARDS[13 * suit + rank] for rank in ranks)} - {card})
    assert forms_spread(card, card_mask(cards)) == _forms_spread_by_ranks(card, cards)
    assert GreedyAgent._forms_spread(card, cards) == _forms_spread_by_ranks(card, cards)


def test_forms_spread_sees_the_ace_high_and_jokers() -> None:
    hand = card_mask(parse_cards("QH KH 5S"))
    assert forms_spread(parse_cards("AH")[0], hand)  # Q K A
    assert not forms_spread(parse_cards("AS")[0], hand)
    assert forms_spread(parse_cards("3S")[0], hand | ALL_CARDS[52].mask)  # 3 joker 5
    assert not forms_spread(parse_cards("3S")[0], hand)
