"""Tiến Lên (Thirteen), the Vietnamese climbing game: rules in docs/rules/tien-len.md.

The definition is imported on first use of ``GAME`` (the entry point): listing the installed
games reads :mod:`.about` alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardkit_games.tien_len.definition import TIEN_LEN as GAME

__all__ = ["GAME"]


def __getattr__(name: str) -> Any:
    if name == "GAME":
        from cardkit_games.tien_len.definition import TIEN_LEN

        return TIEN_LEN
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
