"""Gin rummy's bots, apart from the rules (only :mod:`cardkit_games.gin_rummy.game` puts them
beside the rules): agents, the ``hard`` policy, its weights and their training, the belief."""
