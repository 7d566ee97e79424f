"""Move entry: a typed line is a move's number, its text, or a unique completion that names the
same cards; anything else is refused with the reason and the closest legal moves."""

from __future__ import annotations

import pytest
from cardkit_cli.moves import resolve_move
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.values.actions import Action
from cardkit.values.errors import IllegalAction


def tien_len_first_lead() -> cardkit.State:
    """Seat 0 leads first holding 3S and 3D (legal: play 3S, play 3S 3D)."""
    state = cardkit.load_game("tien-len").new_match(seed=3).current
    assert {str(a) for a in state.legal_actions()} == {"play 3S", "play 3D 3S"}
    return state


def test_a_move_naming_other_cards_is_refused_not_completed() -> None:
    state = tien_len_first_lead()
    with pytest.raises(IllegalAction, match=r"the first play of the game must include 3S; "
                                            r"did you mean 'play 3S 3D'\?"):
        resolve_move(state, "play 3D")
    assert resolve_move(state, "play 3d 3s") == state.parse("play 3S 3D")
    assert resolve_move(state, "PLAY 3S") == state.parse("play 3S")


def test_a_pair_on_top_is_not_beaten_by_one_of_its_cards() -> None:
    game = cardkit.load_game("tien-len")
    for seed in range(200):
        state = game.new_hand(seed=seed)
        leads = [a for a in state.legal_actions() if len(a.cards) == 2]
        if not leads:
            continue
        state.apply(leads[0])
        pairs = [a for a in state.legal_actions() if len(a.cards) == 2]
        singles = {card for pair in pairs for card in pair.cards}
        if pairs and not any(a.kind == "play" and len(a.cards) == 1 and a.cards[0] in singles
                             for a in state.legal_actions()):
            card = pairs[0].cards[0]
            with pytest.raises(IllegalAction, match="closest legal move|did you mean"):
                resolve_move(state, f"play {card.text}")
            return
    pytest.fail("no deal with a pair to beat")


@pytest.mark.parametrize(("line", "message"), [
    ("drop now", r"'drop now' is not a move; did you mean 'drop'\?"),
    ("draw stok", r"'draw stok' is not a move; did you mean 'draw stock'\?"),
    ("dorp", r"'dorp' is not a move word; did you mean 'drop'\?"),
    ("discard KH", r"^you must draw first \(or drop\): draw stock or draw discard$"),
    ("7", r"there is no move 7: type 1 to 3"),
])
def test_refusals_say_why_and_offer_the_closest_moves(line: str, message: str) -> None:
    state = cardkit.load_game("tonk", players=2).new_hand(seed=1)
    assert [str(a) for a in state.legal_actions()] == ["drop", "draw stock", "draw discard"]
    with pytest.raises(IllegalAction, match=message):
        resolve_move(state, line)


@pytest.mark.parametrize(("line", "move"), [
    ("2", "draw stock"), ("draw s", "draw stock"), ("draw d", "draw discard"),
    ("  Draw   Stock ", "draw stock"), ("drop", "drop"),
    # short forms: the plain draw is from the stock
    ("draw", "draw stock"), ("d", "draw stock"), ("dr", "draw stock"), ("ds", "draw stock"),
    ("stock", "draw stock"),
    ("dd", "draw discard"), ("take", "draw discard"), ("pile", "draw discard"),
])
def test_numbers_texts_and_unique_completions_are_read(line: str, move: str) -> None:
    state = cardkit.load_game("tonk", players=2).new_hand(seed=1)
    assert str(resolve_move(state, line)) == move


def test_a_unique_completion_names_the_cards_typed() -> None:
    state = cardkit.load_game("gin-rummy", players=2).new_hand(seed=1)
    assert str(resolve_move(state, "take")) == "take upcard"
    state.apply("take upcard")
    card = sorted(state.view(state.seat_to_play).hand)[0]
    # a short form names the cards typed: 'disc 2C', 'd 2C' and the bare card are 'discard 2C'
    for line in (f"disc {card.text}", f"d {card.text}", card.text.lower()):
        assert resolve_move(state, line) == Action("discard", cards=(card,))
    with pytest.raises(IllegalAction):
        resolve_move(state, "disc")  # no card: no move


def test_ranks_without_suits_name_the_play_of_those_ranks() -> None:
    game = cardkit.load_game("tien-len", players=4)
    for seed in range(100):
        state = game.new_hand(seed=seed)
        pairs = [a for a in state.legal_actions() if len(a.cards) == 2
                 and a.cards[0].rank == a.cards[1].rank]
        if len(pairs) != 1:
            continue
        rank = pairs[0].cards[0].text[:-1]
        assert resolve_move(state, f"play {rank} {rank}") == pairs[0]
        singles = [a for a in state.legal_actions() if len(a.cards) == 1
                   and a.cards[0].rank == pairs[0].cards[0].rank]
        if len(singles) == 1:
            assert resolve_move(state, f"play {rank}") == singles[0]
        else:
            with pytest.raises(IllegalAction, match="say which"):
                resolve_move(state, f"play {rank}")
        return
    pytest.fail("no deal with exactly one playable pair")


@given(st.integers(0, 10_000), st.sampled_from(["tonk", "gin-rummy", "tien-len"]))
@settings(max_examples=25, deadline=None)
def test_a_short_form_is_always_a_legal_move_naming_the_cards_typed(seed: int, name: str) -> None:
    state = cardkit.load_game(name).new_hand(seed=seed)
    if state.is_over:  # won at the deal
        return
    legal = state.legal_actions()
    hand = state.view(state.current_player).hand
    for card in hand:
        for line in (card.text, f"d {card.text}", f"p {card.text}"):
            try:
                move = resolve_move(state, line)
            except IllegalAction:
                continue
            assert move in legal and set(move.cards) == {card}
