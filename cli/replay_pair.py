"""``cardkit replay FIRST SECOND``: one deal under two rule sets, side by side.

The rule lab's example deals (``cardkit lab ... --examples DIR``) come in pairs: the same deal,
agents and seeds, played under the baseline and under a variant. Shown together, the two hands'
moves stand in two columns, a row a move; the first move where the two rule sets' play diverges
is marked (``▶``) and said in a sentence, or the page says the two were played alike move for
move (a scoring rule changes the result without changing the play). Each column is headed by the
options the two records differ in; the results follow, one line each. ``--seat K`` shows both as
seat K saw them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from cardkit import HandRecord, State

__all__ = ["option_labels", "replay_pair"]

#: The mark of the first move where the two rule sets' play diverges.
DIVERGENCE_MARK = "▶"


def option_labels(first: HandRecord, second: HandRecord, names: tuple[str, str]
                  ) -> tuple[str, str]:
    """Each record's heading: the options the two differ in (``hit_penalty_turns=3``), or
    ``names`` (the files' names) when they differ in none."""
    keys = sorted(set(first.options) | set(second.options))
    differing = [key for key in keys if first.options.get(key) != second.options.get(key)]
    if not differing:
        return names

    def label(options: Any) -> str:
        return ", ".join(f"{key}={_value(options.get(key))}" for key in differing)

    return label(first.options), label(second.options)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return "(unset)" if value is None else str(value)


def replay_pair(first_path: str, first: Any, second_path: str, seat: int | None,
                step: bool) -> None:
    """Show the hand in ``first`` (loaded and checked from ``first_path``) beside the hand in
    ``second_path``: the same deal under another rule set. One line and exit 2 when either is a
    match, the two are not one deal, or ``--step`` is asked (it steps through one record)."""
    from cardkit_cli.main import CardkitError
    from cardkit_cli.style import make_console

    from cardkit.engine.records import HandRecord, load_record
    from cardkit.engine.records import replay as check_replay
    from cardkit.frontends.lab.examples import not_the_same_deal

    if step:
        raise CardkitError("--step steps through one record: give one FILE (two are shown side "
                           "by side)", 2)
    second = load_record(second_path)
    check_replay(second)
    for path, record in ((first_path, first), (second_path, second)):
        if not isinstance(record, HandRecord):
            raise CardkitError(f"{path}: a match; side by side shows two hands (the lab's "
                               "--examples)", 2)
    assert isinstance(second, HandRecord)  # for the type checker: the loop refused a match
    reason = not_the_same_deal(first, second)
    if reason is not None:
        raise CardkitError(f"{first_path} and {second_path}: {reason}", 2)
    _show(make_console(), first, second, (Path(first_path).name, Path(second_path).name), seat)


def _show(console: Console, first: HandRecord, second: HandRecord, names: tuple[str, str],
          seat: int | None) -> None:
    from cardkit_cli.render import hand_text
    from cardkit_cli.replay_lines import move_lines
    from cardkit_cli.style import Style
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from cardkit.frontends.lab.examples import first_divergence
    from cardkit.values.views import seat_name

    labels = option_labels(first, second, names)
    columns: list[list[Text]] = []
    finals: list[State] = []
    starts: list[State] = []
    for record in (first, second):
        states = record.states()
        start = next(states)
        style = Style(console, start.game)
        lines, final = [], start
        for after, line in move_lines(style, start, states, seat):
            lines.append(line)
            final = after
        columns.append(lines)
        finals.append(final)
        starts.append(start)
    style = Style(console, starts[0].game)
    console.print(Text(f"{first.game}: one deal under two rule sets, {first.players} players"
                       + (f"; as {seat_name(seat)} saw it" if seat is not None else ""),
                       style="bold"))
    shown = range(first.players) if seat is None else (seat,)
    alike = all(starts[0].view(s).hand == starts[1].view(s).hand for s in shown)
    for index, start in enumerate(starts if not alike else starts[:1]):
        heading = "dealt" if alike else f"dealt under {labels[index]}"
        console.print(f"{heading} ({seat_name(start.context.dealer)} deals):")
        for viewed in shown:
            console.print(Text.assemble(f"  {seat_name(viewed)}: ",
                                        hand_text(style, start.view(viewed).hand, start.game)))
    diverges = first_divergence(finals[0], finals[1])
    table = Table(box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column("move", justify="right", no_wrap=True)
    table.add_column(labels[0])
    table.add_column(labels[1])
    over = Text("(hand over)", style="dim")
    for row in range(max(len(columns[0]), len(columns[1]))):
        cells = [column[row] if row < len(column) else over for column in columns]
        if row == diverges:
            table.add_row(Text(f"{DIVERGENCE_MARK} {row + 1}", style="bold"), *cells,
                          style="bold")
        else:
            table.add_row(str(row + 1), *cells)
    console.print(table)
    console.print(_divergence_sentence(diverges, columns, labels, finals))
    for label, final in zip(labels, finals, strict=True):
        console.print(Text.assemble(f"{label}: ", _result_text(final)))


def _divergence_sentence(diverges: int | None, columns: list[list[Text]],
                         labels: tuple[str, str], finals: list[State]) -> Text:
    from rich.text import Text

    from cardkit.frontends.lab.examples import hand_outcome

    if diverges is None:
        moves = len(columns[0])
        same = hand_outcome(finals[0]) == hand_outcome(finals[1])
        return Text(f"The two rule sets played this deal alike, move for move ({moves} moves)"
                    + (", to the same result." if same else
                       "; only the result differs: the rules score the same play differently."),
                    style="bold")

    def move(index: int) -> Text:
        column = columns[index]
        return column[diverges] if diverges < len(column) else Text("the hand is over")

    return Text.assemble(
        (f"The play diverges at move {diverges + 1} ({DIVERGENCE_MARK}): under ", "bold"),
        (labels[0], "bold"), ", ", move(0), "; under ", (labels[1], "bold"), ", ", move(1), ".")


def _result_text(state: State) -> Text:
    from cardkit_cli.entries import humanise
    from rich.text import Text

    from cardkit.values.views import seat_name

    result = state.result
    if result is None:
        return Text("(the hand was saved before it ended)")
    winners = ", ".join(seat_name(s) for s in result.winners) or "nobody"
    payoffs = ", ".join(f"{p:+g}" for p in result.payoffs)
    return Text(f"ending {humanise(result.ending)} · winner {winners} · payoffs {payoffs}")
