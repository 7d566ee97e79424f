"""``cardkit play``: play a game at the terminal against bots, with friends on one screen
(``--hotseat``), or watch bots play (``--auto``).

The loop works for any installed game through the engine's public contract: views for the
table, ``legal_actions()`` for the numbered moves, ``apply(text)`` for typed moves (an illegal
one is refused with the game's one-line reason and the player asked again), the game's agents
for bots and hints, :class:`cardkit.match.Match` for several hands, and records for
``--save``/``--resume``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs
import click
from cardkit_cli.bounds import (
    MAX_HANDS,
    MAX_PLAYOUTS,
    MAX_RECORD_BYTES,
    MAX_SEATS,
    SEED,
    InputFile,
    Seconds,
    Whole,
)
from cardkit_cli.main import CardkitError
from cardkit_cli.options import GAME_NAME, players_option, preset_option, rule_option
from cardkit_cli.paths import unwritable_reason

if TYPE_CHECKING:
    from cardkit import Game
    from cardkit.engine.records import MatchRecord

__all__ = ["match_ends_by_itself", "play"]


PROBE_HANDS = 40


def match_ends_by_itself(game: Game) -> bool:
    """True if the game's match rules end a match on their own (a target score or a number of
    hands). First the rules are asked about a long match with a runaway leader; games that
    decide the end while advancing (a target reached) are probed by a quick bot match of at
    most ``PROBE_HANDS`` hands with a fixed seed (deterministic)."""
    from cardkit_cli.seats import quick_bot

    rules = game.definition.match
    try:
        start = rules.start(game, random.Random(0))
        totals = (10**6,) + (0,) * (game.players - 1)
        probe = attrs.evolve(start, hand_number=10**4, totals=totals)
        if rules.outcome(game, probe, 10**4) is not None:
            return True
    except Exception:  # a game's outcome may need context it did not get: simulate instead
        pass
    bot = quick_bot(game)
    agents = [game.agent(bot, seat, 0) for seat in range(game.players)]
    match = game.new_match(seed=0)
    for _ in range(PROBE_HANDS):
        state = match.current
        while not state.is_over:
            seat = state.current_player
            assert seat is not None  # a hand in progress has a player to move
            state.apply_unchecked(agents[seat].choose(state.view(seat), state.legal_actions()))
        if match.next_hand() is None:
            return match.outcome is not None
    return False


@click.command()
@click.argument("game_name", metavar="GAME", type=GAME_NAME)
@players_option
@click.option("--seat", type=Whole(0, MAX_SEATS - 1), metavar="K",
              help="Your seat (default 0; the player left of the dealer plays first).")
@click.option("--hotseat", is_flag=True, help="Everyone plays on this screen, in turn.")
@click.option("--bot", metavar="NAME",
              help="The bot in every other seat: a rung of the ladder above (default: expert, "
                   "else the strongest the game has), or another of the game's bots.")
@click.option("--bots", metavar="NAME,NAME", help="One bot per other seat, in seat order.")
@rule_option
@preset_option
@click.option("--seed", type=SEED, metavar="S",
              help="Shuffle seed: the same seed, the same deals (and the same bots' moves "
                   "with --playouts).")
@click.option("--hands", type=Whole(1, MAX_HANDS), metavar="N", help="Play N hands.")
@click.option("--match", "whole_match", is_flag=True,
              help="Play a whole match (the default when the game's match ends by itself).")
@click.option("--save", type=click.Path(dir_okay=False), metavar="FILE",
              help="Save the game's record to FILE (after every hand and when you stop).")
@click.option("--resume", type=InputFile(MAX_RECORD_BYTES, "saved game"), metavar="FILE",
              help="Continue a game saved with --save.")
@click.option("--auto", is_flag=True, help="Bots in every seat; print the game as a log.")
@click.option("--think", type=Seconds(0.05, 60), metavar="SECONDS",
              help="Seconds a move for the bots that search (expert, a searching hard) and "
                   "the hint (default 1).")
@click.option("--playouts", type=Whole(1, MAX_PLAYOUTS), metavar="N",
              help="Play-outs a move for the bots that search and the hint, instead of a "
                   "time: with --seed the game repeats move for move.")
@click.option("--plain", is_flag=True,
              help="The line mode (scrolling text) even at a terminal: for screen readers.")
@click.option("--pace", type=click.FloatRange(min=0, max=10), default=0.6, show_default=True,
              metavar="SECONDS", help="How long each bot move stays on the full-screen table "
                                      "before the next (F5/F6 change it while playing).")
def play(game_name: str, players: int | None, seat: int | None, hotseat: bool, bot: str | None,
         bots: str | None, rules: tuple[str, ...], preset: str | None, seed: int | None,
         hands: int | None, whole_match: bool, save: str | None, resume: str | None,
         auto: bool, think: float | None, playouts: int | None, plain: bool = False,
         pace: float = 0.6) -> None:
    """Play GAME. Type a move's number or its text (e.g. 'discard KH'); 'help' lists the
    commands, 'hint' asks the computer, 'quit' stops (and offers to save). At a terminal the
    game is a full-screen table (a card's letter and Enter play it; arrows and space pick
    cards; F1 help, F2 hint, F3 rules, F5/F6 the bots' pace, Ctrl-Q quit); --plain, or a
    pipe, gives the line mode.

    \b
    The bots, weakest first ('cardkit rules GAME' lists those of a game):
      random   any legal move
      easy     normal, with about one careless move in three
      normal   the game's greedy player: the best-looking move now
      hard     the game's fast strong player, or else a search of sampled deals
      expert   a search over sampled deals on top of hard, about 1 s a move
    You play against expert unless --bot names another (in a game that cannot re-deal
    the hidden cards, against its strongest rung); --auto watches the quick greedy bot.
    The hint asks expert too. A search thinks by the clock, which varies with the
    machine: --seed repeats the deals, not always the moves; --playouts N fixes the
    searching bots' (and the hint's) work a move, and the whole game repeats.

    \b
    Examples:
      cardkit play tonk
      cardkit play gin-rummy --rule big_gin_bonus=50 --seed 7
      cardkit play tien-len --players 4 --hotseat
      cardkit play tonk --auto --hands 3
      cardkit play gin-rummy --players 2 --bot easy
      cardkit play tonk --bot hard --think 2
      cardkit play gin-rummy --seed 7 --playouts 300      (the same game every time)
      cardkit play tonk --save game.json        (later: --resume game.json)
    """
    from cardkit_cli.options import configure
    from cardkit_cli.seats import seated, seating
    from cardkit_cli.session import Session
    from cardkit_cli.table import TableApp, run_table, table_session, wanted

    if hands is not None and whole_match:
        raise CardkitError("give --hands N or --match, not both", 2)
    reason = None if save is None else unwritable_reason(save)
    if reason:
        raise CardkitError(f"--save {save}: {reason}", 2)
    saved_seats: MatchRecord | None = None
    if resume:
        record = _resume(game_name, resume, players, rules, preset, hands)
        match = record.resume()
        save = save or resume
        game = match.game
        if record.seats is not None:
            _same_seats(resume, record, seat=seat, hotseat=hotseat, bot=bot, bots=bots,
                        auto=auto, think=think, playouts=playouts)
            saved_seats = record
    else:
        game = configure(game_name, players, preset, rules)
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 31)
        limit = hands
        if limit is None and not whole_match and auto and not match_ends_by_itself(game):
            # a match that never ends is played hand after hand until the player quits;
            # with no player (--auto) one hand is shown
            limit = 1
        match = game.new_match(seed=seed, hands=limit)
    if saved_seats is not None and saved_seats.seats is not None:
        seats = seated(game, saved_seats.seats, match.seed or 0, saved_seats.think,
                       saved_seats.playouts)
        auto, hotseat = not seats.humans, len(seats.humans) > 1
    else:
        seats = seating(game, seat, hotseat, bot, bots, auto, match.seed, think, playouts)
    if auto or not wanted(plain):
        Session(match, seats, save=save, auto=auto, hotseat=hotseat).run()
        return
    kind = table_session(Session)

    def start(app: TableApp) -> Session:
        session = kind(match, seats, save=save, auto=auto, hotseat=hotseat)
        session.attach(app)  # type: ignore[attr-defined]
        return session

    run_table(start, pace, f"cardkit · {game.definition.title}")


def _resume(game_name: str, path: str, players: int | None, rules: tuple[str, ...],
            preset: str | None, hands: int | None) -> MatchRecord:
    """The match record saved in ``path``; its options come from the record."""
    from cardkit_cli.options import definition_of

    from cardkit.engine.records import MatchRecord, load_record

    if players is not None or rules or preset or hands is not None:
        raise CardkitError("--resume takes the players and rules from the saved game; "
                           "drop --players/--rule/--preset/--hands", 2)
    definition_of(game_name)
    record = load_record(path)
    if not isinstance(record, MatchRecord):
        raise CardkitError(f"{path} holds a single hand, not a game saved by "
                           "'cardkit play --save'; show it with 'cardkit replay'", 1)
    if record.game != game_name:
        raise CardkitError(f"{path} is a game of {record.game}, not {game_name}", 2)
    return record


def _same_seats(path: str, record: MatchRecord, **given: object) -> None:
    """A game saved with its seats resumes with them: a seating flag given as well is a usage
    error naming it (a saved game against one bot never comes back against another)."""
    flags = [f"--{name}" for name, value in given.items()
             if value is not None and value is not False]
    if flags:
        assert record.seats is not None
        held = ", ".join(f"seat {number} {bot or 'a person'}"
                         for number, bot in enumerate(record.seats))
        raise CardkitError(f"--resume plays the seats saved in {path} ({held}); drop "
                           + "/".join(flags), 2)
