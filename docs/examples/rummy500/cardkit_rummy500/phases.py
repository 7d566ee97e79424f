"""Rummy 500's phases (RULES.md §3-§5) and their moves: the standard rummy turn of
``cardkit.rummy``, which the turn rules (``Rummy500State.turn_rules``) set from the options.

- ``draw``: ``draw stock``; ``take 7H``, the spread pile down to 7H, the deepest card taken to
  be melded that turn (the top card alone carries no such duty under ``top_card_free``), offered
  only when it can be honoured; ``pass`` once the stock is out, which ends the hand (§5);
- ``play``: ``meld 5H 6H 7H``; ``lay 8H 2`` on anyone's meld (``lay low AH 2`` / ``lay high AH
  2`` where the ace fits both ends; one's own melds only without ``lay_off_anywhere``);
  ``discard KS``, which ends the turn.

Nobody takes a card out of turn: the kit's claim window is never opened.
"""

from __future__ import annotations

from cardkit.rummy import rummy_phases

PHASES = rummy_phases()
