"""``cardkit join URL``: play a seat of a table hosted with ``cardkit serve``.

The screen, the moves (numbers or text), ``help``, ``hint`` and ``rules`` are those of
``cardkit play``: the same session runs on a :class:`cardkit.net.RemoteMatch`, whose hand
sends each move to the server and shows the server's answer. ``--bot NAME`` lets an agent play
the seat. The connection comes back by itself if it drops.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click
from cardkit_cli.main import CardkitError
from cardkit_cli.session import Session

if TYPE_CHECKING:
    from cardkit_cli.seats import Seating
    from cardkit_cli.table import TableApp
    from rich.text import Text

    from cardkit.engine.agents import Agent
    from cardkit.engine.seated import SeatedState
    from cardkit.frontends.net import Connection, RemoteMatch
    from cardkit.services.search.hint import Hint

__all__ = ["RemoteSession", "join", "remote_session"]


class RemoteSession(Session):
    """The play session at a remote table: quitting leaves the table (the seat waits for its
    player), and the table's events are shown as they come."""

    def __init__(self, match: RemoteMatch, seats: Seating, address: str,
                 **options: Any) -> None:
        super().__init__(match, seats, **options)
        self.address = address
        #: the name given with ``--name`` (None: none)
        self.player: str | None = None
        #: the same match, as the remote one it is
        self.remote: RemoteMatch = match

    def play_hand(self, state: SeatedState) -> None:
        """Play the hand as ``cardkit play`` does; a seat that does not move first sees the
        table at once, with whom the table waits for."""
        self.refresh_names()
        seat = self.remote.seat
        if (seat is not None and not state.is_over and state.current_player != seat
                and self.seats.agents[seat] is None):
            self.show_waiting(state, seat)
        super().play_hand(state)

    def show_waiting(self, state: SeatedState, seat: int) -> None:
        """The table as ``seat`` sees it while another seat is to play."""
        from cardkit_cli.render import render_view

        render_view(self.console, state.view(seat), self.game, self.names, "",
                    len(self.match.hands) - 1, recap=self.recap(state, seat),
                    recap_title="since the deal:")
        self.waiting(state, seat)

    def refresh_names(self) -> None:
        """The seats' names as the table last told them (a person's ``join --name``), this
        seat's own shown as ``you``."""
        for number, name in enumerate(self.remote.names):
            if number != self.remote.seat:
                self.names[number] = name

    def show(self, state: SeatedState, seat: int) -> None:
        """The table and the moves, under the seats' current names."""
        self.refresh_names()
        super().show(state, seat)

    def human_turn(self, state: SeatedState, seat: int) -> None:
        """The seat's turn as at ``cardkit play``; then, when the turn passes to another seat,
        a line says who the table waits for (their move comes over the network)."""
        super().human_turn(state, seat)
        self.waiting(state, seat)

    def waiting(self, state: SeatedState, seat: int) -> None:
        """``waiting for seat 1 (greedy bot) …`` when another seat is to play."""
        from cardkit_cli.entries import seat_name
        from rich.text import Text

        other = state.current_player
        if not state.is_over and other is not None and other != seat:
            self.console.print(Text(f"waiting for {seat_name(other, self.names)} …",
                                    style="dim"))

    def advice(self, state: SeatedState, seat: int) -> Hint | None:
        """The hint ``cardkit play`` gives, asked of the server (only it holds the hand; its
        agent still sees only this seat's view); a refusal is shown in one line."""
        from rich.text import Text

        from cardkit.values.errors import IllegalAction

        self.console.print(Text("asking the table for a hint …", style="dim"))
        try:
            return self.remote.hint(state)
        except IllegalAction as error:
            self.console.print(Text(f"✗ {error}", style="red"))
            return None

    def notice(self, text: str) -> None:
        """A table event, in the session's console."""
        from rich.text import Text

        self.console.print(Text(f"· {text}", style="dim"))

    def _left(self) -> None:
        """Say how to come back: the seat waits for its player (the server holds the game)."""
        from cardkit_cli.paths import cardkit_command

        if self.remote.seat is None:
            self.console.print("you stopped watching.")
            return
        again = f" --name {shlex.quote(self.player)}" if self.player else ""
        self.console.print("you left the table; your seat waits for you: "
                           f"{cardkit_command()} join {shlex.quote(self.address)}{again}")

    def _quit(self) -> None:
        from cardkit_cli.prompt import QuitGame

        self._left()
        raise QuitGame

    def _interrupted(self) -> None:
        """Ctrl-C: leave the table (the game goes on at the server; nothing to save here)."""
        self.console.print()
        self._left()
        raise SystemExit(130)

    def _end_of_input(self) -> None:
        """Ctrl-D or the end of a pipe: leave the table, saying how to come back."""
        self._left()


def _refuse_unusable_bot(connection: Connection, welcome: dict[str, Any], bot: str) -> None:
    """A one-line error (and the connection closed) for a bot the game does not have, or one
    that plans on re-dealt hidden cards: a client holds only its seat's view, so such a bot can
    play a seat only at the server (``cardkit serve --bots SEAT=NAME``)."""
    from cardkit.engine.registry import load_game
    from cardkit.services.search.choose import searches

    try:
        game = load_game(welcome["game"], players=welcome["players"], **welcome["options"])
    except (KeyError, TypeError, ValueError):
        return  # the match reports an unreadable welcome itself
    seat = welcome.get("seat")
    if bot not in game.definition.agent_names:
        connection.close()
        raise CardkitError(f"{game.name} has no bot {bot!r}; bots: "
                           f"{', '.join(game.definition.agent_names)}", 2)
    if isinstance(seat, int) and searches(game.agent(bot, seat, 0)):
        connection.close()
        raise CardkitError(f"the {bot} bot plans on the hidden cards, which only the server "
                           f"holds: ask the host for it (cardkit serve --bots {seat}={bot})", 2)


