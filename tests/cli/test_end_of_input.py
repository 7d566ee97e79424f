"""Ctrl-D at the play prompt is not a way to lose a game: at a terminal the player is offered to
save it first (as with 'quit'), and with --save it is saved."""

from __future__ import annotations

from cardkit_cli.prompt import EndOfInput
from cardkit_cli.seats import seating
from cardkit_cli.session import Session

import cardkit
from cardkit.engine.records import MatchRecord, load_record


class Terminal:
    """A terminal's line reader: Ctrl-D at the move prompt, then the given answers."""

    interactive = True

    def __init__(self, answers):
        self.answers = list(answers)
        self.prompts = []

    def read(self, prompt):
        self.prompts.append(prompt)
        if len(self.prompts) == 1:
            raise EndOfInput
        return self.answers.pop(0)

    def wait(self, prompt):
        return ""


def _session(save=None):
    game = cardkit.load_game("gin-rummy", players=2)
    match = game.new_match(seed=3)
    return Session(match, seating(game, 0, False, "random", None, False, 3), save=save)


def test_ctrl_d_at_a_terminal_offers_to_save_the_game(tmp_path, capsys):
    session = _session()
    path = tmp_path / "kept.json"
    session.reader = Terminal([str(path)])
    session.run()
    out = capsys.readouterr().out
    assert session.reader.prompts[-1].startswith("save the game first?")
    assert isinstance(load_record(path), MatchRecord)
    assert f"saved to {path}" in out and "--resume" in out


def test_ctrl_d_at_a_terminal_may_still_quit_without_saving(tmp_path, capsys):
    session = _session()
    session.reader = Terminal([""])
    session.run()
    assert "goodbye." in capsys.readouterr().out
    assert not list(tmp_path.iterdir())


def test_ctrl_d_with_save_saves(tmp_path, capsys):
    path = tmp_path / "game.json"
    session = _session(save=str(path))
    session.reader = Terminal([])
    session.run()
    assert isinstance(load_record(path), MatchRecord)
    assert "end of input: stopping." in capsys.readouterr().out
