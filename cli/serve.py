"""``cardkit serve``: host a match for players at other terminals (``cardkit join``).

The server alone holds the cards. It prints one ``cardkit join`` line per seat waiting for a
person (each with that seat's secret token) and a ``cardkit watch`` line, then logs the table's
events until the match is over (or Ctrl-C). ``--save FILE`` writes the match after every move;
``--resume FILE`` reopens it after a crash with the same addresses (the first command's flags may
be given again: each must agree with the file).
"""

from __future__ import annotations

import asyncio
import random
import shlex
from typing import TYPE_CHECKING

import attrs
import click
from cardkit_cli.bounds import (
    DAY,
    MAX_HANDS,
    MAX_PLAYOUTS,
    MAX_RECORD_BYTES,
    SEED,
    InputFile,
    Seconds,
    Whole,
)
from cardkit_cli.main import CardkitError
from cardkit_cli.options import GAME_NAME, players_option, preset_option, rule_option
from cardkit_cli.paths import cardkit_command, unwritable_reason
from click.core import ParameterSource

if TYPE_CHECKING:
    from cardkit import Game
    from cardkit.engine.match import Match

__all__ = ["serve"]


@click.command()
@click.argument("game_name", metavar="GAME", type=GAME_NAME)
@players_option
@click.option("--bots", "bot_seats", multiple=True, metavar="SEAT[=NAME]",
              help="A bot plays SEAT (repeat, or 1,2=search); NAME as in 'cardkit play --bot'.")
@rule_option
@preset_option
@click.option("--host", default="127.0.0.1", show_default=True, metavar="H",
              help="Address to listen on (0.0.0.0: every network; mind who can reach it).")
@click.option("--port", default=8765, show_default=True, type=Whole(0, 65535),
              metavar="P", help="Port to listen on (0: any free port).")
@click.option("--seed", type=SEED, metavar="S", help="Shuffle seed of the match.")
@click.option("--hands", type=Whole(1, MAX_HANDS), metavar="N", help="Play N hands.")
@click.option("--tables", type=Whole(1, 1000), default=1, metavar="N",
              help="Host N separate matches of the same game at once.")
@click.option("--save", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write the match to FILE after every move (the tokens go to FILE.seats).")
@click.option("--resume", type=InputFile(MAX_RECORD_BYTES, "saved match"), metavar="FILE",
              help="Reopen a match saved with --save: same addresses, same tokens.")
@click.option("--replace-after", type=Seconds(0, DAY), metavar="SECONDS",
              help="A bot plays for a person gone this long (default: wait for them).")
@click.option("--replace-bot", metavar="NAME", help="The bot that stands in (default: greedy).")
@click.option("--think", type=Seconds(0.05, 60), metavar="SECONDS",
              help="Seconds a move for the bots that search (expert, a searching hard; "
                   "default 1).")
@click.option("--playouts", type=Whole(1, MAX_PLAYOUTS), metavar="N",
              help="Play-outs a move for the bots that search, instead of a time.")
@click.option("--idle-timeout", type=Seconds(1, DAY), default=900, show_default=True,
              metavar="SECONDS", help="Close connections silent this long.")
@click.option("--web", is_flag=True,
              help="Also serve the table to browsers: an http:// link per seat and to watch.")
@click.option("--web-port", type=Whole(0, 65535), metavar="P",
              help="The browsers' port (default: --port + 1; 0: any free port).")
@click.option("--claim-seconds", type=Seconds(1, 600), default=20, show_default=True,
              metavar="SECONDS", help="Claims out of turn (contract rummy's buying): every seat "
                                      "that may claim is asked at once and has this long; no "
                                      "answer passes.")
def serve(game_name: str, players: int | None, bot_seats: tuple[str, ...],
          rules: tuple[str, ...], preset: str | None, host: str, port: int, seed: int | None,
          hands: int | None, tables: int, save: str | None, resume: str | None,
          replace_after: float | None, replace_bot: str | None, think: float | None,
          playouts: int | None, idle_timeout: float, web: bool = False,
          web_port: int | None = None, claim_seconds: float = 20) -> None:
    """Host a match of GAME for players at other terminals. A bot seat takes any rung of
    the ladder of 'cardkit play' (random, easy, normal, hard, expert) or another of the
    game's bots; a seat given without a name gets the strongest, as 'cardkit play' does.

    \b
    Examples:
      cardkit serve tonk --players 3 --bots 2          two people and the expert bot
      cardkit serve tonk --players 3 --bots 1=easy,2=normal
      cardkit serve gin-rummy --bots 1=expert --think 2
      cardkit serve gin-rummy --players 2 --save gin.json
      cardkit serve tonk --players 2 --bots 1 --web    (a link per seat for a browser)
      cardkit serve gin-rummy --resume gin.json        (after a crash: same addresses;
                                                       the first command's flags may follow)
    """
    from cardkit_cli.options import configure
    from cardkit_cli.resume_flags import Flags, check_resume_flags
    from cardkit_cli.seats import parse_bots

    from cardkit.frontends.net.protocol import require_websockets
    from cardkit.frontends.net.store import load_table

    require_websockets()
    tokens: tuple[str | None, ...] | None = None
    name = game_name
    if resume:
        record, saved = load_table(resume)
        if record.game != game_name:
            raise CardkitError(f"{resume} is a match of {record.game}, not {game_name}", 2)
        check_resume_flags(resume, record, saved, Flags(players, rules, preset, hands,
                                                        bot_seats, seed, tables, save, think,
                                                        playouts))
        matches = [record.resume()]
        bots, tokens, name, save = saved.bots, saved.tokens, saved.table, resume
        think, playouts = saved.think, saved.playouts
        # the same addresses: the saved host and port, unless given again
        source = click.get_current_context().get_parameter_source
        if saved.host is not None and source("host") is ParameterSource.DEFAULT:
            host = saved.host
        if saved.port is not None and source("port") is ParameterSource.DEFAULT:
            port = saved.port
    else:
        if save and tables > 1:
            raise CardkitError("--save keeps one match: give it with --tables 1", 2)
        reason = None if save is None else unwritable_reason(save)
        if reason:
            raise CardkitError(f"--save {save}: {reason}", 2)
        if seed is not None and seed + tables - 1 > SEED.high:
            raise CardkitError(f"--seed {seed} with --tables {tables}: table k plays seed + k "
                               f"- 1, which must stay at most {SEED.high}", 2)
        game = configure(game_name, players, preset, rules)
        bots = parse_bots(bot_seats, game)
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 31)
        matches = [game.new_match(seed=seed + index, hands=hands) for index in range(tables)]
    if replace_bot is not None and replace_bot not in matches[0].game.definition.agent_names:
        raise CardkitError(f"{game_name} has no bot {replace_bot!r}; bots: "
                           f"{', '.join(matches[0].game.definition.agent_names)}", 2)
    _check_thinking(matches[0].game, bots, replace_bot, think, playouts)
    if web_port is not None and not web:
        raise CardkitError("--web-port is the browsers' port: give --web with it", 2)
    if web and web_port is None:
        web_port = 0 if port == 0 else min(65535, port + 1)
    try:
        asyncio.run(_serve(matches, bots, tokens, name, host, port, save, replace_after,
                           replace_bot, idle_timeout, think, playouts,
                           web_port if web else None, claim_seconds))
    except KeyboardInterrupt:
        click.echo("server stopped" + (f"; the match is saved in {save}" if save else ""))


