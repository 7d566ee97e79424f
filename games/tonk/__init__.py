"""Tonk (Tunk): the ``tonk`` game plugin (rules file: tonk.md; §-numbers in docstrings).

The definition is imported on first use of ``GAME`` (the entry point): listing the installed
games reads :mod:`.about` alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit.lazy import lazy_names

if TYPE_CHECKING:
    from cardkit_games.tonk.game import GAME as GAME

__all__ = ["GAME"]

__getattr__ = lazy_names(__name__, GAME="cardkit_games.tonk.game:GAME")
