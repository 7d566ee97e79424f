"""The full-screen card table of ``cardkit play``, ``join`` and ``watch`` (on Textual).

The screen keeps everything in view: the table (seats, card counts, totals, whose turn, the
stock and the discard pile, the melds or the trick on the table, what happened since your last
turn), your hand grouped by melds with its deadwood, the legal moves, and a log of the table's
events (bots' moves one at a time, refusals, hints, the rules, the end of each hand). A move is
chosen by its number, its text (the same parser and short forms as the line mode: ``d``,
``ds``, ``d 9C``, a bare card ``jd``, ``play 3``), a click or Enter on the list of moves, or
the cards themselves: in the hand, the arrows move, space (or a click) selects a card, and
Enter plays the move that uses exactly the selected cards.

The game runs the line mode's session (:class:`~cardkit_cli.session.Session` and its remote
kinds) in a worker thread; the session writes to a console whose lines go to the log, reads its
moves from the screen, and tells the screen when to redraw. So every rule of the line mode
(refusals, hints, saving, Ctrl-C, hotseat, the network) holds here unchanged.
"""

from __future__ import annotations

import contextlib
import io
import queue
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from cardkit_cli.entries import seat_name
from cardkit_cli.grouping import display_key, group_hand, hand_analysis
from cardkit_cli.prompt import EndOfInput
from cardkit_cli.render import render_view
from cardkit_cli.style import Style
from rich.console import Console
from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from cardkit.values.cards import Card

if TYPE_CHECKING:
    from cardkit_cli.session import Session

    from cardkit.engine.seated import SeatedState

__all__ = ["DEFAULT_PACE", "KEYS_HELP", "HandBar", "TableApp", "TableMixin", "TextPanel",
           "in_browser", "local_table", "run_table", "table_session", "wanted"]

#: Seconds each bot move stays on screen before the next (``--pace``; F5/F6 change it).
DEFAULT_PACE = 0.6
#: The pace's steps, slowest last.
PACES = (0.0, 0.2, 0.4, 0.6, 1.0, 1.5, 2.5)

#: The keys of the table, shown at the top of the help panel.
KEYS_HELP = (
    ("Enter", "play the typed move (its number, text or a short form: ds, d 9C, jd)"),
    ("Tab", "to the hand, the moves, the line; in the hand: arrows, space or a click "
            "selects, Enter plays the move of exactly those cards, Esc clears"),
    ("F1 F2 F3 F4", "this help, the hint, the rules, the moves of this hand (Esc closes)"),
    ("F5 F6", "the bots slower or faster (--pace)"),
    ("Ctrl-Q", "quit (you are offered to save)"),
)


