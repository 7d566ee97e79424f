"""The weights of Tonk's ``hard`` agent (:mod:`cardkit_games.tonk.policy`), one table per number
of players: players -> model name -> weights, in the order of the model's feature names
(``policy.COUNT_FEATURES`` …). Written by ``python scripts/train_tonk.py``
(:mod:`cardkit_games.tonk.training`); do not edit by hand. A player count without a table plays
with the nearest one's; no table at all is the untrained start (every weight zero: the greedy
agent's play).
"""



from __future__ import annotations

TABLES: dict[int, dict[str, tuple[float, ...]]] = {
    2: {
        'count_mean': (
            -0.029828, 0.939319, -1.249653, 0.674946, 1.002873, -0.886282, -0.030992, 0.08216,
            0.913781, -0.606337, -0.164284, 0.076056, -0.910726, 0.40874, 0.607066, -0.352976,
            -0.944189, -0.56942, 1.229691, 0.0,
        ),
        'count_variance': (
            7.790779, -8.11397, 7.893067, 1.001811, 1.410349, 6.332996, -0.513508, 0.202087,
            0.617116, -2.541116, -0.276439, 0.592612, -2.408207, 5.574709, 5.840233, 5.398303,
            2.694115, 2.123797, -8.265668, 0.0,
        ),
        'drop': (
            -2.114141, 3.66725, -1.240795, -0.092304, 0.007547, 0.014581, -0.217524, 0.218987,
            0.11435, -0.128548, -0.173002, -0.667495, 1.038503, 1.605213, -1.942873, -0.665686,
        ),
        'take': (
            -0.894819, -0.108286, -0.331489, 0.708298, 0.198235, -0.027188, 0.04072, -0.009408,
            0.188596, 0.459882, -0.133753, 0.152331, -0.382996, 0.101785, 0.307661, -0.177202,
            -0.348918, 1.113155, 0.0, 0.135499, -0.009369,
        ),
        'discard': (
            -0.798656, 0.048557, -0.064403, 0.052962, 0.030665, -0.013852, 0.008353, 0.055127,
            0.092135, 0.243943, -0.00438, 0.03018, 0.376966, 0.004624, 0.028445, -0.054431,
            -0.483852, -0.225872, 0.79204, -0.011521,
        ),
    },
}
