"""What a player's screen needs of a hand and of a match, as typed protocols.

A hand held here (:class:`~cardkit.engine.state.State`, in a
:class:`~cardkit.engine.match.Match`) and a hand played at a remote table (the network
client's ``RemoteState`` in its ``RemoteMatch``) both satisfy these protocols, so the play
screen, the move parser and the table are written once for both, and a method one of them
lacks is a type error, not a crash at a friend's terminal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from cardkit.engine.game import Game
    from cardkit.engine.match import HandContext, MatchOutcome
    from cardkit.engine.phases import Phase
    from cardkit.values.actions import Action
    from cardkit.values.results import Result
    from cardkit.values.views import Move, View

__all__ = ["SeatedMatch", "SeatedState"]


class SeatedState(Protocol):
    """One hand as a player's screen uses it: its views, its legal moves, the move parser and
    the refusal reason, and ``apply``."""

    @property
    def game(self) -> Game:
        """The game (with its options) the hand is played by."""

    @property
    def players(self) -> int:
        """How many seats the hand has."""

    @property
    def PHASES(self) -> Mapping[str, Phase]:
        """The game's phases by name (what each accepts)."""

    @property
    def ALIASES(self) -> Mapping[str, str]:
        """The game's move-word aliases."""

    @property
    def current_player(self) -> int | None:
        """The seat to play, None once the hand is over."""

    @property
    def phase(self) -> str:
        """The phase's name."""

    @property
    def prompt(self) -> str:
        """What the current player must do now."""

    @property
    def result(self) -> Result | None:
        """How the hand ended (None while it goes on)."""

    @property
    def is_over(self) -> bool:
        """True once the hand has ended."""

    @property
    def history(self) -> Sequence[object]:
        r"""The moves so far (their number is what a screen counts; a local hand holds
        ``(seat, Action)`` pairs, a network seat the public :class:`~cardkit.views.Move`\ s)."""

    def public_history(self) -> tuple[Move, ...]:
        """The moves as everyone saw them (:class:`~cardkit.views.Move`: seat, action, the
        cards it made public)."""

    def view(self, seat: int) -> View:
        """What ``seat`` may see."""

    def legal_actions(self) -> list[Action]:
        """The legal moves now."""

    def is_legal(self, action: Action) -> bool:
        """True if ``action`` is legal now."""

    def parse(self, text: str) -> Action:
        """A typed move read as the engine reads it; ``IllegalAction`` if unreadable."""

    def explain_illegal(self, action: Action) -> str:
        """The one-line reason ``action`` is refused now."""

    def apply(self, action: Action | str) -> None:
        """Play ``action``; ``IllegalAction`` with the reason if it is not legal now."""


class SeatedMatch(Protocol):
    """A match as a player's screen follows it: the hand in play, the hands' contexts, the
    next hand and the outcome."""

    @property
    def game(self) -> Game:
        """The game the match is played by."""

    @property
    def seed(self) -> int | None:
        """The match's seed (None where it is kept secret: a remote table's)."""

    @property
    def hands(self) -> Sequence[object]:
        """The hands so far (their number is the hand being played)."""

    @property
    def contexts(self) -> Sequence[HandContext]:
        """Each hand's context (dealer, roles, totals before it)."""

    @property
    def current(self) -> SeatedState:
        """The hand being played."""

    @property
    def is_over(self) -> bool:
        """True once the match has ended."""

    @property
    def outcome(self) -> MatchOutcome | None:
        """How the match ended (None while it goes on)."""

    def next_hand(self) -> SeatedState | None:
        """Start (or wait for) the next hand; None when the match is over."""


if TYPE_CHECKING:  # the hands and matches held here are what a screen needs
    from cardkit.engine.match import Match
    from cardkit.engine.state import State

    def _held_hand(state: State) -> SeatedState:
        return state

    def _held_match(match: Match) -> SeatedMatch:
        return match
