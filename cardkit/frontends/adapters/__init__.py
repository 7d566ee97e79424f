"""Research adapters: every installed game as a PettingZoo environment
(:mod:`cardkit.adapters.pettingzoo`), a Gymnasium environment
(:mod:`cardkit.adapters.gymnasium`) and an OpenSpiel game (:mod:`cardkit.adapters.openspiel`),
built from each game's declared encoding (:mod:`cardkit.encoding`) with no game-specific code.

The submodules need the optional extras: ``pip install 'cardkit[rl]'`` (numpy, gymnasium,
pettingzoo) and ``pip install 'cardkit[openspiel]'``.
"""
