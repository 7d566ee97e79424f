"""The weights of gin rummy's ``hard`` agent (:mod:`cardkit_games.gin_rummy.bots.policy`).

Written by ``python -m cardkit_games.gin_rummy.bots.training --rounds 5 --hands 2000
--eval-deals 150`` (:mod:`cardkit_games.gin_rummy.bots.training`).
"""

from typing import Any

WEIGHTS: dict[str, Any] = {
    "value": [
        8.4604, -8.1294, 1.9586, 10.472, 26.9988, 7.1558, -3.3016, -1.8455, -10.5659,
        7.2368, -0.5548, -0.0005, -2.5037, 0.1237, 0.1814, -1.315, -10.336, 0.4587,
        6.6741, 3.0974,
    ],
    "knock_mean": [
        22.7498, 1.3234, -13.792, -0.8214, 0.8464, -1.384, -4.3301, 8.7733,
    ],
    "knock_risk": [
        -5.8839, 0.4494, 2.5495, 0.2778, -0.0647, 0.6519, 0.7302, -1.8531, 0.3626,
    ],
    "stock": [
        9.1958, -7.853, 1.8523, 9.6658, 18.6249, 1.0123, -4.1909, -0.628, -4.499,
        8.3325, -1.5513, -6.5957, -0.1347, 5.6056, 3.0421,
    ],
    "continue": [
        15.8822, -3.4776, -5.5098, -10.4404, 13.1776, 12.5716, -12.767, 1.6528, 2.6593,
    ],
    "take_margin": 0.0,
}
