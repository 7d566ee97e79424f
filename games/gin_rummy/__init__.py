"""Gin rummy: three-hand gin (box, captain, sitter) and classic two-player gin (issue #5)."""

from cardkit_games.gin_rummy.definition import GIN_RUMMY as GAME

__all__ = ["GAME"]
