"""``cardkit games``: the installed games, and plugins that failed to load (with the error)."""

from __future__ import annotations

import click

__all__ = ["games"]


@click.command()
def games() -> None:
    """List the installed games: name, player counts, description and package. A plugin that
    fails to load is listed with its error."""
    from cardkit_cli.render import make_console
    from rich.table import Table

    from cardkit.registry import game_infos, name_clashes

    console = make_console()
    table = Table(box=None, pad_edge=False, header_style="bold")
    for column in ("game", "players", "description", "package"):
        table.add_column(column)
    infos = game_infos()
    for info in infos:
        definition = info.definition
        if definition is None:
            table.add_row(info.name, "-", f"failed to load: {info.error}", info.package,
                          style="red")
            continue
        counts = ", ".join(map(str, definition.player_counts))
        table.add_row(info.name, f"{counts} (default {definition.default_players})",
                      definition.summary, info.package)
    if not infos:
        console.print("no games installed")
        return
    console.print(table)
    for name, packages in name_clashes().items():
        console.print(f"warning: {len(packages)} installed packages declare the game {name!r} "
                      f"({', '.join(packages)}); {packages[0]} is the one played. Uninstall or "
                      "rename the others.", style="yellow")
    console.print("play one: cardkit play GAME    rules and options: cardkit rules GAME")
