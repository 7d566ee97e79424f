"""``cardkit replay FILE``: a recorded hand or match, move by move, rendered as in play.

Every hand is shown as dealt (all hands face up: the record is public now), then each move, then
the end of the hand as ``cardkit play`` shows it. ``--step`` waits for Enter between moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from cardkit import HandRecord

__all__ = ["replay"]


@click.command()
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("--step", is_flag=True, help="Wait for Enter after each move.")
def replay(path: str, step: bool) -> None:
    """Show the hand or match recorded in FILE (saved by 'cardkit play --save') move by move."""
    from cardkit_cli.prompt import EndOfInput, LineReader
    from cardkit_cli.render import (
        Style,
        hand_text,
        make_console,
        render_result,
        render_totals,
        seat_name,
    )
    from rich.text import Text

    from cardkit.records import HandRecord, load_record

    record = load_record(path)
    hands: tuple[HandRecord, ...] = (record,) if isinstance(record, HandRecord) else record.hands
    console = make_console()
    style = Style(console)
    reader = LineReader()
    console.print(Text(f"{record.game}: {len(hands)} hand(s), {record.players} players",
                       style="bold"))
    try:
        for number, hand_record in enumerate(hands, start=1):
            states = hand_record.states()
            state = next(states)
            game = state.game
            style = Style(console, game)
            console.rule(Text(f"hand {number}", style="bold"))
            context = state.context
            console.print(f"{seat_name(context.dealer, None)} deals")
            if context.roles:
                console.print("roles: " + ", ".join(
                    f"seat {s} {role}" for s, role in enumerate(context.roles)))
            first = state.view(0)
            if first.discard_top is not None:
                console.print(Text.assemble("up-card: ", style.card(first.discard_top)))
            for seat in range(state.players):
                console.print(Text.assemble(f"seat {seat}: ",
                                            hand_text(style, state.view(seat).hand, game)))
            for index, after in enumerate(states):
                seat, action = after.history[index]
                console.print(Text.assemble(f"{seat_name(seat, None) if seat is not None else '-'}"
                                            ": ", style.action(action)))
                if step:
                    reader.wait("(Enter for the next move)")
                state = after
            if state.result is not None:
                render_result(console, state.result, state)
                render_totals(console, [t + p for t, p in zip(
                    context.totals or (0,) * state.players, state.result.payoffs,
                    strict=True)], None, "totals after this hand")
            else:
                console.print("(the hand was saved before it ended)")
    except EndOfInput:
        return
