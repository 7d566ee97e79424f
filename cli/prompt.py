"""Reading a player's lines from a terminal or a pipe.

At a terminal, ``input()`` gives line editing. From a pipe, each line is echoed after the prompt
so a scripted session reads like a typed one; end of input raises :class:`EndOfInput`, which the
play loop turns into a clean exit (saving first when ``--save`` was given).
"""

from __future__ import annotations

import sys

__all__ = ["EndOfInput", "LineReader"]


class EndOfInput(Exception):
    """The input ended (end of the pipe, or Ctrl-D at a terminal)."""


class LineReader:
    """Reads one line at a time from standard input."""

    def __init__(self) -> None:
        try:
            self.interactive = sys.stdin.isatty()
        except (AttributeError, ValueError):
            self.interactive = False

    def read(self, prompt: str) -> str:
        """The next line, stripped; :class:`EndOfInput` at the end."""
        if self.interactive:
            try:
                return input(prompt).strip()
            except EOFError:
                sys.stdout.write("\n")
                raise EndOfInput from None
        sys.stdout.write(prompt)
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            sys.stdout.write("\n")
            raise EndOfInput
        sys.stdout.write(line if line.endswith("\n") else line + "\n")
        return line.strip()

    def wait(self, prompt: str) -> str:
        """Wait for Enter at a terminal (a pass-the-screen pause); from a pipe, do not wait."""
        if not self.interactive:
            sys.stdout.write(prompt + "\n")
            return ""
        return self.read(prompt)
