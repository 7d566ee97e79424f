"""Tiến Lên (Thirteen), the Vietnamese climbing game: rules in docs/rules/tien-len.md."""

from cardkit_games.tien_len.definition import TIEN_LEN as GAME

__all__ = ["GAME"]
