"""Ports: the services the engine's objects offer but do not implement.

The public contract puts a few conveniences on engine objects whose work belongs to services
above the engine: ``state.record()`` and ``match.record()`` (the records service),
``game.agent(...)`` with ``definition.agent_names`` (the agent roster of the search service)
and pickling, which names a definition by the registry's name for it.
The engine never imports those services. Each convenience goes through a :class:`Port` declared
here; the package root, ``cardkit/__init__.py`` (which stands above every layer), binds each
port to the service that fills it, by name, and the service is imported on first use through
:mod:`cardkit.values.lazy`. This module is the one place where the engine names, for type
checkers only, what those services return.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from cardkit.values.lazy import resolve

if TYPE_CHECKING:  # names for annotations only: the engine imports no service
    from cardkit.engine.agents import Agent, AgentFactory
    from cardkit.engine.definition import GameDefinition
    from cardkit.engine.game import Game
    from cardkit.engine.match import Match
    from cardkit.engine.state import State
    from cardkit.services.records import HandRecord, MatchRecord

__all__ = [
    "AGENT_ROSTER",
    "HAND_RECORDS",
    "INSTALLED_DEFINITIONS",
    "MATCH_RECORDS",
    "AgentRoster",
    "Port",
]

T = TypeVar("T")


class Port(Generic[T]):
    """A service the engine reaches by name: :meth:`bind` says which ``"module:attribute"``
    fills it, calling the port returns that object (imported the first time)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._target: str | None = None
        self._value: T | None = None

    def bind(self, target: str) -> None:
        """Fill the port with the object ``target`` names (``"module:attribute"``)."""
        self._target = target
        self._value = None

    def __call__(self) -> T:
        value = self._value
        if value is None:
            if self._target is None:
                raise RuntimeError(f"the engine's port {self.name!r} is bound to no service "
                                   "(cardkit/__init__.py binds every port)")
            value = self._value = resolve(self._target)
        return value

    def __repr__(self) -> str:
        return f"<Port {self.name} -> {self._target}>"


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


#: ``state.record()``: the hand's record (:class:`cardkit.records.HandRecord`).
HAND_RECORDS: Port[Callable[[State], HandRecord]] = Port("hand records")
#: ``match.record()``: the match's record (:class:`cardkit.records.MatchRecord`).
MATCH_RECORDS: Port[Callable[[Match], MatchRecord]] = Port("match records")
#: ``game.agent(...)``, ``definition.agent_names``: the agent roster.
AGENT_ROSTER: Port[AgentRoster] = Port("agent roster")
#: Pickling a definition (and so a game or a state): the definition installed (found through
#: the entry points) under a name, or None.
INSTALLED_DEFINITIONS: Port[Callable[[str], GameDefinition | None]] = Port(
    "installed definitions")

