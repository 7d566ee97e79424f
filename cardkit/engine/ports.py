"""Ports: a service the engine's objects offer but do not implement.

The public contract puts one convenience on engine objects whose work belongs to a service
above the engine: ``game.agent(...)``, with ``definition.agent_names`` and
``definition.agent_factory(name)``, ask the agent roster of the search service
(:class:`cardkit.services.search.roster.Roster`: the game's own agents and the generic ladder
built on them). The engine never imports that service. It declares here what it needs of it, the
:class:`AgentRoster` protocol, and the :class:`Port` :data:`AGENT_ROSTER` through which it asks;
the package root, ``cardkit/__init__.py`` (which stands above every layer), fills the port with
a typed function that returns the roster, imported the first time a game's agents are asked for
(so that listing or loading a game does not pay for the search).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

if TYPE_CHECKING:  # names for annotations only
    from cardkit.engine.agents import Agent, AgentFactory
    from cardkit.engine.definition import GameDefinition
    from cardkit.engine.game import Game

__all__ = ["AGENT_ROSTER", "AgentRoster", "Port"]

T = TypeVar("T")


class Port(Generic[T]):
    """A service the engine reaches through a function a layer above gives it: :meth:`bind`
    says which function returns the service; calling the port returns the service (the
    function is called once, the first time)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._source: Callable[[], T] | None = None
        self._value: T | None = None

    def bind(self, source: Callable[[], T]) -> None:
        """Fill the port with what ``source()`` returns (asked for on the port's first use)."""
        self._source = source
        self._value = None

    def __call__(self) -> T:
        value = self._value
        if value is None:
            if self._source is None:
                raise RuntimeError(f"the engine's port {self.name!r} is bound to no service "
                                   "(cardkit/__init__.py binds it)")
            value = self._value = self._source()
        return value

    def __repr__(self) -> str:
        source = getattr(self._source, "__qualname__", None)
        return f"<Port {self.name} -> {source}>"


class AgentRoster(Protocol):
    """The agents a game offers by name: its own (``definition.capability(Agents)``) and the
    generic ladder built on them (``easy`` ... ``expert``)."""

    def names(self, definition: GameDefinition) -> Sequence[str]:
        """The agent names this game offers, in ladder order."""

    def factory(self, definition: GameDefinition, name: str) -> AgentFactory:
        """The factory of agent ``name``; ``ValueError`` naming the valid ones otherwise."""

    def make(self, game: Game, name: str, seat: int, seed: int, **params: Any) -> Agent:
        """A new agent ``name`` for ``seat`` with its parameters (``ValueError`` naming the
        valid agents or parameters for an unknown one or a bad value)."""


#: ``game.agent(...)``, ``definition.agent_names``, ``definition.agent_factory``: the agent
#: roster (:class:`cardkit.services.search.roster.Roster`).
AGENT_ROSTER: Port[AgentRoster] = Port("agent roster")
