"""Reading a player's lines from a terminal or a pipe.

At a terminal, ``input()`` gives line editing, and what was typed before the prompt appeared
(while the bots played) is thrown away with a note, never taken as the answer to a question
not yet asked. From a pipe, each line is echoed after the prompt so a scripted session reads
like a typed one; end of input raises :class:`EndOfInput`, which the play loop turns into a
clean exit (saving first when ``--save`` was given).
"""

from __future__ import annotations

import os
import select
import sys
import termios

__all__ = ["EndOfInput", "LineReader", "QuitGame"]


class EndOfInput(Exception):
    """The input ended (end of the pipe, or Ctrl-D at a terminal)."""


class QuitGame(Exception):
    """The player typed quit."""


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
            ignored = self.discard_typed_ahead()
            if ignored:
                shown = ignored if len(ignored) <= 40 else ignored[:37] + "..."
                sys.stdout.write(f"(ignored what was typed before this prompt: {shown!r})\n")
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

    def discard_typed_ahead(self) -> str:
        """Throw away what the terminal holds that was typed before the prompt; returns it (its
        lines joined by ' / ')."""
        try:
            descriptor = sys.stdin.fileno()
            pending = b""
            while select.select([descriptor], [], [], 0)[0]:
                chunk = os.read(descriptor, 4096)
                if not chunk:
                    break
                pending += chunk
            termios.tcflush(descriptor, termios.TCIFLUSH)  # and a line not yet ended
        except (OSError, ValueError, termios.error):
            return ""
        lines = pending.decode(errors="replace").splitlines()
        return " / ".join(line.strip() for line in lines if line.strip())
