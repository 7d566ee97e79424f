"""Oklahoma gin for cardkit: the game definition the ``cardkit.games`` entry point names."""

from cardkit_oklahoma_gin.variant import GAME

__all__ = ["GAME"]
