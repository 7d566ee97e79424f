"""Who sits where: humans and bots for ``cardkit play``, from ``--seat/--hotseat/--bot/--bots``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs
from cardkit_cli.bots import bot_agent, bot_label, is_offered, is_policy_file
from cardkit_cli.main import CardkitError
from cardkit_cli.paths import cardkit_command

from cardkit.services.search.hint import strongest_agent, view_only_agent
from cardkit.services.search.roster import LADDER, is_import_path
from cardkit.services.search.thinking import budget_params, thinks

if TYPE_CHECKING:
    from cardkit import Agent, Game

__all__ = ["LADDER", "Seating", "default_bot", "parse_bots", "quick_bot", "seated", "seating",
           "strongest_bot", "think_params", "thinking_bots", "view_only_bot"]

def think_params(game: Game, name: str, think: float | None,
                 playouts: int | None = None) -> dict[str, float | int]:
    """The budget for agent ``name``: ``time_limit=think`` and ``iterations=playouts`` for an
    agent that thinks (a search), each as given; ``{}`` for the others (a game's own
    ``hard`` answers at once and takes no budget)."""
    return budget_params(game.definition.agent_factory(name), think, playouts)


def thinking_bots(game: Game) -> list[str]:
    """The agents of ``game`` that take a thinking budget (``--think``, ``--playouts``)."""
    return [name for name in game.definition.agent_names
            if thinks(game.definition.agent_factory(name))]


@attrs.frozen
class Seating:
    """One entry per seat: ``None`` for a person at the keyboard, else the bot; and names."""

    agents: tuple[Agent | None, ...]
    names: tuple[str, ...]
    #: Seconds the searching bots (and the hint) think per decision; None for their default.
    think: float | None = None
    #: Play-outs the searching bots (and the hint) make per decision (``--playouts``): no
    #: clock is read, so the same seed repeats the game move for move.
    playouts: int | None = None
    #: Per seat the bot's name as given (None for a person): what a saved game keeps, so it
    #: resumes against the same bots.
    bots: tuple[str | None, ...] = ()

    @property
    def humans(self) -> list[int]:
        """The seats played by people."""
        return [seat for seat, agent in enumerate(self.agents) if agent is None]


def strongest_bot(game: Game) -> str:
    """The strongest agent the game offers: ``expert`` (a search on top of ``hard``, about a
    second a move with its default budget), else ``hard``, ``normal``/``greedy``, else
    ``random`` (the one that gives hints)."""
    return strongest_agent(game)


def view_only_bot(game: Game) -> str:
    """The strongest agent that plans from the seat's view alone: a game's own ``hard`` where
    it does not search, else ``normal``/``greedy``, else ``random``."""
    return view_only_agent(game)


def _count(number: int, noun: str) -> str:
    """``1 bot``, ``2 bots``."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def default_bot(game: Game) -> str:
    """The opponent when none is named: the strongest, :func:`strongest_bot` (``expert``, where
    the game has it, answers within about a second with its default budget)."""
    return strongest_bot(game)


def quick_bot(game: Game) -> str:
    """A bot that answers at once, for simulations the player does not watch: the game's
    greedy agent if it has one, else ``random``."""
    return "greedy" if "greedy" in game.definition.agent_names else "random"


