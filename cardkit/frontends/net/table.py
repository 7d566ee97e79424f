"""One table on the server: the match (which only the server holds) and the table protocol:
welcome, state messages, moves, bots' turns, saving.

Everything here runs on the server's event loop; nothing awaits between checking a move and
applying it, so moves are handled one at a time. Bots think in a thread pool (their search must
not stall the other tables) and their move is applied back on the loop, after checking that the
table has not moved on meanwhile. A table with a file saves after every change in a thread
(:mod:`~cardkit.frontends.net.saving`) and tells what changed only once it is saved: nothing
acknowledged is lost. Finished hands are let go of (the file keeps them), so a match that never
ends holds the same memory at its ten-thousandth hand as at its first.

Every message to a seat is built from that seat's ``view``; a spectator's from
:func:`~cardkit.net.codec.spectator_view`. ``taps`` see every message sent, with the state it
describes (for audits and the leak tests). Who sits where is :mod:`~cardkit.frontends.net.seats`;
a connection's queue and rate limit :mod:`~cardkit.frontends.net.transport`.
"""

from __future__ import annotations

import asyncio
import functools
import traceback
from collections.abc import Callable
from concurrent.futures import Executor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardkit.engine.claims import apply_claims, as_asked
from cardkit.frontends.net.claims import ClaimRound, open_window_of
from cardkit.frontends.net.codec import (
    encode_context,
    encode_outcome,
    encode_view,
    spectator_view,
)
from cardkit.frontends.net.protocol import (
    CLOSE_DONE,
    MAX_MESSAGE,
    PROTOCOL_VERSION,
    MessageError,
    clean_id,
    load,
    printable,
)
from cardkit.frontends.net.saving import DiskWriter, Saver
from cardkit.frontends.net.seats import Refusal, Seat, Seating
from cardkit.frontends.net.store import SavedTable, TableFile, save_seats
from cardkit.frontends.net.transport import Peer, RateLimit
from cardkit.services.search.choose import choose_action
from cardkit.services.search.hint import Hint, hint
from cardkit.values.deck import derive_seed
from cardkit.values.errors import IllegalAction
from cardkit.values.views import seat_name

if TYPE_CHECKING:
    from cardkit.engine.match import Match
    from cardkit.engine.state import State

__all__ = ["Peer", "RateLimit", "Refusal", "Seat", "Table"]

#: The longest move text accepted.
MAX_MOVE_TEXT = 200
#: Hands held in memory: the one in progress and the one before (its end is sent to a client
#: that reconnects having seen it); older ones are on disk, or gone without a save file.
KEEP_HANDS = 2

Tap = Callable[[int | None, dict[str, Any], "State"], None]


