"""The full-screen card table of ``cardkit play``, ``join`` and ``watch`` (on Textual).

The screen keeps everything in view: the table (seats, card counts, totals, whose turn, the
stock and the discard pile, the melds or the trick on the table, what happened since your last
turn), your hand grouped by melds with its deadwood, the legal moves, and a log of the table's
events (bots' moves one at a time, refusals, hints, the rules, the end of each hand). A move is
chosen by its number, its text (the same parser and short forms as the line mode: ``d``,
``ds``, ``d 9C``, a bare card ``jd``, ``play 3``), a click or Enter on the list of moves, or
the cards themselves: each card of the hand has a letter under it (a card's letter and Enter
play that card; several letters, ``ace``, play those cards together), and in the hand the
arrows move, space, a letter or a click selects a card, and Enter plays the move that uses
exactly the selected cards. Out of turn, when a claim window asks the player (contract rummy's
buying), the offer stands above the hand and one key answers it (``b`` buy, ``p`` pass).

The game runs the line mode's session (:class:`~cardkit_cli.session.Session` and its remote
kinds) in a worker thread; the session writes to a console whose lines go to the log, reads its
moves from the screen, and tells the screen when to redraw. So every rule of the line mode
(refusals, hints, saving, Ctrl-C, hotseat, the network) holds here unchanged.
"""

from __future__ import annotations

import contextlib
import gc
import io
import queue
import string
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs
from cardkit_cli.entries import seat_name
from cardkit_cli.grouping import display_key, group_hand, hand_analysis
from cardkit_cli.prompt import EndOfInput
from cardkit_cli.render import claim_offer, open_claim, render_view
from cardkit_cli.session import COMMAND_WORDS
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

    from cardkit.engine.game import Game
    from cardkit.engine.seated import SeatedState
    from cardkit.values.actions import Action

__all__ = ["DEFAULT_PACE", "KEYS_HELP", "HandBar", "MoveLine", "Offer", "TableApp",
           "TableMixin", "TextPanel", "card_letters", "hand_groups", "in_browser",
           "letters_to_cards", "local_table", "offer_of", "run_table", "table_session",
           "wanted"]

#: Seconds each bot move stays on screen before the next (``--pace``; F5/F6 change it).
DEFAULT_PACE = 0.6
#: The pace's steps, slowest last.
PACES = (0.0, 0.2, 0.4, 0.6, 1.0, 1.5, 2.5)

#: The keys of the table, shown at the top of the help panel.
KEYS_HELP = (
    ("Enter", "play the typed move (its number, text or a short form: ds, d 9C, jd)"),
    ("a c e …", "the letters under the cards of your hand: a card's letter and Enter plays "
                "that card (its discard; its play in Tiến Lên), several letters (ace) play "
                "those cards together"),
    ("b  p", "out of turn, when you may claim a card (contract rummy's buying): the claim's "
             "first letter (b: buy) takes it, p passes, at once"),
    ("Tab", "to the hand, the moves, the line; in the hand: arrows, space, a card's letter "
            "or a click selects, Enter plays the move of exactly those cards, Esc clears"),
    ("F1 F2 F3 F4", "this help, the hint, the rules, the moves of this hand (Esc closes)"),
    ("F5 F6", "the bots slower or faster (--pace)"),
    ("Ctrl-Q", "quit (you are offered to save)"),
)


def card_letters(game: Game) -> str:
    """The letters that name the cards of a hand at the table, in order: a to z without those
    a typed line already gives a meaning to alone (``h`` help, ``q`` quit, and the first letter
    of every move word of the game: ``d`` draw, ``p`` pass), so a card's letter never hides a
    command or a short form. The same letters for a game at every turn."""
    phases = game.definition.state_class.PHASES
    words = set().union(*(phase.accepts for phase in phases.values())) if phases else set()
    taken = {"h", "q"} | {word[0].lower() for word in words if word}
    return "".join(letter for letter in string.ascii_lowercase if letter not in taken)


def hand_groups(hand: Sequence[Card], game: Game) -> list[tuple[tuple[Card, ...], bool]]:
    """The hand as the table shows it: its melds (True), then the rest (False)."""
    melds, rest, _ = group_hand(hand, game)
    return _groups(melds, rest)


def _groups(melds: Sequence[Sequence[Card]],
            rest: Sequence[Card]) -> list[tuple[tuple[Card, ...], bool]]:
    groups = [(tuple(meld), True) for meld in melds]
    if rest:
        groups.append((tuple(rest), False))
    return groups


