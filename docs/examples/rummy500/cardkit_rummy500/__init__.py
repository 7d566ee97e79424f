"""Rummy 500 for cardkit: the game definition the ``cardkit.games`` entry point names."""

from cardkit_rummy500.game import GAME

__all__ = ["GAME"]
