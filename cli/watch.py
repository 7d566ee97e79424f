"""``cardkit watch URL``: follow a table as a spectator. A spectator sees what every player
sees, never a hidden card: the public table, drawn as the play screen draws it, each time the
turn passes, with the moves made in between, and the end of each hand."""

from __future__ import annotations

from typing import Any

import click
from cardkit_cli.join import RemoteSession

__all__ = ["WatchSession", "watch"]


class WatchSession(RemoteSession):
    """The play session of a spectator: every seat is played elsewhere."""

    def play_hand(self, state: Any) -> None:
        """Follow ``state`` to its end: the public table whenever a new seat is to play, and
        each move as it is made."""
        from cardkit_cli.entries import seat_name
        from rich.text import Text

        shown = None
        while not state.is_over:
            if state.current_player != shown:
                self.show_table(state)
                shown = state.current_player
            before = len(state.history)
            self.remote.observe()
            for move in state.history[before:]:
                seat = move.seat
                who = "the game" if seat is None else seat_name(seat, self.names)
                self.console.print(Text.assemble(f"{who}: ", self.style.action(str(move))))

    def show_table(self, state: Any) -> None:
        """The public table, as the play screen draws it."""
        from cardkit_cli.render import render_view

        render_view(self.console, state.view(state.current_player or 0), self.game, self.names,
                    "", len(self.match.hands) - 1)


@click.command()
@click.argument("url")
@click.option("--plain", is_flag=True, help="The line mode even at a terminal.")
@click.option("--pace", type=click.FloatRange(min=0, max=10), default=0.6, show_default=True,
              metavar="SECONDS", help="How long each move stays on screen.")
def watch(url: str, plain: bool = False, pace: float = 0.6) -> None:
    """Follow the table at URL (ws://HOST:PORT/TABLE, printed by 'cardkit serve') as a
    spectator: the table each time the turn passes, and every move; Ctrl-C stops."""
    from cardkit_cli.join import _on_screen, remote_session
    from cardkit_cli.table import run_table, wanted

    try:
        if wanted(plain):
            run_table(lambda app: _on_screen(app, url, None, True, None, WatchSession), pace,
                      "cardkit watch")
            return
        session, match = remote_session(url, None, spectator=True, session_class=WatchSession)
    except KeyboardInterrupt:  # Ctrl-C while the table waits for its players
        click.echo("\nyou stopped watching.")
        raise SystemExit(130) from None
    try:
        session.run()
    finally:
        match.close()