class TextPanel(ModalScreen[None]):
    """A panel over the table (the help, the hint, the rules, the moves of the hand): it
    scrolls with the arrows and the page keys; Esc, Enter or a function key closes it."""

    BINDINGS: ClassVar = [
        Binding("escape", "dismiss", "close"),
        Binding("enter", "dismiss", "close", show=False),
        Binding("q", "dismiss", "close", show=False),
    ]
    DEFAULT_CSS = """
    TextPanel { align: center middle; background: $background; }
    TextPanel > VerticalScroll { width: 94%; max-width: 110; height: 86%;
        border: round $accent; background: $surface; padding: 0 1; overflow-y: scroll; }
    """

    def __init__(self, title: str, lines: Sequence[Text]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        """The lines, scrolling, under the panel's title."""
        box = VerticalScroll()
        box.border_title = self.title_text
        box.border_subtitle = "Esc closes"
        with box:
            yield Static(Text("\n").join(self.lines) if self.lines
                         else Text("(nothing yet)", style="dim"), id="panel-text")

    def on_mount(self) -> None:
        """The panel takes the keys (scrolling) until it closes."""
        self.query_one(VerticalScroll).focus()

    def on_key(self, event: events.Key) -> None:
        """A function key closes the panel too (and goes on to the table)."""
        if event.key in ("f1", "f2", "f3", "f4"):
            self.dismiss()


class ScreenConsole(Console):
    """A rich console whose output becomes lines of the table's log (and whose ``clear``
    hides the table between hotseat players)."""

    def __init__(self, app: TableApp, width: int) -> None:
        super().__init__(file=io.StringIO(), force_terminal=True, color_system="truecolor",
                         width=width, legacy_windows=False, highlight=False)
        self.table_app = app

    def print(self, *objects: Any, **options: Any) -> None:
        super().print(*objects, **options)
        self._flush()

    def rule(self, *objects: Any, **options: Any) -> None:
        super().rule(*objects, **options)
        self._flush()

    def clear(self, home: bool = True) -> None:
        """Hide the table and the hand (hotseat: the next player must not see this one's)."""
        self.table_app.later(self.table_app.hide_table)

    def _flush(self) -> None:
        buffer = self.file
        assert isinstance(buffer, io.StringIO)
        text = buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
        if text:
            self.table_app.later(self.table_app.log_line, Text.from_ansi(text.rstrip("\n")))


class ScreenReader:
    """The session's line reader: the lines come from the screen (the input box, the list of
    moves, the cards chosen in the hand)."""

    interactive = True

    def __init__(self, app: TableApp) -> None:
        self.app = app
        self.lines: queue.Queue[str | None] = queue.Queue()

    def read(self, prompt: str) -> str:
        """The next line the player gives; :class:`EndOfInput` when the screen closes."""
        self.app.later(self.app.ask, prompt)
        line = self.lines.get()
        if line is None:
            self.lines.put(None)  # every later read ends too
            raise EndOfInput
        return line.strip()

    def wait(self, prompt: str) -> str:
        """Wait for Enter (a pass-the-screen pause, the next hand)."""
        return self.read(prompt)

    def give(self, line: str | None) -> None:
        """A line from the screen (None: the screen is closing)."""
        self.lines.put(line)


class HandBar(Widget, can_focus=True):
    """The player's hand, grouped by melds, with a cursor and the selected cards: arrows
    move, space or a click selects, Enter plays the move of exactly the selected cards."""

    BINDINGS: ClassVar = [
        Binding("left", "move(-1)", "left", show=False),
        Binding("right", "move(1)", "right", show=False),
        Binding("space", "select", "select card"),
        Binding("enter", "play", "play selected", show=False),
        Binding("escape", "clear", "clear selection", show=False),
    ]

    cursor: reactive[int] = reactive(0)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.groups: list[tuple[tuple[Card, ...], bool]] = []
        self.cards: list[Card] = []
        self.selected: set[Card] = set()
        self.note = ""
        self.style_of: Style | None = None
        self._spans: list[tuple[int, int]] = []

    def show(self, groups: list[tuple[tuple[Card, ...], bool]], note: str,
             style: Style) -> None:
        """Show the hand: ``groups`` of cards (melds first, True for a meld), ``note`` (its
        value, e.g. ``deadwood 27``)."""
        self.groups, self.note, self.style_of = groups, note, style
        self.cards = [card for group, _ in groups for card in group]
        self.selected &= set(self.cards)
        self.cursor = min(self.cursor, max(0, len(self.cards) - 1))
        self.refresh()

    def render(self) -> Text:
        """The hand as one line (wrapped by the widget): melds in brackets, then the rest."""
        text = Text()
        self._spans = []
        index = 0
        for group, meld in self.groups:
            if text:
                text.append("  ")
            if meld:
                text.append("[", style="dim")
            for position, card in enumerate(group):
                if position:
                    text.append(" ")
                shown = self.style_of.card(card) if self.style_of else Text(card.text)
                start = len(text)
                style = ""
                if card in self.selected:
                    style += " reverse"
                if index == self.cursor and self.has_focus:
                    style += " underline bold"
                shown.stylize(style.strip() or "none")
                text.append_text(shown)
                self._spans.append((start, len(text)))
                index += 1
            if meld:
                text.append("]", style="dim")
        if self.note:
            text.append(f"  ({self.note})", style="dim")
        if not self.cards:
            text = Text("(no cards in view)", style="dim")
        return text

    def action_move(self, step: int) -> None:
        """Move the cursor along the hand."""
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)
            self.refresh()

    def action_select(self) -> None:
        """Select (or drop from the selection) the card under the cursor."""
        if self.cards:
            self.toggle(self.cards[self.cursor])

    def toggle(self, card: Card) -> None:
        """Select ``card``, or drop it from the selection."""
        self.selected ^= {card}
        self.refresh()

    def action_clear(self) -> None:
        """Drop the selection."""
        self.selected.clear()
        self.refresh()

    def action_play(self) -> None:
        """Play the move of exactly the selected cards (the card under the cursor if none)."""
        chosen = [card for card in self.cards if card in self.selected]
        if not chosen and self.cards:
            chosen = [self.cards[self.cursor]]
        if chosen:
            self.selected.clear()
            assert isinstance(self.app, TableApp)
            self.app.submit(" ".join(card.text for card in chosen))

    def on_click(self, event: events.Click) -> None:
        """A click selects the card under the pointer."""
        offset = event.x + event.y * max(1, self.size.width)
        for index, (start, end) in enumerate(self._spans):
            if start <= offset < end:
                self.cursor = index
                self.toggle(self.cards[index])
                return


