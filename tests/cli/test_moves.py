"""Move entry: a typed line is a move's number, its text, or a unique completion that names the
same cards; anything else is refused with the reason and the closest legal moves."""

from __future__ import annotations

import pytest
from cardkit_cli.moves import resolve_move

import cardkit
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
    ("draw", r"'draw' could be draw stock or draw discard; say which"),
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
])
def test_numbers_texts_and_unique_completions_are_read(line: str, move: str) -> None:
    state = cardkit.load_game("tonk", players=2).new_hand(seed=1)
    assert str(resolve_move(state, line)) == move


def test_a_unique_completion_names_the_cards_typed() -> None:
    state = cardkit.load_game("gin-rummy", players=2).new_hand(seed=1)
    assert str(resolve_move(state, "take")) == "take upcard"
    state.apply("take upcard")
    card = sorted(state.view(state.seat_to_play).hand)[0]
    with pytest.raises(IllegalAction, match=f"did you mean 'discard {card.text}'"):
        resolve_move(state, f"disc {card.text}")
