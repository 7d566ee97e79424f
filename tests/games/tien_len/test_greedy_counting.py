"""Tiến Lên's greedy agent counts the cards played: bosses, and leading them to go out."""

from __future__ import annotations

from cardkit_games.tien_len.bots.agents import GreedyAgent, PlayedReader, is_boss
from cardkit_games.tien_len.rules import _RULES, lead_plays
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.libraries.climbing import all_combinations, beating_combinations
from cardkit.values.actions import Action
from cardkit.values.cards import STANDARD_CARDS, CardSet, parse_cards
from cardkit.values.views import View
from cardkit.views import Move

GAME = cardkit.load_game("tien-len")
RULES = _RULES["never"]


@settings(max_examples=60, deadline=None)
@given(st.permutations(STANDARD_CARDS), st.integers(1, 10), st.integers(0, 35),
       st.sampled_from(sorted(_RULES)))
def test_the_boss_check_agrees_with_listing_every_beating_play(cards, mine, unseen, which):
    rules = _RULES[which]
    hand, pool = CardSet(cards[:mine]), CardSet(cards[mine:mine + unseen])
    for combo in all_combinations(hand, rules):
        found = rules.strength_mask(combo.cards)
        assert is_boss(found, rules.strength_mask(pool), rules) == \
            (not beating_combinations(pool, combo, rules))


def _lead_view(hand: str, history: tuple[tuple[int, str], ...] = ()) -> tuple[View, list]:
    cards = parse_cards(hand)
    view = View(game="tien-len", seat=0, players=4, phase="lead", current_player=0,
                hand=tuple(cards), hand_sizes=(len(cards), 9, 9, 9),
                history=tuple(Move.parse(seat, text) for seat, text in history),
                dealer=3, scores=(0, 0, 0, 0), info={"top": None})
    legal = [Action("play", cards=c.cards) for c in lead_plays(CardSet(cards), RULES)]
    return view, legal


def test_greedy_leads_its_boss_when_the_rest_then_takes_it_out() -> None:
    view, legal = _lead_view("3S 3C 2H")  # 2H: nothing beats it; then the pair goes out
    action, reason = GreedyAgent(GAME, 0).choose_with_reason(view, legal)
    assert action.cards == tuple(parse_cards("2H")) and "nobody can beat" in reason


def test_greedy_keeps_its_boss_when_two_weak_units_would_remain() -> None:
    view, legal = _lead_view("3S 5C 2H")
    assert GreedyAgent(GAME, 0).choose(view, legal).cards == tuple(parse_cards("3S"))


def test_counting_makes_a_lower_card_a_boss() -> None:
    # every 2 and the aces of hearts and diamonds have been played: AC is the highest left
    played = ((1, "play 2S 2C"), (2, "play 2D 2H"), (3, "play AH"), (1, "play AD"))
    view, legal = _lead_view("4S 4C AC", played)
    assert PlayedReader().update(view) == CardSet(parse_cards("2S 2C 2D 2H AH AD")).mask
    assert GreedyAgent(GAME, 0).choose(view, legal).cards == tuple(parse_cards("AC"))
    unplayed, legal = _lead_view("4S 4C AC")
    assert set(GreedyAgent(GAME, 0).choose(unplayed, legal).cards) == set(parse_cards("4S 4C"))


def test_the_remembering_agent_chooses_as_a_fresh_one_would() -> None:
    for seed in range(3):
        state = GAME.new_hand(seed=seed)
        agents = [GAME.agent("greedy", seat, seed) for seat in range(4)]
        while not state.is_over:
            seat = state.current_player
            view, legal = state.view(seat), state.legal_actions()
            action = agents[seat].choose(view, legal)
            assert action == GreedyAgent(GAME, seat).choose(view, legal)
            state.apply(action)
