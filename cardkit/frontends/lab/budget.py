"""How long the lab's searching agents think: a number of play-outs, or seconds a move.

An agent *thinks* when its factory takes the search's budget parameters (``iterations``,
``time_limit``): today's ``hard`` and ``search``, the ``expert`` rung, a plugin's own search.
The lab gives every thinking agent the same budget: ``playouts`` (play-outs a decision,
deterministic for a seed, so a run is reproducible) or ``think`` (seconds a decision, as
``cardkit play --think``; the numbers then vary from run to run with the machine's speed).
Agents that do not think take neither and are left alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from cardkit.engine.agents import AgentFactory
from cardkit.engine.definition import GameDefinition
from cardkit.services.search.thinking import budget_params, check_budget, thinks

__all__ = ["budget_note", "budgeted_factory", "check_budget", "thinking_agents", "thinks"]


def budgeted_factory(definition: GameDefinition, name: str, think: float | None,
                     playouts: int | None) -> AgentFactory:
    """The factory of agent ``name``, with the budget bound when the agent thinks and a
    budget was given (``playouts`` as ``iterations``, ``think`` as ``time_limit``)."""
    factory = definition.agent_factory(name)
    params = budget_params(factory, think, playouts)
    return partial(factory, **params) if params else factory


def thinking_agents(definition: GameDefinition, names: Sequence[str]) -> list[str]:
    """The agents among ``names`` that think, each once, in order."""
    found: list[str] = []
    for name in names:
        if name not in found and thinks(definition.agent_factory(name)):
            found.append(name)
    return found


def budget_note(definition: GameDefinition, names: Sequence[str], think: float | None,
                playouts: int | None) -> str | None:
    """A note for the report when thinking agents play: how they think, and whether the run
    is reproducible; None when no agent thinks."""
    thinking = thinking_agents(definition, names)
    if not thinking:
        return None
    who = ", ".join(thinking)
    if playouts is not None:
        return f"{who} searched {playouts} play-outs a decision (reproducible from the seed)"
    if think is not None:
        return (f"{who} thought {think:g} s a decision: the numbers vary a little from run to "
                "run (give --playouts N for a reproducible run)")
    return (f"{who} thought for its default time a decision: the numbers vary a little from "
            "run to run (give --playouts N for a reproducible run, --think S to set the time)")
