"""A match played at a remote table, shaped like a local one so the play screen runs unchanged.

:class:`RemoteMatch` and :class:`RemoteState` offer the parts of :class:`~cardkit.match.Match`
and :class:`~cardkit.state.State` that a player's screen uses — the seat's view, its legal
moves, the public log, ``apply`` — built from the server's messages. The client never holds the
hand's state: ``apply`` sends the move and returns once the server accepted it, or raises
``IllegalAction`` with the server's reason (the same words the engine gives at the terminal).
The other seats' moves are waited for through :class:`ObservedSeat`, an agent whose "choice" is
the move the server reports next.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

import attrs

from cardkit.engine.agents import Agent
from cardkit.engine.game import Game
from cardkit.engine.match import HandContext, MatchOutcome
from cardkit.engine.phases import Phase
from cardkit.engine.registry import load_game
from cardkit.engine.seated import SeatedMatch, SeatedState
from cardkit.engine.state import State
from cardkit.frontends.net.client import Connection, NetError
from cardkit.frontends.net.codec import (
    CodecError,
    decode_actions,
    decode_context,
    decode_outcome,
    decode_view,
)
from cardkit.services.search.hint import Hint
from cardkit.values.actions import Action
from cardkit.values.errors import IllegalAction
from cardkit.values.results import Result
from cardkit.values.views import Move, View

__all__ = ["ObservedSeat", "RemoteMatch", "RemoteState"]


class RemoteState:
    """One hand of a remote match, as the connection's seat (or a spectator) sees it."""

    def __init__(self, match: RemoteMatch, index: int, message: dict[str, Any]) -> None:
        self.match = match
        self.game: Game = match.game
        self.players = self.game.players
        state_class = self.game.definition.state_class
        self.PHASES: Mapping[str, Phase] = state_class.PHASES
        self.ALIASES: Mapping[str, str] = state_class.ALIASES
        self.index = index
        self.observed: Action | None = None
        self._view: View
        self._legal: list[Action] = []
        self.update(message)

    def update(self, message: dict[str, Any]) -> None:
        """Take the server's latest ``state`` message for this hand."""
        try:
            view = decode_view(message["view"])
            legal = decode_actions(message["legal"])
            context = decode_context(message["context"])
            step = int(message["step"])
        except (KeyError, TypeError, ValueError) as error:
            raise NetError(f"the server sent an unreadable state: {error}") from None
        self._view, self._legal, self.context, self.step = view, legal, context, step
        self.prompt = str(message.get("prompt", ""))
        claim = message.get("claim")
        #: the open claim window this seat is asked about all at once (docs/protocol.md):
        #: ``card``, ``seconds`` left when the state was sent, ``answered``; None otherwise
        self.claim: dict[str, Any] | None = claim if isinstance(claim, dict) else None

    # ----- what State offers ------------------------------------------------------------------

    @property
    def seat(self) -> int | None:
        """This connection's seat (None for a spectator)."""
        return self.match.seat

    @property
    def current_player(self) -> int | None:
        """The seat to play, None once the hand is over. While a claim window asks every
        waiting seat at once, it is this seat until it has answered, and then the seat whose
        turn it is (whose move, after the window, comes next)."""
        claim, seat = self.claim, self.match.seat
        if claim is not None and seat is not None and self._view.result is None:
            if not claim.get("answered") and self._legal:
                return seat
            window = self._view.info.get("claim") if isinstance(self._view.info, Mapping) \
                else None
            turn = window.get("turn") if isinstance(window, Mapping) else None
            if isinstance(turn, int) and turn != seat:
                return turn
        return self._view.current_player

    @property
    def phase(self) -> str:
        """The phase's name."""
        return self._view.phase

    @property
    def result(self) -> Result | None:
        """How the hand ended (None while it goes on)."""
        return cast(Result | None, self._view.result)

    @property
    def is_over(self) -> bool:
        """True once the hand has ended."""
        return self._view.result is not None

    @property
    def history(self) -> tuple[Move, ...]:
        """The public log (the client never knows more): its typed moves."""
        return self._view.history

    def public_history(self) -> tuple[Move, ...]:
        """The public log, as a state's :meth:`~cardkit.state.State.public_history`."""
        return self._view.history

    def view(self, seat: int) -> View:
        """The only view this client has; asked for another seat (the end-of-hand screen walks
        the seats), it also shows this seat's own hand among the revealed ones."""
        view = self._view
        if seat != view.seat and view.seat >= 0 and view.seat not in view.revealed:
            return attrs.evolve(view, revealed={**view.revealed, view.seat: view.hand})
        return view

    def legal_actions(self) -> list[Action]:
        """This seat's legal moves on its turn (empty otherwise)."""
        return self._legal

    def is_legal(self, action: Action) -> bool:
        """True if ``action`` is one of the legal moves the server listed."""
        return action in self._legal

    def parse(self, text: str) -> Action:
        """Read a typed move exactly as the engine does."""
        return State.parse(cast(State, self), text)

    def explain_illegal(self, action: Action) -> str:
        """Why the table refuses ``action`` now, in the engine's words: the server alone holds
        the hand, so the move is put to it and its refusal is the reason (the same line
        ``cardkit play`` gives). Asked only of a move missing from the legal moves the server
        listed, which the server refuses, so nothing is played."""
        try:
            self.match.play(self, action)
        except IllegalAction as error:
            return str(error)
        return f"{action} was played"  # the server's list lacked a move it accepts

    def apply(self, action: Action | str) -> None:
        """Play ``action`` at the server; ``IllegalAction`` with the server's reason if refused.
        A move :class:`ObservedSeat` reported is already played: applying it does nothing."""
        if isinstance(action, str):
            action = self.parse(action)
        if action is self.observed:
            self.observed = None
            return
        self.match.play(self, action)

    def __repr__(self) -> str:
        return f"<RemoteState {self.game.name} hand {self.index + 1} step {self.step}>"


