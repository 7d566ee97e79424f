"""The weights of gin rummy's ``hard`` agent (:mod:`cardkit_games.gin_rummy.policy`).

Written by ``scripts/train_gin.py``; see that script for how they were fitted.
"""

WEIGHTS = {
    "value": [0.0, -8.0, 1.0, 8.0, 10.0, 0.0, -8.0, 0.0, 0.0, 0.0, -1.2, -8.0, -0.5, 0.3, 0.3,
              0.0, 0.0, 3.0],
    "knock_mean": [30.0, -15.0, -5.0, -2.0, -1.0, -4.0, 0.0],
    "knock_risk": [-4.0, 2.0, 1.0, 0.5, 0.2, 0.8, 0.0, 0.25],
    "stock": [0.0, -8.0, 1.5, 8.0, 10.0, 0.0, -8.0, 0.0, 0.0, 0.0, 0.0, 0.0, 3.0],
    "continue": [0.0] * 8,
    "take_margin": 0.0,
}
