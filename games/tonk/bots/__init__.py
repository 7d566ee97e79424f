"""Tonk's bots, apart from the rules (which never import them): the greedy agent
(:mod:`.agents`), the ``hard`` agent's models (:mod:`.policy`) and their trained weights
(:mod:`.weights`), the belief over the hidden hands (:mod:`.belief`), and the trainer that fits
the weights (:mod:`.training`, ``python -m cardkit_games.tonk.bots.training``).
"""
