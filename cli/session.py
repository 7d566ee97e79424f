"""The play loop behind ``cardkit play``: hands of a match, human turns, bot turns, the end of
each hand, saving and quitting."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

import attrs
from cardkit_cli.entries import seat_name
from cardkit_cli.moves import resolve_move
from cardkit_cli.paths import autosave_path, cardkit_command, unwritable_reason
from cardkit_cli.prompt import EndOfInput, LineReader, QuitGame
from cardkit_cli.render import (
    claim_offer,
    hand_text,
    render_actions,
    render_result,
    render_totals,
    render_view,
)
from cardkit_cli.style import Style, make_console
from rich.text import Text

from cardkit.engine.capabilities import About
from cardkit.engine.match import Match
from cardkit.engine.records import save_record
from cardkit.engine.seated import SeatedMatch, SeatedState
from cardkit.engine.state import State
from cardkit.services.search.choose import choose_action
from cardkit.services.search.hint import Hint, hint
from cardkit.values.errors import IllegalAction

if TYPE_CHECKING:
    from cardkit_cli.seats import Seating

    from cardkit.engine.records import MatchRecord

__all__ = ["COMMAND_WORDS", "Session"]

#: The words typed at a move's prompt that are commands, not moves.
HELP_WORDS = ("help", "?", "h")
TABLE_WORDS = ("table", "show", "moves", "look")
QUIT_WORDS = ("quit", "exit", "q")
COMMAND_WORDS = frozenset((*HELP_WORDS, "hint", *TABLE_WORDS, "rules", *QUIT_WORDS))

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

    def __init__(self, match: SeatedMatch, seats: Seating, save: str | None = None,
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
                self.show_result(state)
                self.match.next_hand()
                self._save_quietly()
                if self.match.is_over:
                    self._end_of_match()
                    return
                self._next_hand_intro()
        except EndOfInput:
            self._end_of_input()
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
            prompt = "press Enter for the next hand (or type quit): "
            while True:
                answer = self.reader.wait(prompt)
                if answer.lower() in ("q", "quit", "exit"):
                    self._quit()
                if not answer:
                    break
                # a move typed too late is not taken as "go on"
                prompt = (f"{answer[:40]!r} is not a move now: the hand is over. Press Enter "
                          "for the next hand (or type quit): ")

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

    def play_hand(self, state: SeatedState) -> None:
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
            self.before_bot(state, seat)
            if isinstance(state, State):
                action, reason = choose_action(agent, state, seat, explain=self.auto)
            else:  # a hand held elsewhere: the agent sees the view, as every agent does
                action, reason = agent.choose(state.view(seat), state.legal_actions()), ""
            state.apply(action)
            self.after_bot(state, seat, action)
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

    def show_result(self, state: SeatedState) -> None:
        """The end of the hand: what happened, the hands, who pays whom."""
        assert state.result is not None  # the hand is over
        render_result(self.console, state.result, state, self.names)

    def before_bot(self, state: SeatedState, seat: int) -> None:
        """Called before a bot (or a seat played elsewhere) chooses its move: the full-screen
        table shows "thinking…" there; the line mode shows nothing."""

    def after_bot(self, state: SeatedState, seat: int, action: object) -> None:
        """Called after a bot's move was played: the full-screen table shows it, one move at a
        time at the player's pace; the line mode tells it in the recap."""

    def recap(self, state: SeatedState, seat: int) -> list[Text]:
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

    def _show_deal(self, state: SeatedState) -> None:
        self.console.rule(Text(f"hand {len(self.match.hands)}", style="bold"))
        first = state.view(0)
        if first.discard_top is not None:
            self.console.print(Text.assemble("up-card: ", self.style.card(first.discard_top)))
        for seat in range(state.players):
            self.console.print(Text.assemble(f"{seat_name(seat, self.names)}: ",
                                             hand_text(self.style, state.view(seat).hand,
                                                       self.game)))

    def human_turn(self, state: SeatedState, seat: int) -> None:
        """Show the table to ``seat``, read a move until one is legal, apply it. When the only
        legal move is a pass (Tiến Lên, nothing in the hand beats the table), it is made for
        the player, with a line saying so."""
        legal = state.legal_actions()
        if len(legal) == 1 and legal[0].kind == "pass":
            self.console.print(Text.assemble(f"{seat_name(seat, self.names)}: ",
                                             self.style.action(legal[0]),
                                             ("  — your only move", "dim")))
            state.apply(legal[0])
            self.seen[seat] = len(state.history)
            return
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
            text = self.read_move(f"{self.names[seat]} (seat {seat})> ")
            command = text.lower()
            if not text:
                self.console.print("type a move's number or its text ('help' for help)")
                continue
            if command in HELP_WORDS:
                self._help()
                continue
            if command == "hint":
                self._hint(state, seat)
                continue
            if command in TABLE_WORDS:
                self.show(state, seat)
                continue
            if command == "rules":
                self._rules()
                continue
            if command in QUIT_WORDS:
                self._quit()
            step = len(state.history)
            try:
                state.apply(resolve_move(state, text))
            except IllegalAction as error:
                if state.is_over or state.current_player != seat or len(state.history) != step:
                    # a table played elsewhere moved on meanwhile (a claim window's time ran
                    # out): the moment asked about is gone, so the turn is no longer asked
                    self.console.print(Text(f"· {error}", style="dim"))
                    return
                self.console.print(Text(f"✗ {error}", style="red"))
                continue
            self.seen[seat] = len(state.history)
            return

    def read_move(self, prompt: str) -> str:
        """The line the player types at a move's prompt (the full-screen table also takes the
        letters of the cards in the hand there)."""
        return self.reader.read(prompt)

    def show(self, state: SeatedState, seat: int) -> None:
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
        offer = claim_offer(self.style, view, state.legal_actions(), self.names)
        if offer is not None:  # the time to answer, at a network table, is in the prompt
            self.console.print(Text.assemble(offer[0], " ", offer[1]))
        render_actions(self.console, state.legal_actions(), self.game)

    def _rules(self) -> None:
        """The rules of this game, with the house rules that differ from the defaults."""
        from cardkit_cli.rules import rules_text

        for line in rules_text(self.game, brief=True):
            self.console.print(line)

    def _help(self) -> None:
        self.console.print(Text("commands:", style="bold"))
        self._two_columns(COMMANDS_HELP)
        about = self.game.definition.capability(About)
        action_help = about.action_help if about is not None else {}
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

    def _hint(self, state: SeatedState, seat: int) -> None:
        advice = self.advice(state, seat)
        if advice is None:
            return
        legal = state.legal_actions()
        number = legal.index(advice.action) + 1 if advice.action in legal else None
        line = Text.assemble(f"hint ({advice.agent}): ", self.style.action(advice.action))
        if number:
            line.append(f" (move {number})")
        if advice.reason and not _repeats(advice.reason, advice.action):
            line.append(f" — {advice.reason}")
        self.console.print(line)

    def advice(self, state: SeatedState, seat: int) -> Hint | None:
        """The hint for ``seat``: :func:`cardkit.services.search.hint.hint` on this hand (a
        remote table asks its server, which runs the same function on the hand it holds)."""
        # a hand that is not the engine's gets the strongest bot that plays from the view
        return hint(cast(State, state), seat, think=self.seats.think,
                    playouts=self.seats.playouts, seed=self.match.seed or 0)

    # ----- saving and quitting ------------------------------------------------------------------

    def record(self) -> MatchRecord | None:
        """The match's record to save (None for a match this screen does not hold)."""
        if not isinstance(self.match, Match):
            return None
        # who sits where goes with the game, so it resumes against the same bots
        return attrs.evolve(self.match.record(), seats=self.seats.bots or None,
                            think=self.seats.think, playouts=self.seats.playouts)

    def _save(self, path: str | None = None) -> None:
        path = path or self.save_path
        record = self.record()
        if path and record is not None:
            save_record(record, path)
            self.console.print(f"saved to {path}; continue with: {cardkit_command()} play "
                               f"{self.game.name} --resume {path}")

    def _save_quietly(self) -> None:
        record = self.record()
        if self.save_path and record is not None:
            save_record(record, self.save_path)

    def _interrupted(self) -> None:
        """Ctrl-C: nothing is lost. The game is saved (to ``--save``, or else to an autosave
        file, whose place is printed) and the program ends with exit code 130."""
        self.console.print()  # the message starts on its own line, after any prompt
        record = self.record()
        if record is None:
            raise SystemExit(130)
        path = self.save_path or autosave_path(self.game.name, self.match.seed or 0)
        try:
            save_record(record, path)
        except OSError as error:
            self.console.print(f"interrupted: the game could not be saved to {path} "
                               f"({error.strerror or error}).")
        else:
            self.console.print(f"interrupted: the game is saved in {path}; continue with: "
                               f"{cardkit_command()} play {self.game.name} --resume {path}")
        raise SystemExit(130)

    def _end_of_input(self) -> None:
        """The input ended (Ctrl-D at a terminal, the end of a pipe): with ``--save`` the game
        is saved; at a terminal, the player is offered to save it, as ``quit`` does."""
        if self.save_path:
            self._save()
        elif self.reader.interactive and self.record() is not None:
            try:
                self._quit()
            except QuitGame:
                return
        self.console.print("end of input: stopping.")

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


def _repeats(reason: str, action: object) -> bool:
    """True if a hint's reason only says its move again (``discard KH: discard KH``)."""
    said = " ".join(reason.lower().replace(":", " ").split())
    move = str(action).lower()
    return said in (move, f"{move}.", f"play {move}") or said.startswith(f"{move} because {move}")