class Table:
    """A match hosted for remote players. ``replace_after``: seconds after which a bot
    (``replace_bot``) plays for a person who left (None: the table waits for them);
    ``think``/``playouts``: the searching bots' budget a move (None: their default);
    ``claim_seconds``: a claim window asks every seat that may claim at once and waits this
    long for their answers (:mod:`~cardkit.frontends.net.claims`; None: seat after seat, each
    as long as it takes)."""

    def __init__(self, name: str, match: Match, tokens: tuple[str | None, ...],
                 bots: tuple[str | None, ...], *, save: str | Path | None = None,
                 replace_after: float | None = None, replace_bot: str | None = None,
                 think: float | None = None, playouts: int | None = None,
                 executor: Executor | None = None, writer: DiskWriter | None = None,
                 keep_hands: int | None = KEEP_HANDS,
                 log: Callable[[str], None] | None = None,
                 claim_seconds: float | None = None) -> None:
        self.name = name
        self.claim_seconds = claim_seconds
        #: the claim window being answered all at once (None: none open)
        self.round: ClaimRound | None = None
        self.match = match
        self.game = match.game
        self.seating = Seating(self.game, match.seed, tokens, bots, replace_after, replace_bot,
                               think=think, playouts=playouts)
        #: the seats (a person's or a bot's), and what each is called
        self.seats = self.seating.seats
        self.names = self.seating.names
        self.spectators = self.seating.spectators
        self.save_path = save
        self.file = None if save is None else TableFile(save)
        self.executor = executor
        self.keep_hands = keep_hands
        self.log = log or (lambda line: None)
        self.saver = None if self.file is None else Saver(self.file, writer,
                                                          self._save_failed)
        self.taps: list[Tap] = []
        self._context: tuple[object, dict[str, Any]] = (None, {})
        # the game starts when every person has joined; a match resumed after a move was
        # played has started already, and its players come back as reconnections
        self.started = (all(seat.token is None for seat in self.seats)
                        or len(match.hands) > 1 or bool(match.current.history))
        self.finished = asyncio.Event()
        self._bots: asyncio.Task[None] | None = None
        self.closing = False
        #: why a bug in the game's code stopped the table (None while it plays)
        self.fault: str | None = None
        if save is not None:
            save_seats(save, self.saved)
        #: told to clients in the welcome, so they ping in time
        self.idle_timeout = 900.0
        # what the seats were last told: (started, hand, step)
        self._told = self._moment()
        self._told_hand = len(match.hands) - 1
        if self.file is not None:
            self.file.write(self.file.snapshot(match))  # the whole file, before serving
        if self.match.is_over:
            self.finished.set()
        elif all(seat.token is None for seat in self.seats):
            asyncio.get_running_loop().call_soon(self._after_change)  # bots only: they play

    # ----- who sits where ---------------------------------------------------------------------

    @property
    def saved(self) -> SavedTable:
        """The server section of the save file."""
        return self.seating.saved(self.name)

    def admit(self, peer: Peer, hello: dict[str, Any]) -> None:
        """Seat ``peer`` (a player with its token, or a spectator) and send it the table;
        :class:`Refusal` with one line otherwise."""
        if self.fault is not None:
            raise Refusal(self.fault)
        if hello.get("role", "player") == "spectator":
            self.spectators.add(peer)
            self._after_saved(lambda: self._welcome(peer, hello))
            return
        seat, event = self.seating.take(hello.get("token"), self.name, hello.get("name"))
        self.announce(event)  # to those already there
        self.seating.sit(seat, peer)
        self._after_saved(lambda: self._welcome(peer, hello))
        if not self.started:
            waiting = self.seating.waiting()
            if waiting:
                # (the new connection is told in its welcome)
                self.announce(self.waiting_text(waiting), skip=peer)
                return
            self.started = True
            self.announce("everyone is here: the game starts")
        self._changed()  # now with the first player's moves

    def leave(self, peer: Peer) -> None:
        """A connection ended: a spectator goes; a seat waits for its person or gets a bot."""
        seat = self.seating.leave(peer)
        if seat is None or self.match.is_over or self.closing:
            return
        self.announce(self.seating.absent(seat, self._stand_in))

    def _stand_in(self, seat: Seat, bot: str) -> None:
        seat.timer = None
        if seat.peer is not None or self.match.is_over:
            return
        self.announce(self.seating.stand_in(seat, bot))
        self._changed()

    # ----- messages ---------------------------------------------------------------------------

    def peers(self) -> list[Peer]:
        """Every connection at the table (seats, then spectators)."""
        return self.seating.peers()

    def _send(self, peer: Peer, message: dict[str, Any], state: State) -> None:
        if not peer.welcomed:
            return  # its welcome, still to come, tells the table as it is then
        for tap in self.taps:
            tap(peer.seat, message, state)
        peer.post(message)

    def announce(self, text: str, skip: Peer | None = None) -> None:
        """A public event, to everyone at the table but ``skip`` (and the server's log)."""
        self.log(f"[{self.name}] {text}")
        message = {"type": "event", "text": text}
        for peer in self.peers():
            if peer is not skip:
                self._send(peer, message, self.match.current)

    def state_message(self, hand: int, seat: int | None) -> dict[str, Any]:
        """Hand ``hand`` as ``seat`` (None: a spectator) sees it, with its legal moves on its
        turn once the game has started."""
        state = self.match.hands[hand]
        view = spectator_view(state) if seat is None else state.view(seat)
        turn = self.started and seat is not None and state.current_player == seat
        prompt = state.prompt
        claim = None
        round_ = self.round
        if round_ is not None and round_.is_for(state):
            # every waiting seat is asked at once, the first in priority no more than the rest
            claim = round_.message(seat)
            turn = round_.asks(seat)
            if turn:
                prompt = f"{prompt} ({round_.left():.0f} s to answer; no answer passes)"
        context = self.match.contexts[hand]
        if self._context[0] is not context:  # one hand's context, encoded once (it is frozen)
            self._context = (context, encode_context(context))
        message = {"type": "state", "hand": hand, "step": len(state.history),
                   "started": self.started, "names": list(self.names),
                   "context": self._context[1],
                   "view": encode_view(view), "prompt": prompt,
                   "legal": [str(action) for action in state.legal_actions()] if turn else []}
        if claim is not None:
            message["claim"] = claim
        return message

    def _send_state(self, peer: Peer, hand: int) -> None:
        self._send(peer, self.state_message(hand, peer.seat), self.match.hands[hand])

    def _welcome(self, peer: Peer, hello: dict[str, Any]) -> None:
        if peer.closed:
            return
        peer.ready.set()
        game = self.game
        self._send(peer, {
            "type": "welcome", "protocol": PROTOCOL_VERSION, "table": self.name,
            "game": game.name, "players": game.players, "options": dict(game.options),
            "seat": peer.seat, "names": list(self.names), "started": self.started,
            "idle_timeout": self.idle_timeout,
        }, self.match.current)
        # a client that saw hand k gets hand k's end (and any hand it missed) before the current
        last = len(self.match.hands) - 1
        since = hello.get("hand")
        held = self.match.hands.first
        first = since if isinstance(since, int) and held <= since <= last else last
        for hand in range(first, last + 1):
            self._send_state(peer, hand)
        if self.match.outcome is not None:
            self._send(peer, {"type": "match_over",
                              "outcome": encode_outcome(self.match.outcome)}, self.match.current)
        waiting = self.seating.waiting()
        if not self.started and waiting:
            # told to everyone when a seat joined, before this connection was welcomed
            self._send(peer, {"type": "event", "text": self.waiting_text(waiting)},
                       self.match.current)

    def waiting_text(self, waiting: list[int]) -> str:
        """``waiting for seat 1, seat 2 to join``."""
        return "waiting for " + ", ".join(seat_name(n) for n in waiting) + " to join"

    def _broadcast(self, hand: int) -> None:
        state = self.match.hands[hand]
        for seat in self.seats:
            if seat.peer is not None:
                self._send(seat.peer, self.state_message(hand, seat.number), state)
        if self.spectators:
            message = self.state_message(hand, None)
            for peer in self.spectators:
                self._send(peer, message, state)

    # ----- moves ------------------------------------------------------------------------------

    def receive(self, peer: Peer, raw: str | bytes) -> None:
        """Handle one message from ``peer``: refuse what is malformed or too big with one line,
        answer pings, play moves."""
        size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "replace"))
        if size > MAX_MESSAGE:
            self._error(peer, f"message too big ({size} bytes; the limit is {MAX_MESSAGE})")
            return
        try:
            message = load(raw)
        except MessageError as error:
            self._error(peer, str(error))
            return
        kind = message["type"]
        if kind == "ping":
            self._send(peer, {"type": "pong", "id": clean_id(message.get("id"))},
                       self.match.current)
        elif kind == "move":
            self._move(peer, message)
        elif kind == "hint":
            self._hint(peer, message)
        elif kind == "hello":
            self._error(peer, "already joined: send moves")
        else:
            self._error(peer, f"unknown message type {kind[:40]!r}: expected move, hint or "
                              "ping")

    def slow_down(self, peer: Peer) -> None:
        """Tell a flooding connection (once a second) that it is being slowed down."""
        if peer.rate.should_warn():
            self._error(peer, f"too many messages: slowed down to {peer.rate.rate:g} a second")

    def _error(self, peer: Peer, reason: str) -> None:
        self._send(peer, {"type": "error", "reason": printable(reason)}, self.match.current)

    def _refuse(self, peer: Peer, ident: Any, reason: str) -> None:
        self._send(peer, {"type": "refused", "id": ident, "reason": printable(reason)},
                   self.match.current)

    def _move(self, peer: Peer, message: dict[str, Any]) -> None:
        ident = clean_id(message.get("id"))
        if peer.seat is None:
            self._refuse(peer, ident, "spectators cannot move")
            return
        claimed = message.get("seat", peer.seat)
        if claimed != peer.seat:
            self._refuse(peer, ident, f"you play {seat_name(peer.seat)}, not "
                                      f"{str(claimed)[:20]}: moves for another seat are refused")
            return
        text = message.get("move")
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_MOVE_TEXT:
            self._refuse(peer, ident, "a move is its text, e.g. 'discard KH'")
            return
        if not self.started:
            self._refuse(peer, ident, "the game has not started: not everyone has joined")
            return
        if self.match.is_over:
            self._refuse(peer, ident, "the match is over")
            return
        state = self.match.current
        hand, step = message.get("hand"), message.get("step")
        if (hand is not None and hand != len(self.match.hands) - 1) or (
                step is not None and step != len(state.history)):
            self._refuse(peer, ident, "that move was for an earlier moment: the table has "
                                      "moved on")
            return
        if self.round is not None and self.round.is_for(state):
            self._answer(peer, ident, text, self.round)
            return
        if state.current_player != peer.seat:
            who = state.current_player
            self._refuse(peer, ident, "it is not your turn: "
                         + ("the hand is over" if who is None else f"{seat_name(who)} is to play"))
            return
        try:
            action = state.parse(text)
            state.apply(action)
        except IllegalAction as error:
            self._refuse(peer, ident, str(error))
            return
        except Exception as error:  # the game's own code failed: its bug, not the player's
            self._fault(error, f"{seat_name(peer.seat)} played {printable(text)[:60]!r}", peer)
            return
        reply = {"type": "accepted", "id": ident, "move": str(action)}
        try:
            self._changed(lambda: self._send(peer, reply, state))
        except Exception as error:  # settling the hand or dealing the next one failed
            self._fault(error, f"after {seat_name(peer.seat)} played {str(action)!r}", peer)

    # ----- claim windows, every waiting seat asked at once -----------------------------------

    def _answer(self, peer: Peer, ident: Any, text: str, round_: ClaimRound) -> None:
        """A seat's answer to the open claim window: kept until the answers decide it."""
        assert peer.seat is not None
        try:
            action = self.match.current.parse(text)
        except IllegalAction as error:
            self._refuse(peer, ident, str(error))
            return
        reason = round_.answer(peer.seat, action)
        if reason is not None:
            self._refuse(peer, ident, reason)
            return
        self._send_state(peer, len(self.match.hands) - 1)  # its moves gone: it has answered
        self._send(peer, {"type": "accepted", "id": ident, "move": str(action),
                          "answered": True}, round_.state)
        self._settle(round_)

    def _asks_all(self, state: State) -> bool:
        """True while a claim window is open in ``state`` and the table asks all at once."""
        return self.claim_seconds is not None and open_window_of(state) is not None

    def _open_round(self) -> None:
        """A claim window just opened (and the table asks all at once): start its round, its
        timer, and the bots' answers."""
        state = self.match.current
        if self.round is not None:
            if self.round.is_for(state):
                return
            self.round.cancel()
            self.round = None
        if (self.claim_seconds is None or not self.started or state.is_over
                or open_window_of(state) is None):
            return
        round_ = self.round = ClaimRound(state, self.claim_seconds)
        loop = asyncio.get_running_loop()
        round_.timer = loop.call_later(self.claim_seconds, self._time_up, round_)
        for seat in round_.window.waiting:
            agent = self.seats[seat].player
            if agent is None:
                continue
            asked = as_asked(state, seat)
            thinking = loop.run_in_executor(self.executor, choose_action, agent, asked, seat)
            thinking.add_done_callback(functools.partial(self._bot_answered, round_, seat))

    def _bot_answered(self, round_: ClaimRound, seat: int, done: asyncio.Future[Any]) -> None:
        if done.cancelled() or self.closing or self.round is not round_ \
                or not round_.is_for(self.match.current):
            return
        error = done.exception()
        if error is not None:
            self._fault(error, f"the bot of {seat_name(seat)} answered a claim window")
            return
        action, _ = done.result()
        round_.answer(seat, action)
        self._settle(round_)

    def _time_up(self, round_: ClaimRound) -> None:
        """The time to answer is up: the seats that have not answered pass."""
        round_.timer = None
        if self.round is round_ and not self.closing:
            self._settle(round_, final=True)

    def _settle(self, round_: ClaimRound, final: bool = False) -> None:
        """Play the window's moves once the answers decide it (or, ``final``, the time is up)."""
        state = self.match.current
        if self.round is not round_ or not round_.is_for(state) or \
                not (final or round_.decided):
            return
        round_.cancel()
        self.round = None
        try:
            apply_claims(state, round_.answers)
        except Exception as error:  # the game's own code failed
            self._fault(error, "the claim window was settled")
            return
        try:
            self._changed()
        except Exception as error:
            self._fault(error, "after the claim window was settled")

    def _hint(self, peer: Peer, message: dict[str, Any]) -> None:
        """A seat asks, on its turn, what the game's strongest agent would play: the same
        :func:`~cardkit.services.search.hint.hint` as ``cardkit play``, run here because only
        the server holds the hand (the agent still sees only the seat's view). One at a time
        per connection, thought out in the bots' pool."""
        ident = clean_id(message.get("id"))
        state = self.match.current
        seat = peer.seat
        if seat is None or not self.started or state.current_player != seat:
            self._refuse(peer, ident, "a hint is for your turn")
            return
        if peer.hinting:
            self._refuse(peer, ident, "one hint at a time: the last one is still being worked "
                                      "out")
            return
        peer.hinting = True
        step = len(state.history)
        loop = asyncio.get_running_loop()
        seed = derive_seed(self.match.seed, "hint", len(self.match.hands), step)
        # a copy: the seat may move while its hint is worked out
        thinking = loop.run_in_executor(self.executor, functools.partial(
            hint, state.clone(), seat, seed=seed, think=self.seating.think,
            playouts=self.seating.playouts))

        def answer(done: asyncio.Future[Hint]) -> None:
            peer.hinting = False
            if done.cancelled() or self.closing:
                return
            if done.exception() is not None:
                self.log(f"[{self.name}] a hint failed: {done.exception()!r}")
                self._refuse(peer, ident, "no hint this time: the hint failed")
                return
            if self.match.current is not state or len(state.history) != step:
                self._refuse(peer, ident, "the table has moved on: ask again")
                return
            advice = done.result()
            self._send(peer, {"type": "hint", "id": ident, "agent": advice.agent,
                              "move": str(advice.action), "reason": advice.reason}, state)

        thinking.add_done_callback(answer)

    def _changed(self, reply: Callable[[], None] | None = None) -> None:
        """The table moved on (a move, everyone has joined, a stand-in): deal on at the end of
        a hand and save; once saved, tell everyone (and ``reply`` to the mover) and let the
        bots play."""
        self._deal_on()
        if self.saver is None:
            self._publish(reply)
        else:
            self.saver.save(self.match, lambda: self._publish(reply))

    def _after_saved(self, then: Callable[[], None]) -> None:
        """``then()`` once the table as it is now is saved (at once without a file)."""
        if self.saver is None:
            then()
        else:
            self.saver.after_saved(then)

    def _save_failed(self, error: BaseException) -> None:
        reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
        self.log(f"[{self.name}] cannot save to {self.save_path}: {reason}; the table stops "
                 "(what was saved resumes with --resume)")
        self.close("the server cannot save the match: the table stopped")

    def _moment(self) -> tuple[bool, int, int]:
        return self.started, len(self.match.hands), len(self.match.current.history)

    def _deal_on(self) -> None:
        """Deal the next hand while the current one is over (a hand can end at the deal)."""
        while self.started and self.match.current.is_over and not self.match.is_over:
            hand = len(self.match.hands) - 1
            result = self.match.current.result
            self.log(f"[{self.name}] hand {hand + 1} over: {result.summary if result else ''}")
            self.match.next_hand()

    def _publish(self, reply: Callable[[], None] | None) -> None:
        """Tell every seat the hands that changed since they were last told (the end of a
        finished hand, then the new one), answer the mover, let go of old hands, and let the
        bots play or end the match."""
        if self.closing:
            return
        self._open_round()
        moment = self._moment()
        if moment != self._told:
            last = len(self.match.hands) - 1
            for hand in range(max(self._told_hand, self.match.hands.first), last + 1):
                self._broadcast(hand)
            self._told, self._told_hand = moment, last
        if reply is not None:
            reply()
        if self.keep_hands is not None:
            self.match.forget_hands(max(self.keep_hands, len(self.match.hands)
                                        - self._told_hand))
        self._after_change()

    def _after_change(self) -> None:
        if self.match.is_over:
            self._match_over()
            return
        if self.started and (self._bots is None or self._bots.done()) and self._bot_to_play():
            self._bots = asyncio.get_running_loop().create_task(self._play_bots())
            self._bots.add_done_callback(self._bots_stopped)

    def _bot_to_play(self) -> bool:
        """A bot (or a stand-in) is to play: a person's turn starts no task."""
        seat = self.match.current.current_player
        if self._asks_all(self.match.current):
            return False  # the claim window's round asks the bots itself
        return seat is not None and self.seats[seat].player is not None

    def _bots_stopped(self, task: asyncio.Task[None]) -> None:
        error = None if task.cancelled() else task.exception()
        if error is not None and not self.closing:
            self._fault(error, "a bot was to play")

    def _fault(self, error: BaseException, doing: str, peer: Peer | None = None) -> None:
        """The game's own code raised ``error`` while ``doing``: a bug in the game, never a
        player's mistake. The host's log gets the traceback, the seat that moved (``peer``) an
        error saying so, and the table stops for everyone (its hand may be half changed; what
        was saved before the fault resumes with ``--resume`` once the game is fixed). The
        server's other tables play on."""
        what = f"{type(error).__name__}: {printable(str(error))[:200] or '(no message)'}"
        line = (f"a bug in the code of the game {self.game.name} (not in the move) stopped "
                f"the table while {doing}: {what}")
        trace = "".join(traceback.format_exception(error)).rstrip()
        self.log(f"[{self.name}] {line}; what was saved resumes with --resume once the game "
                 f"is fixed\n{trace}")
        if peer is not None and not peer.closed:
            self._error(peer, line)
        self.fault = line
        self.close(f"a bug in the game {self.game.name} stopped the table")
        self.finished.set()

    def _match_over(self) -> None:
        if self.finished.is_set():
            return
        outcome = self.match.outcome
        assert outcome is not None
        message = {"type": "match_over", "outcome": encode_outcome(outcome)}
        for peer in self.peers():
            self._send(peer, message, self.match.current)
        self.log(f"[{self.name}] match over: {outcome.summary}")
        self.finished.set()

    async def _play_bots(self) -> None:
        """While a bot (or a stand-in) is to play, let it think in the pool and apply its move."""
        loop = asyncio.get_running_loop()
        while not self.match.is_over and not self.closing:
            state = self.match.current
            seat_number = state.current_player
            if seat_number is None or self._asks_all(state):
                return
            seat = self.seats[seat_number]
            agent = seat.player
            if agent is None:
                return
            step = len(state.history)
            action, _ = await loop.run_in_executor(self.executor, choose_action, agent, state,
                                                   seat_number)
            if (self.closing or self.match.current is not state or len(state.history) != step
                    or seat.player is not agent):
                continue  # the table moved on, or the person came back meanwhile
            state.apply(action)
            self._changed()
            if self.saver is not None:
                await self.saver.wait()  # bots keep pace with the disk: memory stays bounded

    # ----- closing ----------------------------------------------------------------------------

    def close(self, reason: str = "the table is closed") -> None:
        """Say goodbye to every connection (the server is stopping or the match is over)."""
        self.closing = True
        self.seating.stop_timers()
        if self.round is not None:
            self.round.cancel()
        for peer in self.peers():
            peer.close(CLOSE_DONE, reason)
        if not self.finished.is_set() and self.saver is not None \
                and self.saver.broken is not None:
            self.finished.set()  # a table that cannot save is over

