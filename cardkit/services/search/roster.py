"""The agent roster: every agent a game offers by name, its own and the generic ladder.

``random`` for every game; a rummy game that declares its meld rules and no ``greedy`` of its
own gets the generic one (:mod:`~cardkit.services.search.melding`); where the game has a
``greedy`` agent, ``easy`` and ``normal`` (:mod:`~cardkit.services.search.ladder`); where its
state samples hidden cards (``determinize``), ``hard`` (a search held to a thought's time),
``search`` (the same search at a second a decision) and, on top of whichever ``hard`` the game
then has, the ``expert`` search (:mod:`~cardkit.services.search.expert`). A game's own agents (its
:class:`~cardkit.engine.capabilities.Agents` capability) win over the generic ones. The
engine reaches this roster through its port (:data:`cardkit.engine.ports.AGENT_ROSTER`):
``game.agent(...)`` and ``definition.agent_names`` are answered here.

Agents from elsewhere join in two ways, with no change to the game: an installed package
declares them in the entry-point group ``cardkit.agents`` (the name ``GAME.NAME`` offers the
agent ``NAME`` in ``GAME``, ``*.NAME`` in every game; the value a factory ``(game, seat, seed)
-> Agent``), and then they are offered by name like the game's own (``cardkit play tonk --bot
NAME``, ``serve --bots``, the lab); and any factory is reached by its import path,
``package.module:factory``, wherever an agent is named.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Mapping
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from cardkit.engine.agents import Agent, AgentFactory, random_agent
from cardkit.engine.capabilities import Agents, HandAnalysis
from cardkit.services.search.expert import expert_agent
from cardkit.services.search.ladder import easy_agent, hard_agent, normal_agent, search_agent
from cardkit.services.search.melding import melding_agent
from cardkit.values.deck import derive_seed
from cardkit.values.lazy import resolve

if TYPE_CHECKING:
    from cardkit.engine.definition import GameDefinition
    from cardkit.engine.game import Game

__all__ = ["AGENTS_GROUP", "LADDER", "ROSTER", "Roster", "agent_parameters",
           "installed_agent_points", "is_import_path", "own_agents"]

#: The entry-point group of agents from installed packages (``GAME.NAME`` or ``*.NAME``).
AGENTS_GROUP = "cardkit.agents"


def is_import_path(name: str) -> bool:
    """True for an agent named by its factory's import path, ``package.module:factory``."""
    module, colon, attribute = name.partition(":")
    return bool(colon and module and attribute) and all(
        part.isidentifier() for part in (*module.split("."), *attribute.split(".")))


@functools.cache
def installed_agent_points() -> tuple[Any, ...]:
    """The entry points of :data:`AGENTS_GROUP`, read once (``cache_clear()`` to read them
    again), those for one game before the ``*`` ones."""
    return tuple(sorted(entry_points(group=AGENTS_GROUP),
                        key=lambda p: (p.name.startswith("*."), p.name)))


def _installed_agents(game: str) -> dict[str, Any]:
    """The entry points of :data:`AGENTS_GROUP` offered to ``game``, by agent name (a game's
    own entry wins over a ``*`` one)."""
    found: dict[str, Any] = {}
    for point in installed_agent_points():
        target, _, name = point.name.partition(".")
        if name and target in (game, "*") and name not in found:
            found[name] = point
    return found


def _imported_factory(name: str) -> AgentFactory:
    """The factory an import path names; ``ValueError`` saying why it cannot be had."""
    try:
        factory = resolve(name)
    except (ImportError, AttributeError) as error:
        raise ValueError(f"agent {name!r}: cannot import it ({error})") from None
    if not callable(factory):
        raise ValueError(f"agent {name!r} is not a factory (game, seat, seed) -> Agent")
    return factory

#: The generic rungs, weakest first, as offered to players.
LADDER = ("random", "easy", "normal", "hard", "expert")


def agent_parameters(factory: AgentFactory) -> list[str]:
    """The keyword parameters an agent factory takes beyond ``(game, seat, seed)``."""
    parameters = list(inspect.signature(factory).parameters.values())[3:]
    return [p.name for p in parameters
            if p.kind in (inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)]


def own_agents(definition: GameDefinition) -> Mapping[str, AgentFactory]:
    """The game's own agents by name (its :class:`~cardkit.game.Agents` capability; empty
    without one)."""
    own = definition.capability(Agents)
    return own.factories if own is not None else {}


class Roster:
    """The roster every game gets (see the module's docstring)."""

    def generic(self, definition: GameDefinition) -> dict[str, AgentFactory]:
        """The generic agents this game supports."""
        ladder: dict[str, AgentFactory] = {"random": random_agent}
        own = own_agents(definition)
        analysis = definition.capability(HandAnalysis)
        if "greedy" not in own and analysis is not None and analysis.meld_rules is not None:
            ladder["greedy"] = melding_agent
        if "greedy" in ladder or "greedy" in own:
            ladder["easy"] = easy_agent
            ladder["normal"] = normal_agent
        if definition.samples_hidden_cards:
            ladder["hard"] = hard_agent
            ladder["search"] = search_agent
            ladder["expert"] = expert_agent
        return ladder

    def available(self, definition: GameDefinition) -> Mapping[str, AgentFactory]:
        """Every agent by name: the generic ones, replaced by the game's own of one name, then
        those installed packages offer (:data:`AGENTS_GROUP`) under names not yet taken."""
        own = {**self.generic(definition), **own_agents(definition)}
        for name, point in _installed_agents(definition.name).items():
            own.setdefault(name, _EntryPointFactory(point))
        return own

    def names(self, definition: GameDefinition) -> list[str]:
        """``random``, then the ladder where the game has it, then the game's own agents."""
        names = set(self.available(definition))
        ladder = [name for name in LADDER if name in names]
        return [*ladder, *sorted(names - set(ladder))]

    def factory(self, definition: GameDefinition, name: str) -> AgentFactory:
        """The factory for agent ``name``; ``ValueError`` naming the valid ones otherwise."""
        factory = self.available(definition).get(name)
        if factory is None and is_import_path(name):
            return _imported_factory(name)
        if factory is None:
            raise ValueError(f"{definition.name} has no agent {name!r}; agents: "
                             f"{', '.join(self.names(definition))}")
        return factory

    def make(self, game: Game, name: str, seat: int, seed: int, **params: Any) -> Agent:
        """A new agent ``name`` for ``seat``, seeded from ``seed`` and the seat; ``ValueError``
        naming the valid agents or parameters for an unknown one."""
        factory = self.factory(game.definition, name)
        if params:
            valid = agent_parameters(factory)
            unknown = sorted(set(params) - set(valid))
            if unknown:
                takes = f"takes {', '.join(valid)}" if valid else "takes no parameters"
                raise ValueError(f"agent {name!r} of {game.name} has no parameter "
                                 f"{unknown[0]!r}; it {takes}")
        return factory(game, seat, derive_seed(seed, "agent", seat), **params)


class _EntryPointFactory:
    """An installed agent's factory, imported the first time it makes an agent."""

    def __init__(self, point: Any) -> None:
        self.point = point

    def __call__(self, game: Game, seat: int, seed: int, **params: Any) -> Agent:
        try:
            factory = self.point.load()
        except (ImportError, AttributeError) as error:
            raise ValueError(f"agent {self.point.name!r} ({self.point.value}): cannot import "
                             f"it ({error})") from None
        return factory(game, seat, seed, **params)


#: The roster the package binds to the engine's port.
ROSTER = Roster()
