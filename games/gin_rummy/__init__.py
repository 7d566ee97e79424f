"""Gin rummy: three-hand gin (box, captain, sitter) and classic two-player gin (issue #5).

The definition is imported on first use of ``GAME`` (the entry point): listing the installed
games reads :mod:`.about` alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardkit_games.gin_rummy.definition import GIN_RUMMY as GAME

__all__ = ["GAME"]


def __getattr__(name: str) -> Any:
    if name == "GAME":
        from cardkit_games.gin_rummy.definition import GIN_RUMMY

        return GIN_RUMMY
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