def seating(game: Game, seat: int | None, hotseat: bool, bot: str | None,
            bots: str | None, auto: bool, seed: int, think: float | None = None,
            playouts: int | None = None) -> Seating:
    """Build the seating; a usage error (exit 2) names the valid seats or agents. ``think``
    and ``playouts`` are the searching bots' budget per decision (``--think``,
    ``--playouts``)."""
    players = game.players
    if seat is not None and not 0 <= seat < players:
        raise CardkitError(f"--seat {seat}: seats are 0 to {players - 1}", 2)
    if hotseat and auto:
        raise CardkitError("--hotseat and --auto exclude each other", 2)
    if bot and bots:
        raise CardkitError("give --bot or --bots, not both", 2)
    if hotseat:
        humans = set(range(players))
    elif auto:
        humans = set()
    else:
        humans = {seat or 0}
    bot_seats = [s for s in range(players) if s not in humans]
    names_wanted: Sequence[str]
    if bots:
        names_wanted = [name.strip() for name in bots.split(",") if name.strip()]
        if len(names_wanted) != len(bot_seats):
            raise CardkitError(
                f"--bots names {_count(len(names_wanted), 'bot')} but "
                + (f"{_count(len(bot_seats), 'seat')} need one" if len(bot_seats) != 1
                   else "1 seat needs one")
                + (f" ({'seat' if len(bot_seats) == 1 else 'seats'} "
                   f"{', '.join(map(str, bot_seats))})" if bot_seats else ""), 2)
    else:
        # watching bots play (--auto) wants moves at once; an opponent is the strongest
        names_wanted = [bot or (quick_bot(game) if auto else default_bot(game))] * len(bot_seats)
    valid = game.definition.agent_names
    for name in names_wanted:
        if not is_offered(game, name):
            raise CardkitError(f"{game.name} has no bot {name!r}; bots: {', '.join(valid)} "
                               "(or a factory as package.module:factory, or a policy "
                               "FILE.npz)", 2)
    for flag, given in (("--think", think), ("--playouts", playouts)):
        if given is not None and not thinking_bots(game):
            raise CardkitError(f"{flag} sets how long the searching bots think; {game.name} "
                               "has no searching bot", 2)
    bot_of_seat: list[str | None] = [None] * players
    for bot_seat, name in zip(bot_seats, names_wanted, strict=True):
        bot_of_seat[bot_seat] = name
    return seated(game, tuple(bot_of_seat), seed, think, playouts)


def seated(game: Game, bots: tuple[str | None, ...], seed: int, think: float | None = None,
           playouts: int | None = None) -> Seating:
    """The seating of per-seat bot names (None: a person), as checked by :func:`seating` or
    kept in a saved game; people are "you", or "player N" when several share the screen."""
    hotseat = sum(bot is None for bot in bots) > 1
    agents: list[Agent | None] = [None] * game.players
    names = ["you" if not hotseat else f"player {s + 1}" for s in range(game.players)]
    for bot_seat, name in enumerate(bots):
        if name is None:
            continue
        try:
            params = {} if is_policy_file(name) else think_params(game, name, think, playouts)
        except ValueError as error:  # an import path that does not import
            raise CardkitError(str(error), 2) from None
        agents[bot_seat] = bot_agent(game, name, bot_seat, seed, params)
        names[bot_seat] = f"{bot_label(name)} bot"
    return Seating(tuple(agents), tuple(names), think, playouts, bots)


def parse_bots(values: tuple[str, ...], game: Game) -> tuple[str | None, ...]:
    """``--bots 1 --bots 2=search`` (or ``1,2=search``) -> the bot of every seat (None for a
    person's seat); a usage error names the valid seats and bots."""
    bots: list[str | None] = [None] * game.players
    valid = game.definition.agent_names
    for value in values:
        for item in filter(None, (part.strip() for part in value.split(","))):
            seat_text, _, name = item.partition("=")
            if not seat_text.strip().isdigit() or not 0 <= int(seat_text) < game.players:
                raise CardkitError(f"--bots {item}: give a seat from 0 to {game.players - 1}, "
                                   "optionally with a bot: 1 or 1=search", 2)
            name = name.strip() or default_bot(game)
            if name not in valid and not is_import_path(name):
                raise CardkitError(f"{game.name} has no bot {name!r}; bots: {', '.join(valid)} "
                                   "(or a factory as package.module:factory)", 2)
            try:
                game.definition.agent_factory(name)
            except ValueError as error:  # an import path that does not import
                raise CardkitError(str(error), 2) from None
            bots[int(seat_text)] = name
    if all(bot is not None for bot in bots):
        raise CardkitError("every seat is a bot's: leave at least one seat for a person "
                           f"(or watch bots with '{cardkit_command()} play --auto')", 2)
    return tuple(bots)
