"""Moves are shown in the game's card order, and typed in any order."""

import attrs
from cardkit_cli.render import Style, display_key
from rich.console import Console

import cardkit
from cardkit.engine.capabilities import HandAnalysis
from cardkit.values.actions import parse_action


def test_climbing_moves_are_listed_low_to_high_in_the_games_order():
    game = cardkit.load_game("tien-len")
    style = Style(Console(no_color=True, force_terminal=False), game)
    assert style.action(parse_action("play AH QS KS")).plain == "play QS KS AH"
    assert parse_action("play QS KS AH") == parse_action("play AH QS KS")


def test_rummy_moves_keep_rank_order():
    game = cardkit.load_game("tonk")
    style = Style(Console(no_color=True, force_terminal=False), game)
    assert style.action(parse_action("spread 9H 7H 8H")).plain == "spread 7H 8H 9H"
    assert style.action(parse_action("hit X1=8H 2")).plain == "hit X1=8H 2"


def test_display_key_ranks_twos_highest_in_tien_len():
    key = display_key(cardkit.load_game("tien-len"))
    cards = cardkit.parse_cards("2S AH 3S KD")
    assert [c.text for c in sorted(cards, key=key)] == ["3S", "KD", "AH", "2S"]


def test_hand_lists_a_few_combinations_per_type_and_json_has_all():
    import json

    from cardkit_cli.main import cli
    from click.testing import CliRunner

    hand = ["2S", "2C", "2D", "2H", "3S", "4S", "5S", "6H", "7C", "8D", "9S", "10C", "JH"]
    text = CliRunner().invoke(cli, ["hand", "tien-len", *hand])
    assert text.exit_code == 0, text.output
    assert "sequence (28):" in text.output and "... and 20 more (--json lists all)" in text.output
    assert "instant win: yes" in text.output
    data = json.loads(CliRunner().invoke(cli, ["hand", "tien-len", *hand, "--json"]).output)
    assert len(data["combinations"]["sequence"]) == 28 and data["instant_wins"] == ["four_twos"]


def test_a_game_names_the_number_shown_beside_the_hand():
    from cardkit_cli.render import hand_text

    style = Style(Console(no_color=True, force_terminal=False))
    gin = cardkit.load_game("gin-rummy")
    hand = cardkit.parse_cards("7H 8H 9H KS 2C")
    assert hand_text(style, hand, gin).plain.endswith("(deadwood 12)")
    analysis = gin.definition.capability(HandAnalysis)
    counted = gin.definition.with_capabilities(
        attrs.evolve(analysis, value=lambda cards, options: ("count", 36)))
    game = counted.configure()
    assert hand_text(style, hand, game).plain.endswith("(count 36)")
