"""Tonk (Tunk): the ``tonk`` game plugin (rules file: tonk.md; §-numbers in docstrings)."""

from cardkit_games.tonk.definition import GAME

__all__ = ["GAME"]