def _check_thinking(game: Game, bots: tuple[str | None, ...], replace_bot: str | None,
                    think: float | None, playouts: int | None) -> None:
    """A usage error for a thinking budget no bot at the table would use."""
    from cardkit.services.search.thinking import thinks

    if think is None and playouts is None:
        return
    named = {bot for bot in (*bots, replace_bot) if bot is not None}
    if not any(thinks(game.definition.agent_factory(bot)) for bot in named):
        flag = "--think" if think is not None else "--playouts"
        who = ", ".join(sorted(named)) or "no bot"
        raise CardkitError(f"{flag} sets how long the searching bots think, and none plays "
                           f"here ({who}): name one, e.g. --bots 1=expert", 2)


async def _serve(matches: list[Match], bots: tuple[str | None, ...],
                 tokens: tuple[str | None, ...] | None, name: str, host: str, port: int,
                 save: str | None, replace_after: float | None, replace_bot: str | None,
                 idle_timeout: float, think: float | None = None,
                 playouts: int | None = None, web_port: int | None = None,
                 claim_seconds: float | None = None) -> None:

    from cardkit.frontends.net.server import Server
    from cardkit.frontends.net.store import save_seats

    def log(line: str) -> None:
        click.echo(line)

    server = Server(host, port, idle_timeout=idle_timeout, log=log)
    opened = []
    for index, match in enumerate(matches):
        table_name = name if len(matches) == 1 else f"{name}-{index + 1}"
        opened.append(server.open_table(table_name, match, bots, tokens=tokens, save=save,
                                        replace_after=replace_after, replace_bot=replace_bot,
                                        think=think, playouts=playouts,
                                        claim_seconds=claim_seconds))
    try:
        await server.start()
    except OSError as error:
        raise CardkitError(f"cannot listen on {host}:{port}: {error.strerror or error}",
                           1) from None
    browsers = None
    if web_port is not None:
        from cardkit_cli.web import WebTables

        browsers = WebTables(server, host, web_port)
        try:
            await browsers.start()
        except OSError as error:
            await server.close()
            raise CardkitError(f"cannot listen on {host}:{web_port} for the browsers: "
                               f"{error.strerror or error}", 1) from None
    # everything from here on goes through the server's log, written by a thread of its own:
    # an output nobody reads must not stall the tables
    say = server.log
    command = cardkit_command()  # what a fresh shell runs: the path when not on PATH
    if host not in ("127.0.0.1", "localhost", "::1"):
        say(f"warning: listening on {host}: anyone who can reach this machine on port "
                   f"{server.port} can try to connect (each seat still needs its token)")
    for table in opened:
        for seat in table.seats:
            if seat.token is not None:
                address = server.seat_address(table, seat.number)
                say(f"seat {seat.number}: {command} join {shlex.quote(address)}")
        say(f"watch: {command} watch {server.table_address(table)}")
        if browsers is not None:
            for seat in table.seats:
                if seat.token is not None:
                    say(f"seat {seat.number} in a browser: "
                        f"{browsers.seat_link(table.name, seat.number)}")
            say(f"watch in a browser: {browsers.watch_link(table.name)}")
    if save:
        for table in opened:  # where to come back to after a crash (--resume)
            save_seats(save, attrs.evolve(table.saved, host=host, port=server.port))
        say(f"saving after every move to {save}; the seats' tokens are in {save}.seats "
                   "(keep it private)")
    try:
        await server.wait_finished()
    finally:
        if browsers is not None:
            await browsers.close()
        await server.close()
