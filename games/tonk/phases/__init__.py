"""The phases of a Tonk turn, each declared once with its moves (rules §3, 6.8, 6.9).

One module per phase, each holding the phase's declaration and its three handlers side by
side: what it allows (``legal``), why it refuses (``why_illegal``), what a move does
(``apply``). The engine (:class:`cardkit.state.State`) dispatches to the current phase.
"""

from __future__ import annotations

from cardkit_games.tonk.phases.bet import BET
from cardkit_games.tonk.phases.play import PLAY
from cardkit_games.tonk.phases.respond import RESPOND
from cardkit_games.tonk.phases.start import START

from cardkit.state import phases

__all__ = ["PHASES"]

PHASES = phases(BET, START, PLAY, RESPOND)
