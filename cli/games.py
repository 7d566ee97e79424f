"""``cardkit games``: the installed games, and plugins that failed to load (with the error)."""

from __future__ import annotations

import click

__all__ = ["games"]


@click.command()
def games() -> None:
    """List the installed games: name, player counts, description and package. A plugin that
    fails to load is listed with its error."""
    # Plain columns, no rich and no game imported: listing must start as fast as click and the
    # entry points allow (games declare what is listed in their cardkit.game_about module).
    from cardkit.engine.registry import game_infos, name_clashes

    infos = game_infos()
    if not infos:
        click.echo("no games installed")
        return
    rows = [("game", "players", "description", "package")]
    failed = set()
    for info in infos:
        about = info.about()
        if about is None:
            failed.add(len(rows))
            rows.append((info.name, "-", f"failed to load: {info.error}", info.package))
            continue
        counts = ", ".join(map(str, about.player_counts))
        rows.append((info.name, f"{counts} (default {about.default_players})", about.summary,
                     info.package))
    widths = [max(len(row[column]) for row in rows) for column in range(3)]
    for index, row in enumerate(rows):
        line = "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False))
        line = f"{line}  {row[3]}"
        if index == 0:
            line = click.style(line, bold=True)
        elif index in failed:
            line = click.style(line, fg="red")
        click.echo(line)
    for name, packages in name_clashes().items():
        click.secho(f"warning: {len(packages)} installed packages declare the game {name!r} "
                    f"({', '.join(packages)}); {packages[0]} is the one played. Uninstall or "
                    "rename the others.", fg="yellow")
    from cardkit_cli.paths import cardkit_command

    command = cardkit_command()
    click.echo(f"play one: {command} play GAME    rules and options: {command} rules GAME")
