"""Contract rummy's phases (RULES.md §3-§5) and their moves: the standard rummy turn of
``cardkit.rummy`` with its claim window, whose moves are named ``buy`` and ``pass``.

- ``draw``: ``draw discard``, or ``draw stock``, which opens the discard to the others first;
- ``claim``, the window out of turn (each other player in order while the discard is on
  offer): ``buy 7H`` takes it with the penalty cards (§3.2; three buys a deal by default),
  ``pass`` leaves it;
- ``play``: ``meld 7H 7H 7S``, the deal's contract laid in one turn to go down (§4); once down,
  from the next turn on, ``lay 8H 2`` on any meld; ``discard KS``, which ends the turn.
"""

from __future__ import annotations

from cardkit.rummy import rummy_phases

PHASES = rummy_phases("buy")
