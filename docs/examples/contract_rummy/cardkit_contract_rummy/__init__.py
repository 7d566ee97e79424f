"""Contract rummy (Shanghai) for cardkit: the game definition the ``cardkit.games`` entry point
names."""

from cardkit_contract_rummy.game import GAME

__all__ = ["GAME"]
