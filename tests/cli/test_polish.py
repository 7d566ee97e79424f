"""What a new player trips over, smoothed: game names as people type them, one-line errors for
a mistyped option, a suggested split for a climbing hand, the knock's discard named, the hint in
the game's unit, the codes explained, the next-hand prompt that takes only Enter, the only legal
pass made for the player, and ``replay --step`` with the table."""

from __future__ import annotations

import itertools

import pytest
from cardkit_cli.main import cli
from cardkit_cli.options import meant_game
from cardkit_cli.seats import seating
from cardkit_cli.session import Session, _repeats
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.engine.capabilities import HandAnalysis
from cardkit.libraries.climbing import all_combinations, fewest_plays
from cardkit.services.search.confidence import confidence_words
from cardkit.values.cards import CardSet

NAMES = ["conquian", "gin-rummy", "oklahoma-gin", "rummy500", "tien-len", "tonk"]


@pytest.mark.parametrize(("typed", "meant"), [
    ("Tonk", "tonk"), ("TONK", "tonk"), ("gin", "gin-rummy"), ("Gin_Rummy", "gin-rummy"),
    ("tien_len", "tien-len"), ("Tiến Lên", "tien-len"), ("tienlen", "tien-len"),
    ("okla", "oklahoma-gin"), ("rum", "rummy500"), ("t", "t"), ("nope", "nope"),
])
def test_game_names_as_people_type_them(typed: str, meant: str) -> None:
    assert meant_game(typed, NAMES) == meant


@given(st.sampled_from(NAMES), st.lists(st.booleans(), min_size=20, max_size=20))
def test_any_case_of_a_game_name_is_that_game(name: str, upper: list[bool]) -> None:
    typed = "".join(c.upper() if up else c for c, up in zip(name, upper, strict=False))
    assert meant_game(typed.replace("-", "_"), NAMES) == name


def test_the_commands_take_the_names_people_type(runner) -> None:
    for typed in ("Tonk", "gin", "tien_len"):
        done = runner.invoke(cli, ["rules", typed])
        assert done.exit_code == 0, done.output


def test_a_mistyped_option_is_one_line(runner) -> None:
    done = runner.invoke(cli, ["play", "tonk", "--sed", "3"])
    assert done.exit_code == 2
    lines = done.output.strip().splitlines()
    assert len(lines) == 1, done.output
    assert lines[0].startswith("cardkit: No such option '--sed'") and "--seed" in lines[0]
    assert lines[0].endswith("play --help')")
    done = runner.invoke(cli, ["play", "tonk", "--hands", "x"])
    assert done.exit_code == 2 and len(done.output.strip().splitlines()) == 1


def test_cardkit_hand_suggests_a_split_and_names_the_knock(runner) -> None:
    tien_len_hand = "3S 4D 5H 6C 7C 7D 9S 10S JS QH KD 2H 2S"
    done = runner.invoke(cli, ["hand", "tien-len", *tien_len_hand.split(" ")])
    assert done.exit_code == 0, done.output
    assert ("suggested split (4 plays, the fewest; weakest first): [3S 4D 5H 6C]  [7C 7D]  "
            "[9S 10S JS QH KD]  [2S 2H]") in done.output
    gin_hand = "2C 3C 4C 5H 6H 7H 9S 9D 9H 8C 3D"
    done = runner.invoke(cli, ["hand", "gin", *gin_hand.split(" ")])
    assert "can knock: yes" in done.output and "knock with: knock 8C (leaves 3 deadwood)" \
        in done.output


def _partitions(mask: int, combos: list[int]):
    """Every split of ``mask`` into the masks ``combos`` (brute force, small hands)."""
    if not mask:
        yield 0
        return
    low = mask & -mask
    for combo in combos:
        if combo & low and combo & mask == combo:
            for rest in _partitions(mask & ~combo, combos):
                yield rest + 1