class TableApp(App[int]):
    """The full-screen table. ``start(app)`` builds the session to run (in a worker thread);
    the app's return value is the session's exit code (0, or 130 after Ctrl-C)."""

    TITLE = "cardkit"
    CSS = """
    Screen { layout: vertical; }
    #status { height: 1; background: $boost; padding: 0 1; }
    #top { height: 1fr; min-height: 8; }
    #table { width: 3fr; border: round $primary; padding: 0 1; overflow-y: auto; }
    #moves { width: 2fr; min-width: 22; height: 1fr; border: round $secondary; }
    #hand { height: auto; min-height: 3; border: round $accent; padding: 0 1; }
    #hand:focus { border: double $accent; }
    #log { height: 6; border: round $panel; }
    #line { height: 1; border: none; padding: 0 1; background: $boost; }
    .narrow #top { layout: vertical; }
    .narrow #table { width: 1fr; height: 1fr; }
    .narrow #moves { width: 1fr; height: 5; }
    .narrow #log { height: 4; }
    .narrow #hand { min-height: 2; }
    """
    BINDINGS: ClassVar = [
        Binding("f1", "command('help')", "help"),
        Binding("f2", "command('hint')", "hint"),
        Binding("f3", "command('rules')", "rules"),
        Binding("f4", "moves_panel", "moves"),
        Binding("f5", "pace(1)", "slower"),
        Binding("f6", "pace(-1)", "faster"),
        Binding("ctrl+q", "command('quit')", "quit"),
        Binding("ctrl+c", "command('quit')", "quit", show=False, priority=True),
    ]

    def __init__(self, start: Callable[[TableApp], Session], pace: float = DEFAULT_PACE,
                 title: str = "cardkit") -> None:
        super().__init__()
        self.start = start
        self.pace = pace
        self.title = title
        self.reader = ScreenReader(self)
        self.session: Session | None = None
        self.code = 0
        self.prompt = ""
        self._thread = threading.get_ident()
        #: the move list as shown (number -> text), and whether a move is asked for now
        self.asking = False
        self.screen_width = 80
        #: every line of the log, in order
        self.transcript: list[Text] = []
        #: called when the screen closes (a remote match's connection)
        self.on_close: list[Callable[[], None]] = []
        #: the moves of the hand in view, one line each (the F4 panel)
        self.move_log: list[Text] = []
        #: the last refusal, shown with the prompt until the next line is given
        self.refusal: Text | None = None
        #: keep the table open after the game until Enter (a browser page closes with it)
        self.linger = in_browser()
        self.closing = False

    # ----- layout -----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Status line, the table and the hand (left), the moves and the log (right), the
        input line and the keys."""
        yield Static("", id="status")
        with Horizontal(id="top"):
            yield Static("", id="table")
            yield OptionList(id="moves")
        yield HandBar(id="hand")
        yield RichLog(id="log", wrap=True, markup=False, highlight=False)
        line = Input(placeholder="a move's number or text; F1 help", id="line")
        line.cursor_blink = False  # a steady cursor: the screen is the same each time
        yield line
        yield Footer()

    def on_mount(self) -> None:
        """Start the game in its thread."""
        self._thread = threading.get_ident()
        self.query_one("#table").border_title = "table"
        self.query_one("#hand").border_title = "your hand"
        self.query_one("#moves").border_title = "moves"
        self.query_one("#log").border_title = "log"
        self._fit(self.size.width)
        self.query_one("#line", Input).focus()
        self.play()

    def on_resize(self, event: events.Resize) -> None:
        """Narrow screens stack the panels."""
        self._fit(event.size.width)

    def _fit(self, width: int) -> None:
        self.screen_width = width
        self.set_class(width < 80, "narrow")

    @work(thread=True, exit_on_error=False)
    def play(self) -> None:
        """Run the session to its end, then close the screen."""
        try:
            session = self.session = self.start(self)
            session.run()
        except SystemExit as stop:
            self.code = stop.code if isinstance(stop.code, int) else 1
        except EndOfInput:
            pass
        except Exception as error:  # shown, never a traceback on a broken screen
            self.code = 1
            self.later(self.log_line, Text(f"✗ {error}", style="red"))
            time.sleep(0.5)
        self.later(self.finish)

    def finish(self) -> None:
        """The game is over: close the screen; in a browser (``linger``), only once the
        player has read the end and pressed Enter (the page would close with it)."""
        if not self.linger:
            self.exit(self.code)
            return
        self.closing = True
        self.set_status("the game is over: press Enter to close the table")
        self.query_one("#line", Input).placeholder = "press Enter to close the table"

    # ----- called from the game's thread ------------------------------------------------------

    def later(self, function: Callable[..., Any], *args: Any) -> None:
        """Run ``function(*args)`` on the screen's thread (now if already there)."""
        if threading.get_ident() == self._thread:
            function(*args)
        else:
            with contextlib.suppress(RuntimeError):  # the screen has closed meanwhile
                self.call_from_thread(function, *args)

    def log_line(self, text: Text) -> None:
        """A line in the log (kept too: the last lines are printed when the screen closes); a
        refusal (``✗ …``) is also shown in place, on the prompt line, until the next move."""
        self.transcript.append(text)
        self.query_one("#log", RichLog).write(text)
        if text.plain.startswith("✗ "):
            self.refusal = text
            self.set_status(text)

    def show_panel(self, title: str, lines: Sequence[Text]) -> None:
        """Open a panel over the table (one at a time: a new one replaces the one open)."""
        if isinstance(self.screen, TextPanel):
            self.pop_screen()
        self.push_screen(TextPanel(title, lines))

    def action_moves_panel(self) -> None:
        """F4: the moves of this hand, numbered, in a panel."""
        self.show_panel("moves of this hand", self.move_log)

    def set_status(self, text: str | Text) -> None:
        """The status line (whose turn, "thinking…", a prompt, a refusal)."""
        self.query_one("#status", Static).update(Text(text) if isinstance(text, str) else text)

    def ask(self, prompt: str) -> None:
        """The session waits for a line: say what for, and take the next one given."""
        self.prompt = prompt
        self.asking = True
        line = self.query_one("#line", Input)
        line.placeholder = prompt.strip() or "a move's number or text; F1 help"
        if self.refusal is not None:  # the reason stays in view beside the question again
            self.set_status(Text.assemble(self.refusal, "  ", prompt.strip()))
        else:
            self.set_status(prompt.strip())

    def hide_table(self) -> None:
        """Hotseat: nothing of the last player's hand stays in view."""
        self.query_one("#table", Static).update(Text("(hidden: pass the screen)", style="dim"))
        self.query_one("#hand", HandBar).show([], "", Style(Console(), None))
        self.query_one("#moves", OptionList).clear_options()
        self.query_one("#log", RichLog).clear()

    def draw(self, table: Text, groups: list[tuple[tuple[Card, ...], bool]], note: str,
             moves: Sequence[Text], style: Style, title: str,
             move_log: Sequence[Text] | None = None) -> None:
        """Redraw the table, the hand, the moves (and the moves of the hand, for F4)."""
        if move_log is not None:
            self.move_log = list(move_log)
        self.query_one("#table", Static).update(table)
        self.query_one("#hand", HandBar).show(groups, note, style)
        options = self.query_one("#moves", OptionList)
        options.clear_options()
        options.add_options([Option(move) for move in moves])
        self.query_one("#table").border_title = title

    # ----- the player's input -----------------------------------------------------------------

    def submit(self, line: str) -> None:
        """Give the session a line (a move, a command, Enter)."""
        if self.closing:
            self.exit(self.code)
            return
        if self.asking:
            self.asking = False
            self.refusal = None
            self.log_line(Text(f"> {line}", style="dim")) if line else None
            self.reader.give(line)
        elif line:  # typed while the others play: said, never kept for a later prompt
            self.log_line(Text(f"✗ {line[:40]!r} was not played: wait for your turn",
                               style="red"))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A typed line."""
        event.input.value = ""
        self.submit(event.value)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A move chosen in the list: its number."""
        self.submit(str(event.option_index + 1))

    def action_command(self, command: str) -> None:
        """F1 help, F2 hint, F3 rules, Ctrl-Q quit: as typed."""
        if self.closing:
            self.exit(self.code)
            return
        if command == "quit" and not self.asking:
            self.reader.give(None)
            return
        self.submit(command)

    def action_pace(self, step: int) -> None:
        """F5 slower, F6 faster: how long each bot move stays on screen."""
        now = min(range(len(PACES)), key=lambda i: abs(PACES[i] - self.pace))
        self.pace = PACES[max(0, min(len(PACES) - 1, now + step))]
        self.notify(f"bots' pace: {self.pace:g} s a move", timeout=1.5)

    def on_unmount(self) -> None:
        """The screen closes: a session still waiting for a line ends; connections close."""
        self.reader.give(None)
        for close in self.on_close:
            close()


