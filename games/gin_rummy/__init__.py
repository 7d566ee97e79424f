"""Gin rummy: three-hand gin (box, captain, sitter) and classic two-player gin.

The definition is imported on first use of ``GAME`` (the entry point): listing the installed
games reads :mod:`.about` alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit.lazy import lazy_names

if TYPE_CHECKING:
    from cardkit_games.gin_rummy.game import GAME

__all__ = ["GAME"]

__getattr__ = lazy_names(__name__, GAME="cardkit_games.gin_rummy.game:GAME")
