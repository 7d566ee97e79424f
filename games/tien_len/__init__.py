"""Tiến Lên (Thirteen), the Vietnamese climbing game: rules in docs/games/tien-len.md.

The definition (:mod:`.game`) is imported on first use of ``GAME`` (the entry point): listing
the installed games reads :mod:`.about` alone. The rules are the modules here, the bots are in
:mod:`.bots`; only :mod:`.game` puts the two together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit.lazy import lazy_names

if TYPE_CHECKING:
    from cardkit_games.tien_len.game import GAME

__all__ = ["GAME"]

__getattr__ = lazy_names(__name__, GAME="cardkit_games.tien_len.game:GAME")
