"""Gin rummy's bots, apart from the rules: the greedy agent (:mod:`.agents`), the ``hard``
policy (:mod:`.policy`) with its trained weights (:mod:`.weights`) and their training
(:mod:`.training`), and the opponent-hand belief the search samples by (:mod:`.belief`).
Only :mod:`cardkit_games.gin_rummy.game` puts them beside the rules."""
