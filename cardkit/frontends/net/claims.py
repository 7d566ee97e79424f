"""A claim window at a served table: every seat that may claim is asked at once, with a time
limit the host sets.

Asked seat after seat, a window on a discard would make each person wait for the others ahead
of them; a table asks them all together instead (:class:`ClaimRound`). Each waiting seat gets
the window's moves (``buy 7H``, ``pass``) in its ``state`` message and a ``claim`` field saying
how long it has; a bot decides on the moment it would be asked alone
(:func:`~cardkit.engine.claims.as_asked`); a seat that has not answered when the time is up
passes. The round settles as soon as the answers decide it -- every seat ahead of a claimer has
passed, or everyone has passed -- and the table plays the moves asking seat after seat would
have recorded (:func:`~cardkit.engine.claims.apply_claims`): a record is the same either way.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from cardkit.engine.claims import OpenWindow
from cardkit.values.actions import Action

if TYPE_CHECKING:
    import asyncio

    from cardkit.engine.state import State

__all__ = ["ClaimRound", "open_window_of"]


def open_window_of(state: State) -> OpenWindow | None:
    """The claim window open in ``state`` (None: none, or a game without claims)."""
    window = getattr(state, "claim_window", None)
    return window if isinstance(window, OpenWindow) else None


class ClaimRound:
    """The answers to one open window of ``state`` (at step ``step``), due ``seconds`` after it
    opened."""

    def __init__(self, state: State, seconds: float) -> None:
        window = open_window_of(state)
        if window is None:
            raise ValueError("no claim window is open")
        self.state = state
        self.window = window
        self.step = len(state.history)
        self.seconds = seconds
        self.deadline = time.monotonic() + seconds
        #: per seat that answered: True (it claims) or False (it passes)
        self.answers: dict[int, bool] = {}
        #: the timer that settles the round when the time is up
        self.timer: asyncio.TimerHandle | None = None
        legal = state.legal_actions()
        #: the window's two moves: the claim of the card on offer, and the pass
        self.claim: Action = legal[0]
        self.decline: Action = legal[1]

    def is_for(self, state: State) -> bool:
        """True while ``state`` is still at the moment this round asks about."""
        return state is self.state and len(state.history) == self.step \
            and open_window_of(state) is self.window

    def asks(self, seat: int | None) -> bool:
        """True if ``seat`` is waiting to answer and has not yet."""
        return seat in self.window.waiting and seat not in self.answers

    def left(self) -> float:
        """Seconds left to answer (at least 0)."""
        return max(0.0, self.deadline - time.monotonic())

    def answer(self, seat: int, action: Action) -> str | None:
        """Take ``seat``'s answer; the reason it is refused, or None."""
        if seat not in self.window.waiting:
            return "it is not your turn: the others answer the claim window"
        if seat in self.answers:
            return ("you have answered: the window closes once the answers decide it or the "
                    "time is up")
        if action == self.claim:
            self.answers[seat] = True
        elif action == self.decline:
            self.answers[seat] = False
        else:
            return (f"only {self.window.card} is on offer: {self.claim} or {self.decline} "
                    f"({self.left():.0f} s left)")
        return None

    @property
    def decided(self) -> bool:
        """True once the answers decide the window: every seat ahead of the first claimer (by
        priority) has passed, or every seat has."""
        for seat in self.window.waiting:
            if seat not in self.answers:
                return False
            if self.answers[seat]:
                return True
        return True

    def cancel(self) -> None:
        """Stop the timer."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def message(self, seat: int | None) -> dict[str, Any] | None:
        """The ``claim`` field of ``seat``'s state message (None for a seat not asked)."""
        if seat is None or seat not in self.window.waiting:
            return None
        return {"card": str(self.window.card), "seconds": round(self.left(), 1),
                "answered": seat in self.answers}
