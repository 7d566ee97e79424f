"""Who sits where at one table: its seats (a person's, joined with a secret token, or a bot's),
its spectators, and the bots that stand in for people who left.

Tokens are compared in constant time with every seat's; a hello the seating refuses raises
:class:`Refusal` with the one line sent back.
"""

from __future__ import annotations

import asyncio
import hmac
from collections.abc import Callable
from typing import Any

import attrs

from cardkit.engine.agents import Agent
from cardkit.frontends.net.protocol import CLOSE_REPLACED
from cardkit.frontends.net.store import SavedTable
from cardkit.frontends.net.transport import Peer
from cardkit.services.search.thinking import budget_params, check_budget
from cardkit.values.views import seat_name

__all__ = ["Refusal", "Seat", "Seating"]


class Refusal(Exception):
    """A hello the table refuses; the message is the one line sent back."""



@attrs.define
class Seat:
    """A seat: a person's (with a token) or a bot's; ``standin`` is the bot that plays for an
    absent person when the server is asked to replace absent players."""

    number: int
    token: str | None
    bot: str | None
    agent: Agent | None = None
    peer: Peer | None = None
    joined: bool = False
    standin: Agent | None = None
    timer: asyncio.TimerHandle | None = None

    @property
    def player(self) -> Agent | None:
        """The agent that moves for this seat now (None: a person must)."""
        return self.agent or self.standin