class TableMixin:
    """What turns a play session into the full-screen table's: its console writes to the log,
    its reader reads from the screen, and ``show`` redraws the panels. Mixed in before the
    session class (``class TableSession(TableMixin, Session)``)."""

    app: TableApp
    names: list[str]

    def attach(self: Any, app: TableApp) -> None:
        """Bind the session to the screen."""
        self.app = app
        self.console = ScreenConsole(app, max(40, app.screen_width - 4))
        self.style = Style(self.console, self.game)
        self.reader = app.reader

    def show(self: Any, state: SeatedState, seat: int) -> None:
        """Redraw the table, the hand and the moves for ``seat``."""
        view = state.view(seat)
        previous = self.held.get(seat)
        new_cards = [card for card in view.hand if card not in previous] if previous else []
        self.held[seat] = frozenset(view.hand)
        self._draw(state, seat, state.legal_actions(), new_cards)

    def _draw(self: Any, state: SeatedState, seat: int | None, legal: Sequence[Any],
              new_cards: Sequence[Card] = ()) -> None:
        app: TableApp = self.app
        viewer = seat if seat is not None else (state.current_player or 0)
        view = state.view(viewer)
        width = max(36, app.screen_width * 3 // 5 - 4) if app.screen_width >= 80 \
            else max(30, app.screen_width - 4)
        canvas = _canvas(width)
        recap = self.recap(state, viewer) if seat is not None else []
        render_view(canvas, view, self.game, self.names, "", len(self.match.hands) - 1, recap=recap,
                    new_cards=new_cards, recap_title="since your last turn:"
                    if viewer in self.seen else "since the deal:", framed=False)
        buffer = canvas.file
        assert isinstance(buffer, io.StringIO)
        table = Text.from_ansi(buffer.getvalue().rstrip("\n"))
        groups: list[tuple[tuple[Card, ...], bool]] = []
        note = ""
        if seat is not None:
            melds, rest, value = group_hand(view.hand, self.game)
            groups = [(tuple(meld), True) for meld in melds]
            if rest:
                groups.append((tuple(rest), False))
            if value is not None:
                note = f"deadwood {value}"
            hand_value = hand_analysis(self.game).value
            if hand_value is not None:
                name, number = hand_value(tuple(view.hand), self.game.options)
                note = f"{name} {number:g}"
        order = display_key(self.game)
        moves = [Text.assemble((f"{number:>2}. ", "cyan"), self.style.action(action.text(order)))
                 for number, action in enumerate(legal, start=1)]
        turn = state.current_player
        title = (f"{self.game.name} · hand {len(self.match.hands)} · "
                 + ("hand over" if turn is None else
                    "your turn" if turn == seat else f"{seat_name(turn, self.names)} to play"))
        app.later(app.draw, table, groups, note, moves, self.style, title, self._move_log(state))
        app.later(app.set_status, state.prompt if turn == seat and turn is not None else
                  title)

    def _move_log(self: Any, state: SeatedState) -> list[Text]:
        """The moves of the hand so far, numbered, in public text (no hidden card)."""
        lines = []
        for number, move in enumerate(state.public_history(), start=1):
            who = "the game" if move.seat is None else seat_name(move.seat, self.names)
            lines.append(Text.assemble((f"{number:>3}. ", "cyan"), f"{who}: ",
                                       self.style.action(str(move))))
        return lines

    def _panel(self: Any, title: str, write: Callable[[], None]) -> None:
        """Run ``write`` (which prints to the session's console) into a panel over the table;
        the panel's lines stay in the log too."""
        app: TableApp = self.app
        console = self.console
        # the panel's text width: 94 % of the screen up to 110 columns, less its border,
        # padding and scrollbar (2 each), so that no line is wrapped a second time
        canvas = _canvas(max(30, min(110, app.screen_width * 94 // 100) - 6))
        self.console = canvas
        try:
            write()
        finally:
            self.console = console
        buffer = canvas.file
        assert isinstance(buffer, io.StringIO)
        lines = [Text.from_ansi(line) for line in buffer.getvalue().rstrip("\n").splitlines()]
        app.later(app.show_panel, title, lines)
        for line in lines:
            if line.plain.strip():
                app.later(app.log_line, line)

    def _help(self: Any) -> None:
        """The keys and the commands, and every move of the game, in a panel."""
        from cardkit_cli.session import Session
        from rich.table import Table

        def write() -> None:
            grid = Table.grid(padding=(0, 2))
            grid.add_column(no_wrap=True)
            grid.add_column()
            for key, meaning in KEYS_HELP:
                grid.add_row(f"  {key}", meaning)
            self.console.print(Text("keys:", style="bold"))
            self.console.print(grid)
            Session._help(self)

        self._panel("help", write)

    def _rules(self: Any) -> None:
        """The rules and the options in force, in a panel."""
        from cardkit_cli.rules import rules_text

        def write() -> None:
            # wrapped to the panel, whatever the terminal the table runs in
            for line in rules_text(self.game, brief=True, width=self.console.width):
                self.console.print(line)

        self._panel("rules", write)

    def _hint(self: Any, state: SeatedState, seat: int) -> None:
        """The hint in a panel ("thinking…" on the status line while it is worked out)."""
        self.app.later(self.app.set_status, "hint: thinking…")
        from cardkit_cli.session import Session

        self._panel("hint", lambda: Session._hint(self, state, seat))

    def show_result(self: Any, state: SeatedState) -> None:
        """The end of the hand on the table itself (and its summary line in the log)."""
        from cardkit_cli.render import render_result

        app: TableApp = self.app
        result = state.result
        assert result is not None
        canvas = _canvas(max(36, app.screen_width * 3 // 5 - 4) if app.screen_width >= 80
                         else max(30, app.screen_width - 4))
        render_result(canvas, result, state, self.names)
        buffer = canvas.file
        assert isinstance(buffer, io.StringIO)
        lines = buffer.getvalue().rstrip("\n").splitlines()[1:]  # the panel has the title
        table = Text.from_ansi("\n".join(lines))
        seat = self.last_human if self.last_human is not None else 0
        melds, rest, _ = group_hand(state.view(seat).hand, self.game)
        groups = [(tuple(meld), True) for meld in melds] + ([(tuple(rest), False)]
                                                            if rest else [])
        app.later(app.draw, table, groups, "", [], self.style,
                  f"{self.game.name} · hand {len(self.match.hands)} · hand over",
                  self._move_log(state))
        summary = result.summary or f"ending: {result.ending}"
        self.console.print(Text(f"hand over: {summary}", style="bold green"))

    def before_bot(self: Any, state: SeatedState, seat: int) -> None:
        """"seat 1 (hard bot) thinking…" on the status line."""
        self.app.later(self.app.set_status, f"{seat_name(seat, self.names)} thinking…")

    def after_bot(self: Any, state: SeatedState, seat: int, action: object) -> None:
        """The bot's move in the log and on the table, then a pause at the player's pace."""
        shown = str(state.public_history()[-1]) if state.public_history() else str(action)
        self.console.print(Text.assemble(f"{seat_name(seat, self.names)}: ",
                                         self.style.action(shown)))
        watcher = self.last_human if self.last_human is not None else (
            self.seats.humans[0] if self.seats.humans else None)
        if watcher is not None and not (self.hotseat and len(self.seats.humans) > 1):
            self._draw(state, watcher, [])
        else:
            self._draw(state, None, [])
        if self.app.pace:
            time.sleep(self.app.pace)

    def show_waiting(self: Any, state: SeatedState, seat: int) -> None:
        """The table for ``seat`` while another seat is to play."""
        self._draw(state, seat, [])
        self.waiting(state, seat)

    def show_table(self: Any, state: SeatedState) -> None:
        """A spectator's table: the public view, no hand."""
        self._draw(state, None, [])


_CLASSES: dict[type, type] = {}


def table_session(base: type[Session]) -> type[Session]:
    """The full-screen kind of the session class ``base`` (``Session``, ``RemoteSession``,
    ``WatchSession``): :class:`TableMixin` before it."""
    if base not in _CLASSES:
        _CLASSES[base] = type(f"Table{base.__name__}", (TableMixin, base), {})
    return _CLASSES[base]


def run_table(start: Callable[[TableApp], Session], pace: float, title: str,
              last_lines: int = 4) -> None:
    """Run the full-screen table until the session ends; then print the log's last lines
    (how the game ended, where it was saved) on the terminal, and exit with the session's
    code if it is not 0."""
    app = TableApp(start, pace=pace, title=title)
    code = app.run()
    if not in_browser():  # in a browser the output is the page's stream: the page said it all
        console = Console()
        for line in app.transcript[-last_lines:]:
            console.print(line)
    if code:
        raise SystemExit(code)


def in_browser() -> bool:
    """True when the table is drawn in a browser page (``serve --web`` runs it on Textual's
    web driver, whose input and output are the page's stream, not a terminal)."""
    import os

    return os.environ.get("TEXTUAL_DRIVER", "").endswith("web_driver:WebDriver")


def wanted(plain: bool) -> bool:
    """True when the full-screen table is to be used: a terminal on both ends that can draw
    it (not ``TERM=dumb``), or a browser page (``serve --web``), and no ``--plain`` (pipes and
    screen readers get the line mode)."""
    import os
    import sys

    if plain:
        return False
    if in_browser():
        return True
    if os.environ.get("TERM", "") == "dumb":
        return False
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def local_table(match: Any, seats: Any, *, save: str | None = None, hotseat: bool = False,
                pace: float = DEFAULT_PACE) -> TableApp:
    """The full-screen table of ``cardkit play`` for ``match`` and ``seats`` (not yet run)."""
    from cardkit_cli.session import Session

    kind = table_session(Session)

    def start(app: TableApp) -> Session:
        session = kind(match, seats, save=save, hotseat=hotseat)
        session.attach(app)  # type: ignore[attr-defined]
        return session

    return TableApp(start, pace=pace, title=f"cardkit · {match.game.definition.title}")


def _canvas(width: int) -> Console:
    """A console that draws into text, ``width`` columns wide, for a panel."""
    return Console(file=io.StringIO(), force_terminal=True, color_system="truecolor",
                   width=width, legacy_windows=False, highlight=False)
