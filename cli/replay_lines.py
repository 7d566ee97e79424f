"""The moves of a recorded hand as lines, as ``cardkit replay`` shows them (one record, or two
side by side)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardkit_cli.style import Style
    from rich.text import Text

    from cardkit import State

__all__ = ["move_lines"]


def move_lines(style: Style, state: State, states: Iterator[State], seat: int | None
               ) -> Iterator[tuple[State, Text]]:
    """Each move after ``state`` (``states``: the states after each move) as a line: who moved
    and what (the public text of another seat's move when shown as ``seat`` saw it), with the
    cards the mover drew when its hand is shown; each with the state after it."""
    from rich.text import Text

    from cardkit.values.views import seat_name

    shown = range(state.players) if seat is None else (seat,)
    for index, after in enumerate(states):
        mover, action = after.history[index]
        who = seat_name(mover) if mover is not None else "the game"
        if seat is None or mover == seat:
            line = Text.assemble(f"{who}: ", style.action(action))
        else:
            line = Text.assemble(f"{who}: ", style.action(str(after.public_history()[index])))
        if mover is not None and mover in shown:
            before = set(state.view(mover).hand)
            drawn = [card for card in after.view(mover).hand if card not in before]
            if drawn:
                line.append("  (drew ")
                line.append_text(style.cards(drawn))
                line.append(")")
        yield after, line
        state = after
