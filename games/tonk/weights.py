"""The weights of Tonk's ``hard`` agent (:mod:`cardkit_games.tonk.policy`), one table per number
of players: players -> model name -> weights, in the order of the model's feature names
(``policy.COUNT_FEATURES`` …). Written by ``python scripts/train_tonk.py``
(:mod:`cardkit_games.tonk.training`); do not edit by hand. A player count without a table plays
with the nearest one's; no table at all is the untrained start (every weight zero: the greedy
agent's play).
"""

from __future__ import annotations

TABLES: dict[int, dict[str, tuple[float, ...]]] = {}
