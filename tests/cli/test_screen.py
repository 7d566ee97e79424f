"""The play screen for a newcomer: info keys as words without empty entries, seat numbers as
names, a recap of the others' moves near the prompt, and an end-of-hand summary that leads with
what happened and does not repeat itself."""

from __future__ import annotations

import io

from cardkit_cli.main import cli
from cardkit_cli.render import Style, entry_text, humanise, is_seat_key, visible_entries
from click.testing import CliRunner
from rich.console import Console

from cardkit.values.cards import Card


def plain_console() -> Console:
    """A console that writes plain text to a buffer (as in a pipe)."""
    return Console(file=io.StringIO(), no_color=True, width=100, highlight=False)


def test_info_keys_become_words_and_empty_entries_are_hidden() -> None:
    info = {"bomb_fight": False, "must_include": None, "hits_this_turn": 0, "passed": [],
            "drop_locks": [0, 0], "top_player": 0, "knock_limit": 10, "play_direction": "cw",
            "role": "captain"}
    shown = dict(visible_entries(info, hide_keys=("role",)))
    # "no", "none", 0, empty and all-zero entries are noise; seat 0 is not zero
    assert shown == {"top_player": 0, "knock_limit": 10, "play_direction": "cw"}
    assert humanise("bomb_fight") == "bomb fight"


def test_seat_keys_are_named_by_their_last_word() -> None:
    assert is_seat_key("top_player") and is_seat_key("knocker") and is_seat_key("dropper")
    assert not is_seat_key("knocker_deadwood") and not is_seat_key("hits_this_turn")
    style = Style(plain_console())
    names = ["you", "greedy bot"]
    assert entry_text(style, "top_player", 1, names).plain == "top player: seat 1 (greedy bot)"
    assert entry_text(style, "knocker_deadwood", 1, names).plain == "knocker deadwood: 1"
    assert entry_text(style, "upcard", Card.parse("JC"), names).plain == "upcard: JC"


def test_a_detail_repeating_the_summary_is_hidden() -> None:
    details = {"explanation": "seat 1 dropped with 12 (E6)", "counts": [25, 12],
               "revealed": [["AS"], ["6C"]]}
    shown = visible_entries(details, hide_keys=("revealed",),
                            hide_values=("seat 1 dropped with 12 (E6): seat 0 pays 1",))
    assert shown == [("counts", [25, 12])]


def run(*args: str, stdin: str) -> str:
    result = CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False,
                                env={"NO_COLOR": "1", "COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    return result.output


def test_recap_end_of_hand_and_help(knock_rummy: str) -> None:
    out = run("play", knock_rummy, "--seed", "1", "--hands", "1", "--bot", "greedy",
              stdin="help\n" + "1\n" * 300)
    # the others' moves are told once, in the recap just above the hand, one line per seat
    assert "since your last turn:\n  seat 1 (greedy bot): draw " in out
    screen = out[out.index("since your last turn:"):]
    assert screen.index("since your last turn:") < screen.index("your hand:") \
        < screen.index("your move:")
    # help: the commands in two columns
    assert "commands:\n  NUMBER  " in out
    # the end of the hand: the headline first, then who won and how, the hands, the money
    end = out[out.index("hand over"):]
    assert end.index("ending: ") < end.index("hands:") < end.index("this hand: ")
    assert "\nseat 0 (you) [" not in end  # no roles in this game: no empty brackets
    assert "phase" not in out.split("your move:")[0].splitlines()[-1]


def test_the_line_mode_offers_a_claim_window_in_words(runner: CliRunner) -> None:
    import cardkit

    if "contract-rummy" not in cardkit.available_games():
        import pytest

        pytest.skip("the contract rummy example plugin is not installed: "
                    "pip install ./docs/examples/contract_rummy")
    # seat 0 plays its first move each time; seat 1 throws JD and seat 2 draws from the
    # stock, so seat 0 is asked whether it buys JD
    result = runner.invoke(cli, ["play", "contract-rummy", "--players", "4", "--bot", "random",
                                 "--seed", "2", "--plain"], input="1\n" * 4)
    out = result.output
    assert "contract-rummy · hand 1 · out of turn (seat 0): JD on offer" in out, out
    assert "out of turn: buy JD, thrown by seat 1 (random bot)? costs 1 penalty card; " \
           "3 buys left this deal" in out, out
    offer = out[out.index("out of turn (seat 0): JD"):]
    rows = offer.splitlines()
    assert any(row.startswith("0 ") and row.rstrip().endswith("<- asked") for row in rows)
    assert any(row.startswith("2 ") and row.rstrip().endswith("turn") for row in rows)
    assert "claim: card" not in out  # the window's raw entry is not shown as well