def letters_to_cards(line: str, cards: Sequence[Card], letters: str) -> list[Card] | None:
    """The cards a line of card letters names (``c``: the third card shown; ``ace``: three
    cards), or None when the line is something else: a command, a card's own text (``ac`` is
    A♣), a letter without a card, or a letter twice."""
    from cardkit_cli.moves import typed_cards

    token = line.strip().lower()
    if not token or not token.isalpha() or token in COMMAND_WORDS or typed_cards(token):
        return None
    named = dict(zip(letters, cards, strict=False))
    if len(set(token)) != len(token) or any(letter not in named for letter in token):
        return None
    return [named[letter] for letter in token]


@attrs.define(frozen=True, eq=False)
class Offer:
    """A claim window's offer to the seat at the screen: the ``question`` and its ``terms``
    (lines of the banner over the hand), the one-key answers (``keys``: key, word, move text),
    and the seconds left to answer when it was drawn (None: no time limit)."""

    question: Text
    terms: Text
    keys: tuple[tuple[str, str, str], ...]
    seconds: float | None = None


def offer_of(style: Style, view: Any, legal: Sequence[Action], names: Sequence[str],
             seconds: float | None) -> Offer | None:
    """The :class:`Offer` of an open claim window asking ``view``'s seat (None: none)."""
    lines = claim_offer(style, view, legal, names, seconds)
    if lines is None:
        return None
    claim, decline = legal
    keys: tuple[tuple[str, str, str], ...] = ()
    first, second = claim.kind[:1].lower(), decline.kind[:1].lower()
    if first.isalpha() and second.isalpha() and first != second:
        keys = ((first, claim.kind, str(claim)), (second, decline.kind, str(decline)))
    return Offer(lines[0], lines[1], keys, seconds)


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

    def read(self, prompt: str, move: bool = False) -> str:
        """The next line the player gives (``move``: at a move's prompt, where the cards'
        letters and a claim's keys count); :class:`EndOfInput` when the screen closes."""
        self.app.later(self.app.ask, prompt, move)
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
    """The player's hand, grouped by melds, each card with its letter under it, a cursor and
    the selected cards: arrows move, space, a card's letter or a click selects, Enter plays the
    move of exactly the selected cards."""

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
        #: the letters of the cards, in the order shown (see :func:`card_letters`)
        self.letters = ""
        #: per card shown: its row (of card lines), first and last column
        self._spans: list[tuple[int, int, int]] = []

    def show(self, groups: list[tuple[tuple[Card, ...], bool]], note: str,
             style: Style, letters: str = "") -> None:
        """Show the hand: ``groups`` of cards (melds first, True for a meld), ``note`` (its
        value, e.g. ``deadwood 27``), each card over its letter of ``letters``."""
        self.groups, self.note, self.style_of = groups, note, style
        self.letters = letters
        self.cards = [card for group, _ in groups for card in group]
        self.selected &= set(self.cards)
        self.cursor = min(self.cursor, max(0, len(self.cards) - 1))
        self.refresh(layout=True)

    def letter_of(self, index: int) -> str:
        """The letter of the card shown at ``index`` ("" beyond the letters)."""
        return self.letters[index] if index < len(self.letters) else ""

    def _layout(self, width: int) -> tuple[Text, list[tuple[int, int, int]]]:
        """The hand in pairs of lines, ``width`` columns wide: the cards (melds in brackets,
        then the rest, then the note), and under each card its letter."""
        if not self.cards:
            return Text("(no cards in view)", style="dim"), []
        width = max(8, width)
        pieces: list[tuple[str, Text, str, int | None, int]] = []  # before, card, after, ...
        index = 0
        for number, (group, meld) in enumerate(self.groups):
            for position, card in enumerate(group):
                shown = self.style_of.card(card) if self.style_of else Text(card.text)
                style = ""
                if card in self.selected:
                    style += " reverse"
                if index == self.cursor and self.has_focus:
                    style += " underline bold"
                shown.stylize(style.strip() or "none")
                gap = 1 if position else (2 if number else 0)
                pieces.append(("[" if meld and position == 0 else "", shown,
                               "]" if meld and position == len(group) - 1 else "", index, gap))
                index += 1
        if self.note:
            pieces.append(("", Text(f"({self.note})", style="dim"), "", None, 2))
        rows: list[tuple[Text, Text]] = []
        spans: list[tuple[int, int, int]] = []
        cards_line, letters_line = Text(), Text()
        for before, shown, after, card_index, gap in pieces:
            size = len(before) + shown.cell_len + len(after)
            if cards_line.cell_len and cards_line.cell_len + gap + size > width:
                rows.append((cards_line, letters_line))
                cards_line, letters_line = Text(), Text()
            if cards_line.cell_len:
                cards_line.append(" " * gap)
                letters_line.append(" " * gap)
            cards_line.append(before, style="dim")
            letters_line.append(" " * len(before))
            start = cards_line.cell_len
            cards_line.append_text(shown)
            letter = self.letter_of(card_index) if card_index is not None else ""
            mark = "bold" if card_index == self.cursor and self.has_focus else "dim"
            letters_line.append(letter.ljust(shown.cell_len)[:shown.cell_len], style=mark)
            if card_index is not None:
                spans.append((len(rows), start, cards_line.cell_len))
            cards_line.append(after, style="dim")
            letters_line.append(" " * len(after))
        rows.append((cards_line, letters_line))
        text = Text("\n").join(Text("\n").join(pair) for pair in rows)
        return text, spans

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        """Two lines (the cards, their letters) for each row the hand takes at ``width``."""
        text, _ = self._layout(width)
        return len(text.plain.split("\n"))

    def render(self) -> Text:
        """The hand, its cards over their letters (wrapped to the panel)."""
        text, self._spans = self._layout(self.size.width)
        return text

    def on_key(self, event: events.Key) -> None:
        """A card's letter selects that card (or drops it from the selection)."""
        character = event.character
        if character and character in self.letters:
            index = self.letters.index(character)
            if index < len(self.cards):
                event.stop()
                event.prevent_default()
                self.cursor = index
                self.toggle(self.cards[index])

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
        """A click selects the card under the pointer (or its letter)."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for index, (row, start, end) in enumerate(self._spans):
            if row == offset.y // 2 and start <= offset.x < end:
                self.cursor = index
                self.toggle(self.cards[index])
                return


class MoveLine(Input):
    """The line a move is typed in; out of turn, a claim's one-key answers (``b``, ``p``)
    are taken at once when the line is empty."""

    async def _on_key(self, event: events.Key) -> None:
        app = self.app
        if (not self.value and event.character and isinstance(app, TableApp)
                and app.offer_key(event.character)):
            event.stop()
            event.prevent_default()
            return
        await super()._on_key(event)


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
    #offer { display: none; height: auto; background: $warning 30%; padding: 0 1; }
    #offer.-open { display: block; }
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
        #: the line asked for is a move (the cards' letters and a claim's keys count then)
        self.move_asked = False
        #: the claim window's offer to this seat at its prompt (None: none), and when the
        #: time to answer it ends (a network table's limit, on this clock)
        self.offer: Offer | None = None
        self.offer_deadline: float | None = None
        #: the screen's updates held from a move's Enter until its table is drawn
        self._held: contextlib.ExitStack | None = None

    # ----- layout -----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Status line, the table and the hand (left), the moves and the log (right), the
        input line and the keys."""
        yield Static("", id="status")
        with Horizontal(id="top"):
            yield Static("", id="table")
            yield OptionList(id="moves")
        yield Static("", id="offer")
        yield HandBar(id="hand")
        yield RichLog(id="log", wrap=True, markup=False, highlight=False)
        line = MoveLine(placeholder="a move's number or text; F1 help", id="line")
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
        self.set_interval(0.5, self._count_down)
        # what is loaded by now (the library, the game, the screen) lives as long as the
        # table: kept out of the collector's full passes, which otherwise stall a frame
        gc.collect()
        gc.freeze()
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
            self._release()  # a refusal draws no table: it is shown now

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

    def ask(self, prompt: str, move: bool = False) -> None:
        """The session waits for a line (``move``: a move): say what for, and take the next
        one given."""
        self.prompt = prompt
        self.asking = True
        self.move_asked = move
        line = self.query_one("#line", Input)
        line.placeholder = prompt.strip() or "a move's number or text; F1 help"
        if self.refusal is not None:  # the reason stays in view beside the question again
            self.set_status(Text.assemble(self.refusal, "  ", prompt.strip()))
        else:
            self.set_status(prompt.strip())
        self._show_offer()

    def _show_offer(self) -> None:
        """The claim window's offer over the hand while its answer is asked for."""
        banner = self.query_one("#offer", Static)
        offer = self.offer if self.asking and self.move_asked else None
        banner.set_class(offer is not None, "-open")
        if offer is None:
            return
        answers: list[Text | str] = []
        for key, word, _ in offer.keys:
            answers += [Text(key, style="bold reverse"), f" {word}   "]
        terms = offer.terms
        if offer.seconds is not None and self.offer_deadline is not None:
            left = max(0.0, self.offer_deadline - time.monotonic())
            terms = Text(terms.plain.replace(f"{max(0, offer.seconds):.0f} s to answer",
                                             f"{left:.0f} s to answer"), style=terms.style)
        banner.update(Text.assemble(offer.question, "\n", *answers, terms))

    def _count_down(self) -> None:
        """The seconds left to answer a network table's claim window; when they are up, the
        pass that no answer is (the table has passed for this seat by then)."""
        offer, deadline = self.offer, self.offer_deadline
        if offer is None or deadline is None or not (self.asking and self.move_asked):
            return
        self._show_offer()
        if time.monotonic() >= deadline and offer.keys:
            self.offer_deadline = None
            self.log_line(Text("time is up: no answer is a pass", style="dim"))
            self.submit(offer.keys[1][2])

    def offer_key(self, character: str) -> bool:
        """A claim's one-key answer (``b`` buy, ``p`` pass), given at once; False for any
        other key, or when no offer is asked about."""
        offer = self.offer
        if offer is None or not (self.asking and self.move_asked):
            return False
        for key, _, move in offer.keys:
            if character.lower() == key:
                self.submit(move, typed=character)
                return True
        return False

    def on_key(self, event: events.Key) -> None:
        """A claim's one-key answer from wherever the keys are (the hand, the moves)."""
        if event.character and self.offer_key(event.character):
            event.stop()

    def hide_table(self) -> None:
        """Hotseat: nothing of the last player's hand stays in view."""
        self.query_one("#table", Static).update(Text("(hidden: pass the screen)", style="dim"))
        self.query_one("#hand", HandBar).show([], "", Style(Console(), None))
        self.query_one("#moves", OptionList).clear_options()
        self.query_one("#log", RichLog).clear()
        self.offer = None
        self._show_offer()

    def draw(self, table: Text, groups: list[tuple[tuple[Card, ...], bool]], note: str,
             moves: Sequence[Text], style: Style, title: str,
             move_log: Sequence[Text] | None = None, letters: str = "",
             offer: Offer | None = None, status: str | Text | None = None) -> None:
        """Redraw the table, the hand (its cards over their ``letters``), the moves (and the
        moves of the hand, for F4), the claim window's ``offer`` asked about and the
        ``status`` line."""
        if status is not None:
            self.set_status(status)
        if move_log is not None:
            self.move_log = list(move_log)
        self.offer = offer
        self.offer_deadline = (time.monotonic() + offer.seconds
                               if offer is not None and offer.seconds is not None else None)
        self._show_offer()
        self.query_one("#table", Static).update(table)
        self.query_one("#hand", HandBar).show(groups, note, style, letters)
        options = self.query_one("#moves", OptionList)
        options.clear_options()
        options.add_options([Option(move) for move in moves])
        self.query_one("#table").border_title = title
        self._release()

    # ----- the player's input -----------------------------------------------------------------

    def submit(self, line: str, typed: str | None = None) -> None:
        """Give the session a line (a move, a command, Enter); at a move's prompt, a line of
        card letters is given as those cards (``c`` as ``9C``). ``typed``: the key that gave
        the line, if not the line itself (a claim's one-key answer)."""
        if self.closing:
            self.exit(self.code)
            return
        if self.asking:
            shown = line if typed is None else f"{typed} ({line})"
            if self.move_asked:
                hand = self.query_one("#hand", HandBar)
                cards = letters_to_cards(line, hand.cards, hand.letters)
                if cards:
                    line = " ".join(card.text for card in cards)
                    shown = f"{shown} ({line})"
            if self.move_asked and line and line.lower() not in COMMAND_WORDS:
                self._hold()
            self.asking = False
            self.move_asked = False
            self.refusal = None
            self._show_offer()
            self.log_line(Text(f"> {shown}", style="dim")) if line else None
            self.reader.give(line)
        elif line:  # typed while the others play: said, never kept for a later prompt
            self.log_line(Text(f"✗ {line[:40]!r} was not played: wait for your turn",
                               style="red"))

    #: The longest a move's Enter holds the screen's updates for its table (seconds).
    HOLD = 0.04

    def _hold(self) -> None:
        """Hold the screen's updates until the move's table is drawn (at most :attr:`HOLD`):
        the move line cleared and the table with the move come in one frame, not two."""
        if self._held is None:
            self._held = contextlib.ExitStack()
            self._held.enter_context(self.batch_update())
            self.set_timer(self.HOLD, self._release)

    def _release(self) -> None:
        """Let the held updates through (the table is drawn, or the time is up)."""
        if self._held is not None:
            held, self._held = self._held, None
            held.close()
            self.screen.refresh()

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
        self.letters = card_letters(self.game)
        #: the hand and the moves in it when the table was last drawn
        self.drawn = (0, -1)

    def read_move(self: Any, prompt: str) -> str:
        """A move's line, from the screen (where the cards' letters count)."""
        return self.reader.read(prompt, move=True)

    def show(self: Any, state: SeatedState, seat: int) -> None:
        """Redraw the table, the hand and the moves for ``seat``."""
        view = state.view(seat)
        previous = self.held.get(seat)
        new_cards = [card for card in view.hand if card not in previous] if previous else []
        self.held[seat] = frozenset(view.hand)
        self._draw(state, seat, state.legal_actions(), new_cards)

    def _draw(self: Any, state: SeatedState, seat: int | None, legal: Sequence[Any],
              new_cards: Sequence[Card] = (), status: str | None = None) -> None:
        app: TableApp = self.app
        self.drawn = (len(self.match.hands), len(state.history))
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
        offer = None
        if seat is not None:
            melds, rest, value = group_hand(view.hand, self.game)
            groups = _groups(melds, rest)
            claim = getattr(state, "claim", None)  # a network table's time to answer
            seconds = claim.get("seconds") if isinstance(claim, dict) else None
            offer = offer_of(self.style, view, legal, self.names,
                             float(seconds) if isinstance(seconds, int | float) else None)
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
        window = open_claim(view)
        title = (f"{self.game.name} · hand {len(self.match.hands)} · "
                 + ("hand over" if turn is None else
                    f"out of turn: {window['card'].text} on offer"
                    if offer is not None and window is not None else
                    "your turn" if turn == seat else f"{seat_name(turn, self.names)} to play"))
        if status is None:
            status = state.prompt if turn == seat and turn is not None else title
        # one call to the screen's thread for all of it: the session waits for each call
        app.later(app.draw, table, groups, note, moves, self.style, title, self._move_log(state),
                  self.letters, offer, status)

    def _move_log(self: Any, state: SeatedState) -> list[Text]:
        """The moves of the hand so far, numbered, in public text (no hidden card). Only the
        moves new since the last call are written: a move's public text never changes."""
        history = state.public_history()
        key = (len(self.match.hands), tuple(self.names))
        cached: tuple[Any, list[Text]] = getattr(self, "_move_lines", (None, []))
        cached_key, lines = cached
        if cached_key != key or len(lines) > len(history):
            lines = []
        for number, move in enumerate(history[len(lines):], start=len(lines) + 1):
            who = "the game" if move.seat is None else seat_name(move.seat, self.names)
            lines.append(Text.assemble((f"{number:>3}. ", "cyan"), f"{who}: ",
                                       self.style.action(str(move))))
        self._move_lines = (key, lines)
        return list(lines)

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
        groups = hand_groups(state.view(seat).hand, self.game)
        app.later(app.draw, table, groups, "", [], self.style,
                  f"{self.game.name} · hand {len(self.match.hands)} · hand over",
                  self._move_log(state))  # no letters: no move is asked of the hand
        summary = result.summary or f"ending: {result.ending}"
        self.console.print(Text(f"hand over: {summary}", style="bold green"))

    def before_bot(self: Any, state: SeatedState, seat: int) -> None:
        """The table as it is now (the player's own move on it at once, not after the bot's
        reply), and "seat 1 (hard bot) thinking…" on the status line."""
        thinking = f"{seat_name(seat, self.names)} thinking…"
        if self.drawn == (len(self.match.hands), len(state.history)):
            self.app.later(self.app.set_status, thinking)
            return
        self._watched(state, thinking)
        # the bot thinks once the move is on the screen: a search holding the interpreter
        # would otherwise slow the frame that shows it
        shown = threading.Event()
        self.app.later(self.app.call_after_refresh, shown.set)
        shown.wait(0.25)

    def _watched(self: Any, state: SeatedState, status: str | None = None) -> None:
        """The table for the player watching the others play (in hotseat: the public one)."""
        watcher = self.last_human if self.last_human is not None else (
            self.seats.humans[0] if self.seats.humans else None)
        if watcher is not None and not (self.hotseat and len(self.seats.humans) > 1):
            self._draw(state, watcher, [], status=status)
        else:
            self._draw(state, None, [], status=status)

    def after_bot(self: Any, state: SeatedState, seat: int, action: object) -> None:
        """The bot's move in the log and on the table, then a pause at the player's pace."""
        shown = str(state.public_history()[-1]) if state.public_history() else str(action)
        self.console.print(Text.assemble(f"{seat_name(seat, self.names)}: ",
                                         self.style.action(shown)))
        self._watched(state)
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
