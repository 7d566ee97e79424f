"""The weights of Tiến Lên's ``hard`` agent (:mod:`.policy`), one table per number of players:
players -> model name -> weights, in the order of ``policy.MOVE_FEATURES``. Written by
``python -m cardkit_games.tien_len.bots.training`` (:mod:`.training`); do not edit by hand. A
player count without a table plays with the nearest one's; no table at all is the untrained
start (every weight zero: the greedy agent's play).
"""

from __future__ import annotations

TABLES: dict[int, dict[str, tuple[float, ...]]] = {
    4: {
        'move': (
            -0.093956, -0.125344, 0.018454, -0.19823, 0.10588, 0.276025, 0.003421, -0.04447,
            0.135297, -0.003481, 0.356859, -0.075032, -0.226936, 0.127058, 0.186263, -0.040525,
            -0.033085, 0.095457, -0.164797, 0.101633, -0.142098, -0.079945, -0.026073, 0.092816,
            0.041598, 0.022297, 0.393641, 0.151904, -0.070263,
        ),
        'margin': (
            0.069228,
        ),
    },
}