def remote_session(url: str, bot: str | None, spectator: bool,
                   session_class: type[RemoteSession] = RemoteSession,
                   name: str | None = None, say: Callable[[Text], None] | None = None,
                   on_connect: Callable[[Connection], None] | None = None,
                   ) -> tuple[RemoteSession, RemoteMatch]:
    """Connect to ``url`` and build the session (a ``session_class``) that plays or watches
    it; ``name`` is what the table calls this seat's person. While the table waits for
    everyone to join, its events are shown as they come (``say``: where; the terminal by
    default). ``on_connect`` gets the connection as soon as it is made (a screen closed while
    the table still waits for its players closes it)."""
    from cardkit_cli.paths import cardkit_command
    from cardkit_cli.seats import Seating
    from cardkit_cli.style import make_console
    from rich.text import Text

    from cardkit.frontends.net import Connection, ObservedSeat, RemoteMatch, parse_address
    from cardkit.frontends.net.protocol import require_websockets

    require_websockets()
    address = parse_address(url)
    if not spectator and address.token is None:
        raise CardkitError("this address carries no seat token (it ends with #TOKEN): use the "
                           "line 'cardkit serve' printed for your seat, or follow the table "
                           f"with: {cardkit_command()} watch {address.url}", 2)
    connection = Connection(address, spectator=spectator, name=name)
    if on_connect is not None:
        on_connect(connection)
    welcome = connection.open()
    if bot is not None and not spectator:
        # before the match waits for the other seats: a bot this seat cannot use is refused now
        _refuse_unusable_bot(connection, welcome, bot)
    show = say or make_console().print
    seat = welcome.get("seat")
    show(Text(f"at table {welcome.get('table', '')} ({welcome.get('game', '')}): "
              + ("watching" if seat is None else f"you play seat {seat}"), style="bold"))
    match = RemoteMatch(connection, welcome,
                        notice=lambda text: show(Text(f"· {text}", style="dim")))
    game = match.game
    agents: list[Agent | None] = [ObservedSeat(match) for _ in range(game.players)]
    names = list(match.names)
    if match.seat is not None:
        if bot is not None:
            agents[match.seat] = game.agent(bot, match.seat, 0)
            names[match.seat] = f"{bot} bot (you)"
        else:
            agents[match.seat] = None
            names[match.seat] = "you"
    session = session_class(match, Seating(tuple(agents), tuple(names)),
                            address.url if spectator else url.strip())
    session.player = name
    match.notice = session.notice
    return session, match


@click.command()
@click.argument("url")
@click.option("--bot", metavar="NAME", help="Let a bot play the seat (greedy, random ...).")
@click.option("--name", "player", metavar="NAME",
              help="What the table calls you (every seat and spectator sees it).")
@click.option("--plain", is_flag=True, help="The line mode even at a terminal.")
@click.option("--pace", type=click.FloatRange(min=0, max=10), default=0.6, show_default=True,
              metavar="SECONDS", help="How long each move of the others stays on screen.")
def join(url: str, bot: str | None, player: str | None, plain: bool = False,
         pace: float = 0.6) -> None:
    """Play a seat of a table hosted with 'cardkit serve': URL is the address it printed for
    your seat (ws://HOST:PORT/TABLE#TOKEN). The screen and moves are those of 'cardkit play'.

    \b
    Examples:
      cardkit join 'ws://127.0.0.1:8765/tonk#3q9...'
      cardkit join 'ws://127.0.0.1:8765/tonk#3q9...' --name Ann
      cardkit join 'ws://127.0.0.1:8765/tonk#3q9...' --bot greedy
    """
    from cardkit_cli.table import run_table, wanted

    try:
        if wanted(plain):
            run_table(lambda app: _on_screen(app, url, bot, False, player, RemoteSession),
                      pace, "cardkit join")
            return
        session, match = remote_session(url, bot, spectator=False, name=player)
    except KeyboardInterrupt:  # Ctrl-C while the table waits for everyone to join
        from cardkit_cli.paths import cardkit_command

        again = f" --name {shlex.quote(player)}" if player else ""
        click.echo(f"\nyou left the table; your seat waits for you: {cardkit_command()} join "
                   f"{shlex.quote(url.strip())}{again}")
        raise SystemExit(130) from None
    try:
        session.run()
    finally:
        match.close()


def _on_screen(app: TableApp, url: str, bot: str | None, spectator: bool, name: str | None,
               kind: type[RemoteSession]) -> RemoteSession:
    """Connect and build the full-screen table's session of ``kind`` (the match closes with
    the screen)."""
    from cardkit_cli.table import table_session

    session, match = remote_session(
        url, bot, spectator=spectator, name=name,
        session_class=table_session(kind),  # type: ignore[arg-type]
        say=lambda text: app.later(app.log_line, text),
        on_connect=lambda connection: app.on_close.append(connection.close))
    session.attach(app)  # type: ignore[attr-defined]
    app.on_close.append(match.close)
    return session
