"""Option ``bombs = false``: no bombs at all. Four of a kind and double sequences stay ordinary
combinations (4.3) and nothing but a higher 2 beats a 2; a locked player is never asked back."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.engine.agents import RandomAgent
from cardkit.engine.match import HandContext
from cardkit.engine.registry import game_definition, load_game
from tests.games.tien_len.helpers import stacked_deck

CONTEXT = HandContext(dealer=3, leader=0, totals=(0, 0, 0, 0))  # seat 0 leads anything
HANDS = {0: "2H AS", 1: "7S 7C 7D 7H 4S 4C 5D 5H 6C 6D"}


def _plays(**options) -> set[str]:
    state = load_game("tien-len", **options).new_hand(seed=1, deck=stacked_deck(HANDS),
                                                      context=CONTEXT)
    state.apply("play 2H")
    return {str(action) for action in state.legal_actions()}


def _text(play: str) -> str:
    """A play as the game writes it (its cards in the game's order)."""
    return str(load_game("tien-len").new_hand(seed=0).parse(play))


def test_bombs_chop_a_two_by_default_and_never_without_them():
    """Rules example 3: on 2H, four 7s and 44-55-66 are legal; with bombs = false neither is."""
    chops = {_text("play 7S 7C 7D 7H"), _text("play 4S 4C 5D 5H 6C 6D")}
    assert chops <= _plays()
    assert not chops & _plays(bombs=False)
    assert _plays(bombs=False) == {"pass"}  # seat 1 holds no 2: it can only pass


def test_a_led_four_of_a_kind_is_still_beaten_by_a_higher_one():
    state = load_game("tien-len", bombs=False).new_hand(
        seed=2, deck=stacked_deck({0: "5S 5C 5D 5H", 1: "9S 9C 9D 9H"}), context=CONTEXT)
    state.apply("play 5S 5C 5D 5H")
    assert state.parse("play 9S 9C 9D 9H") in state.legal_actions()


def test_with_no_bombs_a_locked_player_is_not_asked_back():
    """bombs_ignore_pass_lock lets a player who passed come back to bomb 2s; with no bombs
    there is nothing to come back with, so the player stays skipped (rules example 5)."""
    hands = {0: "9C 2H", 1: "7S 7C 7D 7H", 2: "JS", 3: "QS"}
    for bombs, next_player in ((True, 1), (False, 2)):
        game = load_game("tien-len", bombs=bombs, bombs_ignore_pass_lock=True)
        state = game.new_hand(seed=3, deck=stacked_deck(hands), context=CONTEXT)
        for text in ("play 9C", "pass", "play JS", "play QS", "play 2H"):
            state.apply(text)  # seat 1 passed on 9C: locked out of this trick
        assert state.current_player == next_player


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]),
       extra=st.fixed_dictionaries({}, optional={
           "quad_beats_pair_of_twos": st.booleans(), "cross_bomb_beating": st.booleans(),
           "longer_double_sequence_beats_shorter": st.booleans(),
           "bombs_ignore_pass_lock": st.booleans()}))
def test_no_bomb_is_ever_played_without_bombs(seed, players, extra):
    game = load_game("tien-len", players=players, bombs=False, **extra)
    state = game.new_hand(seed=seed)
    agents = [RandomAgent(seed + seat) for seat in range(players)]
    while state.result is None:
        player = state.current_player
        state.apply(agents[player].choose(state.view(player), state.legal_actions()))
    counted = set(state.event_counts)
    assert not {name for name in counted if name.startswith("bomb") or name in
                ("chop", "cross_bomb", "quad_on_pair_of_twos", "pass_lock_broken",
                 "longer_double_sequence")}


def test_the_option_names_its_source():
    option = game_definition("tien-len").options["bombs"]
    assert option.default is True and "house rule" in option.source
