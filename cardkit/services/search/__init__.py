"""A fair search agent for any game whose state can sample hidden cards.

Search agents in card games face one trap: the true state holds cards the player cannot see, and
a search run on it would cheat. Here the agent never receives the state. Its runner hands it a
:class:`Sampler` built from a copy in which every card hidden from that seat has already been
dealt again at random (``State.determinize``), so the sampler holds no hidden card; each sample
is a fresh re-deal of that copy.

:class:`SearchAgent` (the ``hard`` agent of every game with ``determinize``) is an
information-set search with statistics per move at the root: a new world per iteration, the
legal moves raced against the game policy's own move on the same worlds by play-outs of the game
policy (greedy), each seat choosing from its own view. Modules: :mod:`~cardkit.search.sampler`
(the worlds), :mod:`~cardkit.search.rollout` (play-outs and their scoring),
:mod:`~cardkit.search.racing` (statistics and elimination), :mod:`~cardkit.search.budget`
(iterations and time), :mod:`~cardkit.search.fitting` (measuring and fitting a game's own
weights: :func:`play_to_end`, :func:`duplicate_gain`, :func:`ridge_solve`, :func:`nearest_table`,
:func:`write_tables`), :mod:`~cardkit.search.agent`, :mod:`~cardkit.search.ladder`
(``easy``/``normal``/``hard``), :mod:`~cardkit.search.expert` (``expert``),
:mod:`~cardkit.search.confidence` (how sure a search says it is),
:mod:`~cardkit.search.thinking` (a thinking budget for agents by name). ``docs/agents.md``
gives the parameters, ``docs/agents-measurements.md`` the design and its measurements.
"""

from cardkit.services.search.agent import DEFAULT_TIME_LIMIT, SearchAgent
from cardkit.services.search.budget import Budget
from cardkit.services.search.confidence import confidence_words
from cardkit.services.search.fitting import (
    duplicate_gain,
    nearest_table,
    play_to_end,
    ridge_solve,
    write_tables,
)
from cardkit.services.search.ladder import MistakenAgent, easy_agent, hard_agent, normal_agent
from cardkit.services.search.rollout import collector_paused, policy_chooser, relative_score
from cardkit.services.search.roster import LADDER, ROSTER, Roster
from cardkit.services.search.sampler import Sampler
from cardkit.services.search.thinking import budget_params

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "LADDER",
    "ROSTER",
    "Budget",
    "MistakenAgent",
    "Roster",
    "Sampler",
    "SearchAgent",
    "budget_params",
    "collector_paused",
    "confidence_words",
    "duplicate_gain",
    "easy_agent",
    "hard_agent",
    "nearest_table",
    "normal_agent",
    "play_to_end",
    "policy_chooser",
    "relative_score",
    "ridge_solve",
    "search_agent",
    "write_tables",
]

search_agent = hard_agent
