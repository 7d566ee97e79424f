"""Conquian for cardkit: the game definition the ``cardkit.games`` entry point names."""

from cardkit_conquian.game import GAME

__all__ = ["GAME"]
