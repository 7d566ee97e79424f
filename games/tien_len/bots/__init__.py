"""Tiến Lên's bots: the greedy agent (:mod:`.agents`), ``hard``'s move model and look-ahead
(:mod:`.policy`, :mod:`.lookahead`, weights in :mod:`.weights`, fitted by :mod:`.training`),
and the play-outs by strength masks the search runs (:mod:`.playout`, :mod:`.bosses`). The
rules (the modules of :mod:`cardkit_games.tien_len`) never import them."""
