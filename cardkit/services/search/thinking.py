"""A thinking budget for agents by name: seconds a decision, or play-outs a decision.

An agent *thinks* when its factory takes the search's budget parameters (``iterations``,
``time_limit``): the generic ``hard`` search and its older name ``search``, the ``expert``
rung, a plugin's own search. Every front end (``cardkit play``, ``serve``, the lab) gives the
thinking agents the budget it was asked for through :func:`budget_params`, and leaves the
others alone: a game's own fast ``hard`` answers at once and takes no budget.

Play-outs never read the clock, so an agent given only ``playouts`` moves the same way every
time for its seed; a time budget depends on the machine's speed and its load.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit.services.search.roster import agent_parameters

if TYPE_CHECKING:
    from cardkit.engine.agents import AgentFactory

__all__ = ["BUDGET_PARAMETERS", "budget_params", "check_budget", "thinks"]

#: The keyword parameters that make up a search's budget.
BUDGET_PARAMETERS = ("iterations", "time_limit")


def thinks(factory: AgentFactory) -> bool:
    """True for an agent factory that takes a search budget (``iterations``/``time_limit``)."""
    return bool(set(BUDGET_PARAMETERS) & set(agent_parameters(factory)))


def budget_params(factory: AgentFactory, think: float | None,
                  playouts: int | None) -> dict[str, float | int]:
    """The budget keywords to give ``factory``: ``time_limit=think`` and
    ``iterations=playouts``, each only when given and taken by the factory (``{}`` for an
    agent that does not think)."""
    taken = set(agent_parameters(factory))
    params: dict[str, float | int] = {}
    if playouts is not None and "iterations" in taken:
        params["iterations"] = playouts
    if think is not None and "time_limit" in taken:
        params["time_limit"] = think
    return params


def check_budget(think: float | None, playouts: int | None) -> None:
    """``ValueError`` for a budget that cannot be used."""
    if think is not None and not think > 0:
        raise ValueError(f"the thinking time must be more than 0 seconds, not {think!r}")
    if playouts is not None and (isinstance(playouts, bool) or not isinstance(playouts, int)
                                 or playouts < 1):
        raise ValueError(f"the play-outs a decision must be a whole number >= 1, not "
                         f"{playouts!r}")
