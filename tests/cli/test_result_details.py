"""The end-of-hand screen shows what the game scored (issue 14 §3): gin's hands as they were
arranged at the showdown, each lay-off and the score as sentences rather than a dump of data,
Tiến Lên's details in agreement with the headline, seats named one way, and two-player gin's
dealer marked once."""

from __future__ import annotations

import io

from cardkit_cli.render import Style, entry_text, render_result, render_view
from rich.console import Console

import cardkit
from cardkit import HandContext
from tests.games.gin_rummy.helpers import hand
from tests.games.tien_len.helpers import P1, P2, P3, deal, later_game


def plain_console() -> Console:
    """A console that writes plain text to a buffer (as in a pipe)."""
    return Console(file=io.StringIO(), no_color=True, width=200, highlight=False)


def shown(console: Console) -> str:
    file = console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


def gin_showdown() -> cardkit.State:
    """The issue's example: the best grouping is [AC 2C 3C] [4H 5H 6H], but the box scores
    [2C 2H 2S] [4H 5H 6H] and the captain lays 2D off on the set of 2s."""
    state = hand("2D 4C KC QD JS 9C 7D 6S 3S 10D", "AC 2C 3C 2H 2S 4H 5H 6H 3D KH", "AS")
    for move in ("decline upcard", "take upcard", "knock KH"):
        state.apply(move)
    return state


def test_gin_hands_are_shown_as_scored_and_the_details_as_sentences() -> None:
    state = gin_showdown()
    console = plain_console()
    render_result(console, state.result, state)
    out = shown(console)
    assert "seat 0 [box]: [2C 2H 2S]  [4H 5H 6H]  AC 3C 3D AS  (deadwood 8)" in out
    assert "[AC 2C 3C]" not in out
    assert "laid off: 2D" in out.split("seat 1 [captain]: ")[1].splitlines()[0]
    details = out.split("details:\n")[1]
    assert "  seat 1 (captain) lays 2D off on seat 0's set of 2s.\n" in details
    # no dump of the data behind it
    for dump in ("knocker melds", "layoffs:", "credited", "card: 2D"):
        assert dump not in out


def test_cards_in_sentences_look_like_cards_on_a_terminal() -> None:
    """On a colour terminal a sentence's cards show with suit symbols, as in the hands; a
    plural rank ("2s") is a word, not the two of spades."""
    console = Console(file=io.StringIO(), force_terminal=True, color_system="standard",
                      width=200, record=True)
    state = gin_showdown()
    render_result(console, state.result, state)
    out = console.export_text()
    assert "seat 1 (captain) lays 2♦ off on seat 0's set of 2s." in out
    assert "[2♣ 2♥ 2♠]" in out


def test_tien_len_details_agree_with_the_headline() -> None:
    state = deal({P1: "3C", P2: "4C", P3: "5C"}, context=later_game(P1))
    # P1 leads its lowest single each trick and everyone passes: a finished game
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[-1] if legal[-1].kind == "pass" else legal[0])
    console = plain_console()
    render_result(console, state.result, state)
    out = shown(console)
    places = state.result.details["places"]
    assert state.result.summary.startswith(f"1st seat {places[0]} +3")
    assert f"seat {places[0]} went out first" in out.split("details:")[1]
    assert "places: seat" not in out and "points: seat" not in out


def test_seat_lists_are_named() -> None:
    style = Style(plain_console())
    assert entry_text(style, "passed_players", [3], None).plain == "passed players: seat 3"
    names = ["you", "greedy bot", "greedy bot"]
    assert entry_text(style, "finished_players", [2, 0], names).plain == (
        "finished players: seat 2 (greedy bot), seat 0 (you)")


def test_two_player_gin_marks_the_dealer_once() -> None:
    game = cardkit.load_game("gin-rummy", players=2)
    state = game.new_hand(seed=3, context=HandContext(dealer=1, totals=(0, 0),
                                                      roles=("non-dealer", "dealer")))
    console = plain_console()
    render_view(console, state.view(0), game)
    out = shown(console)
    assert "dealer, dealer" not in out
    rows = {line.split()[0]: line for line in out.splitlines() if line[:1] in "01"}
    assert rows["1"].rstrip().endswith("dealer") and "non-dealer" in rows["0"]
