"""``cardkit watch URL``: follow a table as a spectator. A spectator sees what every player
sees (the moves as they are made, the table, the end of each hand), never a hidden card."""

from __future__ import annotations

import click

__all__ = ["watch"]


@click.command()
@click.argument("url")
def watch(url: str) -> None:
    """Follow the table at URL (ws://HOST:PORT/TABLE, printed by 'cardkit serve') as a
    spectator; Ctrl-C stops."""
    from cardkit_cli.join import remote_session

    session, match = remote_session(url, None, spectator=True)
    try:
        session.run()
    finally:
        match.close()
