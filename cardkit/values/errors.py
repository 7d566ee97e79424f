"""The exceptions cardkit raises to its users."""

from __future__ import annotations

__all__ = ["IllegalAction", "RecordError"]


class IllegalAction(ValueError):
    """An action that is not legal now, or text that is not an action.

    The message is written for a player ("you must draw before you discard"); the state that
    refused the action is left exactly as it was.
    """

    __module__ = "cardkit.errors"  # the path users import it from, shown in tracebacks


class RecordError(ValueError):
    """A game record that cannot be loaded or replayed; the message names the problem."""

    __module__ = "cardkit.errors"
