"""Whose turn it is in a climbing game's trick: the turn goes round the table past the players
who may not play, and the trick ends when it comes back to the player who played last.

The common rule of shedding games (Tiến Lên, Big Two, President …): a player who passes is out
of the trick until it ends (its seat is *skipped*), a player who has gone *out* has no more
turns, and when every other holder has passed (or was skipped) since the last play, the turn
reaches that play's player again: the trick ends and a new one is led. A game whose players
may come back after a pass leaves them out of ``skipped``.

:func:`next_turn` is compiled in the climbing kernel when it is built (it runs after every move
of a simulated game); ``python_next_turn`` is the reference.
"""

from __future__ import annotations

from cardkit.libraries.climbing.kernel import compiled

__all__ = ["next_turn", "python_next_turn"]


def next_turn(seat: int, players: int, step: int, skipped: int, last: int | None,
              out: int, /) -> int:
    """Who plays after ``seat`` (of ``players`` seats, numbered round the table): the next seat
    in the play direction (``step``, +1 or -1) not in ``skipped`` (a bitmask of seats: those
    out, and those out of the trick by a pass); or, when the turn reaches ``last`` (the trick's
    last player; None before anyone has played), the complement ``~leader`` (negative) of the
    next trick's leader: ``last`` itself, or when ``last`` has gone out (in ``out``, a bitmask),
    the next seat after it still holding cards. ``last``'s seat is checked before ``skipped``:
    it ends the trick even when it is skipped. ``ValueError`` when no seat can play (every seat
    out, or none reached)."""
    s = seat
    for _ in range(players):
        s = (s + step) % players
        if s == last:
            for _ in range(players):
                if not out >> s & 1:
                    return ~s
                s = (s + step) % players
            raise ValueError("every seat has gone out: nobody can lead")
        if not skipped >> s & 1:
            return s
    raise ValueError("no seat may play and the trick's last player was never reached")


python_next_turn = next_turn
next_turn = compiled("next_turn", python_next_turn)