class RemoteMatch:
    """A match at a remote table. ``notice`` is told the table's events in words. With
    ``wait_for_start`` the constructor returns once every person's seat has joined (before
    that, nobody has moves to play)."""

    def __init__(self, connection: Connection, welcome: dict[str, Any],
                 notice: Callable[[str], None] | None = None,
                 wait_for_start: bool = True) -> None:
        self.connection = connection
        self.notice = notice or (lambda text: None)
        try:
            name, players, options = welcome["game"], welcome["players"], welcome["options"]
            self.seat: int | None = welcome.get("seat")
            self.names: tuple[str, ...] = tuple(str(n) for n in welcome["names"])
        except (KeyError, TypeError) as error:
            raise NetError(f"the server's welcome is unreadable: {error}") from None
        try:
            self.game = load_game(name, players=players, **options)
        except ValueError as error:
            raise NetError(f"this table plays {name}, which this cardkit cannot load: "
                           f"{error}") from None
        #: never known to a client: the seed would tell every card
        self.seed: int | None = None
        self.hands: list[RemoteState | None] = []
        self.contexts: list[HandContext] = []
        self.outcome: MatchOutcome | None = None
        self._outcome_later: MatchOutcome | None = None
        self._later: dict[int, dict[str, Any]] = {}
        self._replies: dict[Any, dict[str, Any]] = {}
        self._next_id = 0
        # a seat plays once everyone has joined: until then the table is only shown
        while not self._later or (wait_for_start and
                                  not self._later[max(self._later)].get("started", True)):
            self._handle(self.connection.receive())
        first = min(self._later)
        self.hands = [None] * first
        self._take(first)

    # ----- the match --------------------------------------------------------------------------

    @property
    def current(self) -> RemoteState:
        """The hand being played."""
        state = self.hands[-1]
        assert state is not None
        return state

    @property
    def is_over(self) -> bool:
        """True once the server said the match is over (and this side reached its end)."""
        return self.outcome is not None

    @property
    def winner(self) -> int | None:
        """The match winner once over."""
        return self.outcome.winner if self.outcome else None

    def next_hand(self) -> RemoteState | None:
        """Wait for the server's next hand (None when the match is over)."""
        following = len(self.hands)
        while following not in self._later:
            if self._outcome_later is not None:
                self.outcome = self._outcome_later
                return None
            self._handle(self.connection.receive())
        return self._take(following)

    def _take(self, index: int) -> RemoteState:
        message = self._later.pop(index)
        state = RemoteState(self, index, message)
        self.hands.append(state)
        self.contexts.append(state.context)
        self.connection.hand = index
        return state

    # ----- messages ---------------------------------------------------------------------------

    def pump(self) -> None:
        """Handle the next message from the server (blocking)."""
        self._handle(self.connection.receive())

    def _handle(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "state":
            index = message.get("hand")
            if not isinstance(index, int):
                raise NetError("the server sent a state without a hand number")
            current = len(self.hands) - 1
            names = message.get("names")
            if isinstance(names, list) and len(names) == self.game.players:
                self.names = tuple(str(name) for name in names)
            if self.hands and index == current:
                self.current.update(message)
            elif index > current or not self.hands:
                self._later[index] = message
        elif kind == "event":
            self.notice(str(message.get("text", "")))
        elif kind == "match_over":
            try:
                self._outcome_later = decode_outcome(message.get("outcome"))
            except CodecError as error:
                raise NetError(f"the server sent an unreadable outcome: {error}") from None
        elif kind in ("accepted", "refused", "hint"):
            self._replies[message.get("id")] = message
        elif kind == "error":
            self.notice(f"the server says: {message.get('reason', '')}")
        elif kind == "replaced":
            self.notice(str(message.get("reason", "")))
        elif kind == "lost":
            self.notice("connection lost: reconnecting ...")
        elif kind == "welcome" and message.get("reconnected"):
            self.notice("reconnected")

    def play(self, state: RemoteState, action: Action) -> None:
        """Send ``state``'s seat's move and wait for the server's answer. If the link drops
        before the answer, the move is sent again after reconnecting unless the table shows it
        was played (the server refuses a move meant for an earlier moment, so it never counts
        twice)."""
        if self.seat is None:
            raise IllegalAction("spectators cannot move")
        sent_step, sent_on = state.step, self.connection.generation
        ident = self._send_move(state, action)
        reconnected = False
        while True:
            reply = self._replies.pop(ident, None)
            if reply is not None:
                if reply["type"] == "refused":
                    raise IllegalAction(str(reply.get("reason", "refused")))
                return
            message = self.connection.receive()
            self._handle(message)
            if message.get("type") == "welcome" and message.get("generation", 0) > sent_on:
                reconnected = True  # the link dropped after the move went out
            elif reconnected and message.get("type") == "state":
                # the first state after a reconnection is this hand's: did the move count?
                if state.step != sent_step or self._later or state.is_over:
                    return
                reconnected = False
                sent_on = self.connection.generation
                ident = self._send_move(state, action)

    def hint(self, state: SeatedState) -> Hint:
        """Ask the server what the game's strongest agent would play for this seat now (the
        hint ``cardkit play`` gives, worked out where the hand is held); ``IllegalAction`` with
        the server's reason if it gives none."""
        if self.seat is None:
            raise IllegalAction("spectators get no hints")
        self._next_id += 1
        ident = self._next_id
        self.connection.send({"type": "hint", "id": ident})
        while ident not in self._replies:
            message = self.connection.receive()
            self._handle(message)
            if message.get("type") == "error":  # a server that does not give hints
                raise IllegalAction(f"no hint: the server says {message.get('reason', '')}")
            if message.get("type") == "welcome" and message.get("reconnected"):
                raise IllegalAction("no hint: the connection dropped meanwhile; ask again")
        reply = self._replies.pop(ident)
        if reply["type"] != "hint":
            raise IllegalAction(f"no hint: {reply.get('reason', 'refused')}")
        try:
            action = state.parse(str(reply["move"]))
        except (KeyError, IllegalAction):
            raise NetError("the server sent an unreadable hint") from None
        return Hint(str(reply.get("agent", "")), action, str(reply.get("reason", "")))

    def _send_move(self, state: RemoteState, action: Action) -> int:
        self._next_id += 1
        self.connection.send({"type": "move", "move": str(action), "hand": state.index,
                              "step": state.step, "id": self._next_id})
        return self._next_id

    def observe(self) -> Action:
        """Wait until the hand changes (another seat moved, or the hand ended) and return the
        last public move, marked as already played (see :meth:`RemoteState.apply`)."""
        state = self.current
        before = (len(state.history), state.current_player, state.is_over)
        while (len(state.history), state.current_player, state.is_over) == before:
            self.pump()
        new = state.history[before[0]:]
        action = new[-1].action if new else Action("(no move)")
        state.observed = action
        return action

    def close(self) -> None:
        """Leave the table."""
        self.connection.close()


class ObservedSeat(Agent):
    """A seat played elsewhere: its "choice" is the move the server reports."""

    name = "remote"

    def __init__(self, match: RemoteMatch) -> None:
        self.match = match

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """Wait for the seat's move at the table."""
        return self.match.observe()


if TYPE_CHECKING:  # a remote hand and match are what a player's screen needs, as local ones
    def _remote_hand(state: RemoteState) -> SeatedState:
        return state

    def _remote_match(match: RemoteMatch) -> SeatedMatch:
        return match
