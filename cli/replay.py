"""``cardkit replay FILE``: a recorded hand or match, move by move, rendered as in play.

The file is loaded and checked exactly as the API does (:func:`cardkit.records.load_record`,
then a full replay against every saved result, and a match's hands against its seed), so a
changed file is refused with one line before anything is shown. Every hand is shown as dealt
(all hands face up: the record is public now), then each move with the cards it drew, then the
end of the hand as ``cardkit play`` shows it. ``--seat K`` shows the game as seat K saw it:
only its own hand, its own draws, the others' moves as public text. ``--step`` shows the
table and the hands after each move and waits for Enter (``q`` stops).

``cardkit replay FIRST SECOND`` shows one deal played under two rule sets side by side (the
lab's example deals, ``--examples DIR``): the two hands' moves in two columns, the first move
where the two rule sets' play diverges marked, and each result (:mod:`cardkit_cli.replay_pair`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click
from cardkit_cli.bounds import MAX_RECORD_BYTES, MAX_SEATS, InputFile, Whole

if TYPE_CHECKING:
    from cardkit import HandRecord, State

__all__ = ["replay"]


@click.command()
@click.argument("path", metavar="FILE", type=InputFile(MAX_RECORD_BYTES, "cardkit record"))
@click.argument("other", metavar="[OTHER]", required=False,
                type=InputFile(MAX_RECORD_BYTES, "cardkit record"))
@click.option("--step", is_flag=True,
              help="Show the table and hands after each move; wait for Enter ('q' stops).")
@click.option("--seat", type=Whole(0, MAX_SEATS - 1), metavar="K",
              help="Show the game as seat K saw it (its hand and draws; others' moves public).")
def replay(path: str, other: str | None, step: bool, seat: int | None) -> None:
    """Show the hand or match recorded in FILE (saved by 'cardkit play --save') move by move.
    With OTHER, the same deal under another rule set (the lab's --examples): both side by side,
    the first move where their play diverges marked."""
    from cardkit_cli.main import CardkitError
    from cardkit_cli.prompt import EndOfInput, LineReader
    from cardkit_cli.render import hand_text, render_result, render_totals
    from cardkit_cli.replay_lines import move_lines
    from cardkit_cli.style import Style, make_console
    from rich.text import Text

    from cardkit.engine.records import HandRecord, load_record
    from cardkit.engine.records import replay as check_replay
    from cardkit.values.views import seat_name

    record = load_record(path)
    check_replay(record)  # every check of the API, before anything is shown
    if seat is not None and not 0 <= seat < record.players:
        raise CardkitError(f"--seat {seat}: seats are 0 to {record.players - 1}", 2)
    if other is not None:
        from cardkit_cli.replay_pair import replay_pair

        replay_pair(path, record, other, seat, step)
        return
    hands: tuple[HandRecord, ...] = (record,) if isinstance(record, HandRecord) else record.hands
    console = make_console()
    reader = LineReader()
    count = f"{len(hands)} hand" if len(hands) == 1 else f"{len(hands)} hands"
    console.print(Text(f"{record.game}: {count}, {record.players} players"
                       + (f"; as {seat_name(seat)} saw it" if seat is not None else ""),
                       style="bold"))
    shown = range(record.players) if seat is None else (seat,)
    for number, hand_record in enumerate(hands, start=1):
        states = hand_record.states()
        state = next(states)
        game = state.game
        style = Style(console, game)
        console.rule(Text(f"hand {number}", style="bold"))
        context = state.context
        console.print(f"{seat_name(context.dealer)} deals")
        if context.roles:
            console.print("roles: " + ", ".join(
                f"{seat_name(s)} {role}" for s, role in enumerate(context.roles)))
        first = state.view(0 if seat is None else seat)
        if first.discard_top is not None:
            console.print(Text.assemble("up-card: ", style.card(first.discard_top)))
        for viewed in shown:
            console.print(Text.assemble(f"{seat_name(viewed)}: ",
                                        hand_text(style, state.view(viewed).hand, game)))
        for after, line in move_lines(style, state, states, seat):
            console.print(line)
            state = after
            if step and not state.is_over:
                _show_table(console, state, seat, number - 1)
                try:
                    answer = reader.read("(Enter for the next move, q to stop) ")
                except EndOfInput:
                    return
                if answer.lower() in ("q", "quit", "exit"):
                    return
        if state.result is not None:
            render_result(console, state.result, state)
            render_totals(console, [t + p for t, p in zip(
                context.totals or (0,) * state.players, state.result.payoffs,
                strict=True)], None, "totals after this hand")
        else:
            console.print("(the hand was saved before it ended)")


def _show_table(console: Any, state: State, seat: int | None, hand_index: int) -> None:
    """The table after a move, as the play screen draws it for the seat to play (or for
    ``seat`` with ``--seat``), then every other hand when the whole record is shown."""
    from cardkit_cli.render import hand_text, render_view
    from cardkit_cli.style import Style
    from rich.text import Text

    from cardkit.values.views import seat_name

    viewer = seat if seat is not None else state.current_player or 0
    render_view(console, state.view(viewer), state.game, None, "", hand_index)
    if seat is None:
        style = Style(console, state.game)
        for other in range(state.players):
            if other != viewer:
                console.print(Text.assemble(f"{seat_name(other)}'s hand: ", hand_text(
                    style, state.view(other).hand, state.game)))
