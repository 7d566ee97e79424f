"""End to end: 'cardkit play' in a real pseudo-terminal (pexpect), one complete hand of each
game, with a mistyped move, an illegal move, a hint, and a save/quit/resume in the middle."""

from __future__ import annotations

import contextlib
import os
import re
import sys
from pathlib import Path

import pytest

import cardkit
from cardkit.values.cards import STANDARD_CARDS, Card

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parents[2]
PROMPT = r"\(seat \d\)> "
HAND_LINE = re.compile(r"your hand: ([^\r\n]*)")


def spawn(*args: str):
    """``python -m cardkit_cli play ...`` in a pseudo-terminal, colour off, wide enough."""
    env = {**os.environ, "NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "140", "LINES": "60"}
    return pexpect.spawn(sys.executable, ["-m", "cardkit_cli", "play", *args], env=env,
                         cwd=str(ROOT), encoding="utf-8", timeout=30, dimensions=(60, 140))


def held_cards(screen: str) -> set[Card]:
    """The cards of the last 'your hand:' line on the screen."""
    lines = HAND_LINE.findall(screen)
    assert lines, screen
    cards = set()
    for token in lines[-1].replace("[", " ").replace("]", " ").split():
        with contextlib.suppress(ValueError):
            cards.add(Card.parse(token))
    return cards


@pytest.mark.parametrize(("game", "seed", "kind"), [
    ("tonk", 11, "discard"),
    ("gin-rummy", 3, "discard"),
    ("tien-len", 5, "play"),
])
def test_play_a_hand_in_a_terminal(game: str, seed: int, kind: str, tmp_path: Path) -> None:
    if game not in cardkit.available_games():
        pytest.skip(f"{game} is not installed yet")
    save = tmp_path / "game.json"
    child = spawn(game, "--seed", str(seed), "--hands", "1", "--save", str(save),
                  "--bot", "normal")
    child.expect(PROMPT)
    screen = child.before
    assert "your hand:" in screen and "to play" in screen
    # the prompt says what to do in words, nearest the moves; no internal "False"/"None"
    assert "your move: " in screen
    assert ": no ·" not in screen and ": none ·" not in screen and "_" not in screen
    # rummy games show their stock; a climbing game has none to show
    assert ("stock:" in screen) == (game != "tien-len")
    assert re.search(r" 1\. ", screen), "the legal moves are numbered"
    # a mistyped move: one line saying why, then asked again
    child.sendline("blah zz")
    child.expect("✗ [^\r\n]*")
    child.expect(PROMPT)
    # an illegal move: a card this player does not hold
    missing = next(card for card in STANDARD_CARDS if card not in held_cards(screen))
    child.sendline(f"{kind} {missing.text}")
    child.expect("✗ [^\r\n]*")
    child.expect(PROMPT)
    child.sendline("hint")
    child.expect(r"hint \(\w+\): ([^\r\n(]+)")
    hinted = child.match.group(1).strip()
    child.expect(PROMPT)
    child.sendline(hinted)  # the move the hint suggested, typed as text
    index = child.expect([PROMPT, "match over"])
    assert index == 0, "pick a seed where the hand goes on after the first move"
    if index == 0:
        child.sendline("quit")
        child.expect("saved to")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0
        assert save.exists()
        child = spawn(game, "--resume", str(save))
        child.expect(PROMPT)
        # the saved game comes back against the bots it was saved with
        assert "normal bot" in child.before and "expert bot" not in child.before
        child.sendline("1")
        for _ in range(500):
            if child.expect([PROMPT, "match over"]) == 1:
                break
            child.sendline("1")
        else:
            pytest.fail("the hand did not end")
    assert "hand over" in child.before + (child.after or "")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    record = cardkit.load_record(save)
    assert isinstance(record, cardkit.MatchRecord) and record.hands[0].result is not None


def test_a_line_typed_before_the_prompt_is_thrown_away_with_a_note() -> None:
    """A line typed while the program starts (or the bots play) answers nothing: here 'quit',
    which would end the game were it read at the prompt."""
    child = spawn("tonk", "--seed", "1", "--bot", "normal")
    child.sendline("quit")  # typed at once, long before the first prompt appears
    child.expect(r"ignored what was typed before this prompt: 'quit'")
    child.expect(PROMPT)
    child.sendline("draw stock")  # the game goes on: the prompt took a move
    child.expect("spread, hit, or discard")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect([r"save the game first", pexpect.EOF])
    child.sendline("")
    child.expect(pexpect.EOF)
    child.close()