@given(st.integers(0, 10_000), st.integers(1, 7))
@settings(max_examples=30, deadline=None)
def test_the_suggested_split_uses_every_card_once_in_the_fewest_plays(seed, size) -> None:
    game = cardkit.load_game("tien-len")
    rules = game.definition.capability(HandAnalysis).climbing_rules(game.options)
    hand = CardSet(list(game.new_hand(seed=seed).view(0).hand)[:size])
    plays = fewest_plays(hand, rules)
    masks = [play.mask for play in plays]
    assert sum(bin(m).count("1") for m in masks) == len(hand)
    assert functools_or(masks) == hand.mask
    combos = [combo.mask for combo in all_combinations(hand, rules)]
    assert len(plays) == min(_partitions(hand.mask, combos))


def functools_or(masks: list[int]) -> int:
    total = 0
    for mask in masks:
        total |= mask
    return total


def test_hints_count_in_the_games_unit_and_drop_empty_figures() -> None:
    tonk = cardkit.load_game("tonk", players=2)
    assert tonk.agent("expert", 0, 0).unit == "stakes"
    assert cardkit.load_game("gin-rummy", players=2).agent("expert", 0, 0).unit == "points"
    assert "(+2.0 ±1.0 stakes a hand)" in confidence_words(2.0, 0.5, 80, "drop", "stakes")
    assert "±" not in confidence_words(-0.02, 0.01, 80, "pass")
    assert _repeats("discard KH", "discard KH") and not _repeats("keeps the pair", "discard KH")


def test_the_rules_explain_the_codes(runner) -> None:
    done = runner.invoke(cli, ["rules", "tonk"])
    assert "codes: " in done.output and "names the ending by its row" in done.output


class Reader:
    interactive = True

    def __init__(self, answers):
        self.answers = list(answers)
        self.prompts: list[str] = []

    def read(self, prompt):
        raise AssertionError(f"asked for a move: {prompt}")

    def wait(self, prompt):
        self.prompts.append(prompt)
        return self.answers.pop(0)


def test_the_next_hand_starts_on_enter_only(capsys) -> None:
    game = cardkit.load_game("tonk", players=2)
    match = game.new_match(seed=1)
    session = Session(match, seating(game, 0, False, "random", None, False, 1))
    state = match.current
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    match.next_hand()
    session.reader = Reader(["2", "draw stock", ""])
    session._next_hand_intro()
    assert len(session.reader.prompts) == 3
    assert "'2' is not a move now: the hand is over" in session.reader.prompts[1]


def test_the_only_legal_pass_is_made_for_the_player(capsys) -> None:
    game = cardkit.load_game("tien-len", players=4)
    for seed in itertools.count():
        match = game.new_match(seed=seed)
        state = match.current
        while not state.is_over and [str(a) for a in state.legal_actions()] != ["pass"]:
            state.apply(max(state.legal_actions(), key=lambda a: len(a.cards)))
        if not state.is_over:
            break
    seat = state.current_player
    session = Session(match, seating(game, seat, False, "random", None, False, seed))
    session.reader = Reader([])
    before = len(state.history)
    session.human_turn(state, seat)
    assert len(state.history) == before + 1 and str(state.history[-1][1]) == "pass"
    assert "pass  — your only move" in capsys.readouterr().out


def test_replay_step_shows_the_table_and_the_hands(runner, tmp_path) -> None:
    path = tmp_path / "gin.json"
    done = runner.invoke(cli, ["play", "gin-rummy", "--players", "2", "--auto", "--seed", "3",
                               "--hands", "1", "--save", str(path)])
    assert done.exit_code == 0, done.output
    done = runner.invoke(cli, ["replay", str(path), "--step"], input="\n\nq\n")
    assert done.exit_code == 0, done.output
    first_move = done.output.split("(Enter for the next move")[0]
    assert "stock: " in first_move and "seat 0's hand: " in first_move
