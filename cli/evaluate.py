"""``cardkit evaluate``: an agent, an installed or imported bot, or a saved policy against a
rival on duplicate deals, with a 95 % interval (:func:`cardkit.evaluate`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click
from cardkit_cli.bots import bot_agent, bot_label, is_offered, is_policy_file
from cardkit_cli.main import CardkitError
from cardkit_cli.options import configure, players_option, preset_option, rule_option

if TYPE_CHECKING:
    from cardkit import Agent, Game

__all__ = ["evaluate"]


def _side(game: Game, name: str, flag: str) -> Any:
    """What :func:`cardkit.evaluate` is given for ``name``: the name itself (the game's agents,
    installed bots, import paths: a fresh agent every hand), or a loaded policy's agent."""
    if not is_offered(game, name):
        raise CardkitError(f"{flag} {name}: {game.name} has no bot {name!r}; bots: "
                           f"{', '.join(game.definition.agent_names)} (or a factory as "
                           "package.module:factory, or a policy FILE.npz)", 2)
    if is_policy_file(name):
        agent: Agent = bot_agent(game, name, 0, 0, {})
        return agent
    bot_agent(game, name, 0, 0, {})  # a factory that does not import fails now, in one line
    return name


@click.command()
@click.argument("game_name", metavar="GAME")
@players_option
@click.option("--agent", "agent_name", required=True, metavar="BOT",
              help="The bot tested: a name, package.module:factory, or a policy FILE.npz.")
@click.option("--rival", default="normal", show_default=True, metavar="BOT",
              help="The bot in every other seat (same forms as --agent).")
@click.option("--deals", type=click.IntRange(min=1), default=200, show_default=True,
              metavar="N", help="Duplicate deals: each is played once per seat.")
@click.option("--seed", type=int, default=2026, show_default=True, metavar="S",
              help="The deals' seed: the same seed, the same deals.")
@click.option("--playouts", type=click.IntRange(min=1), metavar="N",
              help="Play-outs a move for the searching bots (a fixed budget: the same "
                   "figures every run).")
@rule_option
@preset_option
def evaluate(game_name: str, players: int | None, agent_name: str, rival: str, deals: int,
             seed: int, playouts: int | None, rules: tuple[str, ...],
             preset: str | None) -> None:
    """Measure a bot against a rival on duplicate deals: points (stakes in Tonk) a hand
    against the best rival, with a 95 % interval over deals.

    \b
    Examples:
      cardkit evaluate tonk --players 2 --agent hard --rival normal --deals 500
      cardkit evaluate tonk --players 2 --agent docs/research/tonk-policy.npz
      cardkit evaluate gin-rummy --players 2 --agent expert --playouts 300 --deals 50
    """
    import cardkit

    game = configure(game_name, players, preset, rules)
    tested = _side(game, agent_name, "--agent")
    rival_side = _side(game, rival, "--rival")
    params = {} if playouts is None else {"iterations": playouts}

    def progress(done: int, total: int) -> None:
        if done % 50 == 0 and done < total:
            click.echo(f"  {done} of {total} deals", err=True)

    try:
        report = cardkit.evaluate(game, tested, rival_side, deals=deals, seed=seed,
                                  params=params, progress=progress)
    except ValueError as error:
        raise CardkitError(str(error), 2) from None
    click.echo(f"{bot_label(agent_name)} against {bot_label(rival)}: {game.name}, "
               f"{game.players} players, {report.deals} duplicate deals ({report.hands} hands)")
    click.echo(f"  against the best rival: {report.mean:+.3f} ± {report.half_width:.3f} a hand "
               "(95 %)")
    click.echo(f"  own payoff:             {report.payoff:+.3f} ± "
               f"{report.payoff_half_width:.3f} a hand")
    click.echo(f"  hands won:              {report.won:.1%}")
