"""The play loop behind ``cardkit play``: hands of a match, human turns, bot turns, the end of
each hand, saving and quitting."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from cardkit_cli.entries import seat_name
from cardkit_cli.moves import resolve_move
from cardkit_cli.paths import autosave_path, unwritable_reason
from cardkit_cli.play import QuitGame
from cardkit_cli.prompt import EndOfInput, LineReader
from cardkit_cli.render import hand_text, render_actions, render_result, render_totals, render_view
from cardkit_cli.style import Style, make_console
from rich.text import Text

from cardkit.services.records import save_record
from cardkit.services.search.choose import choose_action
from cardkit.services.search.hint import Hint, hint
from cardkit.values.errors import IllegalAction

if TYPE_CHECKING:
    from cardkit_cli.seats import Seating

    from cardkit import State
    from cardkit.engine.match import Match

__all__ = ["Session"]

COMMANDS_HELP = (
    ("NUMBER", "play the move with that number"),
    ("move text", "e.g. 'draw stock', 'discard KH' (10H or TH; case does not matter)"),
    ("hint", "what the computer would do, and why"),
    ("table", "show the table and your moves again"),
    ("rules", "the rules of this game and the options in force"),
    ("help", "this help"),
    ("quit", "stop playing (you can save the game first)"),
)


class Session:
    """One ``cardkit play`` session over a match."""

    def __init__(self, match: Match, seats: Seating, save: str | None = None,
                 auto: bool = False, hotseat: bool = False) -> None:
        self.match = match
        self.game = match.game
        self.seats = seats
        self.save_path = save
        self.auto = auto
        self.hotseat = hotseat
        self.console = make_console()
        self.style = Style(self.console, self.game)
        self.reader = LineReader()
        self.last_human: int | None = None
        self.names = list(seats.names)
        # per seat, for the recap: how much of the hand's history it has seen, and its hand
        # after its last move (to point out the cards new since then)
        self.seen: dict[int, int] = {}
        self.held: dict[int, frozenset] = {}
        self.watching = False

    # ----- the match --------------------------------------------------------------------------

    def run(self) -> None:
        """Play until the match ends, the player quits or the input ends."""
        try:
            self._intro()
            while True:
                state = self.match.current
                if not state.is_over:
                    self.play_hand(state)
                assert state.result is not None  # the hand is over
                render_result(self.console, state.result, state, self.names)
                self.match.next_hand()
                self._save_quietly()
                if self.match.is_over:
                    self._end_of_match()
                    return
                self._next_hand_intro()
        except EndOfInput:
            if self.save_path:
                self._save()
            self.console.print("end of input: stopping.")
        except QuitGame:
            return
        except KeyboardInterrupt:
            self._interrupted()

    def _intro(self) -> None:
        definition = self.game.definition
        self.console.print(Text(f"{definition.title} — {definition.summary}", style="bold"))
        seats = ", ".join(seat_name(s, self.names) for s in range(self.game.players))
        # a remote table's seed stays on the server (it would tell every card)
        seed = "" if self.match.seed is None else f"; match seed {self.match.seed}"
        self.console.print(f"players: {seats}{seed}")
        if self.seats.humans and not self.auto:
            self.console.print("type a move's number or its text; 'help' for commands, "
                               "'hint' for advice, 'quit' to stop.")
            if self.style.fancy:
                self.console.print("cards are typed as rank and suit letter: 10H is 10♥, "
                                   "QS is Q♠, AC is A♣, 7D is 7♦.")

    def _next_hand_intro(self) -> None:
        context = self.match.contexts[-1]
        render_totals(self.console, context.totals, self.names, "running totals")
        parts = [f"next: hand {len(self.match.hands)}"]
        if context.dealer is not None:
            parts.append(f"{seat_name(context.dealer, self.names)} deals")
        if context.roles:
            parts.append("roles: " + ", ".join(
                f"{seat_name(s, self.names)} {role}" for s, role in enumerate(context.roles)))
        if context.leader is not None:
            parts.append(f"{seat_name(context.leader, self.names)} leads")
        self.console.print("; ".join(parts))
        if self.seats.humans and not self.auto:
            answer = self.reader.wait("press Enter for the next hand (or type quit): ")
            if answer.lower() in ("q", "quit", "exit"):
                self._quit()

    def _end_of_match(self) -> None:
        outcome = self.match.outcome
        assert outcome is not None
        self.console.rule(Text("match over", style="bold"))
        render_totals(self.console, outcome.final_totals, self.names, "final totals")
        winner = ("no single winner" if outcome.winner is None
                  else f"{seat_name(outcome.winner, self.names)} wins the match")
        self.console.print(Text(f"{winner}. {outcome.summary}".strip(), style="bold green"))
        if self.save_path:
            self.console.print(f"record saved to {self.save_path}")

    # ----- one hand ---------------------------------------------------------------------------

    def play_hand(self, state: State) -> None:
        """Play ``state`` to its end. Bots' moves are printed as they happen with ``--auto``
        or when no human holds cards this hand (a sitter watches); otherwise they are told in
        each player's recap ("since your last turn") and, at the end, under "last moves"."""
        self.seen, self.held = {}, {}
        humans = [seat for seat in self.seats.humans if not self.auto]
        self.watching = bool(humans) and all(not state.view(seat).hand for seat in humans)
        if self.auto:
            self._show_deal(state)
        elif self.watching:
            for sitter in humans:
                view = state.view(sitter)
                role = f" ({view.roles[sitter]})" if view.roles else ""
                self.console.print(Text(
                    f"hand {len(self.match.hands)}: {seat_name(sitter, self.names)}{role} holds "
                    "no cards and sits this hand out; the others play it:", style="bold"))
        live = self.auto or self.watching or not humans
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            agent = self.seats.agents[seat]
            if agent is None:
                self.human_turn(state, seat)
                continue
            action, reason = choose_action(agent, state, seat, explain=self.auto)
            state.apply(action)
            if not live:
                continue
            line = Text.assemble(f"{seat_name(seat, self.names)}: ", self.style.action(action))
            if reason:
                line.append(f"  — {reason}", style="dim")
            self.console.print(line)
        if not live and self.last_human is not None:
            lines = self.recap(state, self.last_human)
            if lines:
                self.console.print(Text("last moves:", style="bold"))
                for line in lines:
                    self.console.print(Text.assemble("  ", line))

    def recap(self, state: State, seat: int) -> list[Text]:
        """What the others did since ``seat`` last moved (since the deal on its first turn),
        one line per run of moves by one seat, in public text (no hidden card)."""
        history = state.public_history()[self.seen.get(seat, 0):]
        lines: list[Text] = []
        last: int | None = -1
        for move in history:
            mover, text = move.seat, str(move)
            if mover == seat:
                continue
            if mover != last or not lines:
                who = "the game" if mover is None else seat_name(mover, self.names)
                lines.append(Text.assemble(f"{who}: ", self.style.action(text)))
            else:
                lines[-1].append(", ")
                lines[-1].append_text(self.style.action(text))
            last = mover
        return lines

    def _show_deal(self, state: State) -> None:
        self.console.rule(Text(f"hand {len(self.match.hands)}", style="bold"))
        first = state.view(0)
        if first.discard_top is not None:
            self.console.print(Text.assemble("up-card: ", self.style.card(first.discard_top)))
        for seat in range(state.players):
            self.console.print(Text.assemble(f"{seat_name(seat, self.names)}: ",
                                             hand_text(self.style, state.view(seat).hand,
                                                       self.game)))

    def human_turn(self, state: State, seat: int) -> None:
        """Show the table to ``seat``, read a move until one is legal, apply it."""
        if self.hotseat and self.last_human != seat and len(self.seats.humans) > 1:
            if self.reader.interactive:
                self.console.clear()
            self.reader.wait(f"pass the screen to {seat_name(seat, self.names)} and press Enter"
                             " (no peeking)")
            if self.reader.interactive:
                self.console.clear()
        self.last_human = seat
        self.show(state, seat)
        while True:
            text = self.reader.read(f"{self.names[seat]} (seat {seat})> ")
            command = text.lower()
            if not text:
                self.console.print("type a move's number or its text ('help' for help)")
                continue
            if command in ("help", "?", "h"):
                self._help()
                continue
            if command == "hint":
                self._hint(state, seat)
                continue
            if command in ("table", "show", "moves", "look"):
                self.show(state, seat)
                continue
            if command == "rules":
                from cardkit_cli.rules import rules_text

                for line in rules_text(self.game, brief=True):
                    self.console.print(line)
                continue
            if command in ("quit", "exit", "q"):
                self._quit()
            try:
                state.apply(resolve_move(state, text))
            except IllegalAction as error:
                self.console.print(Text(f"✗ {error}", style="red"))
                continue
            self.seen[seat] = len(state.history)
            return

    def show(self, state: State, seat: int) -> None:
        """The table and the numbered moves for ``seat``, with what happened since its last
        turn and the cards new in its hand since then."""
        view = state.view(seat)
        previous = self.held.get(seat)
        new_cards = [card for card in view.hand if card not in previous] if previous else []
        self.held[seat] = frozenset(view.hand)
        render_view(self.console, view, self.game, self.names, state.prompt,
                    len(self.match.hands) - 1, recap=self.recap(state, seat),
                    new_cards=new_cards,
                    recap_title="since your last turn:" if seat in self.seen
                    else "since the deal:")
        render_actions(self.console, state.legal_actions(), self.game)

    def _help(self) -> None:
        self.console.print(Text("commands:", style="bold"))
        self._two_columns(COMMANDS_HELP)
        action_help = self.game.definition.action_help
        if action_help:
            self.console.print(Text("moves in this game (some only with certain house rules;"
                                    " the numbered list shows what you can do now):",
                                    style="bold"))
            self._two_columns(action_help.items())

    def _two_columns(self, rows: Iterable[tuple[str, str]]) -> None:
        """Word and meaning, the meaning wrapped under itself (not under the word)."""
        from rich.table import Table

        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True)
        grid.add_column()
        for word, meaning in rows:
            grid.add_row(f"  {word}", meaning)
        self.console.print(grid)

    def _hint(self, state: State, seat: int) -> None:
        advice = self.advice(state, seat)
        if advice is None:
            return
        legal = state.legal_actions()
        number = legal.index(advice.action) + 1 if advice.action in legal else None
        line = Text.assemble(f"hint ({advice.agent}): ", self.style.action(advice.action))
        if number:
            line.append(f" (move {number})")
        if advice.reason:
            line.append(f" — {advice.reason}")
        self.console.print(line)

    def advice(self, state: State, seat: int) -> Hint | None:
        """The hint for ``seat``: :func:`cardkit.services.search.hint.hint` on this hand (a
        remote table asks its server, which runs the same function on the hand it holds)."""
        return hint(state, seat, think=self.seats.think, playouts=self.seats.playouts,
                    seed=self.match.seed or 0)

    # ----- saving and quitting ------------------------------------------------------------------

    def _save(self, path: str | None = None) -> None:
        path = path or self.save_path
        if path:
            save_record(self.match.record(), path)
            self.console.print(f"saved to {path}; continue with: cardkit play {self.game.name} "
                               f"--resume {path}")

    def _save_quietly(self) -> None:
        if self.save_path:
            save_record(self.match.record(), self.save_path)

    def _interrupted(self) -> None:
        """Ctrl-C: nothing is lost. The game is saved (to ``--save``, or else to an autosave
        file, whose place is printed) and the program ends with exit code 130."""
        self.console.print()  # the message starts on its own line, after any prompt
        path = self.save_path or autosave_path(self.game.name, self.match.seed)
        try:
            save_record(self.match.record(), path)
        except OSError as error:
            self.console.print(f"interrupted: the game could not be saved to {path} "
                               f"({error.strerror or error}).")
        else:
            self.console.print(f"interrupted: the game is saved in {path}; continue with: "
                               f"cardkit play {self.game.name} --resume {path}")
        raise SystemExit(130)

    def _quit(self) -> None:
        if self.save_path:
            self._save()
        else:
            while True:
                try:
                    path = self.reader.read("save the game first? type a file name, or press "
                                            "Enter to quit without saving: ")
                except EndOfInput:
                    path = ""
                if not path:
                    break
                reason = unwritable_reason(path)
                if reason is None:
                    try:
                        self._save(path)
                        break
                    except OSError as error:
                        reason = str(error.strerror or error)
                self.console.print(Text(f"✗ cannot save to {path}: {reason}; type another "
                                        "file name", style="red"))
        self.console.print("goodbye.")
        raise QuitGame