class Seating:
    """The seats of one table and its spectators. ``replace_after``: seconds after which a bot
    (``replace_bot``, else the game's greedy or random one) plays for a person who left (None:
    the table waits for them). ``think`` (seconds) and ``playouts`` are the thinking budget of
    every bot that searches (:mod:`~cardkit.services.search.thinking`; None: its default).
    The methods change who sits where and return what to announce; the table tells everyone."""

    def __init__(self, game: Any, seed: int, tokens: tuple[str | None, ...],
                 bots: tuple[str | None, ...], replace_after: float | None = None,
                 replace_bot: str | None = None, *, think: float | None = None,
                 playouts: int | None = None) -> None:
        check_budget(think, playouts)
        self.game = game
        self.seed = seed
        self.think = think
        self.playouts = playouts
        self.seats = [Seat(number, token, bot, None if bot is None else self._bot(bot, number))
                      for number, (token, bot) in enumerate(zip(tokens, bots, strict=True))]
        #: what each seat is called: "player", "greedy bot" ..., or the name its person gave
        self.names = ["player" if bot is None else f"{bot} bot" for bot in bots]
        self.spectators: set[Peer] = set()
        self.replace_after = replace_after
        self.replace_bot = replace_bot

    def _bot(self, name: str, seat: int) -> Agent:
        """Agent ``name`` for ``seat``, with the table's thinking budget if it searches."""
        factory = self.game.definition.agent_factory(name)
        return self.game.agent(name, seat, self.seed,
                               **budget_params(factory, self.think, self.playouts))

    def saved(self, name: str) -> SavedTable:
        """The server section of the save file of the table ``name``."""
        return SavedTable(name, tuple(s.token for s in self.seats),
                          tuple(s.bot for s in self.seats), self.think, self.playouts)

    def find(self, token: str) -> Seat | None:
        """The seat whose token is ``token``, compared in constant time with every seat's."""
        # a saved token is text from a JSON file: it may hold what UTF-8 cannot carry too
        given = token.encode("utf-8", "surrogatepass")
        found = None
        for seat in self.seats:
            if seat.token is not None and hmac.compare_digest(
                    given, seat.token.encode("utf-8", "surrogatepass")):
                found = seat
        return found

    def take(self, token: Any, table: str, name: Any = None) -> tuple[Seat, str]:
        """The seat of ``token``, made ready for a new connection (one already there is told
        and closed; a stand-in bot leaves), and what to announce before :meth:`sit` seats it;
        :class:`Refusal` for a missing or wrong token. ``name``: what the person is called
        (the hello's ``name``; kept when readable, see :func:`player_name`)."""
        if not isinstance(token, str) or not token:
            raise Refusal("no seat token: a seat's address ends with #TOKEN "
                          "(to follow the table, use 'cardkit watch')")
        if not _is_text(token):
            raise Refusal("the token is not valid text (it holds a lone surrogate, which no "
                          "address carries): copy the seat's address 'cardkit serve' printed")
        seat = self.find(token)
        if seat is None:
            raise Refusal(f"wrong token for table {table}: check the address you were given")
        if seat.peer is not None:
            old = seat.peer
            old.seat = None
            old.post({"type": "replaced",
                      "reason": f"{seat_name(seat.number)} was taken over by a new connection "
                                "with its token"})
            old.close(CLOSE_REPLACED, "seat taken over by a new connection")
        if seat.timer is not None:
            seat.timer.cancel()
            seat.timer = None
        given = player_name(name)
        if given is not None:
            self.names[seat.number] = given
        who = seat_name(seat.number) + ("" if given is None else f" ({given})")
        if seat.standin is not None:
            seat.standin = None
            event = f"{who} is back and plays again (the stand-in bot leaves)"
        else:
            event = f"{who} " + ("reconnected" if seat.joined else "joined the table")
        return seat, event

    @staticmethod
    def sit(seat: Seat, peer: Peer) -> None:
        """Seat ``peer`` at ``seat``."""
        seat.peer, seat.joined = peer, True
        peer.seat = seat.number

    def waiting(self) -> list[int]:
        """The seats of people who have not joined yet."""
        return [s.number for s in self.seats if s.token is not None and not s.joined]

    def leave(self, peer: Peer) -> Seat | None:
        """A connection ended: a spectator goes; the seat a person left (None for a spectator,
        or a connection whose seat a newer one took)."""
        self.spectators.discard(peer)
        if peer.seat is None:
            return None
        seat = self.seats[peer.seat]
        peer.seat = None
        if seat.peer is not peer:
            return None
        seat.peer = None
        return seat

    def absent(self, seat: Seat, later: Callable[[Seat, str], None]) -> str:
        """A person left ``seat`` while the match goes on: the seat waits for them, or
        ``later(seat, bot)`` is called after ``replace_after`` seconds. What to announce."""
        if self.replace_after is None:
            return (f"{seat_name(seat.number)} left the table; the game waits for them to come "
                    "back")
        bot = self.replace_bot or _default_bot(self.game)
        seat.timer = asyncio.get_running_loop().call_later(self.replace_after, later, seat, bot)
        return (f"{seat_name(seat.number)} left the table; a {bot} bot plays for them if they "
                f"are not back in {self.replace_after:g} s")

    def stand_in(self, seat: Seat, bot: str) -> str:
        """Have a ``bot`` play for the person who left ``seat``; what to announce."""
        seat.standin = self._bot(bot, seat.number)
        return (f"{seat_name(seat.number)} did not come back: a {bot} bot plays for them"
                " (joining again with the seat's address takes the seat back)")

    def peers(self) -> list[Peer]:
        """Every connection at the table (seats, then spectators)."""
        return [s.peer for s in self.seats if s.peer is not None] + list(self.spectators)

    def stop_timers(self) -> None:
        """Cancel every pending stand-in (the table is closing)."""
        for seat in self.seats:
            if seat.timer is not None:
                seat.timer.cancel()


#: The longest name a person may give at a table.
MAX_NAME = 24


def player_name(name: Any) -> str | None:
    """A name a person gave (``cardkit join --name``) as the table shows it: printable text,
    spaces folded, at most :data:`MAX_NAME` characters; None for no name or one that holds
    nothing printable."""
    if not isinstance(name, str) or not _is_text(name):
        return None
    kept = " ".join("".join(c for c in name if c.isprintable()).split())[:MAX_NAME].strip()
    return kept or None


def _is_text(text: str) -> bool:
    """True if ``text`` is valid Unicode text (no lone surrogate, as JSON's ``\\ud800`` gives)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _default_bot(game: Any) -> str:
    return "greedy" if "greedy" in game.definition.agent_names else "random"
